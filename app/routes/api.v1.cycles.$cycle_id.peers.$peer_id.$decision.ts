import type { ActionFunctionArgs } from "@remix-run/node";
import { PeerDecisionParams, RespondResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { respondToPeerRequest } from "~/features/peer-selection/peer-requests.server";

/** PATCH|POST /api/v1/cycles/{cycle_id}/peers/{peer_id}/accept|decline — the requested reviewer answers. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH" && request.method !== "POST") return methodNotAllowed(["PATCH", "POST"]);
    const current = await requireApiUser(request);
    const { cycle_id, peer_id, decision } = parseParams(params, PeerDecisionParams);
    return RespondResponse.parse(await respondToPeerRequest(current, cycle_id, peer_id, decision));
  });

export const loader = () => methodNotAllowed(["PATCH", "POST"]);
