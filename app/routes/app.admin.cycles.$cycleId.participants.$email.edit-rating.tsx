import { outcomeEditHandle, ParticipantOutcomeEditPage } from "~/features/participants/components/participant-outcome-edit";
import { outcomeEditAction, outcomeEditLoader } from "~/features/participants/pages.server";

/** The participant's calibrated rating: 1..5 or not rated ('' = none). */
export const handle = outcomeEditHandle("calibrated_rating");
export const loader = outcomeEditLoader;
export const action = outcomeEditAction("calibrated_rating");

export default function EditRating() {
  return <ParticipantOutcomeEditPage field="calibrated_rating" />;
}
