import { Chip, type ChipProps } from "@mui/material";
import { stageLabel, type CycleStage } from "~/features/cycles/rules";

/** One colour per stage (issue 26 §6; the theme's primary and MUI's success are the same green): the last one grey. */
const COLORS: Record<CycleStage, ChipProps["color"]> = {
  draft: "default",
  start: "primary",
  spu_feedback: "info",
  manager_feedback: "warning",
  calibration: "secondary",
  communication: "default",
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
