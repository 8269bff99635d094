import type { ActionFunctionArgs } from "@remix-run/node";
import { CycleResponse, CycleTransitionParams } from "~/features/cycles/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { transitionCycle } from "~/features/cycles/workflow.server";

/**
 * PATCH /api/v1/admin/cycles/{id}/{start|progress_to_spu_feedback|progress_to_manager_feedback|
 * progress_to_calibration|progress_to_communication} (super admin). Unknown name → 404;
 * out of order → 409 and nothing changes.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id, transition } = parseParams(params, CycleTransitionParams);
    return CycleResponse.parse({ cycle: await transitionCycle(current.actor, id, transition) });
  });

export const loader = () => methodNotAllowed(["PATCH"]);
