import { parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { created, only, reader, writer } from "~/platform/api-routes.server";
import {
  FeedbackIdParams,
  FeedbackListQuery,
  FeedbackListResponse,
  FeedbackResponse,
  GiveFeedbackBody,
  PeopleQuery,
  RevieweeAndReviewerResponse,
  TeamFeedbackQuery,
  UnreadCountResponse,
  UserEmailsResponse,
} from "~/features/anytime-feedback/contract.server";
import { giveFeedback, listMine, listTeam, markViewed, myPeople, teamPeople, unreadCount, type MineKind } from "~/features/anytime-feedback/service.server";

/**
 * Loaders and actions of the /api/v1/realtime_feedbacks routes (contract.server.ts), so each route module is two
 * lines. The service decides who reads what (ADR 0029).
 */

export { only };

/** GET realtime_feedbacks, received, sent (limit, offset, days, email). */
export const listLoader = (kind: MineKind) =>
  reader(async (current, request) => FeedbackListResponse.parse(await listMine(current, kind, parseQuery(request, FeedbackListQuery))));

/** POST realtime_feedbacks {reviewee_email, body} → 201 { realtime_feedback }. */
export const giveAction = writer("POST", ["GET", "POST"], async (current, request) => {
  const body = await parseJsonBody(request, GiveFeedbackBody);
  return created(FeedbackResponse, { realtime_feedback: await giveFeedback(current, body) });
});

/** GET received_feedback_user_emails / sent_feedback_user_emails (days). */
export const peopleLoader = (kind: "received" | "sent") =>
  reader(async (current, request) => UserEmailsResponse.parse(await myPeople(current, kind, parseQuery(request, PeopleQuery).days)));

/** GET received_unread_count. */
export const unreadCountLoader = reader(async (current) => UnreadCountResponse.parse({ received_unread_count: await unreadCount(current) }));

/** PATCH {id}/update_has_been_viewed_by_reviewee → { realtime_feedback }. */
export const viewedAction = writer("PATCH", ["PATCH"], async (current, _request, params) => {
  const { id } = parseParams(params, FeedbackIdParams);
  return FeedbackResponse.parse({ realtime_feedback: await markViewed(current, id) });
});

/** GET direct_reports_feedbacks (limit, offset, days, email, reviewee_email, reviewer_email). */
export const teamLoader = reader(async (current, request) => FeedbackListResponse.parse(await listTeam(current, parseQuery(request, TeamFeedbackQuery))));

/** GET direct_report_feedback_reviewee_and_reviewer (days). */
export const teamPeopleLoader = reader(async (current, request) => RevieweeAndReviewerResponse.parse(await teamPeople(current, parseQuery(request, PeopleQuery).days)));
