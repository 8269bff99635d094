import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { PARTICIPANT_UPLOAD_COLUMNS } from "~/features/jobs/job-types.server";
import { csvDownload } from "~/platform/csv";

/** GET /app/admin/cycles/{cycleId}/participants-template.csv: the header row of a participant upload. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminCycle(request, params);
  return csvDownload(`${PARTICIPANT_UPLOAD_COLUMNS.join(",")}\r\n`, "participants-template.csv");
}
