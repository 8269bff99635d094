import { only } from "~/platform/api-routes.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, SecondaryReportsResponse } from "~/features/manager-review/contract.server";
import { api, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listSecondaryReports } from "~/features/manager-review/service.server";

/** GET /api/v1/cycles/{cycle_id}/secondary_reports: my secondary reports (summary links only). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return SecondaryReportsResponse.parse(await listSecondaryReports(current.user.id, cycle_id));
  });

/** Other methods: 405 with Allow (issue 17). */
export const action = only("GET");
