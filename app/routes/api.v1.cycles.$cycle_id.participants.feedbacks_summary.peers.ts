import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, PeerSectionResponse } from "~/features/summaries/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getOwnPeerSection } from "~/features/summaries/service.server";

/** GET /api/v1/cycles/{cycle_id}/participants/feedbacks_summary/peers: anonymised peer answers or the threshold message. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return PeerSectionResponse.parse(await getOwnPeerSection(current, cycle_id));
  });

export const action = () => methodNotAllowed(["GET"]);
