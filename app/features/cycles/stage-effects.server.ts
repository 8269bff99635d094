import type { Db, Tx } from "~/platform/db.server";
import { Prisma } from "~/generated/prisma/client.ts";
import { fromDbState, type CycleStage } from "~/features/cycles/rules";
import type { ReviewerType } from "~/features/questionnaires/rules";
import { cycleNotFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { openCalibration } from "~/features/calibration/proposed.server";

/**
 * Stage effects of the cycle workflow (docs/decisions/0021-feedback-requests-and-360.md).
 *
 * They run INSIDE the transaction of the `applyCycleTransition` activity that changes Cycle.state, so a
 * cycle is never in a stage without its effects (and a rolled-back move leaves no effect behind):
 *  - entering spu_feedback: selection closes (unanswered peer requests are DECLINED with respondedAt
 *    NULL) and a DRAFT Feedback row is opened for every mandatory non-manager reviewer (SELF,
 *    MATRIX_MANAGER, DIRECT_REPORT, MATRIX_TEAM) and every ACCEPTED peer of each participant that
 *    receives feedback (not reviewer-only);
 *  - entering manager_feedback: peer feedback closes (writers check the stage) and a MANAGER DRAFT row
 *    is opened for each participant receiving feedback who has a manager.
 * Each effect is one set-based statement (INSERT … SELECT … ON CONFLICT DO NOTHING), so running it
 * again creates nothing, and a cycle of 50,000 participants takes one statement, not 50,000.
 * Every run writes one audit record (source workflow) with the counts.
 *
 * The same statements, scoped to a set of participants (RequestScope), open the work of the current
 * stage for participants added or re-managed while it is open: openWorkOfCurrentStage, called by every
 * participant write (single create/update, each chunk of the bulk participant jobs) in its transaction.
 */

type Client = Db | Tx;

export type TypeCounts = Record<string, number>;

export type OpenFeedbackRequestsResult = {
  cycleId: number;
  /** Rows created now, by reviewer type. */
  created: TypeCounts;
  createdTotal: number;
  /** Peer requests still REQUESTED when selection closed, now DECLINED (respondedAt stays NULL). */
  closedPeerRequests: number;
};

export type OpenManagerFeedbackResult = {
  cycleId: number;
  created: number;
  /** Participants receiving feedback without a manager (no manager feedback is asked for them). */
  withoutManager: number;
  /** SPU feedback still open (DRAFT) when it closed, by reviewer type: it can no longer be given. */
  unsubmittedSpu: TypeCounts;
  submittedSpu: number;
};

const workflowActor = (actor: Actor): Actor => ({ ...actor, source: "workflow" });

function countsOf(rows: Array<{ type: string; n: number }>): { byType: TypeCounts; total: number } {
  const byType: TypeCounts = {};
  let total = 0;
  for (const r of rows) {
    byType[r.type] = Number(r.n);
    total += Number(r.n);
  }
  return { byType, total };
}

/**
 * Whom a request-opening statement is for: `null` = every participant of the cycle (a stage move), or
 * the participants (ids) just added or re-managed while the stage is open (single create/update and each
 * chunk of a bulk participant job). A scoped run opens exactly the rows a whole-cycle run would open for
 * every pair (reviewee, reviewer) where the reviewee is one of them or the reviewer is one of their users:
 * the only pairs whose candidates a participant's creation or change of manager, secondary manager or
 * reviewer-only flag can add.
 */
export type RequestScope = readonly number[] | null;

const scopeIdsJson = (scope: readonly number[]) => JSON.stringify(scope.map(Number));

/**
 * DRAFT rows for SPU feedback as one INSERT … SELECT … ON CONFLICT DO NOTHING (the unique key
 * (cycle, reviewee, reviewer) makes a re-run create nothing). Candidates are ranked like
 * deriveMandatoryPanel (self, manager, matrix manager, direct reports, matrix team; peers last): a person
 * who is both, say, the manager and an accepted peer is asked once, in the first role. MANAGER candidates
 * take part in the ranking (so the manager is never asked as a peer) but are opened later, in manager
 * feedback. With a scope, the candidates of its reviewees are joined from them (`subjects` narrowed) and
 * the pairs where one of its users is the reviewer are added by the reviewer-side branches (every type,
 * so the ranking of such a pair sees all its candidates): indexed lookups, not a scan of the cycle.
 */
export async function insertSpuRequests(tx: Tx, cycleId: number, scope: RequestScope): Promise<{ byType: TypeCounts; total: number }> {
  const scopeCte = scope
    ? Prisma.sql`scope AS (
      SELECT p."id", p."userId" FROM "Participant" p
      WHERE p."cycleId" = ${cycleId} AND p."id" IN (SELECT value::int FROM jsonb_array_elements_text(${scopeIdsJson(scope)}::jsonb))
    ),`
    : Prisma.empty;
  const subjectFilter = scope ? Prisma.sql`AND "id" IN (SELECT "id" FROM scope)` : Prisma.empty;
  const reviewerSide = scope
    ? Prisma.sql`
      UNION ALL
      SELECT s."id", s."managerId", 'MANAGER', 2
      FROM scope sc JOIN "Participant" s ON s."cycleId" = ${cycleId} AND s."managerId" = sc."userId" AND NOT s."reviewerOnly"
      UNION ALL
      SELECT s."id", s."secondaryManagerId", 'MATRIX_MANAGER', 3
      FROM scope sc JOIN "Participant" s ON s."cycleId" = ${cycleId} AND s."secondaryManagerId" = sc."userId" AND NOT s."reviewerOnly"
      UNION ALL
      SELECT s."id", r."userId", 'DIRECT_REPORT', 4
      FROM scope sc JOIN "Participant" r ON r."id" = sc."id"
      JOIN "Participant" s ON s."cycleId" = ${cycleId} AND s."userId" = r."managerId" AND NOT s."reviewerOnly"
      UNION ALL
      SELECT s."id", r."userId", 'MATRIX_TEAM', 5
      FROM scope sc JOIN "Participant" r ON r."id" = sc."id"
      JOIN "Participant" s ON s."cycleId" = ${cycleId} AND s."userId" = r."secondaryManagerId" AND NOT s."reviewerOnly"
      UNION ALL
      SELECT s."id", pr."reviewerId", 'PEER', 6
      FROM scope sc JOIN "PeerRequest" pr ON pr."cycleId" = ${cycleId} AND pr."reviewerId" = sc."userId" AND pr."status" = 'ACCEPTED'
      JOIN "Participant" s ON s."id" = pr."participantId" AND NOT s."reviewerOnly"`
    : Prisma.empty;

  const rows = await tx.$queryRaw<Array<{ type: string; n: number }>>`
    WITH ${scopeCte}
    subjects AS (
      SELECT "id", "userId", "managerId", "secondaryManagerId"
      FROM "Participant"
      WHERE "cycleId" = ${cycleId} AND NOT "reviewerOnly" ${subjectFilter}
    ),
    candidates AS (
      SELECT s."id" AS reviewee, s."userId" AS reviewer, 'SELF' AS type, 1 AS rank FROM subjects s
      UNION ALL
      SELECT s."id", s."managerId", 'MANAGER', 2 FROM subjects s WHERE s."managerId" IS NOT NULL
      UNION ALL
      SELECT s."id", s."secondaryManagerId", 'MATRIX_MANAGER', 3 FROM subjects s WHERE s."secondaryManagerId" IS NOT NULL
      UNION ALL
      SELECT s."id", r."userId", 'DIRECT_REPORT', 4
      FROM subjects s JOIN "Participant" r ON r."cycleId" = ${cycleId} AND r."managerId" = s."userId"
      UNION ALL
      SELECT s."id", r."userId", 'MATRIX_TEAM', 5
      FROM subjects s JOIN "Participant" r ON r."cycleId" = ${cycleId} AND r."secondaryManagerId" = s."userId"
      UNION ALL
      SELECT s."id", pr."reviewerId", 'PEER', 6
      FROM subjects s JOIN "PeerRequest" pr ON pr."participantId" = s."id" AND pr."status" = 'ACCEPTED'
      ${reviewerSide}
    ),
    chosen AS (
      SELECT DISTINCT ON (reviewee, reviewer) reviewee, reviewer, type
      FROM candidates
      ORDER BY reviewee, reviewer, rank
    ),
    inserted AS (
      INSERT INTO "Feedback" ("cycleId", "revieweeId", "reviewerId", "reviewerType", "answers", "status", "updatedAt")
      SELECT ${cycleId}, reviewee, reviewer, type::"ReviewerType", '{}'::jsonb, 'DRAFT'::"FeedbackStatus", CURRENT_TIMESTAMP
      FROM chosen
      WHERE type <> 'MANAGER'
      ON CONFLICT ("cycleId", "revieweeId", "reviewerId") DO NOTHING
      RETURNING "reviewerType"
    )
    SELECT "reviewerType"::text AS type, count(*)::int AS n FROM inserted GROUP BY 1 ORDER BY 1`;
  return countsOf(rows);
}

/**
 * MANAGER DRAFT rows as one INSERT … SELECT … ON CONFLICT DO NOTHING: one per participant receiving
 * feedback who has a manager (with a scope: per such participant among them). Rows of an earlier
 * manager stay (a re-managed participant's old manager keeps the request, the new one gets one).
 */
export async function insertManagerRequests(tx: Tx, cycleId: number, scope: RequestScope): Promise<number> {
  const scopeFilter = scope ? Prisma.sql`AND p."id" IN (SELECT value::int FROM jsonb_array_elements_text(${scopeIdsJson(scope)}::jsonb))` : Prisma.empty;
  return tx.$executeRaw`
    INSERT INTO "Feedback" ("cycleId", "revieweeId", "reviewerId", "reviewerType", "answers", "status", "updatedAt")
    SELECT ${cycleId}, p."id", p."managerId", 'MANAGER'::"ReviewerType", '{}'::jsonb, 'DRAFT'::"FeedbackStatus", CURRENT_TIMESTAMP
    FROM "Participant" p
    WHERE p."cycleId" = ${cycleId} AND NOT p."reviewerOnly" AND p."managerId" IS NOT NULL AND p."managerId" <> p."userId" ${scopeFilter}
    ON CONFLICT ("cycleId", "revieweeId", "reviewerId") DO NOTHING`;
}

/** Entering SPU feedback: selection closes, then the requests of the whole cycle (insertSpuRequests). */
export async function openFeedbackRequests(tx: Tx, cycleId: number, actor: Actor): Promise<OpenFeedbackRequestsResult> {
  const closed = await tx.$executeRaw`
    UPDATE "PeerRequest" SET "status" = 'DECLINED', "updatedAt" = CURRENT_TIMESTAMP
    WHERE "cycleId" = ${cycleId} AND "status" = 'REQUESTED'`;
  const { byType, total } = await insertSpuRequests(tx, cycleId, null);
  const result: OpenFeedbackRequestsResult = { cycleId, created: byType, createdTotal: total, closedPeerRequests: closed };
  await recordAudit(tx, workflowActor(actor), {
    action: "cycle.feedback_requests_opened",
    entityType: "Cycle",
    entityId: cycleId,
    after: { created: byType, created_total: total, closed_peer_requests: closed },
  });
  return result;
}

/** Entering manager feedback: the MANAGER requests of the whole cycle, and the state of SPU feedback as it closes. */
export async function openManagerFeedback(tx: Tx, cycleId: number, actor: Actor): Promise<OpenManagerFeedbackResult> {
  const created = await insertManagerRequests(tx, cycleId, null);

  const [noManager] = await tx.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM "Participant"
    WHERE "cycleId" = ${cycleId} AND NOT "reviewerOnly" AND ("managerId" IS NULL OR "managerId" = "userId")`;
  const spu = await tx.$queryRaw<Array<{ type: string; status: string; n: number }>>`
    SELECT "reviewerType"::text AS type, "status"::text AS status, count(*)::int AS n FROM "Feedback"
    WHERE "cycleId" = ${cycleId} AND "reviewerType" <> 'MANAGER'
    GROUP BY 1, 2`;
  const unsubmitted = countsOf(spu.filter((r) => r.status === "DRAFT"));
  const submitted = countsOf(spu.filter((r) => r.status === "SUBMITTED"));

  const result: OpenManagerFeedbackResult = {
    cycleId,
    created,
    withoutManager: Number(noManager?.n ?? 0),
    unsubmittedSpu: unsubmitted.byType,
    submittedSpu: submitted.total,
  };
  await recordAudit(tx, workflowActor(actor), {
    action: "cycle.manager_feedback_opened",
    entityType: "Cycle",
    entityId: cycleId,
    after: {
      created: { MANAGER: created },
      without_manager: result.withoutManager,
      spu_feedback_closed: { submitted: submitted.total, not_submitted: unsubmitted.byType, not_submitted_total: unsubmitted.total },
    },
  });
  return result;
}

export type StageEffectsResult =
  | { stage: "spu_feedback"; spu: OpenFeedbackRequestsResult }
  | { stage: "manager_feedback"; manager: OpenManagerFeedbackResult }
  | { stage: "calibration"; calibration: { proposed: number } }
  | { stage: CycleStage; none: true };

/** The effects of entering `to`; called by applyCycleTransition in the transaction of the state change. */
export async function applyStageEffects(tx: Tx, cycleId: number, to: CycleStage, actor: Actor): Promise<StageEffectsResult> {
  if (to === "spu_feedback") return { stage: to, spu: await openFeedbackRequests(tx, cycleId, actor) };
  if (to === "manager_feedback") return { stage: to, manager: await openManagerFeedback(tx, cycleId, actor) };
  if (to === "calibration") return { stage: to, calibration: await openCalibration(tx, cycleId, actor) };
  return { stage: to, none: true };
}

export type OpenWorkResult = {
  cycleId: number;
  stage: "spu_feedback" | "manager_feedback";
  /** Participants the work was opened for (created or re-managed). */
  participants: number;
  /** Rows created now, by reviewer type. */
  created: TypeCounts;
  createdTotal: number;
};

/**
 * A participant added or re-managed (manager, secondary manager or reviewer-only changed) while a feedback
 * stage is open gets the requests the stage effects opened for everyone else, in the caller's transaction:
 * the same statements as the stage move, scoped to `participantIds` (RequestScope), so nobody is asked
 * twice. Used by the single create/update and by every chunk of the bulk participant jobs (ADR 0021).
 * The cycle's stage is read FOR SHARE (lockCycleStage): a concurrent stage move waits for this
 * transaction, or this one waits for the move and sees the new stage. Outside SPU feedback and manager
 * feedback, and for an empty set, nothing happens (null). Otherwise one audit record on the Cycle with the
 * counts (`cycle.feedback_requests_opened` / `cycle.manager_feedback_opened`, the caller's actor).
 */
export async function openWorkOfCurrentStage(tx: Tx, cycleId: number, participantIds: readonly number[], actor: Actor): Promise<OpenWorkResult | null> {
  if (participantIds.length === 0) return null;
  const stage = await lockCycleStage(tx, cycleId);
  let created: TypeCounts;
  let createdTotal: number;
  let action: string;
  if (stage === "spu_feedback") {
    ({ byType: created, total: createdTotal } = await insertSpuRequests(tx, cycleId, participantIds));
    action = "cycle.feedback_requests_opened";
  } else if (stage === "manager_feedback") {
    createdTotal = await insertManagerRequests(tx, cycleId, participantIds);
    created = { MANAGER: createdTotal };
    action = "cycle.manager_feedback_opened";
  } else {
    return null;
  }
  const participants = new Set(participantIds).size;
  await recordAudit(tx, actor, {
    action,
    entityType: "Cycle",
    entityId: cycleId,
    after: { created, created_total: createdTotal, for_participants: participants },
  });
  return { cycleId, stage, participants, created, createdTotal };
}

/**
 * Open work of a feedback stage: DRAFT rows of `types` per reviewer (user id → number of reviewees still
 * waiting). Once the stage effects have run, the rows ARE the requests, so reminders (pending work, nudges)
 * can target exactly the reviewers with something left to give: SPU_FEEDBACK_TYPES in the SPU feedback
 * stage, MANAGER_FEEDBACK_TYPES in the manager feedback stage.
 */
export async function openRequestsByReviewer(client: Client, cycleId: number, types: readonly ReviewerType[]): Promise<Map<number, number>> {
  const rows = await client.feedback.groupBy({
    by: ["reviewerId"],
    where: { cycleId, status: "DRAFT", reviewerType: { in: [...types] } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.reviewerId, r._count._all]));
}

/**
 * For writers whose rule depends on the stage (feedback answers, peer choices): read the cycle's
 * stage with a FOR SHARE row lock inside the write transaction. A stage change (UPDATE of the row)
 * then waits for the write to commit, and a write that starts after the change sees the new stage,
 * so no write can slip in on the wrong side of a stage effect. 404 for an unknown cycle.
 */
export async function lockCycleStage(tx: Client, cycleId: number): Promise<CycleStage> {
  const rows = await tx.$queryRaw<Array<{ state: string }>>`SELECT "state"::text AS state FROM "Cycle" WHERE "id" = ${cycleId} FOR SHARE`;
  const row = rows[0];
  if (!row) throw cycleNotFound(cycleId);
  return fromDbState(row.state);
}
