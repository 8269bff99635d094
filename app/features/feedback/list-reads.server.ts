import { sqlRows } from "~/platform/sql.server";
import type { CurrentUser } from "~/platform/auth.server";
import { stageLabel, type CycleStage } from "~/features/cycles/rules";
import { FEEDBACK_PROGRESS_LABELS, SPU_FEEDBACK_TYPES, feedbackProgress, type SpuFeedbackType } from "~/features/feedback/rules";
import { REVIEWER_TYPE_LABELS } from "~/features/questionnaires/rules";
import type { FeedbackList, FeedbackReceivedCount } from "~/features/feedback/service.server";

/**
 * The 360 Feedback list page's own read in ONE prepared statement (issue 27: a hot read path, at most 3 round trips
 * per page; the cycle list is the other): the feedback the viewer is asked to give in the cycle with each reviewee,
 * and — when the viewer takes part in the cycle — the status of the feedback others give them. Built with the same
 * rules as listMyFeedbacks and feedbackReceivedCount (GET /api/v1/cycles/{id}/feedbacks and …/received), which
 * tests/integration/feedback-list-reads.test.ts compares it with.
 */

type Given = {
  id: number;
  reviewer_type: SpuFeedbackType;
  status: "DRAFT" | "SUBMITTED";
  answers: unknown;
  submitted_at: string | null;
  updated_at: string;
  email: string;
  name: string;
  job_title: string | null;
};
type ListRow = { given: Given[]; participant: boolean; received: Array<{ status: "DRAFT" | "SUBMITTED"; answers: unknown }> };

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const LIST_SQL = `
WITH me AS (SELECT "id" FROM "Participant" WHERE "cycleId" = $1 AND "userId" = $2)
SELECT
  (SELECT COALESCE(json_agg(json_build_object(
      'id', f."id", 'reviewer_type', f."reviewerType"::text, 'status', f."status"::text, 'answers', f."answers",
      'submitted_at', to_char(f."submittedAt", ${ISO}), 'updated_at', to_char(f."updatedAt", ${ISO}),
      'email', u."email", 'name', u."name", 'job_title', u."jobTitle")), '[]'::json)
     FROM "Feedback" f JOIN "Participant" p ON p."id" = f."revieweeId" JOIN "User" u ON u."id" = p."userId"
     WHERE f."cycleId" = $1 AND f."reviewerId" = $2 AND f."reviewerType"::text = ANY($3::text[])) AS "given",
  EXISTS (SELECT 1 FROM me) AS "participant",
  (SELECT COALESCE(json_agg(json_build_object('status', f."status"::text, 'answers', f."answers")), '[]'::json)
     FROM "Feedback" f JOIN me ON f."revieweeId" = me."id"
     WHERE f."cycleId" = $1 AND f."reviewerId" <> $2) AS "received"`;

/** The list and the received count of the 360 Feedback page for `current` in `cycle` (received null: not a participant). */
export async function readFeedbackListPage(
  current: CurrentUser,
  cycle: { id: number; state: CycleStage },
): Promise<{ list: FeedbackList; received: FeedbackReceivedCount | null }> {
  const [row] = await sqlRows<ListRow>("feedback_list_page", LIST_SQL, [cycle.id, current.user.id, [...SPU_FEEDBACK_TYPES]]);
  const order = (t: string) => SPU_FEEDBACK_TYPES.indexOf(t as SpuFeedbackType);
  const given = [...row!.given].sort((a, b) => order(a.reviewer_type) - order(b.reviewer_type) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  const counts = { total: given.length, not_started: 0, draft: 0, submitted: 0 };
  const feedbacks = given.map((r) => {
    const status = feedbackProgress(r.status, r.answers);
    counts[status]++;
    return {
      id: r.id,
      reviewee: { email: r.email, name: r.name, job_title: r.job_title },
      reviewer_type: r.reviewer_type,
      reviewer_type_label: REVIEWER_TYPE_LABELS[r.reviewer_type],
      status,
      status_label: FEEDBACK_PROGRESS_LABELS[status],
      submitted_at: r.submitted_at,
      updated_at: r.updated_at,
    };
  });
  const list: FeedbackList = { cycle_id: cycle.id, stage: cycle.state, stage_label: stageLabel(cycle.state), open: cycle.state === "spu_feedback", feedbacks, counts };
  if (!row!.participant) return { list, received: null };
  const received: FeedbackReceivedCount = { cycle_id: cycle.id, total: row!.received.length, submitted: 0, draft: 0, not_started: 0 };
  for (const r of row!.received) received[feedbackProgress(r.status, r.answers)]++;
  return { list, received };
}
