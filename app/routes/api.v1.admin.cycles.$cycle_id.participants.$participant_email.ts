import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleParticipantParams, ParticipantPatchSchema, ParticipantResponse } from "~/features/participants/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { deleteParticipant, updateParticipant } from "~/features/participants/service.server";
import { getParticipant } from "~/features/participants/queries.server";

/** GET /api/v1/admin/cycles/{cycle_id}/participants/{participant_email} (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { cycle_id, participant_email } = parseParams(params, CycleParticipantParams);
    return ParticipantResponse.parse({ participant: await getParticipant(cycle_id, participant_email) });
  });

/** PATCH (managers, HR partner, reviewer-only) and DELETE (no feedback yet) a participant (super admin). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { cycle_id, participant_email } = parseParams(params, CycleParticipantParams);
    if (request.method === "DELETE") {
      await deleteParticipant(current.actor, cycle_id, participant_email);
      return new Response(null, { status: 204 });
    }
    const patch = await parseJsonBody(request, ParticipantPatchSchema);
    return ParticipantResponse.parse({ participant: await updateParticipant(current.actor, cycle_id, participant_email, patch) });
  });
