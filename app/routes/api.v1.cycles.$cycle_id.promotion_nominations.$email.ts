import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, NominationDetailResponse, NominationResponse } from "~/features/manager-review/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getNomination, withdrawNomination } from "~/features/manager-review/nominations.server";

/** GET /api/v1/cycles/{cycle_id}/promotion_nominations/{email}: a direct report's nomination. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return NominationDetailResponse.parse(await getNomination(current.user.id, cycle_id, email));
  });

/** DELETE: withdraw the nomination (kept with status 'withdrawn'). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return NominationResponse.parse({ promotion_nomination: await withdrawNomination(current, cycle_id, email) });
  });
