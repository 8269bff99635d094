import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader, jobStartAction } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Download all feedback PDFs");
/** Spec route bulk-participants-feedback-pdf-download: start the job, see the jobs and their progress. */
export const loader = jobListLoader("BULK_FEEDBACK_PDF");
/** Start a bulk PDF job → its page. */
export const action = jobStartAction("BULK_FEEDBACK_PDF");

export default function BulkFeedbackPdfJobs() {
  return (
    <JobListRoute
      intro={
        "Writes the feedback summary of every participant who receives feedback in this cycle as a PDF (named, as an admin sees it) and " +
        "puts them all in one ZIP archive, in the background. Rows are participants; the job page offers the archive once it is ready."
      }
      start={{ label: "Download all feedback PDFs", testId: "start-bulk-feedback-pdf" }}
    />
  );
}
