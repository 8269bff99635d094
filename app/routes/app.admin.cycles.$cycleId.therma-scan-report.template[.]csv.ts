import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { THERMA_SCAN_COLUMNS } from "~/features/decision-support/therma-scan/rules";
import { csvDownload } from "~/platform/csv";

/** GET /app/admin/cycles/{cycleId}/therma-scan-report/template.csv: the header row of a Therma-scan upload. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminCycle(request, params);
  return csvDownload(`${THERMA_SCAN_COLUMNS.join(",")}\r\n`, "therma-scan-template.csv");
}
