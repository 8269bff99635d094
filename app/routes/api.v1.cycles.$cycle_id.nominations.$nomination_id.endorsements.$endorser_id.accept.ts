import { answerAction, only } from "~/features/promotions/api.server";

/** POST /api/v1/cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}/accept: the endorser's answer: accept the request. */
export const loader = only("POST");
export const action = answerAction("accept");
