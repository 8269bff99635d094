import type { Tx } from "~/platform/db.server";
import { recordAudits, type Actor } from "~/platform/audit.server";
import { parseStoredDecision } from "~/features/participants/rules";
import { undecided } from "~/features/promotions/rules";

/**
 * What a promotion session's workflow activity writes (worker/activities/calibration.ts), inside its
 * transaction: the check before the review and, on close, the decisions.
 */

/** The nominees of the session (not terminated) still without a decision, by name. */
export async function undecidedNominees(tx: Tx, sessionId: number): Promise<string[]> {
  const rows = await tx.calibrationSessionParticipant.findMany({
    where: { sessionId },
    select: { decision: true, terminatedAt: true, participant: { select: { user: { select: { name: true } } } } },
  });
  return undecided(rows).map((r) => r.participant.user.name).sort();
}

/**
 * On close: each decision of the session becomes the participant's promotion decision (spec `promotion_decision`),
 * for nominations still active, one audit record per participant whose decision changes.
 */
export async function writePromotionDecisions(tx: Tx, actor: Actor, cycleId: number, sessionId: number): Promise<number> {
  const rows = await tx.calibrationSessionParticipant.findMany({
    where: { sessionId, terminatedAt: null },
    select: {
      decision: true,
      participant: { select: { id: true, promotionDecision: true, user: { select: { email: true } }, nominations: { select: { status: true } } } },
    },
  });
  const changed = rows.filter((r) => {
    const d = parseStoredDecision(r.decision);
    return d && r.participant.nominations.some((n) => n.status === "nominated") && r.participant.promotionDecision !== d;
  });
  for (const r of changed) await tx.participant.update({ where: { id: r.participant.id }, data: { promotionDecision: r.decision } });
  await recordAudits(
    tx,
    actor,
    changed.map((r) => ({
      action: "participant.promotion_decision",
      entityType: "Participant",
      entityId: r.participant.id,
      before: { cycle_id: cycleId, email: r.participant.user.email, promotion_decision: r.participant.promotionDecision },
      after: { cycle_id: cycleId, email: r.participant.user.email, promotion_decision: r.decision, promotion_calibration_session_id: sessionId },
    })),
  );
  return changed.length;
}
