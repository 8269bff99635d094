import { adminCyclePageMeta, ParticipantUploadRoute } from "~/features/jobs/components/job-views";
import { jobStartAction, participantUploadLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Upsert participants");
export const loader = participantUploadLoader("UPSERT_PARTICIPANTS");
/** Multipart upload (file, error_mode) → the new job's page. */
export const action = jobStartAction("UPSERT_PARTICIPANTS");

export default function UpsertParticipantsPage() {
  return (
    <ParticipantUploadRoute title="Upsert participants">
      Add participants to this cycle or change existing ones from a CSV file. A column left out of the file keeps the current value; a
      blank cell clears it.
    </ParticipantUploadRoute>
  );
}
