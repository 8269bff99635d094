/**
 * Questionnaires: what each kind of reviewer is asked in a cycle.
 *
 * A questionnaire is an object keyed by reviewer type (spec §3: Self, Manager, Direct Report,
 * Peer/Stakeholder, Matrix Manager, Matrix Team); each present type holds its ordered questions.
 * A type that is absent is not asked anything; a present type must have at least one question.
 *
 * PURE module (zod and the `en` texts of its messages): the server validates with it, and the json-builder page runs
 * the very same rules in the browser for live validation messages (as keys, ADR 0093).
 *
 * This file: the document schema, its types and reading helpers. The validation messages for editors
 * are in validation.ts, the default questionnaire in default-questionnaire.ts.
 */
import { z } from "zod";
import { NOT_BLANK, valueRule } from "~/platform/input";
import en from "~/platform/i18n/locales/en/questionnaires";

/** The questions' rules over valid fields (a kind and its scale/options, repeats): 422 on the API (ADR 0060). */
const VALUE_RULE = valueRule("").params;

export const REVIEWER_TYPES = ["SELF", "MANAGER", "DIRECT_REPORT", "PEER", "MATRIX_MANAGER", "MATRIX_TEAM"] as const;
export type ReviewerType = (typeof REVIEWER_TYPES)[number];

/** English labels (spec §3): the CSV upload reads them, the upload job's summary writes them; the pages use keys (keys.ts). */
export const REVIEWER_TYPE_LABELS: Record<ReviewerType, string> = {
  SELF: "Self",
  MANAGER: "Manager",
  DIRECT_REPORT: "Direct Report",
  PEER: "Peer/Stakeholder",
  MATRIX_MANAGER: "Matrix Manager",
  MATRIX_TEAM: "Matrix Team",
};

export const QUESTION_KINDS = ["rating", "text", "choice"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

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

/**
 * The validation messages are keys of the `questionnaires.issues` section with their values (ADR 0093): the schemas
 * are built once with English texts (the API's messages, the CSV upload's row errors, the service's parse) and once
 * with messages that carry the key and values (`pageIssueSchema`, read back by validation.ts for the pages).
 */
export type IssueKey = `questionnaires.issues.${keyof (typeof en)["questionnaires"]["issues"]}`;
export type IssueValues = Record<string, string | number>;
/** Writes one validation message: English, or a code the pages read back as a key and values. */
export type SayIssue = (key: IssueKey, values?: IssueValues) => string;

/** The English text of a validation message (the same text the `en` section gives the pages). */
export const englishIssue: SayIssue = (key, values = {}) => {
  const name = key.slice("questionnaires.issues.".length) as keyof (typeof en)["questionnaires"]["issues"];
  return en.questionnaires.issues[name].replace(/\{\{(\w+)\}\}/g, (_m, v: string) => String(values[v] ?? ""));
};

function buildSchemas(say: SayIssue) {
  const limits = QUESTIONNAIRE_LIMITS;
  const field = (name: string, max: number) =>
    z
      .string({ error: say("questionnaires.issues.mustBeText", { field: name }) })
      .trim()
      .min(1, say("questionnaires.issues.isRequired", { field: name }))
      .max(max, say("questionnaires.issues.tooLong", { field: name, max }))
      .meta({ pattern: NOT_BLANK.source });
  const scaleLabel = z
    .string({ error: say("questionnaires.issues.scaleLabelText") })
    .trim()
    .min(1, say("questionnaires.issues.scaleLabelRequired"))
    .max(limits.scaleLabelMaxLength, say("questionnaires.issues.scaleLabelTooLong", { max: limits.scaleLabelMaxLength }))
    .meta({ pattern: NOT_BLANK.source });
  const option = z
    .string({ error: say("questionnaires.issues.optionText") })
    .trim()
    .min(1, say("questionnaires.issues.optionRequired"))
    .max(limits.optionMaxLength, say("questionnaires.issues.optionTooLong", { max: limits.optionMaxLength }))
    .meta({ pattern: NOT_BLANK.source });
  const whole = (name: string, min: number, max: number) =>
    z
      .number({ error: say("questionnaires.issues.wholeNumber", { field: name }) })
      .int(say("questionnaires.issues.wholeNumber", { field: name }))
      .min(min, say("questionnaires.issues.atLeast", { field: name, min }))
      .max(max, say("questionnaires.issues.atMost", { field: name, max }));
  const rule = (message: string, path: PropertyKey[]) => ({ code: "custom" as const, params: VALUE_RULE, path, message });

  const RatingScaleSchema = z
    .object({
      min: whole("scale.min", limits.scaleMin, limits.scaleMax),
      max: whole("scale.max", limits.scaleMin, limits.scaleMax),
      /** Words for some or all points of the scale, keyed by the point: { "1": "Needs improvement", "5": "Exceptional" }. */
      labels: z.record(z.string(), scaleLabel).optional(),
    })
    .strict()
    .superRefine((scale, ctx) => {
      if (scale.max <= scale.min) {
        ctx.addIssue(rule(say("questionnaires.issues.scaleOrder"), ["max"]));
        return;
      }
      for (const key of Object.keys(scale.labels ?? {})) {
        const point = /^-?\d+$/.test(key) ? Number(key) : Number.NaN;
        if (!Number.isInteger(point) || point < scale.min || point > scale.max) {
          ctx.addIssue(rule(say("questionnaires.issues.notAPoint", { point: key, min: scale.min, max: scale.max }), ["labels", key]));
        }
      }
    });

  const QuestionSchema = z
    .object({
      id: z
        .string({ error: say("questionnaires.issues.mustBeText", { field: "id" }) })
        .min(1, say("questionnaires.issues.isRequired", { field: "id" }))
        .max(limits.idMaxLength, say("questionnaires.issues.tooLong", { field: "id", max: limits.idMaxLength }))
        .regex(QUESTION_ID_PATTERN, say("questionnaires.issues.idSlug")),
      kind: z.enum(QUESTION_KINDS, { error: say("questionnaires.issues.kindOneOf") }),
      label: field("label", limits.labelMaxLength),
      help: z
        .string({ error: say("questionnaires.issues.mustBeText", { field: "help" }) })
        .trim()
        .max(limits.helpMaxLength, say("questionnaires.issues.tooLong", { field: "help", max: limits.helpMaxLength }))
        .optional(),
      required: z.boolean({ error: say("questionnaires.issues.trueOrFalse", { field: "required" }) }),
      scale: RatingScaleSchema.optional(),
      options: z.array(option, { error: say("questionnaires.issues.optionsList") }).optional(),
      max_length: whole("max_length", 1, limits.textMaxLength).optional(),
    })
    .strict()
    .superRefine((q, ctx) => {
      // Fields that belong to one kind only.
      if (q.kind !== "rating" && q.scale !== undefined) ctx.addIssue(rule(say("questionnaires.issues.scaleOnlyRating"), ["scale"]));
      if (q.kind !== "choice" && q.options !== undefined) ctx.addIssue(rule(say("questionnaires.issues.optionsOnlyChoice"), ["options"]));
      if (q.kind !== "text" && q.max_length !== undefined) ctx.addIssue(rule(say("questionnaires.issues.maxLengthOnlyText"), ["max_length"]));
      // Fields each kind needs.
      if (q.kind === "rating" && q.scale === undefined) ctx.addIssue(rule(say("questionnaires.issues.ratingNeedsScale"), ["scale"]));
      if (q.kind === "choice") {
        const options = q.options ?? [];
        if (options.length < limits.optionsMin) ctx.addIssue(rule(say("questionnaires.issues.tooFewOptions", { min: limits.optionsMin }), ["options"]));
        if (options.length > limits.optionsMax) ctx.addIssue(rule(say("questionnaires.issues.tooManyOptions", { max: limits.optionsMax }), ["options"]));
        const seen = new Set<string>();
        options.forEach((o, i) => {
          const key = o.toLowerCase();
          if (seen.has(key)) ctx.addIssue(rule(say("questionnaires.issues.optionTwice", { option: o }), ["options", i]));
          seen.add(key);
        });
      }
    });

  const QuestionListSchema = z
    .array(QuestionSchema, { error: say("questionnaires.issues.typeList") })
    .min(1, say("questionnaires.issues.typeEmpty"))
    .max(limits.questionsPerType, say("questionnaires.issues.typeTooMany", { max: limits.questionsPerType }))
    .superRefine((questions, ctx) => {
      const first = new Map<string, number>();
      questions.forEach((q, i) => {
        const earlier = first.get(q.id);
        if (earlier !== undefined) ctx.addIssue(rule(say("questionnaires.issues.idTwice", { id: q.id, n: earlier + 1 }), [i, "id"]));
        else first.set(q.id, i);
      });
    });

  const typeShape = Object.fromEntries(REVIEWER_TYPES.map((t) => [t, QuestionListSchema.optional()])) as Record<
    ReviewerType,
    z.ZodOptional<typeof QuestionListSchema>
  >;

  const QuestionnaireSchema = z
    .object(typeShape, { error: say("questionnaires.issues.notObject") })
    .strict()
    .superRefine((value, ctx) => {
      if (!REVIEWER_TYPES.some((t) => value[t] !== undefined)) {
        ctx.addIssue({ code: "custom", path: [], message: say("questionnaires.issues.noType", { types: REVIEWER_TYPES.join(", ") }) });
      }
    })
    // The document says it too (ADR 0060).
    .meta({ minProperties: 1 });

  return { RatingScaleSchema, QuestionSchema, QuestionListSchema, QuestionnaireSchema };
}

/** The schemas with English messages: the API, the service, the CSV upload. */
export const { RatingScaleSchema, QuestionSchema, QuestionListSchema, QuestionnaireSchema } = buildSchemas(englishIssue);
export type RatingScale = z.infer<typeof RatingScaleSchema>;
export type Question = z.infer<typeof QuestionSchema>;
export type Questionnaire = z.infer<typeof QuestionnaireSchema>;

/** A message of the page schema: a code holding the key and values (never shown as it is). */
const ISSUE_CODE = "questionnaire-issue:";
let pageSchemas: ReturnType<typeof buildSchemas> | null = null;

/** A message that carries its key and values (`issueCodeOf` reads it back): the page schemas' and the CSV rows' `say`. */
export const codedIssue: SayIssue = (key, values) => `${ISSUE_CODE}${JSON.stringify({ key, values })}`;

/** The schemas whose messages are codes (`issueCodeOf` reads one back); built on first use. */
function codedSchemas() {
  pageSchemas ??= buildSchemas(codedIssue);
  return pageSchemas;
}

/** The questionnaire schema whose messages are codes (the pages). */
export const pageIssueSchema = () => codedSchemas().QuestionnaireSchema;

/** The question schema whose messages are codes (a CSV upload's rows, ADR 0100). */
export const codedQuestionSchema = () => codedSchemas().QuestionSchema;

/** The key and values a page schema's message carries, or null for a message of zod's own (a wrong JSON type). */
export function issueCodeOf(message: string): { key: IssueKey; values?: IssueValues } | null {
  if (!message.startsWith(ISSUE_CODE)) return null;
  const { key, values } = JSON.parse(message.slice(ISSUE_CODE.length)) as { key: IssueKey; values?: IssueValues };
  return values ? { key, values } : { key };
}

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
