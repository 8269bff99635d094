import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { PARTICIPANT_UPLOAD_COLUMNS } from "~/features/jobs/job-types.server";

/** GET /app/admin/cycles/{cycleId}/participants-template.csv: the header row of a participant upload. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminCycle(request, params);
  return new Response(`${PARTICIPANT_UPLOAD_COLUMNS.join(",")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="participants-template.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
