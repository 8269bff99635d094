import type { JobType } from "~/generated/prisma/client.ts";
import type { JobHandler } from "~/services/job-runner.server";
import { feedbackPdfJobHandlers } from "~/services/feedback-pdf-job.server";
import { nudgeJobHandlers } from "~/services/nudges.server";
import { participantJobHandlers } from "~/services/participant-jobs.server";
import { questionnaireJobHandlers } from "~/services/questionnaire-jobs.server";

/**
 * Which handler runs each job type (used by the bulk job activities, worker/activities/jobs.ts).
 * Add a job type's handler here (see "HOW TO ADD A JOB TYPE" in app/services/job-runner.server.ts).
 */
export const JOB_HANDLERS: Partial<Record<JobType, JobHandler>> = {
  ...participantJobHandlers,
  ...feedbackPdfJobHandlers,
  ...nudgeJobHandlers,
  ...questionnaireJobHandlers,
};

export function handlerFor(type: JobType): JobHandler {
  const handler = JOB_HANDLERS[type];
  if (!handler) throw new Error(`No handler for job type ${type} (app/services/job-handlers.server.ts)`);
  return handler;
}
