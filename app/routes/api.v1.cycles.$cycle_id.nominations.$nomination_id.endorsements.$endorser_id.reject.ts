import { answerAction, only } from "~/features/promotions/api.server";

/** POST /api/v1/cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}/reject: the endorser's answer: decline the request ({reason?}). */
export const loader = only("POST");
export const action = answerAction("reject");
