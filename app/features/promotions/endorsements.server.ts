import { getDb, type Tx } from "~/platform/db.server";
import { ApiError, conflict, forbidden, notFound, unprocessable } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { rolesIn, stateOf } from "~/features/calibration/model.server";
import { withLockedSession } from "~/features/calibration/meeting.server";
import {
  endorsementDeadline,
  isEndorsementOpen,
  parseEndorsementRule,
  parseEndorsementStatus,
  skipLevelEndorser,
  validateEndorsementEvent,
  type EndorsementAction,
} from "~/features/promotions/rules";
import { EndorseSchema, EndorsementRequestSchema, RejectSchema } from "~/features/promotions/schemas";
import { endorsementAudit, endorsementInclude, personJson, promotionCheck, toEndorsementJson} from "~/features/promotions/model.server";
import { startEndorsementWorkflow, terminateEndorsementWorkflow, updateEndorsement } from "~/features/promotions/endorsement-workflow.server";
import type { EndorsementDetailJson, EndorsementJson } from "~/features/promotions/types";

/**
 * Endorsement requests (ADR 0028): the session admin (or the cycle's rule) asks endorsers; each request
 * is its own workflow; the endorser accepts or rejects it, then writes the endorsement. Only the endorser
 * acts on a request, only while it is open (the workflow's validator: 409 otherwise).
 */

type NewRequest = { id: number; status: string; deadline: Date | null; createdAt: Date; cycleId: number };

/**
 * Ask these people to endorse a nomination, in the caller's transaction: a new row per endorser, or a
 * request that ended (rejected, expired, cancelled) asked again. Open or completed requests stay as they are.
 * Returns the rows whose workflows the caller starts once the transaction has committed.
 */
export async function createRequests(
  tx: Tx,
  actor: Actor,
  input: { cycleId: number; sessionId: number; nominationId: number; endorserIds: readonly number[]; deadline: Date; source: "session_admin" | "cycle_rule" },
): Promise<NewRequest[]> {
  const existing = await tx.endorsement.findMany({ where: { nominationId: input.nominationId, endorserId: { in: [...input.endorserIds] } } });
  const out: NewRequest[] = [];
  for (const endorserId of input.endorserIds) {
    const prev = existing.find((e) => e.endorserId === endorserId);
    const status = prev ? parseEndorsementStatus(prev.status) : null;
    if (status && (isEndorsementOpen(status) || status === "endorsed")) continue;
    const fresh = { status: "requested", outcome: null, body: null, rejectReason: null, respondedAt: null, endorsedAt: null, deadline: input.deadline, sessionId: input.sessionId, source: input.source };
    const row = prev
      ? await tx.endorsement.update({ where: { id: prev.id }, data: { ...fresh, createdAt: new Date() } })
      : await tx.endorsement.create({ data: { nominationId: input.nominationId, endorserId, ...fresh } });
    await recordAudit(tx, actor, {
      action: prev ? "endorsement.request_again" : "endorsement.request",
      entityType: "Endorsement",
      entityId: row.id,
      before: prev ? endorsementAudit(prev) : null,
      after: { ...endorsementAudit(row), session_id: input.sessionId, source: input.source },
    });
    out.push({ id: row.id, status: row.status, deadline: row.deadline, createdAt: row.createdAt, cycleId: input.cycleId });
  }
  return out;
}

/**
 * The cycle's rule (e.g. the skip-level manager) for nominations joining a promotion session, in the
 * caller's transaction (ADR 0028). Returns the requests whose workflows the caller starts.
 */
export async function requestsByCycleRule(tx: Tx, actor: Actor, cycleId: number, sessionId: number, nominationIds: readonly number[]): Promise<NewRequest[]> {
  const cycle = await tx.cycle.findUniqueOrThrow({ where: { id: cycleId }, select: { endorsementRule: true, endorsementDays: true } });
  if (parseEndorsementRule(cycle.endorsementRule) !== "skip_level_manager" || !nominationIds.length) return [];
  const nominations = await tx.promotionNomination.findMany({
    where: { id: { in: [...nominationIds] } },
    select: { id: true, participant: { select: { userId: true, manager: { select: { manager: { select: { id: true, active: true } } } } } } },
  });
  const deadline = endorsementDeadline(Date.now(), cycle.endorsementDays);
  const out: NewRequest[] = [];
  for (const n of nominations) {
    const skip = n.participant.manager?.manager;
    const endorserId = skip?.active ? skipLevelEndorser({ userId: n.participant.userId, managerManagerId: skip.id }) : null;
    if (endorserId == null) continue;
    out.push(...(await createRequests(tx, actor, { cycleId, sessionId, nominationId: n.id, endorserIds: [endorserId], deadline, source: "cycle_rule" })));
  }
  return out;
}

/**
 * Start the workflows of requests just committed. A request whose workflow cannot start is cancelled
 * again (audited), so no request waits for an answer nobody was told about; then 503.
 */
export async function startRequests(actor: Actor, rows: readonly NewRequest[]): Promise<void> {
  const failed: number[] = [];
  for (const row of rows) {
    try {
      await startEndorsementWorkflow(row);
    } catch (err) {
      console.error(`Endorsement ${row.id}: could not start its workflow`, err);
      failed.push(row.id);
    }
  }
  if (!failed.length) return;
  const db = await getDb();
  // A start that timed out here may still have started the workflow: end it before the row says cancelled.
  for (const id of failed) await terminateEndorsementWorkflow(id, "Its start failed; the request was rolled back");
  await db.$transaction(async (tx) => {
    for (const id of failed) {
      const before = await tx.endorsement.findUniqueOrThrow({ where: { id } });
      await tx.endorsement.update({ where: { id }, data: { status: "cancelled" } });
      await recordAudit(tx, { ...actor, source: "system" }, { action: "endorsement.request_rolled_back", entityType: "Endorsement", entityId: id, before: endorsementAudit(before), after: { status: "cancelled" } });
    }
  });
  throw new ApiError(503, "service_unavailable", `The workflow service is unavailable; ${failed.length} endorsement request${failed.length === 1 ? " was" : "s were"} not sent`, { endorsement_ids: failed });
}

/** Session admin (or the HR partner who runs the session): ask endorsers for a nomination of the session. */
export async function requestEndorsements(current: CurrentUser, cycleId: number, sessionId: number, nominationId: number, body: unknown): Promise<EndorsementJson[]> {
  const input = EndorsementRequestSchema.parse(body);
  const rows = await withLockedSession(current, "PROMOTION", cycleId, sessionId, promotionCheck(current, "request_endorsement"), async (tx) => {
    const sp = await tx.calibrationSessionParticipant.findFirst({
      where: { sessionId, kind: "PROMOTION", participant: { nominations: { some: { id: nominationId } } } },
      select: { participant: { select: { userId: true, nominations: { select: { id: true, status: true } } } }, terminatedAt: true },
    });
    if (!sp) throw notFound(`Nomination ${nominationId} is not in promotion calibration session ${sessionId}`);
    if (sp.terminatedAt || sp.participant.nominations[0]?.status !== "nominated") throw conflict(`Nomination ${nominationId} is no longer active`, { nomination_id: nominationId });
    if (input.endorser_ids.includes(sp.participant.userId)) throw unprocessable("A nominee cannot endorse their own nomination");
    const users = await tx.user.findMany({ where: { id: { in: input.endorser_ids }, active: true }, select: { id: true } });
    const unknown = input.endorser_ids.filter((id) => !users.some((u) => u.id === id));
    if (unknown.length) throw unprocessable(`Unknown or inactive users: ${unknown.join(", ")}`, { user_ids: unknown });
    const cycle = await tx.cycle.findUniqueOrThrow({ where: { id: cycleId }, select: { endorsementDays: true } });
    const deadline = endorsementDeadline(Date.now(), cycle.endorsementDays, input.deadline);
    if (deadline.getTime() <= Date.now()) throw unprocessable("The deadline must be in the future");
    return createRequests(tx, current.actor, { cycleId, sessionId, nominationId, endorserIds: input.endorser_ids, deadline, source: "session_admin" });
  });
  await startRequests(current.actor, rows);
  const db = await getDb();
  const saved = await db.endorsement.findMany({ where: { id: { in: rows.map((r) => r.id) } }, include: endorsementInclude, orderBy: { id: "asc" } });
  return saved.map((r) => toEndorsementJson(r, true));
}

// ---------------------------------------------------------------------------------------------
// The endorser

async function requireRequest(cycleId: number, nominationId: number, endorserId: number) {
  const db = await getDb();
  const row = await db.endorsement.findFirst({
    where: { nominationId, endorserId, nomination: { participant: { cycleId } } },
    include: { ...endorsementInclude, nomination: { select: { ...endorsementInclude.nomination.select, status: true } }, session: { select: { id: true, state: true } } },
  });
  if (!row) throw notFound(`No endorsement request of user ${endorserId} for nomination ${nominationId} in cycle ${cycleId}`);
  return row;
}

/** The endorser accepts, rejects or endorses (POST cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}/{action}). */
export async function answerEndorsement(
  current: CurrentUser,
  cycleId: number,
  nominationId: number,
  endorserId: number,
  action: EndorsementAction,
  body: unknown,
): Promise<EndorsementJson> {
  const endorse = action === "endorse" ? EndorseSchema.parse(body) : null;
  const reject = action === "reject" ? RejectSchema.parse(body ?? {}) : null;
  assertNotSpoofing(current);
  // Before any read: whether someone else was asked to endorse whom is not the caller's to learn.
  if (endorserId !== current.user.id) throw forbidden("Only the endorser can answer this endorsement request");
  const row = await requireRequest(cycleId, nominationId, endorserId);
  if (row.session && stateOf(row.session) === "closed") {
    throw conflict(`The promotion calibration session of this request is closed; it can no longer change`, { endorsement_id: row.id });
  }
  if (row.nomination.status !== "nominated") throw conflict("The nomination was withdrawn; this request can no longer change", { endorsement_id: row.id });
  // The same check as the workflow's validator, so a closed request answers 409 even when its workflow has ended.
  const check = validateEndorsementEvent(parseEndorsementStatus(row.status), action, row.id);
  if (!check.ok) throw conflict(check.message, { endorsement_id: row.id, status: row.status });
  await updateEndorsement(row.id, { event: action, actor: current.actor, body: endorse?.endorsement ?? null, outcome: endorse?.outcome ?? null, reason: reject?.reason ?? null });
  const saved = await (await getDb()).endorsement.findUniqueOrThrow({ where: { id: row.id }, include: endorsementInclude });
  return toEndorsementJson(saved, true);
}

/** GET endorsements: the signed-in user's requests (newest first), optionally of one cycle. */
export async function listMyEndorsements(current: CurrentUser, cycleId?: number): Promise<EndorsementJson[]> {
  const db = await getDb();
  const rows = await db.endorsement.findMany({
    where: { endorserId: current.user.id, ...(cycleId ? { nomination: { participant: { cycleId } } } : {}) },
    include: endorsementInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((r) => toEndorsementJson(r, true));
}

/**
 * GET cycles/{cycle_id}/endorsements/{endorsement_id}: the endorser, a member of the promotion session
 * that holds the nomination, or a super admin (ADR 0028: nobody else reads what an endorser wrote).
 */
export async function getEndorsement(current: CurrentUser, cycleId: number, endorsementId: number): Promise<EndorsementDetailJson> {
  const db = await getDb();
  const row = await db.endorsement.findFirst({
    where: { id: endorsementId, nomination: { participant: { cycleId } } },
    include: {
      ...endorsementInclude,
      nomination: { select: { ...endorsementInclude.nomination.select, status: true, rationale: true, nominatedBy: { select: { id: true, name: true, email: true } } } },
    },
  });
  if (!row) throw notFound(`Endorsement request ${endorsementId} not found in cycle ${cycleId}`);
  const isEndorser = row.endorserId === current.user.id;
  // Not found, rather than forbidden, for whoever may not read it: that a request exists is not theirs to learn.
  if (!isEndorser && !(await maySeeEndorsement(current, row))) throw notFound(`Endorsement request ${endorsementId} not found in cycle ${cycleId}`);
  const status = parseEndorsementStatus(row.status);
  const closed = row.sessionId ? stateOf((await db.calibrationSession.findUniqueOrThrow({ where: { id: row.sessionId }, select: { state: true } }))) === "closed" : false;
  const can = (a: EndorsementAction) => isEndorser && !closed && row.nomination.status === "nominated" && validateEndorsementEvent(status, a, row.id).ok;
  return {
    ...toEndorsementJson(row, true),
    rationale: row.nomination.rationale,
    nominated_by: row.nomination.nominatedBy ? personJson(row.nomination.nominatedBy) : null,
    can: { accept: can("accept"), reject: can("reject"), endorse: can("endorse") },
  };
}

async function maySeeEndorsement(current: CurrentUser, row: { nomination: { participant: { id: number } } }): Promise<boolean> {
  if (current.user.role === "SUPER_ADMIN") return true;
  const db = await getDb();
  const sp = await db.calibrationSessionParticipant.findFirst({
    where: { participantId: row.nomination.participant.id, kind: "PROMOTION" },
    select: { session: { select: { createdById: true, members: { select: { userId: true, role: true } } } } },
  });
  return !!sp && rolesIn(sp.session, current).length > 0;
}
