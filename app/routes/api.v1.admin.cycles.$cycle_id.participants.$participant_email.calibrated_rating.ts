import type { ActionFunctionArgs } from "@remix-run/node";
import { CalibratedRatingBodySchema, CycleParticipantParams, ParticipantResponse } from "~/contracts/participants.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/services/api.server";
import { assertSuperAdmin, requireApiUser } from "~/services/auth.server";
import { setCalibratedRating } from "~/services/participants.server";

/** PATCH /api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/calibrated_rating {calibrated_rating} (super admin). */
export const loader = () => methodNotAllowed(["PATCH"]);

export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { cycle_id, participant_email } = parseParams(params, CycleParticipantParams);
    const body = await parseJsonBody(request, CalibratedRatingBodySchema);
    return ParticipantResponse.parse({
      participant: await setCalibratedRating(current.actor, cycle_id, participant_email, body.calibrated_rating),
    });
  });
