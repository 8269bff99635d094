import { endorsementLoader, only } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/endorsements/{endorsement_id}: one endorsement request. */
export const loader = endorsementLoader;
export const action = only("GET");
