import { getDb } from "~/platform/db.server";
import { badRequest, forbidden, notFound, unprocessable } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { withNotice } from "~/platform/refusal-notice.server";
import { assertNotSpoofing, isSpoofing, type CurrentUser } from "~/platform/auth.server";
import { findUserByEmail } from "~/features/users/model.server";
import { deliver } from "~/features/shell/notifications/deliver.server";
import {
  ANYTIME_FEEDBACK_NOTIFICATION_KIND,
  ANYTIME_FEEDBACK_PATH,
  checkBody,
  giveFeedbackRefusal,
  NO_USER,
  isManagerOf,
  mayMarkViewed,
  readerRole,
  sinceOf,
} from "~/features/anytime-feedback/rules";
import type { FeedbackPage, PersonOption, RealtimeFeedbackJson } from "~/features/anytime-feedback/types";
import type { FeedbackListQueryInput, GiveFeedbackInput, TeamFeedbackQueryInput } from "~/features/anytime-feedback/contract.server";
import {
  feedbackInclude,
  findPage,
  hasReports,
  peopleIn,
  receivedUnreadCount,
  receivedWhere,
  sentWhere,
  teamWhere,
  type FeedbackRow,
} from "~/features/anytime-feedback/model.server";

/**
 * Anytime feedback (ADR 0029). Every read goes through `readerRole`: the reviewee, the reviewer and the direct or
 * secondary manager of either read an item; nobody else, not HR and not admins. A super admin viewing a user
 * (spoofing) sees the lists as that user does but never the text. Writes (give, mark viewed) are the person's own:
 * refused while spoofing. Items are never edited or deleted. Audit records carry no text.
 */

export const NO_REPORTS_MESSAGE = "You have no direct or secondary reports";

/** An item as the API and the page show it to `current` (no text while spoofing). */
export function feedbackJson(row: FeedbackRow, current: CurrentUser): RealtimeFeedbackJson {
  const me = current.user.id;
  const hidden = isSpoofing(current);
  const person = (p: FeedbackRow["reviewer"]) => ({ id: p.id, name: p.name, email: p.email, profile_image_url: p.profileImageUrl });
  return {
    id: row.id,
    reviewer: person(row.reviewer),
    reviewee: person(row.reviewee),
    body: hidden ? null : row.body,
    body_hidden: hidden,
    has_been_viewed_by_reviewee: row.hasBeenViewedByReviewee,
    viewed_at: row.viewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    direction: row.revieweeId === me ? "received" : row.reviewerId === me ? "sent" : "team",
  };
}

async function pageOf(current: CurrentUser, where: Parameters<typeof findPage>[1], limit: number, offset: number): Promise<FeedbackPage> {
  const { rows, total } = await findPage(await getDb(), where, limit, offset);
  // Defence in depth: a row the caller may not read never leaves the service, whatever the query said.
  const readable = rows.filter((r) => readerRole(current.user.id, r) !== null);
  return { realtime_feedbacks: readable.map((r) => feedbackJson(r, current)), total, limit, offset };
}

export type MineKind = "all" | "received" | "sent";

/** My items: received, sent, or both (email: the other person). */
export async function listMine(current: CurrentUser, kind: MineKind, q: FeedbackListQueryInput, now = new Date()): Promise<FeedbackPage> {
  const me = current.user.id;
  const f = { since: sinceOf(q.days, now), email: q.email };
  const where = kind === "received" ? receivedWhere(me, f) : kind === "sent" ? sentWhere(me, f) : { OR: [receivedWhere(me, f), sentWhere(me, f)] };
  return pageOf(current, where, q.limit, q.offset);
}

/** The people who gave me (received) or got from me (sent) feedback, by name. */
export async function myPeople(current: CurrentUser, kind: "received" | "sent", days: number | undefined, now = new Date()) {
  const me = current.user.id;
  const since = sinceOf(days, now);
  const rows = kind === "received" ? await peopleIn(await getDb(), "reviewer", receivedWhere(me, { since })) : await peopleIn(await getDb(), "reviewee", sentWhere(me, { since }));
  const users = rows.map((u) => ({ id: u.id, name: u.name, email: u.email }));
  return { user_emails: users.map((u) => u.email), users };
}

export async function unreadCount(current: CurrentUser): Promise<number> {
  return receivedUnreadCount(await getDb(), current.user.id);
}

export async function isManager(current: CurrentUser): Promise<boolean> {
  return hasReports(await getDb(), current.user.id);
}

async function assertManager(current: CurrentUser) {
  if (!(await isManager(current))) throw forbidden(NO_REPORTS_MESSAGE);
}

/** Items given to or by my direct and secondary reports (403 without reports; someone else's reports: nothing). */
export async function listTeam(current: CurrentUser, q: TeamFeedbackQueryInput, now = new Date()): Promise<FeedbackPage> {
  await assertManager(current);
  const where = teamWhere(current.user.id, { since: sinceOf(q.days, now), email: q.email, revieweeEmail: q.reviewee_email, reviewerEmail: q.reviewer_email });
  return pageOf(current, where, q.limit, q.offset);
}

/** The reviewees and reviewers of my reports' items, by name, each marked when they are my report. */
export async function teamPeople(current: CurrentUser, days: number | undefined, now = new Date()): Promise<{ reviewees: PersonOption[]; reviewers: PersonOption[] }> {
  await assertManager(current);
  const me = current.user.id;
  const db = await getDb();
  const where = teamWhere(me, { since: sinceOf(days, now) });
  const [reviewees, reviewers] = await Promise.all([peopleIn(db, "reviewee", where), peopleIn(db, "reviewer", where)]);
  const option = (u: (typeof reviewees)[number]): PersonOption => ({ id: u.id, name: u.name, email: u.email, direct_report: isManagerOf(me, u) });
  return { reviewees: reviewees.map(option), reviewers: reviewers.map(option) };
}

/** My direct and secondary managers' names (the form says they read what I write). */
export async function myManagers(current: CurrentUser): Promise<string[]> {
  const ids = [current.user.managerId, current.user.secondaryManagerId].filter((id): id is number => id !== null);
  if (!ids.length) return [];
  const rows = await (await getDb()).user.findMany({ where: { id: { in: ids } }, select: { name: true }, orderBy: { name: "asc" } });
  return rows.map((r) => r.name);
}

/**
 * Give feedback to an active colleague (not oneself), named, audited without its text; then the reviewee gets an
 * in-app notification (and an email when SMTP is set) that names the giver but not the text.
 */
export async function giveFeedback(current: CurrentUser, input: GiveFeedbackInput): Promise<RealtimeFeedbackJson> {
  assertNotSpoofing(current);
  const text = checkBody(input.body);
  if (!text.ok) throw withNotice(badRequest(text.message, { field: "body" }), text.notice);
  const db = await getDb();
  const reviewee = await findUserByEmail(db, input.reviewee_email);
  const problem = giveFeedbackRefusal(current.user.id, reviewee);
  // Well-formed, but names no active colleague (or oneself): 422 (ADR 0060, "Statuses of refusals").
  if (problem || !reviewee) {
    const refusal = problem ?? NO_USER;
    throw withNotice(unprocessable(refusal.message, { field: "reviewee_email" }), refusal.notice);
  }
  const reviewer = current.user;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.realtimeFeedback.create({ data: { reviewerId: reviewer.id, revieweeId: reviewee.id, body: text.body }, include: feedbackInclude });
    await recordAudit(tx, current.actor, {
      action: "realtime_feedback.create",
      entityType: "RealtimeFeedback",
      entityId: created.id,
      after: { reviewer_id: reviewer.id, reviewee_id: reviewee.id, body_length: created.body.length },
    });
    return created;
  });
  try {
    await deliver(
      { id: reviewee.id, name: reviewee.name, email: reviewee.email, active: reviewee.active },
      {
        kind: ANYTIME_FEEDBACK_NOTIFICATION_KIND,
        text: (t) => ({
          title: t("mail.anytimeFeedback.title", { name: reviewer.name }),
          body: t("mail.anytimeFeedback.body", { name: reviewer.name }),
        }),
        link: `${ANYTIME_FEEDBACK_PATH}?tab=received`,
        dedupeKey: `realtime_feedback:${row.id}`,
      },
      { action: "realtime_feedback.notify", after: { realtime_feedback_id: row.id, user_id: reviewee.id } },
      current.actor,
    );
  } catch (err) {
    // The feedback is stored; a failed email must not undo it or fail the request (the in-app notification exists).
    console.error(`anytime feedback ${row.id}: notifying the reviewee failed`, err);
  }
  return feedbackJson(row, current);
}

/**
 * The reviewee opened the item: viewed once (idempotent), audited. Its other readers get 403; anyone who may not
 * read it 404 (nothing tells them it exists); 403 while spoofing.
 */
export async function markViewed(current: CurrentUser, id: number): Promise<RealtimeFeedbackJson> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.realtimeFeedback.findUnique({ where: { id }, include: feedbackInclude });
    if (!row || readerRole(current.user.id, row) === null) throw notFound("Feedback not found");
    if (!mayMarkViewed(current.user.id, row)) throw forbidden("Only the person who received this feedback can mark it viewed");
    if (row.hasBeenViewedByReviewee) return feedbackJson(row, current);
    const viewedAt = new Date();
    const claimed = await tx.realtimeFeedback.updateMany({ where: { id, hasBeenViewedByReviewee: false }, data: { hasBeenViewedByReviewee: true, viewedAt } });
    const updated = await tx.realtimeFeedback.findUniqueOrThrow({ where: { id }, include: feedbackInclude });
    if (claimed.count === 1) {
      await recordAudit(tx, current.actor, {
        action: "realtime_feedback.viewed",
        entityType: "RealtimeFeedback",
        entityId: id,
        before: { has_been_viewed_by_reviewee: false, viewed_at: null },
        after: { has_been_viewed_by_reviewee: true, viewed_at: viewedAt.toISOString() },
      });
    }
    return feedbackJson(updated, current);
  });
}
