import { adminCyclePageMeta, ParticipantUploadRoute } from "~/features/jobs/components/job-views";
import { jobStartAction, participantUploadLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Upload participants");
export const loader = participantUploadLoader("UPLOAD_PARTICIPANTS");
/** Multipart upload (file, error_mode) → the new job's page. */
export const action = jobStartAction("UPLOAD_PARTICIPANTS");

export default function UploadParticipantsPage() {
  return (
    <ParticipantUploadRoute title="Upload participants">
      Add participants to this cycle from a CSV file. Each row names a user by email; a user who already is a participant of this cycle
      is reported as a row error (use Upsert participants to change participants).
    </ParticipantUploadRoute>
  );
}
