import { Chip, type ChipProps } from "~/platform/ui/static";
import { useTranslation } from "react-i18next";
import type { CycleStage } from "~/features/cycles/rules";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";

/** One colour per stage (issue 26 §6; the theme's primary and MUI's success are the same green): the last one grey. */
const COLORS: Record<CycleStage, ChipProps["color"]> = {
  draft: "default",
  start: "primary",
  spu_feedback: "info",
  manager_feedback: "warning",
  calibration: "secondary",
  communication: "default",
};

/** The stage chip of the cycle screens and the summaries: 'Not started' or 'Stage N - name stage' (static: no style work). */
export function CycleStageChip({ cycleId, stage, size = "small", wrap }: { cycleId: number; stage: CycleStage; size?: ChipProps["size"]; wrap?: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      data-testid={`cycle-stage-${cycleId}`}
      data-stage={stage}
      label={t(STAGE_KEYS[stage])}
      color={COLORS[stage]}
      variant={stage === "draft" ? "outlined" : "filled"}
      size={size}
      wrap={wrap}
    />
  );
}
