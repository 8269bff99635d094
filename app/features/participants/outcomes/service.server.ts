import { getDb } from "~/platform/db.server";
import type { CalibratedRating, ParticipantJson, PromotionDecision } from "~/features/participants/rules";
import { participantAuditSnapshot, participantInclude, toParticipantJson } from "~/features/participants/model.server";
import { CalibratedRatingBodySchema, PromotionDecisionBodySchema } from "~/features/participants/schemas";
import { conflict } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { requireParticipant } from "~/features/participants/queries.server";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/** The outcomes of a participant: set or clear the calibrated rating and the promotion decision (one transaction each, audited). */

async function setOutcome(
  actor: Actor,
  cycleId: number,
  email: string,
  field: "calibratedRating" | "promotionDecision",
  value: string | null,
  action: string,
  refusal: { what: string; key: TranslationKey },
): Promise<ParticipantJson> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await requireParticipant(tx, cycleId, email);
    if (row[field] === value) return toParticipantJson(row);
    if (row.reviewerOnly && value !== null) {
      const email = row.user.email;
      throw conflict(`${email} is a reviewer-only participant and gets no ${refusal.what}`, refusalDetails({ key: refusal.key, values: { email } }));
    }
    const after = await tx.participant.update({ where: { id: row.id }, data: { [field]: value }, include: participantInclude });
    await recordAudit(tx, actor, {
      action,
      entityType: "Participant",
      entityId: row.id,
      before: { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) },
      after: { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(after)) },
    });
    return toParticipantJson(after);
  });
}

/** Set or clear (null) the calibrated rating (1–5). */
export async function setCalibratedRating(actor: Actor, cycleId: number, email: string, rating: CalibratedRating | null): Promise<ParticipantJson> {
  const parsed = CalibratedRatingBodySchema.parse({ calibrated_rating: rating });
  return setOutcome(actor, cycleId, email, "calibratedRating", parsed.calibrated_rating === null ? null : String(parsed.calibrated_rating), "participant.calibrated_rating", {
    what: "rating",
    key: "participants.result.reviewerOnlyRating",
  });
}

/** Set or clear (null) the promotion decision. */
export async function setPromotionDecision(actor: Actor, cycleId: number, email: string, decision: PromotionDecision | null): Promise<ParticipantJson> {
  const parsed = PromotionDecisionBodySchema.parse({ promotion_decision: decision });
  return setOutcome(actor, cycleId, email, "promotionDecision", parsed.promotion_decision, "participant.promotion_decision", {
    what: "promotion decision",
    key: "participants.result.reviewerOnlyDecision",
  });
}
