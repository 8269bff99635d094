import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminCycleListQuery, AdminCycleListResponse, CycleCreateSchema, CycleResponse } from "~/features/cycles/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseQuery } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { listAdminCycles } from "~/features/cycles/service.server";
import { createCycle } from "~/features/cycles/workflow.server";

/** GET /api/v1/admin/cycles (super admin or HR ops) — cycles and current_cycle; sort_by_start_date=true sorts by start date. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const query = parseQuery(request, AdminCycleListQuery);
    return AdminCycleListResponse.parse(await listAdminCycles({ byStartDate: query.sort_by_start_date === "true" }));
  });

/** POST /api/v1/admin/cycles (super admin) — create a draft cycle and its workflow. */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const input = await parseJsonBody(request, CycleCreateSchema);
    const cycle = await createCycle(current.actor, input);
    return Response.json(CycleResponse.parse({ cycle }), { status: 201 });
  });
