import type { Prisma } from "~/generated/prisma/client.ts";
import { getDb, type Tx } from "~/platform/db.server";
import { ApiError, conflict, forbidden, unprocessable } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { requireCycle } from "~/features/cycles/context.server";
import { STAGE_LABELS } from "~/features/cycles/rules";
import { SESSION_STATE_LABELS, type SessionRole } from "~/features/calibration/rules";
import { requireSession, rolesIn, stateOf } from "~/features/calibration/model.server";
import { adminCloseSessions, closeGapNotes } from "~/features/calibration/meeting.server";
import { setDeadlineThroughWorkflow, startSessionWorkflow, transitionSession } from "~/features/calibration/workflow.server";
import { EVENT_ACTION, PROMOTION_EVENTS, isPromotionEvent, mayPromotion, mayPromotionEver } from "~/features/promotions/rules";
import { PromotionSessionInputSchema, PromotionSessionPatchSchema, TransitionBodySchema, type PromotionSessionInput } from "~/features/promotions/schemas";
import {
  nominationRowInclude,
  promotionSessionAudit,
  promotionSessionInclude,
  toNominationRowJson,
  toPromotionSessionJson,
  type Client,
  type PromotionSessionRow,
} from "~/features/promotions/model.server";
import { requestsByCycleRule, startRequests } from "~/features/promotions/endorsements.server";
import { cancelEndorsements } from "~/features/promotions/endorsement-workflow.server";
import type { NominationRowJson, PromotionSessionJson } from "~/features/promotions/types";

/**
 * Promotion calibration sessions (ADR 0028): built from nominations by the HR partner (or a super admin),
 * run by the same workflow, states and transitions as rating sessions (app/features/calibration). One
 * transition call takes the move as its `event` query parameter.
 */

export type Owner = "hr_partner" | "admin";

async function loadPromotionSession(client: Client, cycleId: number, sessionId: number): Promise<PromotionSessionRow> {
  await requireSession(client, cycleId, sessionId, "PROMOTION");
  return client.calibrationSession.findUniqueOrThrow({ where: { id: sessionId }, include: promotionSessionInclude });
}

async function checkNominations(tx: Tx, current: CurrentUser, owner: Owner, cycleId: number, ids: readonly number[], sessionId: number | null) {
  const rows = await tx.promotionNomination.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      status: true,
      participant: { select: { id: true, cycleId: true, userId: true, hrPartnerId: true, user: { select: { email: true } }, calibrations: { where: { kind: "PROMOTION" }, select: { sessionId: true } } } },
    },
  });
  const missing = ids.filter((id) => rows.find((r) => r.id === id)?.participant.cycleId !== cycleId);
  if (missing.length) throw unprocessable(`Not nominations of cycle ${cycleId}: ${missing.join(", ")}`, { nomination_ids: missing });
  const inThis = (r: (typeof rows)[number]) => r.participant.calibrations.some((c) => c.sessionId === sessionId);
  if (owner === "hr_partner") {
    const notMine = rows.filter((r) => r.participant.hrPartnerId !== current.user.id && !inThis(r)).map((r) => r.id);
    if (notMine.length) throw forbidden(`You are not the HR partner of the nominees of nominations ${notMine.join(", ")}`);
  }
  const withdrawn = rows.filter((r) => r.status !== "nominated" && !inThis(r)).map((r) => r.participant.user.email);
  if (withdrawn.length) throw conflict(`These nominations were withdrawn: ${withdrawn.join(", ")}`, { participants: withdrawn, reason: "withdrawn" });
  const taken = rows.filter((r) => r.participant.calibrations.some((c) => c.sessionId !== sessionId)).map((r) => r.participant.user.email);
  if (taken.length) throw conflict(`Already in another promotion calibration session: ${taken.join(", ")}`, { participants: taken, reason: "taken" });
  return rows;
}

type Members = { session_admin_id: number | null; panelist_ids: number[]; sign_off_ids: number[] };

async function checkMembers(tx: Tx, m: Members, nomineeUserIds: Set<number>, creatorId: number) {
  // Whoever runs the session does not approve its outcome too.
  const runners = [creatorId, ...(m.session_admin_id ? [m.session_admin_id] : [])];
  const both = m.sign_off_ids.filter((id) => runners.includes(id));
  if (both.length) throw unprocessable("The sign-off party must not be the HR partner who created the session or its session admin", { sign_off_ids: both });
  const all = [...(m.session_admin_id ? [m.session_admin_id] : []), ...m.panelist_ids, ...m.sign_off_ids];
  const users = await tx.user.findMany({ where: { id: { in: all }, active: true }, select: { id: true, email: true } });
  const unknown = [...new Set(all.filter((id) => !users.some((u) => u.id === id)))];
  if (unknown.length) throw unprocessable(`Unknown or inactive users: ${unknown.join(", ")}`, { user_ids: unknown });
  const nominees = users.filter((u) => nomineeUserIds.has(u.id)).map((u) => u.email);
  if (nominees.length) throw unprocessable(`A member of the session cannot be a nominee in it: ${nominees.join(", ")}`, { members: nominees });
}

function memberRows(m: Members) {
  return [
    ...(m.session_admin_id ? [{ userId: m.session_admin_id, role: "ADMIN" as const }] : []),
    ...m.panelist_ids.map((userId) => ({ userId, role: "PANELIST" as const })),
    ...m.sign_off_ids.map((userId) => ({ userId, role: "SIGN_OFF" as const })),
  ];
}

function assertCycleOpen(stage: string, cycleId: number) {
  if (stage === "communication" || stage === "draft") {
    throw conflict(`Cycle ${cycleId} is in the ${STAGE_LABELS[stage as "draft"]} stage; promotion sessions are set up from the start stage through calibration`, { cycle_id: cycleId });
  }
}

/** Create a draft promotion session from nominations (and its workflow); the cycle's endorsement rule asks its endorsers. */
export async function createPromotionSession(current: CurrentUser, owner: Owner, cycleId: number, body: unknown): Promise<PromotionSessionJson> {
  assertNotSpoofing(current);
  const input: PromotionSessionInput = PromotionSessionInputSchema.parse(body);
  const db = await getDb();
  const { row, requests } = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Cycle" WHERE "id" = ${cycleId} FOR SHARE`;
    const cycle = await requireCycle(tx, cycleId);
    assertCycleOpen(cycle.stage, cycleId);
    const nominations = await checkNominations(tx, current, owner, cycleId, input.nomination_ids, null);
    await checkMembers(tx, input, new Set(nominations.map((n) => n.participant.userId)), current.user.id);
    const created = await tx.calibrationSession.create({
      data: {
        cycleId,
        kind: "PROMOTION",
        name: input.name,
        createdById: current.user.id,
        deadline: input.deadline ? new Date(input.deadline) : null,
        members: { create: memberRows(input) },
        participants: { create: nominations.map((n) => ({ participantId: n.participant.id, kind: "PROMOTION" as const })) },
      },
      include: promotionSessionInclude,
    });
    await recordAudit(tx, current.actor, { action: "promotion_session.create", entityType: "CalibrationSession", entityId: created.id, after: promotionSessionAudit(created) });
    const requests = await requestsByCycleRule(tx, current.actor, cycleId, created.id, input.nomination_ids);
    return { row: created, requests };
  });
  try {
    await startSessionWorkflow(row);
  } catch (err) {
    console.error(`Promotion session ${row.id}: could not start its workflow; removing the row`, err);
    await db.$transaction(async (tx) => {
      await tx.endorsement.deleteMany({ where: { id: { in: requests.map((r) => r.id) }, status: "requested" } });
      const removed = await tx.calibrationSession.deleteMany({ where: { id: row.id, state: "draft" } });
      if (removed.count === 1) {
        await recordAudit(tx, { ...current.actor, source: "system" }, { action: "promotion_session.create_rolled_back", entityType: "CalibrationSession", entityId: row.id, before: promotionSessionAudit(row) });
      }
    });
    throw new ApiError(503, "service_unavailable", "The workflow service is unavailable; the session was not created");
  }
  await startRequests(current.actor, requests);
  return toPromotionSessionJson(row);
}

function requireOwner(row: PromotionSessionRow, current: CurrentUser, owner: Owner) {
  if (!rolesIn(row, current).includes(owner)) {
    throw forbidden(owner === "admin" ? "Only a super admin can do this" : "Only the HR partner who created this promotion calibration session can change it");
  }
}

/** Edit a session: its name, nominations and people while it is a draft; its deadline while open. */
export async function updatePromotionSession(current: CurrentUser, owner: Owner, cycleId: number, sessionId: number, body: unknown): Promise<PromotionSessionJson> {
  assertNotSpoofing(current);
  const patch = PromotionSessionPatchSchema.parse(body);
  const db = await getDb();
  const before = await loadPromotionSession(db, cycleId, sessionId);
  requireOwner(before, current, owner);
  const { deadline, ...structure } = patch;
  const state = stateOf(before);
  if (Object.keys(structure).length && !mayPromotion([owner], "edit", state)) {
    throw conflict(`Promotion calibration session ${sessionId} is '${SESSION_STATE_LABELS[state]}'; its name, nominations and people can change only while it is a draft`, { session_id: sessionId, state });
  }
  if (deadline !== undefined && state === "closed") throw conflict(`Promotion calibration session ${sessionId} is closed; nothing in it changes any more`, { session_id: sessionId, state });
  let toCancel: number[] = [];
  let requests: Awaited<ReturnType<typeof requestsByCycleRule>> = [];
  if (Object.keys(structure).length) {
    ({ toCancel, requests } = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "CalibrationSession" WHERE "id" = ${sessionId} FOR UPDATE`;
      const row = await loadPromotionSession(tx, cycleId, sessionId);
      requireOwner(row, current, owner);
      if (!mayPromotion([owner], "edit", stateOf(row))) throw conflict(`Promotion calibration session ${sessionId} is no longer a draft`, { session_id: sessionId });
      const current_ = await tx.calibrationSessionParticipant.findMany({ where: { sessionId }, select: { participantId: true, participant: { select: { nominations: { select: { id: true } } } } } });
      const nominationIds = structure.nomination_ids ?? current_.flatMap((p) => p.participant.nominations.map((n) => n.id));
      const members: Members = {
        session_admin_id: structure.session_admin_id !== undefined ? structure.session_admin_id : (row.members.find((m) => m.role === "ADMIN")?.userId ?? null),
        panelist_ids: structure.panelist_ids ?? row.members.filter((m) => m.role === "PANELIST").map((m) => m.userId),
        sign_off_ids: structure.sign_off_ids ?? row.members.filter((m) => m.role === "SIGN_OFF").map((m) => m.userId),
      };
      const nominations = await checkNominations(tx, current, owner, cycleId, nominationIds, sessionId);
      await checkMembers(tx, members, new Set(nominations.map((n) => n.participant.userId)), row.createdById ?? current.user.id);
      let cancel: number[] = [];
      let added: number[] = [];
      if (structure.nomination_ids) {
        const keep = new Set(nominations.map((n) => n.participant.id));
        const have = new Set(current_.map((p) => p.participantId));
        const removed = current_.filter((p) => !keep.has(p.participantId)).map((p) => p.participantId);
        await tx.calibrationSessionParticipant.deleteMany({ where: { sessionId, participantId: { in: removed } } });
        const open = await tx.endorsement.findMany({ where: { sessionId, status: { in: ["requested", "accepted"] }, nomination: { participantId: { in: removed } } }, select: { id: true } });
        cancel = open.map((e) => e.id);
        const fresh = nominations.filter((n) => !have.has(n.participant.id));
        if (fresh.length) await tx.calibrationSessionParticipant.createMany({ data: fresh.map((n) => ({ sessionId, participantId: n.participant.id, kind: "PROMOTION" as const })) });
        added = fresh.map((n) => n.id);
      }
      if (structure.session_admin_id !== undefined || structure.panelist_ids || structure.sign_off_ids) {
        await tx.calibrationSessionMember.deleteMany({ where: { sessionId } });
        await tx.calibrationSessionMember.createMany({ data: memberRows(members).map((m) => ({ ...m, sessionId })) });
      }
      const after = await tx.calibrationSession.update({ where: { id: sessionId }, data: { name: structure.name, version: { increment: 1 } }, include: promotionSessionInclude });
      await recordAudit(tx, current.actor, { action: "promotion_session.update", entityType: "CalibrationSession", entityId: sessionId, before: promotionSessionAudit(row), after: promotionSessionAudit(after) });
      return { toCancel: cancel, requests: await requestsByCycleRule(tx, current.actor, cycleId, sessionId, added) };
    }));
  }
  if (toCancel.length) await cancelEndorsements(current.actor, toCancel, "The nomination left the promotion calibration session");
  await startRequests(current.actor, requests);
  if (deadline !== undefined) await setDeadlineThroughWorkflow(current.actor, sessionId, deadline);
  return toPromotionSessionJson(await loadPromotionSession(db, cycleId, sessionId));
}

/**
 * The one transition call (`?event=`): activate (HR partner or admin), progress_to_review (whoever runs the
 * session), progress_to_close or progress_to_revision_requested (sign-off party; a revision needs a comment),
 * close (admin). An unknown event, or one the state does not allow, answers 409; the workflow owns the state.
 */
export async function transitionPromotionSession(
  current: CurrentUser,
  scope: "member" | "admin",
  cycleId: number,
  sessionId: number,
  rawEvent: string | null,
  body: unknown,
): Promise<PromotionSessionJson> {
  assertNotSpoofing(current);
  const input = TransitionBodySchema.parse(body ?? {});
  const db = await getDb();
  const row = await loadPromotionSession(db, cycleId, sessionId);
  if (!isPromotionEvent(rawEvent)) {
    throw conflict(`Unknown event '${rawEvent ?? ""}'; the events are ${PROMOTION_EVENTS.join(", ")}`, { session_id: sessionId, event: rawEvent, events: PROMOTION_EVENTS });
  }
  const roles = rolesIn(row, current).filter((r) => (scope === "admin" ? r === "admin" : r !== "admin"));
  if (!roles.length) throw forbidden(`You have no part in promotion calibration session ${sessionId}`);
  const action = EVENT_ACTION[rawEvent];
  if (!mayPromotionEver(roles, action)) throw forbidden(`Your role in promotion calibration session ${sessionId} cannot '${rawEvent}'`);
  if (rawEvent === "progress_to_revision_requested" && !input.comment) throw unprocessable("Say what should change: a comment is required to send the outcome back", { comment: "required" });
  // Closing over a significant gap in the promotion decisions needs the comment as its written reason (ADR 0120).
  const closes = rawEvent === "progress_to_close" || rawEvent === "close";
  const gaps = closes && stateOf(row) !== "closed" ? await closeGapNotes(current, sessionId, input.comment) : undefined;
  await transitionSession(current.actor, sessionId, rawEvent, input.comment || null, gaps);
  if (closes) await cancelOpenRequests(current, sessionId);
  return toPromotionSessionJson(await loadPromotionSession(db, cycleId, sessionId));
}

async function cancelOpenRequests(current: CurrentUser, sessionId: number) {
  const open = await (await getDb()).endorsement.findMany({ where: { sessionId, status: { in: ["requested", "accepted"] } }, select: { id: true } });
  await cancelEndorsements(current.actor, open.map((e) => e.id), "The promotion calibration session closed");
}

/**
 * Admin: close every promotion session of the cycle not closed yet; over a significant gap in a session's promotion
 * decisions only with a written `reason` (ADR 0120; else 422 gap_reason_required, nothing closed).
 */
export async function adminClosePromotionSessions(current: CurrentUser, cycleId: number, reason?: string | null) {
  let closed: number[] = [];
  try {
    const res = await adminCloseSessions(current, cycleId, "all", "PROMOTION", reason);
    closed = res.closed_session_ids;
    return res;
  } catch (err) {
    // Some closed, some did not: only the closed ones' requests end.
    const details = err instanceof ApiError ? (err.details as { closed_session_ids?: number[] } | undefined) : undefined;
    closed = details?.closed_session_ids ?? [];
    throw err;
  } finally {
    for (const id of closed) await cancelOpenRequests(current, id);
  }
}

// ---------------------------------------------------------------------------------------------
// Lists

function roleWhere(role: SessionRole, userId: number): Prisma.CalibrationSessionWhereInput {
  switch (role) {
    case "hr_partner":
    case "session_admin":
      // The "hr-partners" pages list the sessions the user created or runs as session admin.
      return { OR: [{ createdById: userId }, { members: { some: { userId, role: "ADMIN" } } }] };
    case "panelist":
      return { members: { some: { userId, role: "PANELIST" } } };
    case "sign_off":
      return { members: { some: { userId, role: "SIGN_OFF" } } };
    case "admin":
      return {};
  }
}

/** The promotion sessions of a cycle where `current` holds `role` (admin: all). */
export async function listPromotionSessions(current: CurrentUser, role: SessionRole, cycleId: number): Promise<PromotionSessionJson[]> {
  const db = await getDb();
  await requireCycle(db, cycleId);
  const rows = await db.calibrationSession.findMany({ where: { cycleId, kind: "PROMOTION", ...roleWhere(role, current.user.id) }, include: promotionSessionInclude, orderBy: { id: "asc" } });
  return rows.map(toPromotionSessionJson);
}

/** The cycles a promotion role has work in (HR partner: also cycles with nominations of their people). */
export async function promotionCycles(current: CurrentUser, role: SessionRole): Promise<Array<{ id: number; name: string; state: string; stage_label: string }>> {
  const db = await getDb();
  const sessions = { calibrationSessions: { some: { kind: "PROMOTION" as const, ...roleWhere(role, current.user.id) } } };
  const where: Prisma.CycleWhereInput =
    role === "admin" ? {} : role === "hr_partner" ? { OR: [{ participants: { some: { hrPartnerId: current.user.id, nominations: { some: {} } } } }, sessions] } : sessions;
  const rows = await db.cycle.findMany({ where, orderBy: { id: "desc" }, select: { id: true, name: true, state: true } });
  return rows.map((c) => {
    const stage = c.state.toLowerCase() as keyof typeof STAGE_LABELS;
    return { id: c.id, name: c.name, state: stage, stage_label: STAGE_LABELS[stage] ?? c.state };
  });
}

/**
 * The nominations of a cycle for the HR partner (those of their people, and those in sessions they run)
 * or the admin (all), with their session, endorsements' status (not what endorsers wrote) and decision.
 */
export async function listNominationPool(current: CurrentUser, owner: Owner, cycleId: number, opts: { notInSession?: boolean } = {}): Promise<NominationRowJson[]> {
  const db = await getDb();
  await requireCycle(db, cycleId);
  const mine: Prisma.PromotionNominationWhereInput =
    owner === "admin"
      ? {}
      : {
          OR: [
            { participant: { hrPartnerId: current.user.id } },
            { participant: { calibrations: { some: { kind: "PROMOTION", session: roleWhere("hr_partner", current.user.id) } } } },
          ],
        };
  const rows = await db.promotionNomination.findMany({
    where: {
      participant: { cycleId },
      ...mine,
      ...(opts.notInSession ? { status: "nominated", AND: [{ participant: { calibrations: { none: { kind: "PROMOTION" } } } }] } : {}),
    },
    include: nominationRowInclude,
    orderBy: [{ participant: { user: { name: "asc" } } }, { id: "asc" }],
  });
  // The session's decision before sign-off: for a super admin and whoever runs that session only (ADR 0028).
  const uid = current.user.id;
  return rows.map((r) => toNominationRowJson(r, (s) => owner === "admin" || s.createdById === uid || s.members.some((m) => m.userId === uid && m.role === "ADMIN")));
}
