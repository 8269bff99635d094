import type { JobHandler } from "~/features/jobs/runner.server";
import { importHandler } from "~/features/jobs/types/participants/import.server";
import { uploadHandler } from "~/features/jobs/types/participants/upload.server";
import { populateHandler } from "~/features/jobs/types/participants/populate.server";
import { downloadHandler } from "~/features/jobs/types/participants/download.server";

/**
 * Handlers of the participant bulk jobs (ADR 0015):
 *  - upload (insert only: a row whose user already is a participant is a row error) and upsert
 *    (insert or update) from a CSV, in chunks, with the two error modes;
 *  - populate from the organisation (active employees and people partners, insert only);
 *  In a cycle whose SPU feedback or manager feedback stage is open, every chunk opens that stage's work
 *  for the participants it created or re-managed, in the chunk's transaction (openWorkOfCurrentStage,
 *  the statements of the stage move scoped to them; ON CONFLICT DO NOTHING, so a re-run opens nothing twice).
 *  - download of the cycle's participants as CSV.
 *
 * The handlers are in participants/: upload.server.ts (the upload, set-based on rows staged by
 * staging.server.ts, ADR 0038), import.server.ts (upsert; csv-scan.server.ts checks the whole file first),
 * populate.server.ts, download.server.ts; common.server.ts holds the phase texts.
 */

export const participantJobHandlers = {
  UPLOAD_PARTICIPANTS: uploadHandler,
  UPSERT_PARTICIPANTS: importHandler("upsert"),
  POPULATE_PARTICIPANTS: populateHandler,
  DOWNLOAD_PARTICIPANTS: downloadHandler,
} satisfies Record<string, JobHandler>;
