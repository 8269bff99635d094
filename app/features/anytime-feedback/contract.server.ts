import { z } from "zod";
import { idCoerced, idNumber, NOT_BLANK } from "~/platform/input";
import { BODY_MAX_LENGTH, DAYS_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "~/features/anytime-feedback/rules";
import { queryInt } from "~/features/users/contract.server";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the anytime-feedback calls under /api/v1/realtime_feedbacks (spec §7, ADR 0029):
 *   GET   realtime_feedbacks                                  items I gave or received (limit, offset, days, email)
 *   POST  realtime_feedbacks                                  give feedback {reviewee_email, body} → 201
 *   GET   realtime_feedbacks/received | sent                  my received / sent items (limit, offset, days, email)
 *   GET   realtime_feedbacks/received_feedback_user_emails    who gave me feedback (days)
 *   GET   realtime_feedbacks/sent_feedback_user_emails        whom I gave feedback (days)
 *   GET   realtime_feedbacks/received_unread_count            my unread received items
 *   PATCH realtime_feedbacks/{id}/update_has_been_viewed_by_reviewee   the reviewee opened it
 *   GET   realtime_feedbacks/direct_reports_feedbacks         items given to or by my direct/secondary reports
 *   GET   realtime_feedbacks/direct_report_feedback_reviewee_and_reviewer   the people in those items (days)
 * Every caller reads only what ADR 0029 lets them read; writes are refused while spoofing.
 */

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** An email filter; blank means no filter (the pages' empty search field), and the document says so. */
const queryEmail = z
  .union([z.literal(""), z.email({ error: "Enter a valid email address" }).max(320)])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const queryDays = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(1, "days must be at least 1").max(DAYS_MAX, `days must be at most ${DAYS_MAX}`).optional(),
);

const page = {
  limit: queryInt(z.number().int().min(1).max(PAGE_SIZE_MAX), PAGE_SIZE_DEFAULT).describe(`Page size, 1-${PAGE_SIZE_MAX} (default ${PAGE_SIZE_DEFAULT})`),
  offset: queryInt(z.number().int().min(0), 0).describe("Items to skip"),
  days: queryDays.describe(`Only items created in the last N days (1-${DAYS_MAX}); all time when absent`),
};

export const FeedbackListQuery = z.object({ ...page, email: queryEmail.describe("Only items with this person (the other side)") }).strict();
export type FeedbackListQueryInput = z.infer<typeof FeedbackListQuery>;

export const TeamFeedbackQuery = z
  .object({
    ...page,
    email: queryEmail.describe("Only items given to or by this person"),
    reviewee_email: queryEmail.describe("Only items given to this person"),
    reviewer_email: queryEmail.describe("Only items given by this person"),
  })
  .strict();
export type TeamFeedbackQueryInput = z.infer<typeof TeamFeedbackQuery>;

export const PeopleQuery = z.object({ days: page.days }).strict();

export const GiveFeedbackBody = z
  .object({
    reviewee_email: z.email({ error: "Enter a valid email address" }).max(320).describe("The colleague the feedback is for (active, not yourself)"),
    body: z
      .string({ error: "Write your feedback" })
      .trim()
      .min(1, "Write your feedback")
      .max(BODY_MAX_LENGTH, `At most ${BODY_MAX_LENGTH} characters`)
      .meta({ pattern: NOT_BLANK.source })
      .describe(`The feedback, 1-${BODY_MAX_LENGTH} characters; it cannot be edited or deleted later`),
  })
  .strict();
export type GiveFeedbackInput = z.infer<typeof GiveFeedbackBody>;

export const FeedbackIdParams = z.object({ id: idCoerced });

const PersonSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), profile_image_url: z.string().nullable() });

export const RealtimeFeedbackSchema = z.object({
  id: z.number().int(),
  reviewer: PersonSchema.describe("Who gave it (never anonymous)"),
  reviewee: PersonSchema.describe("Who it is for"),
  body: z.string().nullable().describe("The text; null while a super admin views this user (spoofing)"),
  body_hidden: z.boolean(),
  has_been_viewed_by_reviewee: z.boolean(),
  viewed_at: z.string().nullable(),
  created_at: z.string(),
  direction: z.enum(["received", "sent", "team"]).describe("received: you are the reviewee; sent: the reviewer; team: a manager of either"),
});

export const FeedbackListResponse = z.object({
  realtime_feedbacks: z.array(RealtimeFeedbackSchema).describe("Newest first"),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export const FeedbackResponse = z.object({ realtime_feedback: RealtimeFeedbackSchema });
export const UserEmailsResponse = z.object({
  user_emails: z.array(z.string()),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })).describe("By name"),
});
export const UnreadCountResponse = z.object({ received_unread_count: z.number().int() });

const TeamPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string(), direct_report: z.boolean().describe("Your direct or secondary report") });
export const RevieweeAndReviewerResponse = z.object({
  reviewees: z.array(TeamPerson).describe("People your reports' items were given to, by name"),
  reviewers: z.array(TeamPerson).describe("People who gave them, by name"),
});

const base = "/api/v1/realtime_feedbacks";
const tags = ["realtime_feedbacks"];
const listSummary = (what: string) => `${what}, newest first (limit, offset, days, email)`;

registerRoute({ method: "get", path: base, summary: listSummary("Anytime feedback I gave or received"), tags, request: { query: FeedbackListQuery }, responses: { 200: FeedbackListResponse } });
registerRoute({
  method: "post",
  path: base,
  summary: "Give anytime feedback to an active colleague (not yourself; named; 403 while spoofing); the reviewee is notified",
  tags,
  request: { body: GiveFeedbackBody },
  responses: { 201: FeedbackResponse },
});
registerRoute({ method: "get", path: `${base}/received`, summary: listSummary("Anytime feedback I received"), tags, request: { query: FeedbackListQuery }, responses: { 200: FeedbackListResponse } });
registerRoute({ method: "get", path: `${base}/sent`, summary: listSummary("Anytime feedback I gave"), tags, request: { query: FeedbackListQuery }, responses: { 200: FeedbackListResponse } });
registerRoute({
  method: "get",
  path: `${base}/received_feedback_user_emails`,
  summary: "The people who gave me anytime feedback (days)",
  tags,
  request: { query: PeopleQuery },
  responses: { 200: UserEmailsResponse },
});
registerRoute({
  method: "get",
  path: `${base}/sent_feedback_user_emails`,
  summary: "The people I gave anytime feedback (days)",
  tags,
  request: { query: PeopleQuery },
  responses: { 200: UserEmailsResponse },
});
registerRoute({ method: "get", path: `${base}/received_unread_count`, summary: "How many received items I have not opened", tags, responses: { 200: UnreadCountResponse } });
registerRoute({
  method: "patch",
  path: `${base}/{id}/update_has_been_viewed_by_reviewee`,
  summary: "The reviewee opened the item (idempotent; 403 for its other readers and while spoofing, 404 for anyone else)",
  tags,
  request: { params: z.object({ id: idNumber }) },
  responses: { 200: FeedbackResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports_feedbacks`,
  summary: "Anytime feedback given to or by my direct and secondary reports, newest first (403 without reports)",
  tags,
  request: { query: TeamFeedbackQuery },
  responses: { 200: FeedbackListResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_report_feedback_reviewee_and_reviewer`,
  summary: "The reviewees and reviewers of my reports' anytime feedback, for filters (days; 403 without reports)",
  tags,
  request: { query: PeopleQuery },
  responses: { 200: RevieweeAndReviewerResponse },
});
