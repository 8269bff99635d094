import type { Db, Tx } from "~/db.server";
import { fromDbState, type CycleStage } from "~/domain/cycle-stages";
import type { ReviewerType } from "~/domain/questionnaire";
import { notFound } from "~/services/api.server";
import { recordAudit, type Actor } from "~/services/audit.server";

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
 * The SPU feedback requests as one statement. Candidates are ranked like deriveMandatoryPanel
 * (self, manager, matrix manager, direct reports, matrix team; peers last): a person who is both, say,
 * the manager and an accepted peer is asked once, in the first role. MANAGER candidates take part in
 * the ranking (so the manager is never asked as a peer) but are opened later, in manager feedback.
 */
export async function openFeedbackRequests(tx: Tx, cycleId: number, actor: Actor): Promise<OpenFeedbackRequestsResult> {
  const closed = await tx.$executeRaw`
    UPDATE "PeerRequest" SET "status" = 'DECLINED', "updatedAt" = CURRENT_TIMESTAMP
    WHERE "cycleId" = ${cycleId} AND "status" = 'REQUESTED'`;

  const rows = await tx.$queryRaw<Array<{ type: string; n: number }>>`
    WITH subjects AS (
      SELECT "id", "userId", "managerId", "secondaryManagerId"
      FROM "Participant"
      WHERE "cycleId" = ${cycleId} AND NOT "reviewerOnly"
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

  const { byType, total } = countsOf(rows);
  const result: OpenFeedbackRequestsResult = { cycleId, created: byType, createdTotal: total, closedPeerRequests: closed };
  await recordAudit(tx, workflowActor(actor), {
    action: "cycle.feedback_requests_opened",
    entityType: "Cycle",
    entityId: cycleId,
    after: { created: byType, created_total: total, closed_peer_requests: closed },
  });
  return result;
}

/** The MANAGER requests as one statement, and the state of SPU feedback as it closes. */
export async function openManagerFeedback(tx: Tx, cycleId: number, actor: Actor): Promise<OpenManagerFeedbackResult> {
  const created = await tx.$executeRaw`
    INSERT INTO "Feedback" ("cycleId", "revieweeId", "reviewerId", "reviewerType", "answers", "status", "updatedAt")
    SELECT ${cycleId}, p."id", p."managerId", 'MANAGER'::"ReviewerType", '{}'::jsonb, 'DRAFT'::"FeedbackStatus", CURRENT_TIMESTAMP
    FROM "Participant" p
    WHERE p."cycleId" = ${cycleId} AND NOT p."reviewerOnly" AND p."managerId" IS NOT NULL AND p."managerId" <> p."userId"
    ON CONFLICT ("cycleId", "revieweeId", "reviewerId") DO NOTHING`;

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
  | { stage: CycleStage; none: true };

/** The effects of entering `to`; called by applyCycleTransition in the transaction of the state change. */
export async function applyStageEffects(tx: Tx, cycleId: number, to: CycleStage, actor: Actor): Promise<StageEffectsResult> {
  if (to === "spu_feedback") return { stage: to, spu: await openFeedbackRequests(tx, cycleId, actor) };
  if (to === "manager_feedback") return { stage: to, manager: await openManagerFeedback(tx, cycleId, actor) };
  return { stage: to, none: true };
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
  if (!row) throw notFound(`Cycle ${cycleId} not found`);
  return fromDbState(row.state);
}
