import { describe, expect, it } from "vitest";
import {
  REQUIRED_MESSAGE,
  answerProgress,
  answerText,
  answersFromFormField,
  checkAnswers,
  checkDraft,
  checkSubmission,
  describeIssues,
  errorsByQuestion,
  isAnswered,
  questionsFor,
  storedAnswers,
} from "~/features/feedback/answers";
import type { Question } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";

const questions: Question[] = [
  { id: "strengths", kind: "text", label: "Strengths?", required: true, max_length: 10 },
  { id: "impact", kind: "rating", label: "Impact?", required: true, scale: { min: 1, max: 5, labels: { "5": "Exceptional" } } },
  { id: "often", kind: "choice", label: "How often?", required: true, options: ["Rarely", "Often"] },
  { id: "extra", kind: "text", label: "Anything else?", required: false },
];

describe("questionsFor", () => {
  it("returns the questions of a reviewer type and [] for a type not asked", () => {
    expect(questionsFor(DEFAULT_QUESTIONNAIRE, "PEER").map((q) => q.id)).toEqual(["strengths", "growth_areas", "collaboration", "overall_impact"]);
    expect(questionsFor({ SELF: DEFAULT_QUESTIONNAIRE.SELF }, "PEER")).toEqual([]);
  });
});

describe("draft answers", () => {
  it("accepts an empty draft and a partial draft", () => {
    expect(checkDraft(questions, {})).toEqual({ ok: true, answers: {} });
    expect(checkDraft(questions, { strengths: "  Kind  " })).toEqual({ ok: true, answers: { strengths: "Kind" } });
  });

  it("drops blank texts and nulls (they are unanswered)", () => {
    expect(checkDraft(questions, { strengths: "   ", impact: null, extra: "" })).toEqual({ ok: true, answers: {} });
  });

  it("accepts a rating sent as text from a form and stores it as a number", () => {
    expect(checkDraft(questions, { impact: "4" })).toEqual({ ok: true, answers: { impact: 4 } });
  });

  it("refuses ratings outside the scale or not whole", () => {
    for (const bad of [0, 6, 2.5, "x", true]) {
      const r = checkDraft(questions, { impact: bad });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues).toEqual([{ question_id: "impact", question: "Impact?", message: "The rating must be a whole number from 1 to 5" }]);
    }
  });

  it("refuses a choice that is not an option", () => {
    const r = checkDraft(questions, { often: "Always" });
    expect(r).toEqual({ ok: false, issues: [{ question_id: "often", question: "How often?", message: "Choose one of: Rarely, Often" }] });
  });

  it("refuses a text longer than the question's max length (default length for questions without one)", () => {
    const r = checkDraft(questions, { strengths: "x".repeat(11) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toBe("The answer must be at most 10 characters");
    expect(checkDraft(questions, { extra: "x".repeat(5000) }).ok).toBe(true);
    expect(checkDraft(questions, { extra: "x".repeat(5001) }).ok).toBe(false);
  });

  it("refuses a number for a text question", () => {
    const r = checkDraft(questions, { strengths: 3 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ question_id: "strengths", message: "The answer must be text" });
  });

  it("refuses answers to questions that are not in the form", () => {
    const r = checkDraft(questions, { nope: "x" });
    expect(r).toEqual({ ok: false, issues: [{ question_id: "nope", question: "nope", message: "There is no question 'nope' in this form" }] });
  });

  it("refuses answers that are not an object", () => {
    for (const bad of [[], "text", 3]) {
      const r = checkDraft(questions, bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues[0]!.message).toMatch(/Answers must be an object|expected/i);
    }
  });
});

describe("submission", () => {
  const complete = { strengths: "Kind", impact: 5, often: "Often" };

  it("accepts every required question answered; optional ones may be missing", () => {
    expect(checkSubmission(questions, complete)).toEqual({ ok: true, answers: complete });
    expect(checkSubmission(questions, { ...complete, extra: "More" })).toEqual({ ok: true, answers: { ...complete, extra: "More" } });
  });

  it("names each missing required question, in form order", () => {
    const r = checkSubmission(questions, { often: "Rarely", strengths: " " });
    expect(r).toEqual({
      ok: false,
      issues: [
        { question_id: "strengths", question: "Strengths?", message: REQUIRED_MESSAGE },
        { question_id: "impact", question: "Impact?", message: REQUIRED_MESSAGE },
      ],
    });
  });

  it("reports invalid and missing answers together", () => {
    const r = checkAnswers(questions, { strengths: "Kind", impact: 9 }, "submit");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(errorsByQuestion(r.issues)).toEqual({ impact: "The rating must be a whole number from 1 to 5", often: REQUIRED_MESSAGE });
      expect(describeIssues(r.issues)).toBe("Impact? — The rating must be a whole number from 1 to 5\nHow often? — This question is required");
    }
  });

  it("the default questionnaire's forms are all submittable when filled", () => {
    for (const [type, qs] of Object.entries(DEFAULT_QUESTIONNAIRE)) {
      const answers = Object.fromEntries(
        qs!.map((q) => [q.id, q.kind === "rating" ? q.scale!.max : q.kind === "choice" ? q.options![0]! : `Answer for ${type}`]),
      );
      expect(checkSubmission(qs!, answers).ok).toBe(true);
      expect(checkSubmission(qs!, {}).ok).toBe(false);
    }
  });
});

describe("helpers", () => {
  it("isAnswered", () => {
    expect([undefined, null, "", "  "].map(isAnswered)).toEqual([false, false, false, false]);
    expect([0, "a", 3].map(isAnswered)).toEqual([true, true, true]);
  });

  it("answerProgress counts answered and open required questions", () => {
    expect(answerProgress(questions, { strengths: "x", extra: "y" })).toEqual({ answered: 2, total: 4, requiredOpen: 2 });
  });

  it("storedAnswers keeps only questions of the form with a value", () => {
    expect(storedAnswers(questions, { strengths: "x", old: "y", impact: 3, often: "" })).toEqual({ strengths: "x", impact: 3 });
    expect(storedAnswers(questions, null)).toEqual({});
    expect(storedAnswers(questions, [1])).toEqual({});
  });

  it("answerText shows rating words, options and texts", () => {
    expect(answerText(questions[1]!, 5)).toBe("5 - Exceptional");
    expect(answerText(questions[1]!, 3)).toBe("3");
    expect(answerText(questions[0]!, undefined)).toBe("Not answered");
    expect(answerText(questions[2]!, "Often")).toBe("Often");
  });

  it("answersFromFormField parses the hidden JSON field", () => {
    expect(answersFromFormField(null)).toEqual({ ok: true, value: {} });
    expect(answersFromFormField('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(answersFromFormField("{oops").ok).toBe(false);
  });
});
