import type { ActionFunctionArgs } from "@remix-run/node";
import { CurrentCycleBody, CurrentCycleResponse } from "~/features/cycles/contract.server";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { only } from "~/platform/api-routes.server";
import { setCurrentCycle } from "~/features/cycles/current.server";

/** PUT /api/v1/admin/current_cycle (super admin) — choose the cycle pages open when the address names none (ADR 0059). */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const input = await parseJsonBody(request, CurrentCycleBody);
    return CurrentCycleResponse.parse({ current_cycle: await setCurrentCycle(current.actor, input.cycle_id) });
  });

export const loader = only("PUT");
