import type { ActionFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, PanelResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { removeMyPeer } from "~/features/peer-selection/service.server";

/** DELETE /api/v1/cycles/{cycle_id}/panels/{email} — withdraw my request to a peer who has not accepted. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return PanelResponse.parse(await removeMyPeer(current, cycle_id, email));
  });

export const loader = () => methodNotAllowed(["DELETE"]);
