import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, ParticipantCardResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getCycleParticipantCard } from "~/features/peer-selection/service.server";

/** GET /api/v1/cycles/{cycle_id}/participants/{email} — one participant of the cycle (limited fields). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return ParticipantCardResponse.parse(await getCycleParticipantCard(cycle_id, email));
  });

export const action = () => methodNotAllowed(["GET"]);
