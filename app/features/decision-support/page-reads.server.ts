import type { FeedbackStatus, ReviewerType } from "~/generated/prisma/client.ts";
import { sqlRows } from "~/platform/sql.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { fromDbState, type CycleStage } from "~/features/cycles/rules";
import { FEEDBACK_STAGE_OF, fromDbReviewerType } from "~/features/participants/rules";
import { owedFeedbackFrom } from "~/features/nudges/pending-work.server";
import { INACTIVE_STAGES, isMetricType, type InactiveParticipantView, type MetricType, type RecentReportJob } from "~/features/decision-support/rules";
import type { JobView } from "~/features/jobs/rules";

/**
 * The decision support pages' own reads in ONE prepared statement each (issue 27: at most 3 round trips a page):
 *
 *  - the reports page: the cycle, the rows the inactive participants are decided from (participants with their users,
 *    the cycle's feedback and peer requests, each only in the stages that need them) and the latest report jobs with
 *    the metric of each (its `params` file). The inactive participants are decided here by the same rules as
 *    inactiveParticipantsFor (inactive.server.ts, the API's read, built on the nudges' pending work): the feedback
 *    owed by the nudges' own `owedFeedbackFrom`, the reminders' reasons as the nudges' keys (ADR 0088).
 *    tests/integration/decision-support-page-reads.test.ts compares the two in every stage.
 *  - the Therma-scan upload page: the cycle and how many of its participants have a stored scan.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

type ParticipantRow = {
  id: number;
  userId: number;
  managerId: number | null;
  secondaryManagerId: number | null;
  reviewerOnly: boolean;
  email: string;
  name: string;
  active: boolean;
  department: string | null;
  managerEmail: string | null;
};
type FeedbackRow = { revieweeId: number; reviewerId: number; reviewerType: ReviewerType; status: FeedbackStatus; answered: boolean };
type RequestRow = { participantId: number; reviewerId: number; status: "REQUESTED" | "ACCEPTED" | "DECLINED" };
type JobRow = { id: number; status: string; created_at: string; params: string | null };
type ReportsRow = {
  id: number;
  name: string;
  state: string;
  participants: ParticipantRow[];
  feedbacks: FeedbackRow[];
  requests: RequestRow[];
  jobs: JobRow[];
};

const REPORTS_SQL = `
SELECT c."id", c."name", c."state"::text AS "state",
  (SELECT COALESCE(json_agg(json_build_object(
      'id', p."id", 'userId', p."userId", 'managerId', p."managerId", 'secondaryManagerId', p."secondaryManagerId",
      'reviewerOnly', p."reviewerOnly", 'email', u."email", 'name', u."name", 'active', u."active",
      'department', u."department", 'managerEmail', m."email") ORDER BY p."id"), '[]'::json)
     FROM "Participant" p JOIN "User" u ON u."id" = p."userId" LEFT JOIN "User" m ON m."id" = p."managerId"
     WHERE p."cycleId" = c."id" AND c."state"::text IN ('START', 'SPU_FEEDBACK', 'MANAGER_FEEDBACK')) AS "participants",
  (SELECT COALESCE(json_agg(json_build_object(
      'revieweeId', f."revieweeId", 'reviewerId', f."reviewerId", 'reviewerType', f."reviewerType"::text,
      'status', f."status"::text, 'answered', f."answers" <> '{}'::jsonb)), '[]'::json)
     FROM "Feedback" f
     WHERE f."cycleId" = c."id" AND c."state"::text IN ('SPU_FEEDBACK', 'MANAGER_FEEDBACK')) AS "feedbacks",
  (SELECT COALESCE(json_agg(json_build_object('participantId', r."participantId", 'reviewerId', r."reviewerId", 'status', r."status"::text)), '[]'::json)
     FROM "PeerRequest" r
     WHERE r."cycleId" = c."id" AND c."state"::text IN ('START', 'SPU_FEEDBACK')) AS "requests",
  (SELECT COALESCE(json_agg(json_build_object(
      'id', j."id", 'status', j."status"::text, 'created_at', to_char(j."createdAt", ${ISO}),
      'params', encode(pf."content", 'base64')) ORDER BY j."createdAt" DESC, j."id" DESC), '[]'::json)
     FROM (SELECT "id", "status", "createdAt" FROM "Job"
           WHERE "cycleId" = c."id" AND "type" = 'DOWNLOAD_PARTICIPANTS_REPORT'
           ORDER BY "createdAt" DESC, "id" DESC LIMIT $2) j
     LEFT JOIN "JobFile" pf ON pf."jobId" = j."id" AND pf."kind" = 'params') AS "jobs"
FROM "Cycle" c WHERE c."id" = $1`;

export type ReportsPageRead = {
  cycle: { id: number; name: string; state: string };
  stage: CycleStage;
  inactive: InactiveParticipantView[];
  recentJobs: RecentReportJob[];
};

/** The reports page's read (null: no such cycle). `recent`: how many of the latest report jobs. */
export async function readReportsPage(cycleId: number, recent: number): Promise<ReportsPageRead | null> {
  const [row] = await sqlRows<ReportsRow>("decision-support.reports-page", REPORTS_SQL, [cycleId, recent]);
  if (!row) return null;
  const stage = fromDbState(row.state);
  return {
    cycle: { id: row.id, name: row.name, state: stage },
    stage,
    inactive: inactiveFromRows(stage, row.name, row.participants, row.feedbacks, row.requests),
    recentJobs: row.jobs.map((j) => ({
      id: j.id,
      status: j.status.toLowerCase() as JobView["status"],
      created_at: j.created_at,
      metric_type: metricOf(j.params),
    })),
  };
}

/** The metric of a report job's `params` file (base64); null when the file is missing or damaged (as listReportJobs). */
function metricOf(base64: string | null): MetricType | null {
  if (!base64) return null;
  try {
    const params = JSON.parse(Buffer.from(base64, "base64").toString("utf8")) as { metric_type?: unknown };
    return isMetricType(params?.metric_type) ? params.metric_type : null;
  } catch {
    return null;
  }
}

/**
 * The cycle's inactive participants from its rows (pure): whom a nudge would remind now (pending-work.server.ts's
 * rules: peer choice and peer requests in the start stage, the feedback owed in a feedback stage; active users only,
 * one entry a person, by name then email), less anyone who made progress on it (inactive.server.ts's rules).
 */
export function inactiveFromRows(
  stage: CycleStage,
  cycleName: string,
  participants: readonly ParticipantRow[],
  feedbacks: readonly FeedbackRow[],
  requests: readonly RequestRow[],
): InactiveParticipantView[] {
  if (!(INACTIVE_STAGES as readonly CycleStage[]).includes(stage)) return [];
  const byUser = new Map(participants.map((p) => [p.userId, p]));
  const reasons = new Map<number, PageMessage[]>();
  const remind = (userId: number, message: PageMessage) => {
    if (!byUser.get(userId)?.active) return;
    reasons.set(userId, [...(reasons.get(userId) ?? []), message]);
  };
  const cycle = cycleName;
  const done = new Set<number>();

  if (stage === "start") {
    const chosen = new Set(requests.filter((r) => r.status === "REQUESTED" || r.status === "ACCEPTED").map((r) => r.participantId));
    const peerChoice = pageMessage("nudges.mail.reasons.peerChoice", { cycle });
    for (const p of participants) if (!p.reviewerOnly && !chosen.has(p.id)) remind(p.userId, peerChoice);
    const unanswered = new Map<number, number>();
    for (const r of requests) if (r.status === "REQUESTED") unanswered.set(r.reviewerId, (unanswered.get(r.reviewerId) ?? 0) + 1);
    for (const [userId, count] of unanswered) remind(userId, pageMessage("nudges.mail.reasons.peerRequests", { count, cycle }));
    // Progress: asked anyone (a request for them, any status), or answered a request addressed to them.
    const userOf = new Map(participants.map((p) => [p.id, p.userId]));
    for (const r of requests) {
      const asker = userOf.get(r.participantId);
      if (asker !== undefined) done.add(asker);
      if (r.status === "ACCEPTED" || r.status === "DECLINED") done.add(r.reviewerId);
    }
  } else {
    const feedbackStage = stage as "spu_feedback" | "manager_feedback";
    const accepted = feedbackStage === "spu_feedback" ? requests.filter((r) => r.status === "ACCEPTED") : [];
    const owed = new Map<number, number>();
    for (const o of owedFeedbackFrom(feedbackStage, participants, feedbacks, accepted, null)) owed.set(o.reviewerUserId, (owed.get(o.reviewerUserId) ?? 0) + 1);
    const key = feedbackStage === "spu_feedback" ? "nudges.mail.reasons.feedback" : "nudges.mail.reasons.managerFeedback";
    for (const [userId, count] of owed) remind(userId, pageMessage(key, { count, cycle }));
    // Progress: a feedback of the stage's types submitted, or saved with an answer.
    for (const f of feedbacks) {
      if (FEEDBACK_STAGE_OF[fromDbReviewerType(f.reviewerType)] === feedbackStage && (f.status === "SUBMITTED" || f.answered)) done.add(f.reviewerId);
    }
  }

  const out: Array<InactiveParticipantView & { userId: number }> = [];
  for (const [userId, messages] of reasons) {
    const p = byUser.get(userId)!;
    if (done.has(userId)) continue;
    out.push({
      userId,
      participant_id: p.id,
      email: p.email,
      name: p.name,
      department: p.department,
      manager_email: p.managerEmail,
      reviewer_only: p.reviewerOnly,
      reasons: messages,
    });
  }
  out.sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email) || a.userId - b.userId);
  return out.map(({ userId: _userId, ...view }) => view);
}

// ---------------------------------------------------------------------------------------------
// The Therma-scan upload page

type UploadRow = { id: number; name: string; state: string; stored: number; participants: number };

const UPLOAD_SQL = `
SELECT c."id", c."name", c."state"::text AS "state",
  (SELECT count(*)::int FROM "ThermaScanEntry" e JOIN "Participant" p ON p."id" = e."participantId" WHERE p."cycleId" = c."id") AS "stored",
  (SELECT count(*)::int FROM "Participant" p WHERE p."cycleId" = c."id") AS "participants"
FROM "Cycle" c WHERE c."id" = $1`;

/** The upload page's read: the cycle and its scan coverage (null: no such cycle). */
export async function readThermaUploadPage(
  cycleId: number,
): Promise<{ cycle: { id: number; name: string; state: string }; stored: number; participants: number } | null> {
  const [row] = await sqlRows<UploadRow>("decision-support.therma-upload-page", UPLOAD_SQL, [cycleId]);
  if (!row) return null;
  return { cycle: { id: row.id, name: row.name, state: fromDbState(row.state) }, stored: row.stored, participants: row.participants };
}
