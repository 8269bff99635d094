import { z } from "zod";
import { NAME_VISIBILITIES } from "~/features/cycles/reviewer-names";
import { idNumber, TYPED_EMAIL } from "~/platform/input";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { bearerAuth, ErrorBodySchema, registerRoute, registry } from "~/platform/openapi/registry.server";
import { CycleEmailParams, CycleIdParam } from "~/features/cycles/context.server";

/**
 * Contracts of the feedback summary and report calls (ADR 0023):
 *  under /api/v1/cycles/{cycle_id}/
 *   GET participants/feedbacks_summary            the signed-in participant's summary (communication stage only)
 *   GET participants/feedbacks_summary/download   the same as a PDF
 *   GET participants/feedbacks_summary/peers      its peer section: anonymised answers or the threshold message
 *   GET direct_reports/{email}/feedbacks_summary (+ /download)     the manager's named view of a direct report
 *   GET secondary_reports/{email}/feedbacks_summary (+ /download)  the secondary manager's anonymised view
 *   GET dashboard                                 the participant's cycle report overview
 *  and GET /api/v1/admin/cycles/{cycle_id}/feedbacks_summary/download?email=  (super admin, named PDF of one participant).
 * The bulk PDF job (all participants, one zip) is a bulk job: admin/cycles/{cycle_id}/bulk_participants_feedback_pdf_jobs.
 */

export { CycleEmailParams, CycleIdParam };

export const AdminSummaryQuery = z.object({ email: z.string().trim().toLowerCase().pipe(z.email({ error: "email must be an email address" })).meta(TYPED_EMAIL) });

const Person = z.object({ name: z.string(), email: z.string() });
const ReviewerTypeValue = z.enum(["self", "manager", "direct_report", "peer", "matrix_manager", "matrix_team"]);

export const SummaryQuestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(["rating", "text", "choice"]),
  responses: z.number().int(),
  scale: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  average: z.number().nullable().describe("Rating questions: the mean of the answers, 2 decimals"),
  distribution: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
  answers: z
    .array(z.object({ value: z.union([z.number(), z.string()]), reviewer: Person.nullable() }))
    .describe("Text answers (and rating/choice answers in named sections); anonymised answers have reviewer null and are sorted by text"),
});

export const SummarySectionSchema = z.object({
  reviewer_type: ReviewerTypeValue,
  label: z.string(),
  requested: z.number().int(),
  submitted: z.number().int(),
  anonymised: z.boolean(),
  visible: z.boolean().describe("False when fewer than 3 of an anonymised group have answered; message says so"),
  message: z.string().nullable(),
  reviewers: z.array(Person).nullable(),
  questions: z.array(SummaryQuestionSchema),
});

const CycleRef = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(CYCLE_STAGES),
  stage_label: z.string(),
  reviewer_names: z
    .object({ peer: z.enum(NAME_VISIBILITIES), upward: z.enum(NAME_VISIBILITIES), rule: z.array(z.string()) })
    .describe("Who sees peer and upward reviewers' names in this cycle besides super admins (ADR 0058), and the rule in words"),
});
const Reviewee = z.object({
  email: z.string(),
  name: z.string(),
  job_title: z.string().nullable(),
  department: z.string().nullable(),
  reviewer_only: z.boolean(),
});

export const FeedbackSummaryResponse = z.object({
  cycle: CycleRef,
  reviewee: Reviewee,
  viewer: z.object({ role: z.enum(["reviewee", "manager", "secondary_manager", "admin"]), named: z.boolean() }),
  total_submitted: z.number().int(),
  sections: z.array(SummarySectionSchema),
});

export const PeerSectionResponse = z.object({ cycle: CycleRef, peers: SummarySectionSchema });

export const DashboardResponse = z.object({
  cycle: CycleRef,
  participant: Reviewee.extend({ manager: Person.nullable() }),
  report_open: z.boolean(),
  report_message: z.string().nullable(),
  feedback_received: z.object({
    requested: z.number().int(),
    submitted: z.number().int(),
    by_type: z.array(z.object({ reviewer_type: ReviewerTypeValue, label: z.string(), requested: z.number().int(), submitted: z.number().int() })),
  }),
  manager_feedback: z.object({ given: z.boolean(), submitted_at: z.string().nullable() }),
  calibrated_rating: z.object({ value: z.number().int(), label: z.string() }).nullable().describe("Only in the communication stage"),
  promotion_decision: z.object({ value: z.string(), label: z.string() }).nullable().describe("Only in the communication stage"),
});

// ---------------------------------------------------------------------------------------------
// OpenAPI

const cycleParams = z.object({ cycle_id: idNumber });
const emailParams = z.object({ cycle_id: idNumber, email: z.string() });
const tags = ["feedback summaries"];
const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBodySchema } } });

function pdfRoute(path: string, summary: string, params: z.ZodObject, query?: z.ZodObject) {
  registry.registerPath({
    method: "get",
    path,
    summary,
    tags,
    security: [{ [bearerAuth.name]: [] }],
    request: { params, query },
    responses: {
      200: { description: "The PDF (Content-Disposition: attachment)", content: { "application/pdf": { schema: z.string() } } },
      400: error("Invalid parameters"),
      401: error("Not signed in"),
      403: error("Not allowed by the visibility rules"),
      404: error("Unknown cycle or participant"),
    },
  });
}

const base = "/api/v1/cycles/{cycle_id}";
registerRoute({
  method: "get",
  path: `${base}/participants/feedbacks_summary`,
  summary: "Your feedback summary (communication stage only; peer and upward answers anonymised, shown from 3 answers)",
  tags,
  request: { params: cycleParams },
  responses: { 200: FeedbackSummaryResponse },
});
pdfRoute(`${base}/participants/feedbacks_summary/download`, "Your feedback summary as a PDF (communication stage only)", cycleParams);
registerRoute({
  method: "get",
  path: `${base}/participants/feedbacks_summary/peers`,
  summary: "The peer section of your summary: anonymised answers, or why they are not shown yet",
  tags,
  request: { params: cycleParams },
  responses: { 200: PeerSectionResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports/{email}/feedbacks_summary`,
  summary: "A direct report's feedback summary, named (their manager in this cycle, any stage)",
  tags,
  request: { params: emailParams },
  responses: { 200: FeedbackSummaryResponse },
});
pdfRoute(`${base}/direct_reports/{email}/feedbacks_summary/download`, "A direct report's feedback summary as a PDF (named)", emailParams);
registerRoute({
  method: "get",
  path: `${base}/secondary_reports/{email}/feedbacks_summary`,
  summary: "A secondary report's feedback summary, anonymised like the reviewee's (their secondary manager, from the manager feedback stage)",
  tags,
  request: { params: emailParams },
  responses: { 200: FeedbackSummaryResponse },
});
pdfRoute(`${base}/secondary_reports/{email}/feedbacks_summary/download`, "A secondary report's feedback summary as a PDF (anonymised)", emailParams);
registerRoute({
  method: "get",
  path: `${base}/dashboard`,
  summary: "Your cycle report: feedback received by type, manager feedback given, and in communication the calibrated rating and promotion decision",
  tags,
  request: { params: cycleParams },
  responses: { 200: DashboardResponse },
});
pdfRoute(
  "/api/v1/admin/cycles/{cycle_id}/feedbacks_summary/download",
  "One participant's feedback summary as a PDF, named (super admin)",
  cycleParams,
  AdminSummaryQuery,
);
