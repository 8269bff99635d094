import { outcomeEditMeta, ParticipantOutcomeEditPage } from "~/components/participant-outcome-edit";
import { outcomeEditAction, outcomeEditLoader } from "~/services/participant-pages.server";

/** The participant's promotion decision, or none (''). */
export const meta = outcomeEditMeta("promotion_decision");
export const loader = outcomeEditLoader;
export const action = outcomeEditAction("promotion_decision");

export default function EditPromotionDecision() {
  return <ParticipantOutcomeEditPage field="promotion_decision" />;
}
