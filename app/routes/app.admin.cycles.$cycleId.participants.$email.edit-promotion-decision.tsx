import { outcomeEditHandle, ParticipantOutcomeEditPage } from "~/features/participants/components/participant-outcome-edit";
import { outcomeEditAction, outcomeEditLoader } from "~/features/participants/pages.server";

/** The participant's promotion decision, or none (''). */
export const handle = outcomeEditHandle("promotion_decision");
export const loader = outcomeEditLoader;
export const action = outcomeEditAction("promotion_decision");

export default function EditPromotionDecision() {
  return <ParticipantOutcomeEditPage field="promotion_decision" />;
}
