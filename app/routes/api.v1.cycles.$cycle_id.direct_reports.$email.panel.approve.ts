import type { ActionFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, PanelResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { approveReportPanel } from "~/features/peer-selection/manager-panel.server";

/** PATCH|POST /api/v1/cycles/{cycle_id}/direct_reports/{email}/panel/approve — the manager approves the selection (→ Manager Approved). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH" && request.method !== "POST") return methodNotAllowed(["PATCH", "POST"]);
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return PanelResponse.parse(await approveReportPanel(current, cycle_id, email));
  });

export const loader = () => methodNotAllowed(["PATCH", "POST"]);
