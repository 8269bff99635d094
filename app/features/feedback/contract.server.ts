import { z } from "zod";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { FEEDBACK_PROGRESS, SPU_FEEDBACK_TYPES } from "~/features/feedback/rules";
import { CycleEmailParams, CycleIdParam } from "~/features/cycles/context.server";
import { registerRoute } from "~/platform/openapi/registry.server";

/** Contracts of the 360 feedback calls under /api/v1/cycles/{cycle_id}/ (ADR 0021). */

export { CycleEmailParams, CycleIdParam };

/** `{ [questionId]: number | string }`; null or "" = unanswered. Checked per question by the service. */
export const AnswersSchema = z.record(z.string().max(64), z.union([z.number(), z.string().max(20_000), z.null()]));

export const FeedbackDraftBody = z.object({ answers: AnswersSchema }).strict();
/** Submit: with answers they are stored and submitted; without, the saved draft is submitted. */
export const FeedbackSubmitBody = z.object({ answers: AnswersSchema.optional() }).strict();
export const FeedbackAdjustBody = z.object({ answers: AnswersSchema }).strict();

const Person = z.object({ email: z.string(), name: z.string(), job_title: z.string().nullable() });
const Progress = z.enum(FEEDBACK_PROGRESS);
const SpuType = z.enum(SPU_FEEDBACK_TYPES);

export const FeedbackListResponse = z.object({
  cycle_id: z.number().int(),
  stage: z.enum(CYCLE_STAGES),
  stage_label: z.string(),
  open: z.boolean(),
  feedbacks: z.array(
    z.object({
      id: z.number().int(),
      reviewee: Person,
      reviewer_type: SpuType,
      reviewer_type_label: z.string(),
      status: Progress,
      status_label: z.string(),
      submitted_at: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
  counts: z.object({ total: z.number().int(), not_started: z.number().int(), draft: z.number().int(), submitted: z.number().int() }),
});

const QuestionOut = z.object({
  id: z.string(),
  kind: z.enum(["rating", "text", "choice"]),
  label: z.string(),
  help: z.string().optional(),
  required: z.boolean(),
  scale: z.object({ min: z.number().int(), max: z.number().int(), labels: z.record(z.string(), z.string()).optional() }).optional(),
  options: z.array(z.string()).optional(),
  max_length: z.number().int().optional(),
});

export const FeedbackDetailSchema = z.object({
  id: z.number().int(),
  cycle_id: z.number().int(),
  stage: z.enum(CYCLE_STAGES),
  open: z.boolean(),
  reviewee: Person,
  reviewer_type: SpuType,
  reviewer_type_label: z.string(),
  status: Progress,
  status_label: z.string(),
  questions: z.array(QuestionOut),
  answers: z.record(z.string(), z.union([z.number(), z.string()])),
  submitted_at: z.string().nullable(),
  updated_at: z.string(),
});
export const FeedbackResponse = z.object({ feedback: FeedbackDetailSchema });

export const FeedbackReceivedCountResponse = z.object({
  cycle_id: z.number().int(),
  total: z.number().int(),
  submitted: z.number().int(),
  draft: z.number().int(),
  not_started: z.number().int(),
});

const base = "/api/v1/cycles/{cycle_id}";
const tags = ["360 feedback"];
registerRoute({
  method: "get",
  path: `${base}/feedbacks`,
  summary: "The 360 feedback the signed-in user is asked to give (reviewee, reviewer type, status)",
  tags,
  request: { params: CycleIdParam },
  responses: { 200: FeedbackListResponse },
});
registerRoute({
  method: "get",
  path: `${base}/participants/{email}/feedback`,
  summary: "My feedback for a reviewee: the questions of my reviewer type and my answers",
  tags,
  request: { params: CycleEmailParams },
  responses: { 200: FeedbackResponse },
});
for (const method of ["post", "put"] as const) {
  registerRoute({
    method,
    path: `${base}/participants/{email}/feedback`,
    summary: "Save my feedback for a reviewee as a draft (SPU feedback stage; unanswered questions allowed)",
    tags,
    request: { params: CycleEmailParams, body: FeedbackDraftBody },
    responses: { 200: FeedbackResponse },
  });
}
registerRoute({
  method: "post",
  path: `${base}/participants/{email}/feedback/submit`,
  summary: "Submit my feedback (every required question answered; 400 lists each problem per question)",
  tags,
  request: { params: CycleEmailParams, body: FeedbackSubmitBody },
  responses: { 200: FeedbackResponse },
});
registerRoute({
  method: "post",
  path: `${base}/participants/{email}/feedback/adjust`,
  summary: "Change a submitted feedback while the SPU feedback stage is open (it stays submitted; audited)",
  tags,
  request: { params: CycleEmailParams, body: FeedbackAdjustBody },
  responses: { 200: FeedbackResponse },
});
registerRoute({
  method: "get",
  path: `${base}/feedback_received_count`,
  summary: "How many people give me feedback, by status (counts only, no names)",
  tags,
  request: { params: CycleIdParam },
  responses: { 200: FeedbackReceivedCountResponse },
});
