import type { Prisma } from "~/generated/prisma/client.ts";
import { getDb, type Tx } from "~/platform/db.server";
import { ApiError, conflict, forbidden, unprocessable } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { requireCycle } from "~/features/cycles/context.server";
import { STAGE_LABELS } from "~/features/cycles/rules";
import { parseStoredRating } from "~/features/participants/rules";
import { sortByName } from "~/platform/i18n/format";
import { SESSION_STATE_LABELS, may, type SessionRole, type SessionState } from "~/features/calibration/rules";
import { SessionInputSchema, SessionPatchSchema, type SessionInputParsed, type SessionPatch } from "~/features/calibration/schemas";
import { fillProposedRatings } from "~/features/calibration/proposed.server";
import {
  personJson,
  requireSession,
  rolesIn,
  roleWhere,
  sessionAuditSnapshot,
  sessionInclude,
  stateOf,
  toSessionJson,
  type Client,
  type SessionRow,
} from "~/features/calibration/model.server";
import { setDeadlineThroughWorkflow, startSessionWorkflow, transitionSession } from "~/features/calibration/workflow.server";
import type { HrPartnerParticipantJson, SessionJson } from "~/features/calibration/types";

/**
 * Creating, editing, listing and activating calibration sessions (HR partner and admin), and the
 * participant lists they are built from.
 */

type Owner = "hr_partner" | "admin";

async function checkParticipants(tx: Tx, current: CurrentUser, owner: Owner, cycleId: number, ids: readonly number[], sessionId: number | null) {
  const rows = await tx.participant.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, cycleId: true, hrPartnerId: true, reviewerOnly: true, userId: true, user: { select: { email: true } }, calibrations: { where: { kind: "RATING" }, select: { sessionId: true } } },
  });
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => found.get(id)?.cycleId !== cycleId);
  if (missing.length) throw unprocessable(`Not participants of cycle ${cycleId}: ${missing.join(", ")}`, { participant_ids: missing });
  if (owner === "hr_partner") {
    // People already in this session (e.g. moved in by a session admin) may stay; new ones must be the HR partner's.
    const notMine = rows.filter((r) => r.hrPartnerId !== current.user.id && !r.calibrations.some((c) => c.sessionId === sessionId)).map((r) => r.id);
    if (notMine.length) throw new ApiError(403, "forbidden", `You are not the HR partner of participants ${notMine.join(", ")}`, { participant_ids: notMine });
  }
  const reviewerOnly = rows.filter((r) => r.reviewerOnly).map((r) => r.user.email);
  if (reviewerOnly.length) throw unprocessable(`Reviewer-only participants get no rating: ${reviewerOnly.join(", ")}`, { reviewer_only: reviewerOnly });
  const taken = rows.filter((r) => r.calibrations.some((c) => c.sessionId !== sessionId)).map((r) => r.user.email);
  if (taken.length) throw conflict(`Already in another calibration session of this cycle: ${taken.join(", ")}`, { participants: taken });
  return rows;
}

async function checkMembers(tx: Tx, input: Pick<SessionInputParsed, "session_admin_id" | "panelist_ids" | "sign_off_ids">, participantUserIds: Set<number>) {
  const all = [input.session_admin_id, ...input.panelist_ids, ...input.sign_off_ids];
  const users = await tx.user.findMany({ where: { id: { in: all }, active: true }, select: { id: true, email: true } });
  const known = new Set(users.map((u) => u.id));
  const unknown = [...new Set(all.filter((id) => !known.has(id)))];
  if (unknown.length) throw unprocessable(`Unknown or inactive users: ${unknown.join(", ")}`, { user_ids: unknown });
  const calibrated = users.filter((u) => participantUserIds.has(u.id)).map((u) => u.email);
  if (calibrated.length) throw unprocessable(`A member of the session cannot be calibrated in it: ${calibrated.join(", ")}`, { members: calibrated });
}

function memberRows(input: Pick<SessionInputParsed, "session_admin_id" | "panelist_ids" | "sign_off_ids">) {
  return [
    { userId: input.session_admin_id, role: "ADMIN" as const },
    ...input.panelist_ids.map((userId) => ({ userId, role: "PANELIST" as const })),
    ...input.sign_off_ids.map((userId) => ({ userId, role: "SIGN_OFF" as const })),
  ];
}

function assertCycleOpenForCalibration(stage: string, cycleId: number) {
  if (stage === "communication" || stage === "draft") {
    throw conflict(`Cycle ${cycleId} is in the ${STAGE_LABELS[stage as "draft"]} stage; calibration sessions are set up from the start stage through calibration`, { cycle_id: cycleId, stage });
  }
}

/** Fill the proposals still missing for these participants (audited with the count when any was filled). */
async function proposeFor(tx: Tx, current: CurrentUser, cycleId: number, participantIds: readonly number[]) {
  const filled = await fillProposedRatings(tx, cycleId, participantIds);
  if (filled > 0) {
    await recordAudit(tx, current.actor, { action: "cycle.proposed_ratings", entityType: "Cycle", entityId: cycleId, after: { participant_ids: participantIds, proposed: filled } });
  }
}

/** Create a draft session (and its workflow). The HR partner calibrates only their own participants. */
export async function createSession(current: CurrentUser, owner: Owner, cycleId: number, body: unknown): Promise<SessionJson> {
  assertNotSpoofing(current);
  const input = SessionInputSchema.parse(body);
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    // Hold the cycle row (shared) so the cycle cannot move to communication while this draft is being created.
    await tx.$queryRaw`SELECT "id" FROM "Cycle" WHERE "id" = ${cycleId} FOR SHARE`;
    const cycle = await requireCycle(tx, cycleId);
    assertCycleOpenForCalibration(cycle.stage, cycleId);
    const people = await checkParticipants(tx, current, owner, cycleId, input.participant_ids, null);
    await checkMembers(tx, input, new Set(people.map((p) => p.userId)));
    await proposeFor(tx, current, cycleId, input.participant_ids);
    const proposed = await tx.participant.findMany({ where: { id: { in: input.participant_ids } }, select: { id: true, proposedRating: true, proposedPotential: true } });
    const created = await tx.calibrationSession.create({
      data: {
        cycleId,
        kind: "RATING",
        name: input.name,
        createdById: current.user.id,
        guideline: input.guideline,
        deadline: input.deadline ? new Date(input.deadline) : null,
        members: { create: memberRows(input) },
        participants: { create: proposed.map((p) => ({ participantId: p.id, kind: "RATING" as const, rating: p.proposedRating, potential: p.proposedPotential })) },
      },
      include: sessionInclude,
    });
    await recordAudit(tx, current.actor, { action: "calibration_session.create", entityType: "CalibrationSession", entityId: created.id, after: sessionAuditSnapshot(created) });
    return created;
  });
  try {
    await startSessionWorkflow(row);
  } catch (err) {
    console.error(`Calibration session ${row.id}: could not start its workflow; removing the row`, err);
    await db.$transaction(async (tx) => {
      const removed = await tx.calibrationSession.deleteMany({ where: { id: row.id, state: "draft" } });
      if (removed.count === 1) {
        await recordAudit(tx, { ...current.actor, source: "system" }, { action: "calibration_session.create_rolled_back", entityType: "CalibrationSession", entityId: row.id, before: sessionAuditSnapshot(row) });
      }
    });
    throw new ApiError(503, "service_unavailable", "The workflow service is unavailable; the session was not created");
  }
  return toSessionJson(row);
}

/** Whom the session may be edited by, and what: structure only while draft; the deadline while open. */
function assertEditable(owner: Owner, state: SessionState, patch: SessionPatch, sessionId: number) {
  const structural = Object.keys(patch).some((k) => k !== "deadline");
  const role: SessionRole = owner;
  if (structural && !may([role], "edit", state)) {
    throw conflict(`Calibration session ${sessionId} is '${SESSION_STATE_LABELS[state]}'; its name, people and guideline can change only while it is a draft`, { session_id: sessionId, state });
  }
  if (patch.deadline !== undefined && !may([role], "set_deadline", state)) {
    throw conflict(`Calibration session ${sessionId} is closed; nothing in it changes any more`, { session_id: sessionId, state });
  }
}

/** Load the session for its owner (the HR partner who created it, or a super admin). */
export async function requireOwnedSession(client: Client, current: CurrentUser, owner: Owner, cycleId: number, sessionId: number): Promise<SessionRow> {
  const row = await requireSession(client, cycleId, sessionId);
  if (!rolesIn(row, current).includes(owner)) {
    throw forbidden(owner === "admin" ? "Only a super admin can do this" : "Only the HR partner who created this calibration session can change it");
  }
  return row;
}

/** Edit a session (PATCH: any subset of the create fields). */
export async function updateSession(current: CurrentUser, owner: Owner, cycleId: number, sessionId: number, body: unknown): Promise<SessionJson> {
  assertNotSpoofing(current);
  const patch = SessionPatchSchema.parse(body);
  const db = await getDb();
  const before = await requireOwnedSession(db, current, owner, cycleId, sessionId);
  assertEditable(owner, stateOf(before), patch, sessionId);
  const { deadline, ...structure } = patch;
  if (Object.keys(structure).length) {
    await db.$transaction(async (tx) => {
      // The session row's lock: an activation cannot slip in between the draft check and the writes.
      await tx.$queryRaw`SELECT "id" FROM "CalibrationSession" WHERE "id" = ${sessionId} FOR UPDATE`;
      const row = await requireOwnedSession(tx, current, owner, cycleId, sessionId);
      assertEditable(owner, stateOf(row), structure, sessionId);
      const participantIds = structure.participant_ids ?? (await tx.calibrationSessionParticipant.findMany({ where: { sessionId }, select: { participantId: true } })).map((p) => p.participantId);
      const members = {
        session_admin_id: structure.session_admin_id ?? row.members.find((m) => m.role === "ADMIN")?.userId ?? 0,
        panelist_ids: structure.panelist_ids ?? row.members.filter((m) => m.role === "PANELIST").map((m) => m.userId),
        sign_off_ids: structure.sign_off_ids ?? row.members.filter((m) => m.role === "SIGN_OFF").map((m) => m.userId),
      };
      const people = await checkParticipants(tx, current, owner, cycleId, participantIds, sessionId);
      await checkMembers(tx, members, new Set(people.map((p) => p.userId)));
      if (structure.participant_ids) {
        await proposeFor(tx, current, cycleId, participantIds);
        // Someone with a history here (moved in from a running session) cannot be removed: it would delete that history.
        const kept = await tx.calibrationSessionParticipant.findMany({
          where: { sessionId, participantId: { notIn: participantIds }, OR: [{ changes: { some: {} } }, { proposals: { some: {} } }, { comments: { some: {} } }] },
          select: { participant: { select: { user: { select: { email: true } } } } },
        });
        if (kept.length) {
          const emails = kept.map((k) => k.participant.user.email);
          throw conflict(`These participants have a calibration history in this session and cannot be removed: ${emails.join(", ")}`, { participants: emails, reason: "calibration_history" });
        }
        await tx.calibrationSessionParticipant.deleteMany({ where: { sessionId, participantId: { notIn: participantIds } } });
        const have = new Set((await tx.calibrationSessionParticipant.findMany({ where: { sessionId }, select: { participantId: true } })).map((p) => p.participantId));
        const added = await tx.participant.findMany({ where: { id: { in: participantIds.filter((id) => !have.has(id)) } }, select: { id: true, proposedRating: true, proposedPotential: true } });
        if (added.length) {
          await tx.calibrationSessionParticipant.createMany({ data: added.map((p) => ({ sessionId, participantId: p.id, kind: "RATING" as const, rating: p.proposedRating, potential: p.proposedPotential })) });
        }
      }
      if (structure.session_admin_id || structure.panelist_ids || structure.sign_off_ids) {
        await tx.calibrationSessionMember.deleteMany({ where: { sessionId } });
        await tx.calibrationSessionMember.createMany({ data: memberRows(members).map((m) => ({ ...m, sessionId })) });
      }
      const after = await tx.calibrationSession.update({
        where: { id: sessionId },
        data: { name: structure.name, guideline: structure.guideline, version: { increment: 1 } },
        include: sessionInclude,
      });
      await recordAudit(tx, current.actor, { action: "calibration_session.update", entityType: "CalibrationSession", entityId: sessionId, before: sessionAuditSnapshot(row), after: sessionAuditSnapshot(after) });
    });
  }
  if (deadline !== undefined) await setDeadlineThroughWorkflow(current.actor, sessionId, deadline);
  return toSessionJson(await requireSession(db, cycleId, sessionId));
}

/** Activate a draft session (HR partner owner or admin); the workflow refuses it outside the calibration stage. */
export async function activateSession(current: CurrentUser, owner: Owner, cycleId: number, sessionId: number): Promise<SessionJson> {
  assertNotSpoofing(current);
  const db = await getDb();
  await requireOwnedSession(db, current, owner, cycleId, sessionId);
  await transitionSession(current.actor, sessionId, "activate");
  return toSessionJson(await requireSession(db, cycleId, sessionId));
}

/** The sessions of a cycle where `current` holds `role` (admin: all of them). */
export async function listSessions(current: CurrentUser, role: SessionRole, cycleId: number): Promise<SessionJson[]> {
  const db = await getDb();
  await requireCycle(db, cycleId);
  const rows = await db.calibrationSession.findMany({ where: { cycleId, kind: "RATING", ...roleWhere(role, current.user.id) }, include: sessionInclude, orderBy: { id: "asc" } });
  return rows.map(toSessionJson);
}

/** The cycles in which `current` holds `role` in some session (HR partner: also cycles with their participants). */
export async function cyclesForRole(current: CurrentUser, role: SessionRole): Promise<Array<{ id: number; name: string; state: string; stage_label: string }>> {
  const db = await getDb();
  const where =
    role === "hr_partner"
      ? { OR: [{ participants: { some: { hrPartnerId: current.user.id } } }, { calibrationSessions: { some: { kind: "RATING" as const, createdById: current.user.id } } }] }
      : role === "admin"
        ? {}
        : { calibrationSessions: { some: { kind: "RATING" as const, ...roleWhere(role, current.user.id) } } };
  const rows = await db.cycle.findMany({ where, orderBy: { id: "desc" }, select: { id: true, name: true, state: true } });
  return rows.map((c) => {
    const stage = c.state.toLowerCase() as keyof typeof STAGE_LABELS;
    return { id: c.id, name: c.name, state: stage, stage_label: STAGE_LABELS[stage] ?? c.state };
  });
}

/** Participants of the cycle for the HR partner (theirs) or the admin (all), with the session each is in. */
export async function sessionParticipantsPool(current: CurrentUser, owner: Owner, cycleId: number, opts: { notInSession?: boolean } = {}): Promise<HrPartnerParticipantJson[]> {
  const db = await getDb();
  await requireCycle(db, cycleId);
  return poolRows(db, {
    cycleId,
    ...(owner === "hr_partner" ? { hrPartnerId: current.user.id } : {}),
    ...(opts.notInSession ? { reviewerOnly: false, calibrations: { none: { kind: "RATING" } } } : {}),
  });
}

/** A session's setup as its owner reads it: the session and its participants (not what its members wrote). */
export async function getSessionSetup(current: CurrentUser, owner: Owner, cycleId: number, sessionId: number): Promise<{ calibration_session: SessionJson; participants: HrPartnerParticipantJson[] }> {
  const db = await getDb();
  const row = await requireOwnedSession(db, current, owner, cycleId, sessionId);
  return { calibration_session: toSessionJson(row), participants: await poolRows(db, { cycleId, calibrations: { some: { sessionId, kind: "RATING" } } }) };
}

async function poolRows(db: Client, where: Prisma.ParticipantWhereInput): Promise<HrPartnerParticipantJson[]> {
  const rows = await db.participant.findMany({
    where,
    select: {
      id: true,
      proposedRating: true,
      calibratedRating: true,
      reviewerOnly: true,
      user: { select: { id: true, name: true, email: true, jobTitle: true, department: true } },
      manager: { select: { id: true, name: true, email: true } },
      calibrations: { where: { kind: "RATING" }, select: { session: { select: { id: true, name: true, state: true } } } },
    },
    orderBy: { id: "asc" },
  });
  // By name in en's collation (the API has no reader), then id: the set-up pages' order (ADR 0101).
  return sortByName(rows, "en", (r) => r.user.name).map((r) => {
    const s = r.calibrations[0]?.session;
    return {
      participant_id: r.id,
      user: { ...personJson(r.user), job_title: r.user.jobTitle, department: r.user.department },
      manager: r.manager ? personJson(r.manager) : null,
      proposed_rating: r.proposedRating,
      calibrated_rating: parseStoredRating(r.calibratedRating),
      reviewer_only: r.reviewerOnly,
      session: s ? { id: s.id, name: s.name, state: stateOf(s) } : null,
    };
  });
}
