import type { ActionFunctionArgs } from "@remix-run/node";
import { AddPeerBody, CycleIdParam, PanelWriteResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { addMyPeer } from "~/features/peer-selection/service.server";

/** POST /api/v1/cycles/{cycle_id}/panels/new {peer_email} — ask a peer for feedback. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    const body = await parseJsonBody(request, AddPeerBody);
    return Response.json(PanelWriteResponse.parse(await addMyPeer(current, cycle_id, body.peer_email)), { status: 201 });
  });

export const loader = () => methodNotAllowed(["POST"]);
