import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  NudgeCreateBody,
  NudgeCycleParams,
  NudgeJobListResponse,
  NudgeJobResponse,
  NudgeScheduleResponse,
  PageQuerySchema,
} from "~/features/nudges/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { listNudgeJobs, sendNudgeNow } from "~/features/nudges/service.server";
import { createNudgeSchedule, listNudgeSchedules } from "~/features/nudges/schedules.server";

/** GET /api/v1/admin/cycles/{cycle_id}/nudge_jobs: jobs newest first and the schedules (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id } = parseParams(params, NudgeCycleParams);
    const query = parseQuery(request, PageQuerySchema);
    const { jobs, total } = await listNudgeJobs(id, query);
    return NudgeJobListResponse.parse({ jobs, total, schedules: await listNudgeSchedules(id) });
  });

/** POST: send now (202 {job}) or schedule (201 {schedule}) (super admin). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id } = parseParams(params, NudgeCycleParams);
    const body = await parseJsonBody(request, NudgeCreateBody);
    if (body.when === "now") {
      return Response.json(NudgeJobResponse.parse({ job: await sendNudgeNow(current.actor, id) }), { status: 202 });
    }
    const schedule =
      body.when === "at"
        ? await createNudgeSchedule(current.actor, id, { kind: "once", at: new Date(body.at) })
        : await createNudgeSchedule(current.actor, id, { kind: "recurring", cron: body.cron, timeZone: body.time_zone });
    return Response.json(NudgeScheduleResponse.parse({ schedule }), { status: 201 });
  });
