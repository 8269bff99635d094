import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, ParticipantCardsResponse, ParticipantSearchQuery } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams, parseQuery } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { searchCycleParticipants } from "~/features/peer-selection/service.server";

/** GET /api/v1/cycles/{cycle_id}/participants?q= — participants of the cycle for pickers (limited fields). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    const { q } = parseQuery(request, ParticipantSearchQuery);
    return ParticipantCardsResponse.parse(await searchCycleParticipants(cycle_id, q));
  });

export const action = () => methodNotAllowed(["GET"]);
