import { z } from "zod";
import { idNumber, TYPED_EMAIL } from "~/platform/input";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { NominationInputSchema, NOMINATION_STATUSES } from "~/features/manager-review/rules";
import { REVIEWER_TYPES } from "~/features/participants/rules";
import { QuestionSchema } from "~/features/questionnaires/rules";
import { CycleEmailParams, CycleIdParam } from "~/features/cycles/context.server";
import { CycleSchema } from "~/features/cycles/contract.server";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the manager calls under /api/v1/cycles/{cycle_id}/ (issue [3/3] item 5,
 * docs/decisions/0022-manager-feedback-and-nominations.md): direct and secondary reports, named feedback
 * about a direct report, manager feedback, promotion nominations.
 */

export { CycleEmailParams, CycleIdParam, NominationInputSchema };

const email = z.string().trim().toLowerCase().pipe(z.email()).meta(TYPED_EMAIL);

/** `{cycle_id}`, `{email}` (the direct report) and `{reviewer_email}`. */
export const ReportReviewerParams = CycleEmailParams.extend({ reviewer_email: email });

const CycleRefSchema = z.object({ id: z.number().int(), name: z.string(), state: z.enum(CYCLE_STAGES), stage_label: z.string() });
const PersonSchema = z.object({ email: z.string(), name: z.string() });
const ReportPersonSchema = z.object({
  email: z.string(),
  name: z.string(),
  job_title: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  reviewer_only: z.boolean(),
});
const AnswersSchema = z.record(z.string(), z.union([z.number(), z.string()])).describe("{ question id: rating number | text | chosen option }");
const ProgressSchema = z.object({ requested: z.number().int(), given: z.number().int() });
const ManagerFeedbackStateSchema = z.enum(["not_started", "draft", "submitted"]);

export const NominationSchema = z.object({
  participant_email: z.string(),
  participant_name: z.string(),
  status: z.enum(NOMINATION_STATUSES),
  rationale: z.string().nullable(),
  nominated_by: PersonSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const DirectReportsResponse = z.object({
  cycle: CycleRefSchema,
  can_write_manager_feedback: z.boolean(),
  can_change_nominations: z.boolean(),
  direct_reports: z.array(
    ReportPersonSchema.extend({
      selection: z.object({
        panel_status: z.enum(["admin_approved", "manager_approved"]),
        requested: z.number().int(),
        accepted: z.number().int(),
        declined: z.number().int(),
      }),
      feedback_received: ProgressSchema,
      feedback_to_give: ProgressSchema,
      manager_feedback: z.object({ state: ManagerFeedbackStateSchema, submitted_at: z.string().nullable() }),
      promotion_nomination: NominationSchema.nullable(),
    }),
  ),
});

export const SecondaryReportsResponse = z.object({
  cycle: CycleRefSchema,
  secondary_reports: z.array(ReportPersonSchema.extend({ manager: PersonSchema.nullable(), feedback_summary_path: z.string() })),
});

const ReportFeedbackSchema = z.object({
  id: z.number().int(),
  reviewer: PersonSchema,
  reviewer_type: z.enum(REVIEWER_TYPES),
  reviewer_type_label: z.string(),
  status: z.enum(["draft", "submitted"]),
  submitted_at: z.string().nullable(),
  answers: AnswersSchema.nullable().describe("null until the reviewer submits"),
});

export const ReportFeedbacksResponse = z.object({
  cycle: CycleRefSchema,
  participant: ReportPersonSchema,
  feedbacks: z.array(ReportFeedbackSchema),
  questions: z.partialRecord(z.enum(REVIEWER_TYPES), z.array(QuestionSchema)),
});

export const ReportFeedbackResponse = z.object({
  cycle: CycleRefSchema,
  participant: ReportPersonSchema,
  feedback: ReportFeedbackSchema,
  questions: z.array(QuestionSchema),
});

export const ReportCyclesResponse = z.object({ participant: ReportPersonSchema, cycles: z.array(CycleSchema) });

export const ManagerFeedbackSchema = z.object({
  cycle: CycleRefSchema,
  participant: ReportPersonSchema,
  reviewer_type: z.literal("manager"),
  state: ManagerFeedbackStateSchema,
  status: z.enum(["draft", "submitted"]).nullable(),
  answers: AnswersSchema,
  submitted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  questions: z.array(QuestionSchema),
  editable: z.boolean(),
});
export const ManagerFeedbackResponse = z.object({ feedback: ManagerFeedbackSchema });

/** PUT .../feedback: the answers (a draft may be partial). */
/** An answer as sent: a rating, a text or an option, or null (unanswered); the questionnaire's own rules come after. */
const SentAnswers = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export const ManagerFeedbackBody = z.object({ answers: SentAnswers }).strict();
/** POST .../feedback/submit: optionally the final answers (else the saved draft is submitted). */
export const ManagerFeedbackSubmitBody = z.object({ answers: SentAnswers.optional() }).strict();

export const NominationsResponse = z.object({ cycle: CycleRefSchema, can_change: z.boolean(), promotion_nominations: z.array(NominationSchema) });
export const NominationResponse = z.object({ promotion_nomination: NominationSchema });
export const NominationDetailResponse = z.object({
  cycle: CycleRefSchema,
  participant: ReportPersonSchema,
  promotion_nomination: NominationSchema.nullable(),
  can_change: z.boolean(),
  blocked_reason: z.string().nullable(),
  promotion_decision: z.object({ value: z.string(), label: z.string() }).nullable().describe("The signed-off promotion decision, from the communication stage on"),
});

// ---------------------------------------------------------------------------------------------

const cycleIdParam = z.object({ cycle_id: idNumber });
const reportParams = cycleIdParam.extend({ email: z.string() });
const tags = ["manager"];
const base = "/api/v1/cycles/{cycle_id}";

registerRoute({
  method: "get",
  path: `${base}/direct_reports`,
  summary: "My direct reports in the cycle with peer selection, feedback progress, my manager feedback and their promotion nomination",
  tags,
  request: { params: cycleIdParam },
  responses: { 200: DirectReportsResponse },
});
registerRoute({
  method: "get",
  path: `${base}/secondary_reports`,
  summary: "My secondary (matrix) reports in the cycle, with links to their feedback summaries",
  tags,
  request: { params: cycleIdParam },
  responses: { 200: SecondaryReportsResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports/{email}/feedbacks`,
  summary: "Each reviewer's feedback about my direct report, named, with reviewer type and status (answers once submitted). 403 for someone not my direct report",
  tags,
  request: { params: reportParams },
  responses: { 200: ReportFeedbacksResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports/{email}/feedbacks/{reviewer_email}`,
  summary: "One reviewer's feedback about my direct report, with the questions of their reviewer type",
  tags,
  request: { params: reportParams.extend({ reviewer_email: z.string() }) },
  responses: { 200: ReportFeedbackResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports/{email}/cycles`,
  summary: "The cycles in which I was this direct report's manager (the person must be my direct report in {cycle_id})",
  tags,
  request: { params: reportParams },
  responses: { 200: ReportCyclesResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports/{email}/feedback`,
  summary: "My manager feedback for a direct report (answers, status, the manager questions; editable in the manager feedback stage)",
  tags,
  request: { params: reportParams },
  responses: { 200: ManagerFeedbackResponse },
});
registerRoute({
  method: "put",
  path: `${base}/direct_reports/{email}/feedback`,
  summary:
    "Save my manager feedback (a draft may be partial; a submitted one is adjusted and must stay complete). 409 outside the manager feedback stage; 400 invalid answers; 403 not my direct report or while spoofing",
  tags,
  request: { params: reportParams, body: ManagerFeedbackBody },
  responses: { 200: ManagerFeedbackResponse },
});
registerRoute({
  method: "post",
  path: `${base}/direct_reports/{email}/feedback/submit`,
  summary: "Submit my manager feedback (the given answers or the saved draft; every required question answered). 409 when already submitted or outside the stage",
  tags,
  request: { params: reportParams, body: ManagerFeedbackSubmitBody },
  responses: { 200: ManagerFeedbackResponse },
});
registerRoute({
  method: "get",
  path: `${base}/promotion_nominations`,
  summary: "Promotion nominations of my direct reports in the cycle (nominated and withdrawn)",
  tags,
  request: { params: cycleIdParam },
  responses: { 200: NominationsResponse },
});
registerRoute({
  method: "post",
  path: `${base}/promotion_nominations`,
  summary:
    "Nominate a direct report for promotion with a rationale (201), or update the rationale of an active nomination (200). SPU feedback and manager feedback stages only (409); reviewer-only participants 400",
  tags,
  request: { params: cycleIdParam, body: NominationInputSchema },
  responses: { 200: NominationResponse, 201: NominationResponse },
});
registerRoute({
  method: "get",
  path: `${base}/promotion_nominations/{email}`,
  summary: "A direct report's promotion nomination (null when never nominated) and whether it can change now",
  tags,
  request: { params: reportParams },
  responses: { 200: NominationDetailResponse },
});
registerRoute({
  method: "delete",
  path: `${base}/promotion_nominations/{email}`,
  summary: "Withdraw a direct report's nomination (kept as withdrawn). Before calibration only (409)",
  tags,
  request: { params: reportParams },
  responses: { 200: NominationResponse },
});
