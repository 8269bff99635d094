import type { ActionFunctionArgs } from "@remix-run/node";
import { AddPeerBody, PanelWriteResponse } from "~/features/peer-selection/contract.server";
import { CycleParticipantParams } from "~/features/participants/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { addAdminPanelReviewer } from "~/features/peer-selection/admin-panel.server";

/** POST /api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/panel/new {peer_email} — a super admin adds a reviewer. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const current = await requireApiUser(request);
    const { cycle_id, participant_email } = parseParams(params, CycleParticipantParams);
    const body = await parseJsonBody(request, AddPeerBody);
    return Response.json(PanelWriteResponse.parse(await addAdminPanelReviewer(current, cycle_id, participant_email, body.peer_email)), { status: 201 });
  });

export const loader = () => methodNotAllowed(["POST"]);
