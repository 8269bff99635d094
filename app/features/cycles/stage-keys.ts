import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { CycleStage } from "~/features/cycles/rules";

/** Each stage's label (rules.ts STAGE_LABELS) as a translation key (issue 28): the chip and Home say it in the reader's language. */
export const STAGE_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "home.stage.draft",
  start: "home.stage.start",
  spu_feedback: "home.stage.spu_feedback",
  manager_feedback: "home.stage.manager_feedback",
  calibration: "home.stage.calibration",
  communication: "home.stage.communication",
};
