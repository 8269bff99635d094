import { only } from "~/platform/api-routes.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, ReportCyclesResponse } from "~/features/manager-review/contract.server";
import { api, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listReportCycles } from "~/features/manager-review/service.server";

/** GET /api/v1/cycles/{cycle_id}/direct_reports/{email}/cycles: the report's cycles in which I was their manager. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return ReportCyclesResponse.parse(await listReportCycles(current.user.id, cycle_id, email));
  });

/** Other methods: 405 with Allow (issue 17). */
export const action = only("GET");
