import { dataExportAction, personJobListLoader } from "~/features/privacy/api.server";

/** GET/POST /api/v1/admin/users/{id}/data_export_jobs: a person's data exports (super admin; ADR 0053). */
export const loader = personJobListLoader("EXPORT_PERSON");
export const action = dataExportAction;
