import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, IncomingRequestsResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listMyPeerRequests } from "~/features/peer-selection/peer-requests.server";

/** GET /api/v1/cycles/{cycle_id}/peers — feedback requests where I am the requested reviewer. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return IncomingRequestsResponse.parse(await listMyPeerRequests(current, cycle_id));
  });

export const action = () => methodNotAllowed(["GET"]);
