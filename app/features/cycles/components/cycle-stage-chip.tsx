import { Chip, type ChipProps } from "@mui/material";
import { stageLabel, type CycleStage } from "~/features/cycles/rules";

const COLORS: Record<CycleStage, ChipProps["color"]> = {
  draft: "default",
  start: "primary",
  spu_feedback: "primary",
  manager_feedback: "primary",
  calibration: "secondary",
  communication: "success",
};

/** The stage chip of the admin cycle screens: 'Not started' or 'Stage N - name stage'. */
export function CycleStageChip({ cycleId, stage, size = "small" }: { cycleId: number; stage: CycleStage; size?: ChipProps["size"] }) {
  return (
    <Chip
      data-testid={`cycle-stage-${cycleId}`}
      data-stage={stage}
      label={stageLabel(stage)}
      color={COLORS[stage]}
      variant={stage === "draft" ? "outlined" : "filled"}
      size={size}
    />
  );
}
