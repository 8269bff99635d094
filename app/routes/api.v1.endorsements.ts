import { myEndorsementsLoader, only } from "~/features/promotions/api.server";

/** GET /api/v1/endorsements?cycle_id=: my endorsement requests. */
export const loader = myEndorsementsLoader;
export const action = only("GET");
