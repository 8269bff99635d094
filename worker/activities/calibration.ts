import { ApplicationFailure } from "@temporalio/common";
import { getDb } from "~/platform/db.server";
import { recordAudit, recordAudits } from "~/platform/audit.server";
import { fromDbState } from "~/features/cycles/rules";
import { stateOf } from "~/features/calibration/model.server";
import { remindSession } from "~/features/calibration/reminders.server";
import { undecidedNominees, writePromotionDecisions } from "~/features/promotions/outcome.server";
import { storedText } from "~/platform/i18n/stored-text.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import {
  CALIBRATION_FAILURE,
  type ApplySessionTransitionInput,
  type ApplySessionTransitionResult,
  type RemindSessionInput,
  type RemindSessionResult,
  type SetSessionDeadlineInput,
} from "../../workflows/calibration-session-contract";

/**
 * Activities of the calibration session workflow (workflows/calibration-session.ts): the only code that
 * writes CalibrationSession.state. Each write is conditional on the state the workflow expects, is one
 * transaction with its audit record (and, on close, the participants' calibrated ratings), and is
 * idempotent when Temporal retries it.
 */

export async function applySessionTransition(input: ApplySessionTransitionInput): Promise<ApplySessionTransitionResult> {
  const { sessionId, transition, from, to, actor, comment } = input;
  const gaps = input.gaps?.length ? input.gaps : null;
  const db = await getDb();
  return db.$transaction(
    async (tx) => {
      const session = await tx.calibrationSession.findUnique({ where: { id: sessionId }, select: { id: true, cycleId: true, kind: true, state: true, cycle: { select: { state: true } } } });
      if (!session) throw ApplicationFailure.nonRetryable(`Calibration session ${sessionId} not found`, CALIBRATION_FAILURE.notFound);
      if (transition === "activate" && stateOf(session) === from && fromDbState(session.cycle.state) !== "calibration") {
        throw ApplicationFailure.create({
          message: `Sessions can be activated only while the cycle is in the calibration stage`,
          type: CALIBRATION_FAILURE.cycleNotInCalibration,
          nonRetryable: true,
        });
      }
      if (session.kind === "PROMOTION" && transition === "progress_to_review" && stateOf(session) === from) {
        const missing = await undecidedNominees(tx, sessionId);
        if (missing.length) {
          throw ApplicationFailure.create({
            message: `Decide every nomination before the review; still undecided: ${missing.join(", ")}`,
            type: CALIBRATION_FAILURE.undecided,
            nonRetryable: true,
          });
        }
      }
      const now = new Date();
      const res = await tx.calibrationSession.updateMany({
        where: { id: sessionId, state: from },
        data: { state: to, version: { increment: 1 }, ...(to === "closed" ? { closedAt: now } : {}) },
      });
      if (res.count !== 1) {
        if (stateOf(session) === to) return { sessionId, state: to, alreadyApplied: true };
        throw ApplicationFailure.nonRetryable(`Calibration session ${sessionId} is '${session.state}' in the database but the workflow expected '${from}'`, CALIBRATION_FAILURE.stateMismatch);
      }
      if (comment && actor.userId) {
        // "Revision requested: …" in English (the API's and the export's words) with its code, so that each reader
        // sees the prefix in their language (ADR 0096); the comment itself is what its author wrote.
        // A close over a significant gap (the sign-off's or the admin's forced close) keeps its written reason as such
        // (ADR 0114; a promotion session's gap is in its decisions, ADR 0120).
        const key =
          transition === "progress_to_revision_requested" ? "storedTexts.calibrationComment.revisionRequested"
          : gaps ? (session.kind === "PROMOTION" ? "storedTexts.calibrationComment.closedOverPromotionGap" : "storedTexts.calibrationComment.closedOverGap")
          : transition === "progress_to_close" ? "storedTexts.calibrationComment.closed"
          : "storedTexts.calibrationComment.note";
        const { text, code } = storedText(key, { comment });
        await tx.calibrationComment.create({ data: { sessionId, authorId: actor.userId, body: text, bodyCode: code as Prisma.InputJsonValue } });
      }
      await recordAudit(tx, actor, {
        action: "calibration_session.transition",
        entityType: "CalibrationSession",
        entityId: sessionId,
        before: { state: from },
        after: { state: to, transition, comment: comment ?? null, ...(gaps ? { gap_reason: comment ?? null, significant_gaps: gaps } : {}) },
      });
      // Only a signed-off outcome becomes the participants' decisions; an admin's forced close decides nothing (ADR 0028).
      if (transition === "progress_to_close" && session.kind === "PROMOTION") await writePromotionDecisions(tx, actor, session.cycleId, sessionId);
      if (to === "closed" && session.kind === "RATING") {
        const rows = await tx.calibrationSessionParticipant.findMany({
          where: { sessionId, terminatedAt: null },
          select: { id: true, rating: true, participant: { select: { id: true, calibratedRating: true, user: { select: { email: true } } } } },
        });
        const changed = rows.filter((r) => r.rating != null && r.participant.calibratedRating !== String(r.rating));
        for (const r of changed) await tx.participant.update({ where: { id: r.participant.id }, data: { calibratedRating: String(r.rating) } });
        await recordAudits(
          tx,
          actor,
          changed.map((r) => ({
            action: "participant.calibrated_rating",
            entityType: "Participant",
            entityId: r.participant.id,
            before: { cycle_id: session.cycleId, email: r.participant.user.email, calibrated_rating: r.participant.calibratedRating },
            after: { cycle_id: session.cycleId, email: r.participant.user.email, calibrated_rating: String(r.rating), calibration_session_id: sessionId },
          })),
        );
      }
      return { sessionId, state: to, alreadyApplied: false };
    },
    { timeout: 60_000, maxWait: 20_000 },
  );
}

export async function setSessionDeadline(input: SetSessionDeadlineInput): Promise<{ sessionId: number }> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await tx.calibrationSession.findUnique({ where: { id: input.sessionId }, select: { deadline: true } });
    if (!row) throw ApplicationFailure.nonRetryable(`Calibration session ${input.sessionId} not found`, CALIBRATION_FAILURE.notFound);
    const before = row.deadline?.toISOString() ?? null;
    if (before === input.deadline) return;
    await tx.calibrationSession.update({ where: { id: input.sessionId }, data: { deadline: input.deadline ? new Date(input.deadline) : null, version: { increment: 1 } } });
    await recordAudit(tx, input.actor, { action: "calibration_session.deadline", entityType: "CalibrationSession", entityId: input.sessionId, before: { deadline: before }, after: { deadline: input.deadline } });
  });
  return { sessionId: input.sessionId };
}

export async function remindCalibrationSession(input: RemindSessionInput): Promise<RemindSessionResult> {
  return remindSession(input);
}
