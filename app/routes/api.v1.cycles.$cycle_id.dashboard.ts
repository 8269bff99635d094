import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, DashboardResponse } from "~/features/summaries/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getParticipantDashboard } from "~/features/summaries/service.server";

/** GET /api/v1/cycles/{cycle_id}/dashboard: your cycle report overview (outcome only in communication). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return DashboardResponse.parse(await getParticipantDashboard(current, cycle_id));
  });

export const action = () => methodNotAllowed(["GET"]);
