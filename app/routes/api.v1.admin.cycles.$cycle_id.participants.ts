import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  CycleParticipantsParams,
  ParticipantCreateSchema,
  ParticipantListQuerySchema,
  ParticipantListResponse,
  ParticipantResponse,
} from "~/features/participants/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { createParticipant } from "~/features/participants/service.server";
import { listParticipants } from "~/features/participants/queries.server";

/** GET /api/v1/admin/cycles/{cycle_id}/participants?q&page&page_size (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { cycle_id } = parseParams(params, CycleParticipantsParams);
    const query = parseQuery(request, ParticipantListQuerySchema);
    return ParticipantListResponse.parse(await listParticipants(cycle_id, query));
  });

/** POST /api/v1/admin/cycles/{cycle_id}/participants (super admin). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { cycle_id } = parseParams(params, CycleParticipantsParams);
    const input = await parseJsonBody(request, ParticipantCreateSchema);
    const participant = await createParticipant(current.actor, cycle_id, input);
    return Response.json(ParticipantResponse.parse({ participant }), { status: 201 });
  });
