import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NudgeScheduleParams, NudgeScheduleResponse } from "~/features/nudges/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { cancelNudgeSchedule, getNudgeSchedule } from "~/features/nudges/schedules.server";

/** GET /api/v1/admin/cycles/{cycle_id}/nudge_jobs/schedules/{schedule_id} (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id, scheduleId } = parseParams(params, NudgeScheduleParams);
    return NudgeScheduleResponse.parse({ schedule: await getNudgeSchedule(id, scheduleId) });
  });

/** DELETE: cancel the schedule (super admin) → 200 {schedule}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id, scheduleId } = parseParams(params, NudgeScheduleParams);
    return NudgeScheduleResponse.parse({ schedule: await cancelNudgeSchedule(current.actor, id, scheduleId) });
  });
