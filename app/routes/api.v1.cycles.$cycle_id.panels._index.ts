import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, PanelResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getMyPanel } from "~/features/peer-selection/service.server";

/** GET /api/v1/cycles/{cycle_id}/panels — my panel: mandatory reviewers and peer requests. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return PanelResponse.parse(await getMyPanel(current, cycle_id));
  });

export const action = () => methodNotAllowed(["GET"]);
