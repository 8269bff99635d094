import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { THERMA_SCAN_COLUMNS } from "~/features/decision-support/therma-scan/rules";

/** GET /app/admin/cycles/{cycleId}/therma-scan-report/template.csv: the header row of a Therma-scan upload. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminCycle(request, params);
  return new Response(`${THERMA_SCAN_COLUMNS.join(",")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="therma-scan-template.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
