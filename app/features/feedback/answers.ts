/**
 * Feedback answers: what a reviewer writes into a Feedback row, checked against the questions the
 * cycle's questionnaire asks their reviewer type.
 *
 * `answers` = `{ [questionId]: number | string }`: a rating question holds a whole number within its
 * scale, a text question a string up to its max length, a choice question one of its options.
 *
 * Two levels of checking:
 * - a DRAFT may leave any question unanswered (an empty text counts as unanswered and is dropped),
 *   but what is answered must be valid and only questions of the form may be answered;
 * - a SUBMISSION additionally needs every required question answered.
 *
 * PURE module (zod only): the server validates with it and the questionnaire form runs the same
 * checks in the browser. Used for 360 feedback (SPU stage) and manager feedback.
 */
import { z } from "zod";
import {
  questionsByType,
  textMaxLength,
  type Question,
  type Questionnaire,
  type ReviewerType,
} from "~/features/questionnaires/rules";

export type AnswerValue = number | string;
export type Answers = Record<string, AnswerValue>;

/** draft = partial allowed; submit = every required question answered. */
export type AnswerMode = "draft" | "submit";

/** One problem with one question's answer (question_id "" = the answers object itself). */
export type AnswerIssue = {
  question_id: string;
  /** The question's label, so messages can be shown without the questionnaire at hand. */
  question: string;
  message: string;
};

export type AnswersCheck = { ok: true; answers: Answers } | { ok: false; issues: AnswerIssue[] };

export const REQUIRED_MESSAGE = "This question is required";

/** The questions a reviewer type answers in a questionnaire ([] when the type is not asked anything). */
export function questionsFor(questionnaire: Questionnaire, reviewerType: ReviewerType): Question[] {
  return questionsByType(questionnaire)[reviewerType];
}

/** Whether a stored/typed value counts as an answer (not undefined/null, not blank text). */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim().length > 0;
  return true;
}

/** The zod schema of one question's answer (the value is present; "required" is checked by the object schema). */
export function answerSchemaFor(question: Question): z.ZodType<AnswerValue> {
  switch (question.kind) {
    case "rating": {
      const scale = question.scale ?? { min: 0, max: 10 };
      const range = `a whole number from ${scale.min} to ${scale.max}`;
      return z.preprocess(
        // Form posts send numbers as text: accept "4" as 4, nothing else.
        (v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
        z
          .number({ error: `The rating must be ${range}` })
          .int(`The rating must be ${range}`)
          .min(scale.min, `The rating must be ${range}`)
          .max(scale.max, `The rating must be ${range}`),
      ) as z.ZodType<AnswerValue>;
    }
    case "text": {
      const max = textMaxLength(question);
      return z
        .string({ error: "The answer must be text" })
        .trim()
        .max(max, `The answer must be at most ${max} characters`);
    }
    case "choice": {
      const options = question.options ?? [];
      return z
        .string({ error: `Choose one of: ${options.join(", ")}` })
        .refine((v) => options.includes(v), { message: `Choose one of: ${options.join(", ")}` });
    }
  }
}

/**
 * The schema of a whole answers object for `questions`. Unknown question ids are refused; blank texts
 * and nulls are dropped (= unanswered); in "submit" mode every required question must be answered.
 */
export function answersSchema(questions: readonly Question[], mode: AnswerMode): z.ZodType<Answers> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return z
    .record(z.string(), z.unknown(), { error: "Answers must be an object keyed by question id" })
    .transform((raw, ctx): Answers => {
      const out: Answers = {};
      for (const [id, value] of Object.entries(raw)) {
        const question = byId.get(id);
        if (!question) {
          ctx.addIssue({ code: "custom", path: [id], message: `There is no question '${id}' in this form` });
          continue;
        }
        if (!isAnswered(value)) continue;
        const parsed = answerSchemaFor(question).safeParse(value);
        if (parsed.success) {
          if (!(typeof parsed.data === "string" && parsed.data.length === 0)) out[id] = parsed.data;
        } else {
          ctx.addIssue({ code: "custom", path: [id], message: parsed.error.issues[0]?.message ?? "Invalid answer" });
        }
      }
      if (mode === "submit") {
        for (const q of questions) {
          if (q.required && !isAnswered(raw[q.id])) ctx.addIssue({ code: "custom", path: [q.id], message: REQUIRED_MESSAGE });
        }
      }
      return out;
    });
}

function issuesFrom(questions: readonly Question[], error: z.ZodError): AnswerIssue[] {
  const labels = new Map(questions.map((q) => [q.id, q.label]));
  const order = new Map(questions.map((q, i) => [q.id, i]));
  const issues = error.issues.map((issue) => {
    const id = issue.path.length > 0 ? String(issue.path[0]) : "";
    return { question_id: id, question: labels.get(id) ?? id, message: issue.message };
  });
  // In form order; unknown ids and object-level problems last.
  return issues.sort((a, b) => (order.get(a.question_id) ?? 1e9) - (order.get(b.question_id) ?? 1e9));
}

/** Validate answers for `questions` at a level. */
export function checkAnswers(questions: readonly Question[], value: unknown, mode: AnswerMode): AnswersCheck {
  const parsed = answersSchema(questions, mode).safeParse(value ?? {});
  return parsed.success ? { ok: true, answers: parsed.data } : { ok: false, issues: issuesFrom(questions, parsed.error) };
}

/** A draft: anything may be unanswered, what is answered must be valid. */
export function checkDraft(questions: readonly Question[], value: unknown): AnswersCheck {
  return checkAnswers(questions, value, "draft");
}

/** A submission: valid and every required question answered. */
export function checkSubmission(questions: readonly Question[], value: unknown): AnswersCheck {
  return checkAnswers(questions, value, "submit");
}

/** Issues as { [questionId]: message } for showing next to each question (first message per question). */
export function errorsByQuestion(issues: readonly AnswerIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) if (!(issue.question_id in out)) out[issue.question_id] = issue.message;
  return out;
}

/** One readable line per issue: "What are ...? — This question is required". */
export function describeIssues(issues: readonly AnswerIssue[]): string {
  return issues.map((i) => (i.question ? `${i.question} — ${i.message}` : i.message)).join("\n");
}

/** How many questions are answered and how many required ones are still open. */
export function answerProgress(questions: readonly Question[], answers: Readonly<Record<string, unknown>>) {
  let answered = 0;
  let requiredOpen = 0;
  for (const q of questions) {
    if (isAnswered(answers[q.id])) answered++;
    else if (q.required) requiredOpen++;
  }
  return { answered, total: questions.length, requiredOpen };
}

/** The stored answers (JSON from the database) as Answers, keeping only questions of the form. */
export function storedAnswers(questions: readonly Question[], stored: unknown): Answers {
  const out: Answers = {};
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return out;
  const rec = stored as Record<string, unknown>;
  for (const q of questions) {
    const v = rec[q.id];
    if (typeof v === "number" || (typeof v === "string" && v.length > 0)) out[q.id] = v;
  }
  return out;
}

/** The text shown for an answer when reading it back ("4 - Exceeds expectations", the option, the text). */
export function answerText(question: Question, value: AnswerValue | undefined): string {
  if (value === undefined || value === "") return "Not answered";
  if (question.kind === "rating") {
    const label = question.scale?.labels?.[String(value)];
    return label ? `${value} - ${label}` : String(value);
  }
  return String(value);
}

/** Name of the hidden form field that carries the answers as JSON (QuestionnaireForm renders it). */
export const ANSWERS_FIELD = "answers";

/** The answers posted by a QuestionnaireForm (hidden JSON field); a malformed field is an object-level issue. */
export function answersFromFormField(value: FormDataEntryValue | null): { ok: true; value: unknown } | { ok: false; issues: AnswerIssue[] } {
  if (value === null || value === "") return { ok: true, value: {} };
  if (typeof value !== "string") return { ok: false, issues: [{ question_id: "", question: "", message: "Answers must be sent as JSON text" }] };
  try {
    return { ok: true, value: JSON.parse(value) };
  } catch {
    return { ok: false, issues: [{ question_id: "", question: "", message: "Answers are not valid JSON" }] };
  }
}
