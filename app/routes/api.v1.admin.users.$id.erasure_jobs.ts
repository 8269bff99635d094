import { erasureAction, personJobListLoader } from "~/features/privacy/api.server";

/** GET/POST /api/v1/admin/users/{id}/erasure_jobs: erase a deactivated person's personal data (super admin; ADR 0053). */
export const loader = personJobListLoader("ERASE_PERSON");
export const action = erasureAction;
