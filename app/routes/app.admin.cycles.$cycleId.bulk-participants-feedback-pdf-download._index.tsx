import { useTranslation } from "react-i18next";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader, jobStartAction } from "~/features/jobs/pages.server";

export const handle = jobListHandle("bulk_feedback_pdf");
/** Spec route bulk-participants-feedback-pdf-download: start the job, see the jobs and their progress. */
export const loader = jobListLoader("BULK_FEEDBACK_PDF");
/** Start a bulk PDF job → its page. */
export const action = jobStartAction("BULK_FEEDBACK_PDF");

export default function BulkFeedbackPdfJobs() {
  const { t } = useTranslation();
  return (
    <JobListRoute
      intro={t("jobs.intros.bulkFeedbackPdf")}
      start={{ label: t("jobs.intros.bulkFeedbackPdfStart"), testId: "start-bulk-feedback-pdf" }}
    />
  );
}
