import type { LoaderFunctionArgs } from "@remix-run/node";
import { NudgeCycleParams, NudgeScheduleListResponse } from "~/features/nudges/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertAdminCycleContext, requireApiUser } from "~/platform/auth.server";
import { listNudgeSchedules } from "~/features/nudges/schedules.server";

/** GET /api/v1/admin/cycles/{cycle_id}/nudge_jobs/schedules (super admin or HR ops). Create with POST nudge_jobs. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id } = parseParams(params, NudgeCycleParams);
    return NudgeScheduleListResponse.parse({ schedules: await listNudgeSchedules(id) });
  });

export const action = () => methodNotAllowed(["GET"]);
