import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParams, CyclePatchSchema, CycleResponse } from "~/features/cycles/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { getCycle, updateCycle } from "~/features/cycles/service.server";
import { deleteCycle } from "~/features/cycles/workflow.server";

/** GET /api/v1/admin/cycles/{id} (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id } = parseParams(params, CycleIdParams);
    return CycleResponse.parse({ cycle: await getCycle(id) });
  });

/** PATCH (name, dates, max_peers) and DELETE (draft only) /api/v1/admin/cycles/{id} (super admin). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id } = parseParams(params, CycleIdParams);
    if (request.method === "DELETE") {
      await deleteCycle(current.actor, id);
      return new Response(null, { status: 204 });
    }
    const patch = await parseJsonBody(request, CyclePatchSchema);
    return CycleResponse.parse({ cycle: await updateCycle(current.actor, id, patch) });
  });
