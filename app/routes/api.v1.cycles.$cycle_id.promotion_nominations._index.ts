import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, NominationInputSchema, NominationResponse, NominationsResponse } from "~/features/manager-review/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listNominations, nominateForPromotion } from "~/features/manager-review/nominations.server";

/** GET /api/v1/cycles/{cycle_id}/promotion_nominations: the nominations of my direct reports. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return NominationsResponse.parse(await listNominations(current.user.id, cycle_id));
  });

/** POST {email, rationale}: nominate a direct report (201), or update an active nomination's rationale (200). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    const body = await parseJsonBody(request, NominationInputSchema);
    const { nomination, created } = await nominateForPromotion(current, cycle_id, body);
    return Response.json(NominationResponse.parse({ promotion_nomination: nomination }), { status: created ? 201 : 200 });
  });
