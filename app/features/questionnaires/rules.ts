/**
 * Questionnaires: what each kind of reviewer is asked in a cycle.
 *
 * A questionnaire is an object keyed by reviewer type (spec §3: Self, Manager, Direct Report,
 * Peer/Stakeholder, Matrix Manager, Matrix Team); each present type holds its ordered questions.
 * A type that is absent is not asked anything; a present type must have at least one question.
 *
 * PURE module (zod only): the server validates with it, and the json-builder page runs the very same
 * schema in the browser for live validation messages.
 *
 * This file: the document schema, its types and reading helpers. The validation messages for editors
 * are in validation.ts, the default questionnaire in default-questionnaire.ts.
 */
import { z } from "zod";
import { NOT_BLANK, valueRule } from "~/platform/input";

/** The questions' rules over valid fields (a kind and its scale/options, repeats): 422 on the API (ADR 0060). */
const VALUE_RULE = valueRule("").params;

export const REVIEWER_TYPES = ["SELF", "MANAGER", "DIRECT_REPORT", "PEER", "MATRIX_MANAGER", "MATRIX_TEAM"] as const;
export type ReviewerType = (typeof REVIEWER_TYPES)[number];

/** Display labels (spec §3). */
export const REVIEWER_TYPE_LABELS: Record<ReviewerType, string> = {
  SELF: "Self",
  MANAGER: "Manager",
  DIRECT_REPORT: "Direct Report",
  PEER: "Peer/Stakeholder",
  MATRIX_MANAGER: "Matrix Manager",
  MATRIX_TEAM: "Matrix Team",
};

/** Who answers each type's questions, for the pages. */
export const REVIEWER_TYPE_DESCRIPTIONS: Record<ReviewerType, string> = {
  SELF: "The participant reflects on their own work",
  MANAGER: "The participant's manager",
  DIRECT_REPORT: "People who report to the participant (upward feedback)",
  PEER: "Peers and stakeholders the participant chose",
  MATRIX_MANAGER: "The participant's secondary (matrix) manager",
  MATRIX_TEAM: "People who report to the participant through the matrix",
};

export const QUESTION_KINDS = ["rating", "text", "choice"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = { rating: "Rating", text: "Free text", choice: "Single choice" };

/** Limits of the questionnaire format. */
export const QUESTIONNAIRE_LIMITS = {
  idMaxLength: 64,
  labelMaxLength: 500,
  helpMaxLength: 1000,
  questionsPerType: 50,
  optionsMin: 2,
  optionsMax: 20,
  optionMaxLength: 200,
  scaleMin: 0,
  scaleMax: 10,
  scaleLabelMaxLength: 100,
  textMaxLength: 10_000,
} as const;

/** Answer length of a text question without max_length. */
export const DEFAULT_TEXT_MAX_LENGTH = 5000;

/** Stable question id: a lowercase slug (letters, digits, '_' and '-'), starting with a letter. */
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_-]*$/;

const trimmedText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .meta({ pattern: NOT_BLANK.source });

export const RatingScaleSchema = z
  .object({
    min: z
      .number({ error: "scale.min must be a whole number" })
      .int("scale.min must be a whole number")
      .min(QUESTIONNAIRE_LIMITS.scaleMin, `scale.min must be at least ${QUESTIONNAIRE_LIMITS.scaleMin}`)
      .max(QUESTIONNAIRE_LIMITS.scaleMax, `scale.min must be at most ${QUESTIONNAIRE_LIMITS.scaleMax}`),
    max: z
      .number({ error: "scale.max must be a whole number" })
      .int("scale.max must be a whole number")
      .min(QUESTIONNAIRE_LIMITS.scaleMin, `scale.max must be at least ${QUESTIONNAIRE_LIMITS.scaleMin}`)
      .max(QUESTIONNAIRE_LIMITS.scaleMax, `scale.max must be at most ${QUESTIONNAIRE_LIMITS.scaleMax}`),
    /** Words for some or all points of the scale, keyed by the point: { "1": "Needs improvement", "5": "Exceptional" }. */
    labels: z.record(z.string(), trimmedText("A scale label", QUESTIONNAIRE_LIMITS.scaleLabelMaxLength)).optional(),
  })
  .strict()
  .superRefine((scale, ctx) => {
    if (scale.max <= scale.min) {
      ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["max"], message: "scale.max must be greater than scale.min" });
      return;
    }
    for (const key of Object.keys(scale.labels ?? {})) {
      const point = /^-?\d+$/.test(key) ? Number(key) : Number.NaN;
      if (!Number.isInteger(point) || point < scale.min || point > scale.max) {
        ctx.addIssue({
          code: "custom",
          params: VALUE_RULE,
          path: ["labels", key],
          message: `Scale label '${key}' is not a point of the scale ${scale.min}-${scale.max}`,
        });
      }
    }
  });
export type RatingScale = z.infer<typeof RatingScaleSchema>;

export const QuestionSchema = z
  .object({
    id: z
      .string({ error: "id must be text" })
      .min(1, "id is required")
      .max(QUESTIONNAIRE_LIMITS.idMaxLength, `id must be at most ${QUESTIONNAIRE_LIMITS.idMaxLength} characters`)
      .regex(QUESTION_ID_PATTERN, "id must be a lowercase slug: letters, digits, '_' or '-', starting with a letter"),
    kind: z.enum(QUESTION_KINDS, { error: "kind must be one of rating, text, choice" }),
    label: trimmedText("label", QUESTIONNAIRE_LIMITS.labelMaxLength),
    help: z
      .string({ error: "help must be text" })
      .trim()
      .max(QUESTIONNAIRE_LIMITS.helpMaxLength, `help must be at most ${QUESTIONNAIRE_LIMITS.helpMaxLength} characters`)
      .optional(),
    required: z.boolean({ error: "required must be true or false" }),
    scale: RatingScaleSchema.optional(),
    options: z
      .array(trimmedText("An option", QUESTIONNAIRE_LIMITS.optionMaxLength), { error: "options must be a list of texts" })
      .optional(),
    max_length: z
      .number({ error: "max_length must be a whole number" })
      .int("max_length must be a whole number")
      .min(1, "max_length must be at least 1")
      .max(QUESTIONNAIRE_LIMITS.textMaxLength, `max_length must be at most ${QUESTIONNAIRE_LIMITS.textMaxLength}`)
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    // Fields that belong to one kind only.
    if (q.kind !== "rating" && q.scale !== undefined) {
      ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["scale"], message: "scale is only allowed on a rating question" });
    }
    if (q.kind !== "choice" && q.options !== undefined) {
      ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["options"], message: "options are only allowed on a choice question" });
    }
    if (q.kind !== "text" && q.max_length !== undefined) {
      ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["max_length"], message: "max_length is only allowed on a text question" });
    }
    // Fields each kind needs.
    if (q.kind === "rating" && q.scale === undefined) {
      ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["scale"], message: "A rating question needs a scale ({ min, max })" });
    }
    if (q.kind === "choice") {
      const options = q.options ?? [];
      if (options.length < QUESTIONNAIRE_LIMITS.optionsMin) {
        ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["options"], message: `A choice question needs at least ${QUESTIONNAIRE_LIMITS.optionsMin} options` });
      }
      if (options.length > QUESTIONNAIRE_LIMITS.optionsMax) {
        ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["options"], message: `A choice question has at most ${QUESTIONNAIRE_LIMITS.optionsMax} options` });
      }
      const seen = new Set<string>();
      options.forEach((option, i) => {
        const key = option.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", params: VALUE_RULE, path: ["options", i], message: `Option '${option}' is listed twice` });
        seen.add(key);
      });
    }
  });
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionListSchema = z
  .array(QuestionSchema, { error: "Each reviewer type holds a list of questions" })
  .min(1, "A reviewer type that is used needs at least one question (remove the type to ask nothing)")
  .max(QUESTIONNAIRE_LIMITS.questionsPerType, `At most ${QUESTIONNAIRE_LIMITS.questionsPerType} questions per reviewer type`)
  .superRefine((questions, ctx) => {
    const first = new Map<string, number>();
    questions.forEach((q, i) => {
      const earlier = first.get(q.id);
      if (earlier !== undefined) {
        ctx.addIssue({ code: "custom", params: VALUE_RULE, path: [i, "id"], message: `Question id '${q.id}' is already used by question ${earlier + 1}` });
      } else {
        first.set(q.id, i);
      }
    });
  });

const typeShape = Object.fromEntries(REVIEWER_TYPES.map((t) => [t, QuestionListSchema.optional()])) as Record<
  ReviewerType,
  z.ZodOptional<typeof QuestionListSchema>
>;

export const QuestionnaireSchema = z
  .object(typeShape, { error: "A questionnaire is an object keyed by reviewer type" })
  .strict()
  .superRefine((value, ctx) => {
    if (!REVIEWER_TYPES.some((t) => value[t] !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: `A questionnaire needs questions for at least one reviewer type (${REVIEWER_TYPES.join(", ")})`,
      });
    }
  })
  // The document says it too (ADR 0060).
  .meta({ minProperties: 1 });
export type Questionnaire = z.infer<typeof QuestionnaireSchema>;

/** The reviewer types a questionnaire asks questions of, in the canonical order. */
export function usedReviewerTypes(q: Questionnaire): ReviewerType[] {
  return REVIEWER_TYPES.filter((t) => (q[t]?.length ?? 0) > 0);
}

/** Every reviewer type with its questions ([] when the type is not asked anything). */
export function questionsByType(q: Questionnaire): Record<ReviewerType, Question[]> {
  return Object.fromEntries(REVIEWER_TYPES.map((t) => [t, q[t] ?? []])) as Record<ReviewerType, Question[]>;
}

/** The answer length limit of a text question. */
export function textMaxLength(q: Question): number {
  return q.max_length ?? DEFAULT_TEXT_MAX_LENGTH;
}

/** Points of a rating scale with their words, e.g. [{ value: 1, label: "Needs improvement" }, { value: 2, label: null }, ...]. */
export function scalePoints(scale: RatingScale): Array<{ value: number; label: string | null }> {
  const points: Array<{ value: number; label: string | null }> = [];
  for (let v = scale.min; v <= scale.max; v++) points.push({ value: v, label: scale.labels?.[String(v)] ?? null });
  return points;
}
