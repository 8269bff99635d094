import { describe, expect, it } from "vitest";
import {
  DEFAULT_TEXT_MAX_LENGTH,
  QUESTIONNAIRE_LIMITS,
  REVIEWER_TYPES,
  REVIEWER_TYPE_LABELS,
  questionsByType,
  scalePoints,
  textMaxLength,
  usedReviewerTypes,
  type Question,
} from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { checkQuestionnaire, checkQuestionnaireJson, type QuestionnaireIssue } from "~/features/questionnaires/validation";

const text = (id: string, extra: Partial<Question> = {}): Question => ({ id, kind: "text", label: `Question ${id}`, required: true, ...extra });
const rating = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  kind: "rating",
  label: `Rate ${id}`,
  required: true,
  scale: { min: 1, max: 5 },
  ...extra,
});
const choice = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  kind: "choice",
  label: `Pick ${id}`,
  required: false,
  options: ["Yes", "No"],
  ...extra,
});

function issues(value: unknown): QuestionnaireIssue[] {
  const res = checkQuestionnaire(value);
  if (res.ok) throw new Error("expected the questionnaire to be rejected");
  return res.issues;
}

function messageAt(value: unknown, path: Array<string | number>): string[] {
  return issues(value)
    .filter((i) => JSON.stringify(i.path) === JSON.stringify(path))
    .map((i) => i.message);
}

describe("reviewer types", () => {
  it("has the six types of the spec with their display labels", () => {
    expect(REVIEWER_TYPES).toEqual(["SELF", "MANAGER", "DIRECT_REPORT", "PEER", "MATRIX_MANAGER", "MATRIX_TEAM"]);
    expect(REVIEWER_TYPE_LABELS).toEqual({
      SELF: "Self",
      MANAGER: "Manager",
      DIRECT_REPORT: "Direct Report",
      PEER: "Peer/Stakeholder",
      MATRIX_MANAGER: "Matrix Manager",
      MATRIX_TEAM: "Matrix Team",
    });
  });
});

describe("the default questionnaire", () => {
  it("is valid and asks every reviewer type", () => {
    const res = checkQuestionnaire(DEFAULT_QUESTIONNAIRE);
    expect(res.ok, JSON.stringify(!res.ok && res.issues)).toBe(true);
    expect(usedReviewerTypes(DEFAULT_QUESTIONNAIRE)).toEqual([...REVIEWER_TYPES]);
  });

  it("reads like a 360 form: strengths, growth areas and an overall impact rating", () => {
    for (const type of ["SELF", "MANAGER", "PEER"] as const) {
      const ids = DEFAULT_QUESTIONNAIRE[type]!.map((q) => q.id);
      expect(ids).toEqual(expect.arrayContaining(["strengths", "growth_areas", "overall_impact"]));
    }
    const impact = DEFAULT_QUESTIONNAIRE.MANAGER!.find((q) => q.id === "overall_impact")!;
    expect(impact.kind).toBe("rating");
    expect(scalePoints(impact.scale!).map((p) => p.label)).toEqual([
      "Well below expectations",
      "Below expectations",
      "Meets expectations",
      "Exceeds expectations",
      "Exceptional",
    ]);
  });
});

describe("valid questionnaires", () => {
  it("accepts a minimal one with one type", () => {
    const res = checkQuestionnaire({ PEER: [text("feedback")] });
    expect(res.ok).toBe(true);
    if (res.ok) expect(questionsByType(res.questionnaire)).toEqual({
      SELF: [],
      MANAGER: [],
      DIRECT_REPORT: [],
      PEER: [text("feedback")],
      MATRIX_MANAGER: [],
      MATRIX_TEAM: [],
    });
  });

  it("accepts every kind with its own fields and keeps the order", () => {
    const q = {
      SELF: [
        rating("impact", { scale: { min: 0, max: 10, labels: { "0": "None", "10": "Huge" } } }),
        text("notes", { max_length: 200, help: "Be specific", required: false }),
        choice("level", { options: ["Low", "Medium", "High"] }),
      ],
    };
    const res = checkQuestionnaire(q);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.questionnaire.SELF!.map((x) => x.id)).toEqual(["impact", "notes", "level"]);
  });

  it("trims labels and allows the same id in different types", () => {
    const res = checkQuestionnaire({ SELF: [text("strengths", { label: "  Strengths?  " })], PEER: [text("strengths")] });
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.questionnaire.SELF![0]!.label).toBe("Strengths?");
  });

  it("gives text questions a default answer length", () => {
    expect(textMaxLength(text("a"))).toBe(DEFAULT_TEXT_MAX_LENGTH);
    expect(textMaxLength(text("a", { max_length: 10 }))).toBe(10);
  });
});

describe("document-level rules", () => {
  it("rejects anything that is not an object", () => {
    for (const v of [null, [], "x", 3]) expect(issues(v)[0]!.message).toBe("A questionnaire is an object keyed by reviewer type");
  });

  it("needs at least one reviewer type", () => {
    expect(messageAt({}, [])).toEqual([expect.stringContaining("at least one reviewer type")]);
  });

  it("rejects unknown reviewer types by name", () => {
    expect(messageAt({ PEER: [text("a")], STAKEHOLDER: [text("a")] }, ["STAKEHOLDER"])).toEqual([
      expect.stringContaining("Unknown reviewer type 'STAKEHOLDER'"),
    ]);
  });

  it("a type that is present needs at least one question", () => {
    expect(messageAt({ PEER: [text("a")], SELF: [] }, ["SELF"])).toEqual([expect.stringContaining("at least one question")]);
  });

  it("limits the questions per type", () => {
    const many = Array.from({ length: QUESTIONNAIRE_LIMITS.questionsPerType + 1 }, (_, i) => text(`q${i}`));
    expect(messageAt({ SELF: many }, ["SELF"])).toEqual([`At most ${QUESTIONNAIRE_LIMITS.questionsPerType} questions per reviewer type`]);
  });
});

describe("question rules", () => {
  it("ids are unique within a type", () => {
    expect(messageAt({ PEER: [text("a"), rating("b"), text("a")] }, ["PEER", 2, "id"])).toEqual([
      "Question id 'a' is already used by question 1",
    ]);
  });

  it("ids are lowercase slugs", () => {
    for (const id of ["Strengths", "1st", "has space", "ü", "-x"]) {
      expect(messageAt({ SELF: [text(id)] }, ["SELF", 0, "id"])).toEqual([expect.stringContaining("lowercase slug")]);
    }
    expect(messageAt({ SELF: [text("")] }, ["SELF", 0, "id"])).toContain("id is required");
  });

  it("needs id, kind, label and required", () => {
    const res = issues({ SELF: [{}] });
    expect(res.map((i) => i.path.at(-1))).toEqual(expect.arrayContaining(["id", "kind", "label", "required"]));
    expect(messageAt({ SELF: [{ ...text("a"), kind: "essay" }] }, ["SELF", 0, "kind"])).toEqual(["kind must be one of rating, text, choice"]);
    expect(messageAt({ SELF: [text("a", { label: "   " })] }, ["SELF", 0, "label"])).toEqual(["label is required"]);
    expect(messageAt({ SELF: [{ ...text("a"), required: "yes" }] }, ["SELF", 0, "required"])).toEqual(["required must be true or false"]);
  });

  it("rejects unknown fields", () => {
    expect(messageAt({ SELF: [{ ...text("a"), placeholder: "x" }] }, ["SELF", 0, "placeholder"])).toEqual(["Unknown field 'placeholder'"]);
  });

  it("options only on choice questions", () => {
    expect(messageAt({ SELF: [text("a", { options: ["x", "y"] })] }, ["SELF", 0, "options"])).toEqual([
      "options are only allowed on a choice question",
    ]);
    expect(messageAt({ SELF: [rating("a", { options: ["x", "y"] })] }, ["SELF", 0, "options"])).toEqual([
      "options are only allowed on a choice question",
    ]);
  });

  it("choice questions need 2 to 20 distinct options", () => {
    expect(messageAt({ SELF: [choice("a", { options: ["only"] })] }, ["SELF", 0, "options"])).toEqual([
      "A choice question needs at least 2 options",
    ]);
    expect(messageAt({ SELF: [choice("a", { options: undefined })] }, ["SELF", 0, "options"])).toEqual([
      "A choice question needs at least 2 options",
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `Option ${i}`);
    expect(messageAt({ SELF: [choice("a", { options: many })] }, ["SELF", 0, "options"])).toEqual([
      "A choice question has at most 20 options",
    ]);
    expect(messageAt({ SELF: [choice("a", { options: ["Yes", "yes"] })] }, ["SELF", 0, "options", 1])).toEqual([
      "Option 'yes' is listed twice",
    ]);
  });

  it("scale only on rating questions, and rating questions need one", () => {
    expect(messageAt({ SELF: [text("a", { scale: { min: 1, max: 5 } })] }, ["SELF", 0, "scale"])).toEqual([
      "scale is only allowed on a rating question",
    ]);
    expect(messageAt({ SELF: [rating("a", { scale: undefined })] }, ["SELF", 0, "scale"])).toEqual([
      "A rating question needs a scale ({ min, max })",
    ]);
  });

  it("a scale goes up, stays within 0-10 and labels only its own points", () => {
    expect(messageAt({ SELF: [rating("a", { scale: { min: 5, max: 5 } })] }, ["SELF", 0, "scale", "max"])).toEqual([
      "scale.max must be greater than scale.min",
    ]);
    expect(messageAt({ SELF: [rating("a", { scale: { min: 1, max: 11 } })] }, ["SELF", 0, "scale", "max"])).toEqual([
      "scale.max must be at most 10",
    ]);
    expect(messageAt({ SELF: [rating("a", { scale: { min: 1.5, max: 4 } })] }, ["SELF", 0, "scale", "min"])).toEqual([
      "scale.min must be a whole number",
    ]);
    expect(messageAt({ SELF: [rating("a", { scale: { min: 1, max: 5, labels: { "6": "Too far" } } })] }, ["SELF", 0, "scale", "labels", "6"])).toEqual(
      ["Scale label '6' is not a point of the scale 1-5"],
    );
    expect(messageAt({ SELF: [rating("a", { scale: { min: 1, max: 5, labels: { one: "x" } } })] }, ["SELF", 0, "scale", "labels", "one"])).toEqual(
      ["Scale label 'one' is not a point of the scale 1-5"],
    );
  });

  it("max_length only on text questions, 1 to 10000", () => {
    expect(messageAt({ SELF: [choice("a", { max_length: 10 })] }, ["SELF", 0, "max_length"])).toEqual([
      "max_length is only allowed on a text question",
    ]);
    expect(messageAt({ SELF: [text("a", { max_length: 0 })] }, ["SELF", 0, "max_length"])).toEqual(["max_length must be at least 1"]);
    expect(messageAt({ SELF: [text("a", { max_length: 10_001 })] }, ["SELF", 0, "max_length"])).toEqual(["max_length must be at most 10000"]);
  });

  it("reports every problem with a readable place", () => {
    const res = issues({ PEER: [text("ok"), { ...choice("b"), options: ["x"] }] });
    expect(res).toEqual([{ where: "PEER › question 2 › options", path: ["PEER", 1, "options"], message: "A choice question needs at least 2 options" }]);
  });
});

describe("checkQuestionnaireJson", () => {
  it("reports a JSON syntax error as one issue", () => {
    const res = checkQuestionnaireJson('{ "SELF": [ }');
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.issues).toHaveLength(1);
      expect(res.issues[0]!.message).toMatch(/^Not valid JSON: /);
    }
  });

  it("validates parsed JSON with the schema", () => {
    expect(checkQuestionnaireJson(JSON.stringify(DEFAULT_QUESTIONNAIRE)).ok).toBe(true);
    expect(checkQuestionnaireJson('{"SELF": []}').ok).toBe(false);
  });
});
