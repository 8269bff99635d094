import { answerAction, only } from "~/features/promotions/api.server";

/** POST /api/v1/cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}/endorse: the endorser's answer: write the endorsement ({outcome, endorsement}). */
export const loader = only("POST");
export const action = answerAction("endorse");
