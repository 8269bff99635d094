import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleStatisticsParams, CycleStatisticsResponse } from "~/features/participants/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertAdminCycleContext, requireApiUser } from "~/platform/auth.server";
import { getCycleStatistics } from "~/features/cycles/statistics.server";

/** GET /api/v1/admin/cycles/{id}/statistics — progress counts of the cycle (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id } = parseParams(params, CycleStatisticsParams);
    return CycleStatisticsResponse.parse({ statistics: await getCycleStatistics(id) });
  });

export const action = (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
