import type { ActionFunctionArgs } from "@remix-run/node";
import {
  CalibratedRatingBodySchema,
  CycleParticipantParams,
  ParticipantResponse,
  PromotionDecisionBodySchema,
} from "~/features/participants/contract.server";
import type { OutcomeField } from "~/features/participants/outcomes/fields";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser, type CurrentUser } from "~/platform/auth.server";
import { setCalibratedRating, setPromotionDecision } from "~/features/participants/outcomes/service.server";

/** Parse the body of one outcome and save it (the service audits the change). */
async function saveOutcome(field: OutcomeField, current: CurrentUser, cycleId: number, email: string, request: Request) {
  if (field === "calibrated_rating") {
    const body = await parseJsonBody(request, CalibratedRatingBodySchema);
    return setCalibratedRating(current.actor, cycleId, email, body.calibrated_rating);
  }
  const body = await parseJsonBody(request, PromotionDecisionBodySchema);
  return setPromotionDecision(current.actor, cycleId, email, body.promotion_decision);
}

/**
 * PATCH /api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/{calibrated_rating|promotion_decision}
 * with `{ <field>: value | null }` (super admin): the participant as saved.
 */
export function outcomeApiAction(field: OutcomeField) {
  return ({ request, params }: ActionFunctionArgs) =>
    api(async () => {
      if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
      const current = await requireApiUser(request);
      assertSuperAdmin(current);
      const { cycle_id, participant_email } = parseParams(params, CycleParticipantParams);
      return ParticipantResponse.parse({ participant: await saveOutcome(field, current, cycle_id, participant_email, request) });
    });
}
