import { getDb } from "~/platform/db.server";
import { conflict, notFound } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import type { CurrentUser } from "~/platform/auth.server";
import type { SessionRole } from "~/features/calibration/rules";
import { addComment, withLockedSession } from "~/features/calibration/meeting.server";
import { listComments } from "~/features/calibration/views.server";
import { participantInclude, requireCycle } from "~/features/cycles/context.server";
import { calibrationSummaryOf } from "~/features/summaries/service.server";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { PROMOTION_DECISION_LABELS, parseStoredDecision } from "~/features/participants/rules";
import { VOTE_LABELS, tallyVotes } from "~/features/promotions/rules";
import { DecisionSchema, VoteSchema } from "~/features/promotions/schemas";
import {
  decisionJson,
  endorsementInclude,
  nomineeJson,
  personJson,
  promotionAllowed,
  promotionCheck,
  promotionSessionInclude,
  requirePromotionSessionAs,
  toEndorsementJson,
  toPromotionSessionJson,
} from "~/features/promotions/model.server";
import type { DecisionChangeJson, PromotionSessionDetailJson, SessionNominationJson, VoteJson } from "~/features/promotions/types";
import type { CommentJson } from "~/features/calibration/types";

/**
 * What happens in a promotion session: panelists vote, whoever runs it decides (with a reason, kept as
 * history), members comment; and each role reads the session. Writes lock the session row and bump its
 * version (open pages refresh), with their audit record, in one transaction (calibration's withLockedSession).
 */

const person = { select: { id: true, name: true, email: true } } as const;

/** The session as `role` reads it: its nominations with rationale, endorsements, votes, decision and history. */
export async function getPromotionSessionDetail(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number): Promise<PromotionSessionDetailJson> {
  const db = await getDb();
  const { roles, state } = await requirePromotionSessionAs(db, current, role, cycleId, sessionId);
  const row = await db.calibrationSession.findUniqueOrThrow({ where: { id: sessionId }, include: promotionSessionInclude });
  const sps = await db.calibrationSessionParticipant.findMany({
    where: { sessionId },
    include: {
      participant: {
        select: {
          id: true,
          user: { select: { id: true, name: true, email: true, jobTitle: true, department: true, level: true } },
          manager: person,
          nominations: { include: { nominatedBy: person, endorsements: { where: { OR: [{ sessionId }, { sessionId: null }] }, include: endorsementInclude, orderBy: { id: "asc" } } } },
        },
      },
      votes: { include: { panelist: person }, orderBy: { updatedAt: "asc" } },
      changes: { where: { field: "decision" }, include: { changedBy: person }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
      _count: { select: { comments: true } },
    },
    orderBy: { participant: { user: { name: "asc" } } },
  });
  const nominations: SessionNominationJson[] = sps.flatMap((sp) => {
    const n = sp.participant.nominations[0];
    if (!n) return [];
    const votes: VoteJson[] = sp.votes.flatMap((v) => {
      const d = parseStoredDecision(v.vote);
      return d ? [{ panelist: personJson(v.panelist), vote: d, vote_label: VOTE_LABELS[d], note: v.note, updated_at: v.updatedAt.toISOString() }] : [];
    });
    const history: DecisionChangeJson[] = sp.changes.map((c, i) => ({
      id: c.id,
      old_value: parseStoredDecision(c.oldText),
      new_value: parseStoredDecision(c.newText),
      reason: c.reason,
      changed_by: c.changedBy ? personJson(c.changedBy) : null,
      created_at: c.createdAt.toISOString(),
      superseded: i > 0,
    }));
    return [
      {
        session_participant_id: sp.id,
        nomination_id: n.id,
        nominee: nomineeJson(sp.participant.id, sp.participant.user),
        manager: sp.participant.manager ? personJson(sp.participant.manager) : null,
        nominated_by: n.nominatedBy ? personJson(n.nominatedBy) : null,
        rationale: n.rationale,
        nomination_status: n.status === "nominated" ? "nominated" : "withdrawn",
        endorsements: n.endorsements.map((e) => toEndorsementJson(e, true)),
        votes,
        tally: tallyVotes(votes),
        my_vote: votes.find((v) => v.panelist.id === current.user.id) ?? null,
        decision: decisionJson(sp.decision),
        history,
        comment_count: sp._count.comments,
        terminated: !!sp.terminatedAt,
      },
    ];
  });
  return { session: toPromotionSessionJson(row), my_roles: roles, allowed: promotionAllowed(roles, state), nominations };
}

async function requireNomination(tx: Parameters<Parameters<typeof withLockedSession>[5]>[0], sessionId: number, nominationId: number) {
  const sp = await tx.calibrationSessionParticipant.findFirst({
    where: { sessionId, participant: { nominations: { some: { id: nominationId } } } },
    include: { participant: { select: { id: true, user: { select: { email: true } }, nominations: { select: { status: true } } } } },
  });
  if (!sp) throw notFound(`Nomination ${nominationId} is not in promotion calibration session ${sessionId}`);
  if (sp.terminatedAt || sp.participant.nominations[0]?.status !== "nominated") throw conflict(`Nomination ${nominationId} is no longer active`, { nomination_id: nominationId });
  return sp;
}

/** Panelist: vote on a nomination (a new vote replaces the panelist's earlier one; both audited). */
export async function castVote(current: CurrentUser, cycleId: number, sessionId: number, nominationId: number, body: unknown): Promise<VoteJson> {
  const input = VoteSchema.parse(body);
  return withLockedSession(current, "PROMOTION", cycleId, sessionId, promotionCheck(current, "vote", ["panelist"]), async (tx) => {
    const sp = await requireNomination(tx, sessionId, nominationId);
    const before = await tx.promotionVote.findUnique({ where: { sessionParticipantId_panelistId: { sessionParticipantId: sp.id, panelistId: current.user.id } } });
    const saved = await tx.promotionVote.upsert({
      where: { sessionParticipantId_panelistId: { sessionParticipantId: sp.id, panelistId: current.user.id } },
      create: { sessionId, sessionParticipantId: sp.id, panelistId: current.user.id, vote: input.vote, note: input.note || null },
      update: { vote: input.vote, note: input.note || null },
      include: { panelist: person },
    });
    await recordAudit(tx, current.actor, {
      action: "promotion_session.vote",
      entityType: "CalibrationSessionParticipant",
      entityId: sp.id,
      before: before ? { session_id: sessionId, nominee: sp.participant.user.email, vote: before.vote, note: before.note } : null,
      after: { session_id: sessionId, nominee: sp.participant.user.email, vote: saved.vote, note: saved.note },
    });
    return { panelist: personJson(saved.panelist), vote: input.vote, vote_label: VOTE_LABELS[input.vote], note: saved.note, updated_at: saved.updatedAt.toISOString() };
  });
}

/** Whoever runs the session: set the decision on a nomination, with a reason (history and audit). */
export async function decideNomination(current: CurrentUser, cycleId: number, sessionId: number, nominationId: number, body: unknown) {
  const input = DecisionSchema.parse(body);
  return withLockedSession(current, "PROMOTION", cycleId, sessionId, promotionCheck(current, "decide", ["hr_partner", "session_admin"]), async (tx) => {
    const sp = await requireNomination(tx, sessionId, nominationId);
    if (sp.decision === input.decision) return { decision: decisionJson(sp.decision), changed: false };
    await tx.calibrationSessionParticipant.update({ where: { id: sp.id }, data: { decision: input.decision } });
    await tx.calibrationRatingChange.create({
      data: { sessionId, sessionParticipantId: sp.id, field: "decision", oldText: sp.decision, newText: input.decision, reason: input.reason, changedById: current.user.id },
    });
    await recordAudit(tx, current.actor, {
      action: "promotion_session.decision",
      entityType: "CalibrationSessionParticipant",
      entityId: sp.id,
      before: { session_id: sessionId, nominee: sp.participant.user.email, decision: sp.decision },
      after: { session_id: sessionId, nominee: sp.participant.user.email, decision: input.decision, decision_label: PROMOTION_DECISION_LABELS[input.decision], reason: input.reason },
    });
    return { decision: decisionJson(input.decision), changed: true };
  });
}

async function spOfNomination(sessionId: number, nominationId: number): Promise<number> {
  const sp = await (await getDb()).calibrationSessionParticipant.findFirst({ where: { sessionId, participant: { nominations: { some: { id: nominationId } } } }, select: { id: true } });
  if (!sp) throw notFound(`Nomination ${nominationId} is not in promotion calibration session ${sessionId}`);
  return sp.id;
}

/** A nomination's comments (`promotion_nominations/{nomination_id}/comments`), for a member of the session. */
export async function listNominationComments(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, nominationId: number): Promise<CommentJson[]> {
  await requirePromotionSessionAs(await getDb(), current, role, cycleId, sessionId);
  return listComments(current, role, cycleId, sessionId, await spOfNomination(sessionId, nominationId), "PROMOTION");
}

/** A comment on a nomination by a member whose role may comment now. */
export async function addNominationComment(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, nominationId: number, body: unknown) {
  await requirePromotionSessionAs(await getDb(), current, role, cycleId, sessionId);
  const spId = await spOfNomination(sessionId, nominationId);
  return addComment(current, role, cycleId, sessionId, spId, body, { check: promotionCheck(current, "comment", [role]) });
}

/** The nominee's feedback summary (as their manager reads it), for a member of the session. */
export async function nomineeFeedbackSummary(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, nominationId: number): Promise<FeedbackSummary> {
  const db = await getDb();
  await requirePromotionSessionAs(db, current, role, cycleId, sessionId);
  const spId = await spOfNomination(sessionId, nominationId);
  const sp = await db.calibrationSessionParticipant.findUniqueOrThrow({ where: { id: spId }, select: { participantId: true } });
  const cycle = await requireCycle(db, cycleId);
  const full = await db.participant.findUniqueOrThrow({ where: { id: sp.participantId }, include: participantInclude });
  return calibrationSummaryOf(db, cycle, full);
}
