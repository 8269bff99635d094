import type { JobStep } from "../../../../../workflows/bulk-job-contract";

/** What the participant job handlers share: the phase texts and the keyset cursor (populate, download). */

/** Phase texts (Job.message while running; claimRows checks them). */
export const PHASE = {
  checking: "Checking rows",
  saving: "Saving rows",
  populating: "Creating participants",
  writing: "Writing the file",
} as const;

export type KeysetCursor = { row: number; afterId: number; part?: number };

export function keysetCursor(value: JobStep["cursor"]): KeysetCursor {
  const c = value as unknown as KeysetCursor;
  if (!c || typeof c.row !== "number" || typeof c.afterId !== "number") throw new Error("Malformed step cursor");
  return c;
}
