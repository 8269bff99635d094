import type { JobType } from "~/generated/prisma/client.ts";
import type { JobHandler } from "~/features/jobs/runner.server";
import { feedbackPdfJobHandlers } from "~/features/jobs/types/feedback-pdf.server";
import { nudgeJobHandlers } from "~/features/jobs/types/nudge.server";
import { nominationJobHandlers } from "~/features/jobs/types/nominations-download.server";
import { participantJobHandlers } from "~/features/jobs/types/participants.server";
import { questionnaireJobHandlers } from "~/features/jobs/types/questionnaire.server";
import { thermaScanUploadHandler } from "~/features/jobs/types/therma-scan.server";
import { participantsReportHandler } from "~/features/jobs/types/participants-report.server";
import { personJobHandlers } from "~/features/privacy/jobs.server";
import { directoryImportHandler } from "~/features/jobs/types/directory/handler.server";
import { insightsExportJobHandlers } from "~/features/insights/export/job.server";

/**
 * Which handler runs each job type (used by the bulk job activities, worker/activities/jobs.ts).
 * Add a job type's handler here (see "HOW TO ADD A JOB TYPE" in app/features/jobs/runner.server.ts).
 */
export const JOB_HANDLERS: Partial<Record<JobType, JobHandler>> = {
  ...participantJobHandlers,
  ...feedbackPdfJobHandlers,
  ...nudgeJobHandlers,
  ...questionnaireJobHandlers,
  ...nominationJobHandlers,
  UPLOAD_THERMA_SCAN: thermaScanUploadHandler,
  DOWNLOAD_PARTICIPANTS_REPORT: participantsReportHandler,
  ...personJobHandlers,
  IMPORT_DIRECTORY: directoryImportHandler,
  ...insightsExportJobHandlers,
};

export function handlerFor(type: JobType): JobHandler {
  const handler = JOB_HANDLERS[type];
  if (!handler) throw new Error(`No handler for job type ${type} (app/features/jobs/handlers.server.ts)`);
  return handler;
}
