import type { ActionFunctionArgs } from "@remix-run/node";
import { PanelResponse, ReportPeerParams } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { removeReportPeer } from "~/features/peer-selection/manager-panel.server";

/** DELETE /api/v1/cycles/{cycle_id}/direct_reports/{email}/panel/{peer_email} — the manager withdraws a request not yet accepted. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const current = await requireApiUser(request);
    const { cycle_id, email, peer_email } = parseParams(params, ReportPeerParams);
    return PanelResponse.parse(await removeReportPeer(current, cycle_id, email, peer_email));
  });

export const loader = () => methodNotAllowed(["DELETE"]);
