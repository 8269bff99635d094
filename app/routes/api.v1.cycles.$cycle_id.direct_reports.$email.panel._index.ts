import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, PanelResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getReportPanel } from "~/features/peer-selection/manager-panel.server";

/** GET /api/v1/cycles/{cycle_id}/direct_reports/{email}/panel — a direct report's panel (their manager only). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return PanelResponse.parse(await getReportPanel(current, cycle_id, email));
  });

export const action = () => methodNotAllowed(["GET"]);
