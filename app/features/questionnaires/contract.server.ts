import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { QuestionSchema, QuestionnaireSchema, REVIEWER_TYPES } from "~/features/questionnaires/rules";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the questionnaire API: GET .../questions, GET/PUT .../questionnaire
 * (docs/decisions/0018-questionnaires.md). The PUT body is the definition itself, validated by
 * app/features/questionnaires/rules.ts (the same schema the json-builder page runs in the browser).
 */

export { QuestionnaireSchema };

/** Route params (the route files name the cycle `$id`). */
export const CycleParams = z.object({ id: idCoerced });

const cycleIdParam = z.object({ cycle_id: idNumber });

export const QuestionsByTypeSchema = z.object(
  Object.fromEntries(REVIEWER_TYPES.map((t) => [t, z.array(QuestionSchema)])) as Record<(typeof REVIEWER_TYPES)[number], z.ZodArray<typeof QuestionSchema>>,
);

export const QuestionsResponse = z.object({
  questions: QuestionsByTypeSchema.describe("Every reviewer type with its ordered questions ([] when the type is not asked)"),
  version: z.number().int().describe("0 while the cycle uses the default questionnaire"),
  is_default: z.boolean(),
  locked: z.boolean().describe("true once feedback has been given in the cycle: the questionnaire can no longer change"),
});

export const QuestionnaireViewSchema = z.object({
  cycle_id: z.number().int(),
  definition: QuestionnaireSchema,
  version: z.number().int(),
  is_default: z.boolean(),
  locked: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});

export const QuestionnaireResponse = z.object({ questionnaire: QuestionnaireViewSchema });

/** Optional If-Match header of PUT: the version the editor started from ("3" or W/"3"). */
export function expectedVersionOf(request: Request): number | undefined {
  const raw = request.headers.get("If-Match");
  if (!raw) return undefined;
  const m = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(raw);
  return m ? Number(m[1]) : Number.NaN;
}

registerRoute({
  method: "get",
  path: "/api/v1/admin/cycles/{cycle_id}/questions",
  summary: "The questions each reviewer type answers in the cycle (the default questionnaire when the cycle has none; super admin or HR ops)",
  tags: ["admin questionnaires"],
  request: { params: cycleIdParam },
  responses: { 200: QuestionsResponse },
});
registerRoute({
  method: "get",
  path: "/api/v1/admin/cycles/{cycle_id}/questionnaire",
  summary: "The cycle's questionnaire definition with its version and lock state (super admin or HR ops)",
  tags: ["admin questionnaires"],
  request: { params: cycleIdParam },
  responses: { 200: QuestionnaireResponse },
});
registerRoute({
  method: "put",
  path: "/api/v1/admin/cycles/{cycle_id}/questionnaire",
  summary:
    "Replace the cycle's questionnaire (super admin). Body: the definition. 400 with the validation details; 409 once feedback has been given, or when If-Match names an older version",
  tags: ["admin questionnaires"],
  request: { params: cycleIdParam, body: QuestionnaireSchema },
  responses: { 200: QuestionnaireResponse },
});
