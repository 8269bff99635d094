/**
 * Questionnaires: what each kind of reviewer is asked in a cycle.
 *
 * A questionnaire is an object keyed by reviewer type (spec §3: Self, Manager, Direct Report,
 * Peer/Stakeholder, Matrix Manager, Matrix Team); each present type holds its ordered questions.
 * A type that is absent is not asked anything; a present type must have at least one question.
 *
 * PURE module (zod only): the server validates with it, and the json-builder page runs the very same
 * schema in the browser for live validation messages.
 */
import { z } from "zod";

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
    .max(max, `${field} must be at most ${max} characters`);

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
      ctx.addIssue({ code: "custom", path: ["max"], message: "scale.max must be greater than scale.min" });
      return;
    }
    for (const key of Object.keys(scale.labels ?? {})) {
      const point = /^-?\d+$/.test(key) ? Number(key) : Number.NaN;
      if (!Number.isInteger(point) || point < scale.min || point > scale.max) {
        ctx.addIssue({
          code: "custom",
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
      ctx.addIssue({ code: "custom", path: ["scale"], message: "scale is only allowed on a rating question" });
    }
    if (q.kind !== "choice" && q.options !== undefined) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "options are only allowed on a choice question" });
    }
    if (q.kind !== "text" && q.max_length !== undefined) {
      ctx.addIssue({ code: "custom", path: ["max_length"], message: "max_length is only allowed on a text question" });
    }
    // Fields each kind needs.
    if (q.kind === "rating" && q.scale === undefined) {
      ctx.addIssue({ code: "custom", path: ["scale"], message: "A rating question needs a scale ({ min, max })" });
    }
    if (q.kind === "choice") {
      const options = q.options ?? [];
      if (options.length < QUESTIONNAIRE_LIMITS.optionsMin) {
        ctx.addIssue({ code: "custom", path: ["options"], message: `A choice question needs at least ${QUESTIONNAIRE_LIMITS.optionsMin} options` });
      }
      if (options.length > QUESTIONNAIRE_LIMITS.optionsMax) {
        ctx.addIssue({ code: "custom", path: ["options"], message: `A choice question has at most ${QUESTIONNAIRE_LIMITS.optionsMax} options` });
      }
      const seen = new Set<string>();
      options.forEach((option, i) => {
        const key = option.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["options", i], message: `Option '${option}' is listed twice` });
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
        ctx.addIssue({ code: "custom", path: [i, "id"], message: `Question id '${q.id}' is already used by question ${earlier + 1}` });
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
  });
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

// ---------------------------------------------------------------------------------------------
// Validation messages for editors (the json-builder page and upload jobs)

export type QuestionnaireIssue = {
  /** Where, as a readable path: "PEER › question 2 › options", or "" for the whole document. */
  where: string;
  /** JSON path of the problem, e.g. ["PEER", 1, "options"]. */
  path: Array<string | number>;
  message: string;
};

function readablePath(path: ReadonlyArray<PropertyKey>): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    if (i === 1 && typeof p === "number") parts.push(`question ${p + 1}`);
    else if (typeof p === "number") parts.push(`item ${p + 1}`);
    else parts.push(String(p));
  }
  return parts.join(" › ");
}

/** zod issues as flat, readable messages (unknown keys become one message per key). */
export function issuesOf(error: z.ZodError): QuestionnaireIssue[] {
  const out: QuestionnaireIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const message =
          path.length === 0
            ? `Unknown reviewer type '${key}' (use ${REVIEWER_TYPES.join(", ")})`
            : `Unknown field '${key}'`;
        out.push({ where: readablePath([...path, key]), path: [...path, key], message });
      }
      continue;
    }
    out.push({ where: readablePath(path), path, message: issue.message });
  }
  return out;
}

export type QuestionnaireCheck = { ok: true; questionnaire: Questionnaire } | { ok: false; issues: QuestionnaireIssue[] };

/** Validate an already-parsed value. */
export function checkQuestionnaire(value: unknown): QuestionnaireCheck {
  const parsed = QuestionnaireSchema.safeParse(value);
  return parsed.success ? { ok: true, questionnaire: parsed.data } : { ok: false, issues: issuesOf(parsed.error) };
}

/** Validate JSON text as typed in an editor: a syntax error is reported as one issue. */
export function checkQuestionnaireJson(text: string): QuestionnaireCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, issues: [{ where: "", path: [], message: `Not valid JSON: ${(err as Error).message}` }] };
  }
  return checkQuestionnaire(value);
}

/** Pretty JSON as the editor shows it. */
export function formatQuestionnaire(q: unknown): string {
  return JSON.stringify(q, null, 2);
}

// ---------------------------------------------------------------------------------------------
// The default questionnaire: used when a cycle has none of its own

const IMPACT_SCALE: RatingScale = {
  min: 1,
  max: 5,
  labels: {
    "1": "Well below expectations",
    "2": "Below expectations",
    "3": "Meets expectations",
    "4": "Exceeds expectations",
    "5": "Exceptional",
  },
};

const AGREEMENT_SCALE: RatingScale = {
  min: 1,
  max: 5,
  labels: { "1": "Strongly disagree", "2": "Disagree", "3": "Neutral", "4": "Agree", "5": "Strongly agree" },
};

const FREQUENCY_OPTIONS = ["Rarely", "Sometimes", "Often", "Almost always"];

/**
 * A 360 form in the style of common review tools: what went well, strengths, growth areas, a rating
 * of overall impact, and for managers a look ahead. Each type speaks to the person answering.
 */
export const DEFAULT_QUESTIONNAIRE: Questionnaire = {
  SELF: [
    {
      id: "accomplishments",
      kind: "text",
      label: "What were your most important accomplishments this cycle?",
      help: "Think about outcomes and impact, not only activity. Link to docs or results where you can.",
      required: true,
      max_length: 5000,
    },
    {
      id: "strengths",
      kind: "text",
      label: "Which strengths helped you most in your work this cycle?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "Where do you want to grow next, and what support would help?",
      required: true,
      max_length: 3000,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate your overall impact this cycle?",
      help: "Compared with what is expected at your level.",
      required: true,
      scale: IMPACT_SCALE,
    },
    {
      id: "anything_else",
      kind: "text",
      label: "Is there anything else you would like your manager to know?",
      required: false,
      max_length: 2000,
    },
  ],
  MANAGER: [
    {
      id: "strengths",
      kind: "text",
      label: "What are this person's greatest strengths? Give specific examples from this cycle.",
      required: true,
      max_length: 5000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What should this person focus on to grow? What would you like to see them do more or less of?",
      required: true,
      max_length: 5000,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate this person's overall impact this cycle?",
      help: "Compared with what is expected at their level.",
      required: true,
      scale: IMPACT_SCALE,
    },
    {
      id: "trajectory",
      kind: "choice",
      label: "How would you describe this person's growth trajectory?",
      required: true,
      options: ["Still ramping up", "Growing steadily in their role", "Ready for more scope", "Ready for the next level"],
    },
    {
      id: "next_cycle_focus",
      kind: "text",
      label: "What are the two or three goals this person should focus on next cycle?",
      required: false,
      max_length: 3000,
    },
  ],
  DIRECT_REPORT: [
    {
      id: "strengths",
      kind: "text",
      label: "What does your manager do well that you would like them to keep doing?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What could your manager do differently to support you and the team better?",
      required: true,
      max_length: 3000,
    },
    {
      id: "clear_expectations",
      kind: "rating",
      label: "My manager sets clear expectations and gives me useful feedback.",
      required: true,
      scale: AGREEMENT_SCALE,
    },
    {
      id: "support_growth",
      kind: "rating",
      label: "My manager supports my growth and career development.",
      required: true,
      scale: AGREEMENT_SCALE,
    },
  ],
  PEER: [
    {
      id: "strengths",
      kind: "text",
      label: "What are this person's greatest strengths when you work together?",
      help: "Specific examples from the last six months are the most useful.",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What is one thing this person could do to have even more impact?",
      required: true,
      max_length: 3000,
    },
    {
      id: "collaboration",
      kind: "choice",
      label: "How often is this person someone you can rely on to deliver what they committed to?",
      required: true,
      options: FREQUENCY_OPTIONS,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate the overall impact of this person's work on yours?",
      required: true,
      scale: IMPACT_SCALE,
    },
  ],
  MATRIX_MANAGER: [
    {
      id: "contributions",
      kind: "text",
      label: "What did this person contribute to the work you oversee this cycle?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What should this person focus on to grow?",
      required: true,
      max_length: 3000,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate this person's overall impact on your area this cycle?",
      required: true,
      scale: IMPACT_SCALE,
    },
  ],
  MATRIX_TEAM: [
    {
      id: "strengths",
      kind: "text",
      label: "What does this person do well in leading your shared work?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What could this person do differently to help you succeed?",
      required: true,
      max_length: 3000,
    },
    {
      id: "clear_direction",
      kind: "rating",
      label: "This person gives clear direction and priorities for our shared work.",
      required: true,
      scale: AGREEMENT_SCALE,
    },
  ],
};
