import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, MyInfoResponse } from "~/features/peer-selection/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getMyInfo } from "~/features/peer-selection/service.server";

/** GET /api/v1/cycles/{cycle_id}/my_info — the signed-in participant's company profile in the cycle. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return MyInfoResponse.parse(await getMyInfo(current, cycle_id));
  });

export const action = () => methodNotAllowed(["GET"]);
