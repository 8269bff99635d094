import { getOnly, inactiveParticipantsLoader } from "~/features/decision-support/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/decision_support/admin/inactive_participants?limit=&offset= (super admin or HR ops; ADR 0032). */
export const loader = inactiveParticipantsLoader;
export const action = getOnly;
