import { Prisma } from "~/generated/prisma/client.ts";
import { getDb, type Tx } from "~/platform/db.server";
import { ApiError, conflict, unprocessable, forbidden, notFound, cycleNotFound } from "~/platform/api.server";
import { recordAudit, recordAudits } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { SESSION_STATE_LABELS, may, mayEver, type SessionAction, type SessionRole, type SessionState } from "~/features/calibration/rules";
import { CommentSchema, ForcedCloseSchema, MoveSchema, ProposalSchema, RatingChangeSchema, RevisionSchema, SignOffSchema } from "~/features/calibration/schemas";
import { requireSession, requireSessionAs, rolesIn, stateOf, touchSession, type SessionKind, type SessionRow } from "~/features/calibration/model.server";
import { transitionSession } from "~/features/calibration/workflow.server";
import { CALIBRATION_FAILURE, type CloseGapNote } from "../../../workflows/calibration-session-contract";
import { pageMessage } from "~/platform/i18n/page-message";
import { withPageMessage } from "~/features/calibration/meeting-messages";
import { NOT_NOW_KEYS } from "~/features/calibration/meeting-keys";
import { significantGapsOfSession } from "~/features/insights/meeting-fairness.server";
import { closeReasonMissing, type AttributedGap, type GapSession, type MeetingKind } from "~/features/insights/meeting-fairness";

/**
 * What happens in a running session: the session admin's rating changes, moves and terminations;
 * panelists' proposals; comments; and the transitions each role asks the workflow for. Every write
 * locks the session row (so it serialises with the workflow's state change), checks who may do it in
 * the state the row holds, writes its rows and audit record and bumps the session's version, in one
 * transaction. A refusal carries the message the meeting pages show for it (meeting-messages.ts; the API answers its
 * own English message).
 */

const ROLE_WORDS: Record<SessionRole, string> = {
  hr_partner: "the HR partner who created the session",
  admin: "a super admin",
  session_admin: "the session admin",
  panelist: "a panelist of the session",
  sign_off: "the sign-off party of the session",
};

function refuse(action: SessionAction, role: SessionRole, state: SessionState, sessionId: number): never {
  if (state === "closed") {
    const err = conflict(`Calibration session ${sessionId} is closed; nothing in it changes any more`, { session_id: sessionId, reason: CALIBRATION_FAILURE.closed });
    throw withPageMessage(err, pageMessage("calibrationMeeting.error.closed"));
  }
  const err = conflict(`Calibration session ${sessionId} is '${SESSION_STATE_LABELS[state]}'; ${ROLE_WORDS[role]} cannot do this now`, { session_id: sessionId, state, action });
  throw withPageMessage(err, pageMessage(NOT_NOW_KEYS[state]));
}

/** Check `current` holds `role` (403) and `role` may take `action` in the row's state (409). */
function authorize(row: SessionRow, current: CurrentUser, role: SessionRole, action: SessionAction): SessionState {
  const roles = rolesIn(row, current);
  if (!roles.includes(role) || !mayEver([role], action)) throw withPageMessage(forbidden(`Only ${ROLE_WORDS[role]} can do this`), pageMessage("calibrationMeeting.error.forbidden"));
  const state = stateOf(row);
  if (!may([role], action, state)) refuse(action, role, state, row.id);
  return state;
}

/**
 * Run `fn` in a transaction holding the session row's lock (and `alsoLock`'s), after `check` (role and
 * state) on the locked row; bumps the session's version. Rating and promotion sessions alike.
 */
export async function withLockedSession<T>(
  current: CurrentUser,
  kind: SessionKind,
  cycleId: number,
  sessionId: number,
  check: (row: SessionRow) => void,
  fn: (tx: Tx, row: SessionRow) => Promise<T>,
  alsoLock: number | null = null,
): Promise<T> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    // Both rows of a move, in id order, so two opposite moves cannot deadlock.
    const ids = alsoLock === null ? [sessionId] : [sessionId, alsoLock].sort((a, b) => a - b);
    await tx.$queryRaw`SELECT "id" FROM "CalibrationSession" WHERE "id" IN (${Prisma.join(ids)}) ORDER BY "id" FOR UPDATE`;
    const row = await requireSession(tx, cycleId, sessionId, kind);
    check(row);
    const result = await fn(tx, row);
    await touchSession(tx, sessionId);
    return result;
  });
}

/** Run `fn` in a rating session's locked transaction, after the role and state checks. */
function inSession<T>(
  current: CurrentUser,
  role: SessionRole,
  action: SessionAction,
  cycleId: number,
  sessionId: number,
  fn: (tx: Tx, row: SessionRow) => Promise<T>,
  alsoLock: number | null = null,
): Promise<T> {
  return withLockedSession(current, "RATING", cycleId, sessionId, (row) => void authorize(row, current, role, action), fn, alsoLock);
}

export async function requireSessionParticipant(tx: Tx, sessionId: number, id: number, live = true) {
  const sp = await tx.calibrationSessionParticipant.findFirst({
    where: { id, sessionId },
    include: { participant: { select: { id: true, proposedRating: true, user: { select: { email: true, name: true } } } } },
  });
  if (!sp) throw withPageMessage(notFound(`Participant ${id} is not in calibration session ${sessionId}`), pageMessage("calibrationMeeting.error.participantGone"));
  if (live && sp.terminatedAt) {
    const err = conflict(`${sp.participant.user.name} has left the company; their calibration has ended`, { session_participant_id: id });
    throw withPageMessage(err, pageMessage("calibrationMeeting.error.leftCompany", { name: sp.participant.user.name }));
  }
  return sp;
}

/** Session admin: set the calibrated rating and/or the 9-box potential, with a reason (history + audit). */
export async function changeRating(current: CurrentUser, cycleId: number, sessionId: number, spId: number, body: unknown) {
  const input = RatingChangeSchema.parse(body);
  return inSession(current, "session_admin", "set_rating", cycleId, sessionId, async (tx) => {
    const sp = await requireSessionParticipant(tx, sessionId, spId);
    const changes: Array<{ field: "rating" | "potential"; oldValue: number | null; newValue: number }> = [];
    if (input.calibrated_rating !== undefined && input.calibrated_rating !== sp.rating) changes.push({ field: "rating", oldValue: sp.rating, newValue: input.calibrated_rating });
    if (input.potential !== undefined && input.potential !== sp.potential) changes.push({ field: "potential", oldValue: sp.potential, newValue: input.potential });
    if (!changes.length) return { changed: 0 };
    await tx.calibrationSessionParticipant.update({
      where: { id: sp.id },
      data: { ...(input.calibrated_rating !== undefined ? { rating: input.calibrated_rating } : {}), ...(input.potential !== undefined ? { potential: input.potential } : {}) },
    });
    await tx.calibrationRatingChange.createMany({ data: changes.map((c) => ({ sessionId, sessionParticipantId: sp.id, ...c, reason: input.reason, changedById: current.user.id })) });
    await recordAudit(tx, current.actor, {
      action: "calibration_session.rating_change",
      entityType: "CalibrationSessionParticipant",
      entityId: sp.id,
      before: { session_id: sessionId, participant: sp.participant.user.email, rating: sp.rating, potential: sp.potential },
      after: { session_id: sessionId, participant: sp.participant.user.email, rating: input.calibrated_rating ?? sp.rating, potential: input.potential ?? sp.potential, reason: input.reason },
    });
    return { changed: changes.length };
  });
}

/** Panelist: propose a rating with a justification (kept; the latest of each panelist counts). */
export async function proposeRating(current: CurrentUser, cycleId: number, sessionId: number, spId: number, body: unknown) {
  const input = ProposalSchema.parse(body);
  return inSession(current, "panelist", "propose_rating", cycleId, sessionId, async (tx) => {
    const sp = await requireSessionParticipant(tx, sessionId, spId);
    const created = await tx.calibrationProposal.create({ data: { sessionId, sessionParticipantId: sp.id, panelistId: current.user.id, rating: input.rating, justification: input.justification } });
    await recordAudit(tx, current.actor, {
      action: "calibration_session.proposal",
      entityType: "CalibrationSessionParticipant",
      entityId: sp.id,
      after: { session_id: sessionId, participant: sp.participant.user.email, rating: input.rating, justification: input.justification },
    });
    return { id: created.id, rating: created.rating, justification: created.justification, created_at: created.createdAt.toISOString() };
  });
}

/**
 * A comment on a participant (spId) or on the session (spId null), by a member whose role may comment now.
 * A promotion session passes its kind and its own role-and-state check.
 */
export async function addComment(
  current: CurrentUser,
  role: SessionRole,
  cycleId: number,
  sessionId: number,
  spId: number | null,
  body: unknown,
  promotion?: { check: (row: SessionRow) => void },
) {
  const input = CommentSchema.parse(body);
  const check = promotion?.check ?? ((row: SessionRow) => void authorize(row, current, role, "comment"));
  return withLockedSession(current, promotion ? "PROMOTION" : "RATING", cycleId, sessionId, check, async (tx) => {
    const sp = spId === null ? null : await requireSessionParticipant(tx, sessionId, spId, false);
    const created = await tx.calibrationComment.create({ data: { sessionId, sessionParticipantId: sp?.id ?? null, authorId: current.user.id, body: input.body } });
    await recordAudit(tx, current.actor, {
      action: "calibration_session.comment",
      entityType: "CalibrationSession",
      entityId: sessionId,
      after: { comment_id: created.id, participant: sp?.participant.user.email ?? null, body: input.body },
    });
    return { id: created.id };
  });
}

/** Session admin: move participants to another open session of the cycle, with their proposals, history and comments. */
export async function moveParticipants(current: CurrentUser, cycleId: number, sessionId: number, targetId: number, body: unknown) {
  const input = MoveSchema.parse(body);
  if (targetId === sessionId) throw withPageMessage(unprocessable("The target session is this session"), pageMessage("calibrationMeeting.error.sameSession"));
  return inSession(current, "session_admin", "move_participants", cycleId, sessionId, async (tx) => {
    const target = await tx.calibrationSession.findFirst({ where: { id: targetId, cycleId, kind: "RATING" } });
    if (!target) throw withPageMessage(notFound(`Calibration session ${targetId} not found in cycle ${cycleId}`), pageMessage("calibrationMeeting.error.targetGone"));
    const targetState = stateOf(target);
    if (!["draft", "active", "revision_requested"].includes(targetState)) {
      const err = conflict(`Calibration session ${targetId} is '${SESSION_STATE_LABELS[targetState]}'; participants can move only into a session that is a draft, active or in revision`, {
        target_session_id: targetId,
      });
      throw withPageMessage(err, pageMessage("calibrationMeeting.error.targetClosed"));
    }
    const rows = await tx.calibrationSessionParticipant.findMany({ where: { sessionId, id: { in: input.participant_ids } }, include: { participant: { select: { userId: true, user: { select: { email: true } } } } } });
    const missing = input.participant_ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw withPageMessage(notFound(`Not in calibration session ${sessionId}: ${missing.join(", ")}`), pageMessage("calibrationMeeting.error.notInSession"));
    const gone = rows.filter((r) => r.terminatedAt).map((r) => r.participant.user.email);
    if (gone.length) {
      const err = conflict(`Left the company, so they stay where they are: ${gone.join(", ")}`, { participants: gone });
      throw withPageMessage(err, pageMessage("calibrationMeeting.error.leftCompanyMany", { names: gone.join(", ") }));
    }
    // Nobody may end up in a panel that discusses them (they would read what is written about them).
    const members = await tx.calibrationSessionMember.findMany({ where: { sessionId: targetId, userId: { in: rows.map((r) => r.participant.userId) } }, select: { userId: true } });
    if (members.length) {
      const names = rows.filter((r) => members.some((m) => m.userId === r.participant.userId)).map((r) => r.participant.user.email);
      const err = conflict(`A member of session ${targetId} cannot be calibrated in it: ${names.join(", ")}`, { participants: names });
      throw withPageMessage(err, pageMessage("calibrationMeeting.error.targetMember", { names: names.join(", ") }));
    }
    const ids = rows.map((r) => r.id);
    // ADR 0026: the participant's proposals, rating history and comment thread follow them to the panel that now calibrates them.
    await tx.calibrationSessionParticipant.updateMany({ where: { id: { in: ids } }, data: { sessionId: targetId } });
    await tx.calibrationProposal.updateMany({ where: { sessionParticipantId: { in: ids } }, data: { sessionId: targetId } });
    await tx.calibrationRatingChange.updateMany({ where: { sessionParticipantId: { in: ids } }, data: { sessionId: targetId } });
    await tx.calibrationComment.updateMany({ where: { sessionParticipantId: { in: ids } }, data: { sessionId: targetId } });
    await touchSession(tx, targetId);
    const moved = { before: { session_id: sessionId, participants: rows.map((r) => r.participant.user.email) }, after: { session_id: targetId, participants: rows.map((r) => r.participant.user.email) } };
    await recordAudits(tx, current.actor, [
      { action: "calibration_session.move_participants", entityType: "CalibrationSession", entityId: sessionId, ...moved },
      { action: "calibration_session.receive_participants", entityType: "CalibrationSession", entityId: targetId, ...moved },
    ]);
    return { moved: ids.length, target_session_id: targetId };
  }, targetId);
}

/** Session admin: a participant who left the company; they keep their history and get no outcome. */
export async function terminateParticipant(current: CurrentUser, cycleId: number, sessionId: number, spId: number) {
  return inSession(current, "session_admin", "terminate_participant", cycleId, sessionId, async (tx) => {
    const sp = await requireSessionParticipant(tx, sessionId, spId);
    const at = new Date();
    await tx.calibrationSessionParticipant.update({ where: { id: sp.id }, data: { terminatedAt: at } });
    await recordAudit(tx, current.actor, {
      action: "calibration_session.terminate_participant",
      entityType: "CalibrationSessionParticipant",
      entityId: sp.id,
      before: { session_id: sessionId, participant: sp.participant.user.email, terminated_at: null },
      after: { session_id: sessionId, participant: sp.participant.user.email, terminated_at: at.toISOString() },
    });
    return { terminated_at: at.toISOString() };
  });
}

/** The role check of a transition (the workflow checks the state: 409 out of order). */
async function requireRole(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number) {
  assertNotSpoofing(current);
  return (await requireSessionAs(await getDb(), current, role, cycleId, sessionId)).row;
}

/** Session admin: progress to review (the workflow checks the state: 409 out of order). */
export async function progressToReview(current: CurrentUser, cycleId: number, sessionId: number) {
  await requireRole(current, "session_admin", cycleId, sessionId);
  return transitionSession(current.actor, sessionId, "progress_to_review");
}

/** A significant gap as the close's history, audit record and 422 name it (ADR 0114). */
const gapNote = (g: AttributedGap): CloseGapNote => ({ attribute: g.attribute.name, group: g.group, p: g.p, effect: g.effect });

const GAP_WORDS: Record<MeetingKind, string> = { rating: "A ratings gap after calibration", promotion: "A gap in the promotion decisions" };
const REASON_KEYS = { rating: "meetingFairness.reasonRequired", promotion: "meetingFairness.promotion.reasonRequired" } as const;

/** 422 `gap_reason_required`: a close over a significant gap without its written reason (ADR 0114, 0120). */
function gapReasonRequired(sessionId: number, kind: MeetingKind, gaps: readonly AttributedGap[]) {
  const err = unprocessable(
    `${GAP_WORDS[kind]} is significant in calibration session ${sessionId}; give the reason for closing it as it is (comment)`,
    { field: "comment", significant_gaps: gaps.map(gapNote) },
    "gap_reason_required",
  );
  return withPageMessage(err, pageMessage(REASON_KEYS[kind]), "comment");
}

/**
 * The close's gap rule on the server, for the page and the API alike (ADR 0114; promotion sessions ADR 0120): the
 * session's significant gaps after calibration (its ratings, or its promotion decisions) as the closer reads them;
 * refused (422, nothing changed) while there is one and `reason` is blank; else the gaps the close keeps with its reason.
 */
export async function closeGapNotes(current: CurrentUser, sessionId: number, reason: string | null | undefined): Promise<CloseGapNote[]> {
  const { kind, gaps } = await significantGapsOfSession(current, sessionId);
  if (closeReasonMissing(gaps, reason)) throw gapReasonRequired(sessionId, kind, gaps);
  return gaps.map(gapNote);
}

/**
 * Sign-off party: close (optional comment) or request a revision (comment required). A close while a ratings gap after
 * calibration is significant (the insights service's test, in any breakdown the sign-off party may read) needs the
 * comment as its written reason: refused without it (nothing changes), else kept in the history and in the close's
 * audit record with the gaps (ADR 0114). In review nobody changes a rating, so the gaps read here are the ones closed.
 */
export async function signOff(current: CurrentUser, cycleId: number, sessionId: number, outcome: "close" | "revision", body: unknown) {
  const input = outcome === "close" ? SignOffSchema.parse(body ?? {}) : RevisionSchema.parse(body);
  await requireRole(current, "sign_off", cycleId, sessionId);
  if (outcome === "revision") return transitionSession(current.actor, sessionId, "progress_to_revision_requested", input.comment || null);
  const notes = await closeGapNotes(current, sessionId, input.comment);
  return transitionSession(current.actor, sessionId, "progress_to_close", input.comment || null, notes);
}

/**
 * Admin: close every session (of this kind) of the cycle not closed yet (`all`) or only those in review. The super
 * admin's forced close keeps the meeting's gap rule (ADR 0120): while any of those sessions has a significant gap after
 * calibration, `reason` is required — without it 422 `gap_reason_required` (details: each such session with its gaps),
 * nothing closed; with it, each such session's close keeps it in its history and audit record with its gaps (the others
 * close as before, without it).
 */
export async function adminCloseSessions(current: CurrentUser, cycleId: number, which: "all" | "in_review", kind: SessionKind = "RATING", reason?: string | null) {
  assertNotSpoofing(current);
  // The page's form and the API's body alike: text, at most the comment's length (400 otherwise).
  const given = ForcedCloseSchema.parse({ reason: reason ?? undefined }).reason || null;
  const db = await getDb();
  if (!(await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true } }))) throw cycleNotFound(cycleId);
  const rows = await db.calibrationSession.findMany({
    where: { cycleId, kind, state: which === "all" ? { not: "closed" } : "in_review" },
    select: { id: true, name: true },
    orderBy: { id: "asc" },
  });
  const gapsOf = new Map<number, CloseGapNote[]>();
  for (const r of rows) {
    const { gaps } = await significantGapsOfSession(current, r.id);
    if (gaps.length) gapsOf.set(r.id, gaps.map(gapNote));
  }
  if (gapsOf.size && !given) throw forcedCloseReasonRequired(kind, rows, gapsOf);
  const closed: number[] = [];
  const failed: Array<{ session_id: number; status: number; message: string }> = [];
  // Each session closes on its own (its own workflow and transaction): one that fails does not stop the others.
  for (const r of rows) {
    try {
      const gaps = gapsOf.get(r.id);
      await transitionSession(current.actor, r.id, "close", gaps ? given : null, gaps);
      closed.push(r.id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      failed.push({ session_id: r.id, status: err.status, message: err.message });
    }
  }
  if (failed.length) {
    throw conflict(`${failed.length} calibration session${failed.length === 1 ? "" : "s"} could not be closed (${closed.length} closed)`, { closed_session_ids: closed, failed });
  }
  return { closed_session_ids: closed };
}

/** 422 `gap_reason_required` of a forced close: the sessions with a significant gap, no reason given. */
function forcedCloseReasonRequired(kind: SessionKind, rows: ReadonlyArray<{ id: number; name: string }>, gapsOf: ReadonlyMap<number, CloseGapNote[]>) {
  const sessions: GapSession[] = rows.filter((r) => gapsOf.has(r.id)).map((r) => ({ session_id: r.id, name: r.name, significant_gaps: gapsOf.get(r.id)! }));
  const what = kind === "PROMOTION" ? "promotion decisions" : "ratings after calibration";
  return unprocessable(
    `${sessions.length} session${sessions.length === 1 ? " has" : "s have"} a significant gap in the ${what}; give the reason for closing ${sessions.length === 1 ? "it" : "them"} as ${sessions.length === 1 ? "it is" : "they are"} (reason)`,
    { field: "reason", sessions },
    "gap_reason_required",
  );
}
