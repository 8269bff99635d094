import type { ActionFunctionArgs } from "@remix-run/node";
import { AddPeerBody, CycleEmailParams, PanelWriteResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { addReportPeer } from "~/features/peer-selection/manager-panel.server";

/** POST /api/v1/cycles/{cycle_id}/direct_reports/{email}/panel/new {peer_email} — the manager asks a peer (→ Manager Approved). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    const body = await parseJsonBody(request, AddPeerBody);
    return Response.json(PanelWriteResponse.parse(await addReportPeer(current, cycle_id, email, body.peer_email)), { status: 201 });
  });

export const loader = () => methodNotAllowed(["POST"]);
