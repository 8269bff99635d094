import type { JobStep } from "../../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";
import type { JobText } from "~/features/jobs/runner.server";

/** What the participant job handlers share: the phase texts and the keyset cursor (populate, download). */

/** Phase texts (Job.message while running; claimRows checks them). The phases of the participant and CSV jobs with their codes (ADR 0096); `PHASE` is their English, which claimRows compares. */
export const PHASE_TEXT = {
  checking: storedText("storedTexts.jobs.phase.checking"),
  saving: storedText("storedTexts.jobs.phase.saving"),
  populating: storedText("storedTexts.jobs.phase.populating"),
  writing: storedText("storedTexts.jobs.phase.writing"),
} satisfies Record<string, JobText>;

export const PHASE = {
  checking: PHASE_TEXT.checking.text,
  saving: PHASE_TEXT.saving.text,
  populating: PHASE_TEXT.populating.text,
  writing: PHASE_TEXT.writing.text,
};

export type KeysetCursor = { row: number; afterId: number; part?: number };

export function keysetCursor(value: JobStep["cursor"]): KeysetCursor {
  const c = value as unknown as KeysetCursor;
  if (!c || typeof c.row !== "number" || typeof c.afterId !== "number") throw new Error("Malformed step cursor");
  return c;
}
