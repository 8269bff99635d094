import { describe, expect, it } from "vitest";
import { englishIssue, QuestionnaireSchema, REVIEWER_TYPES, type Questionnaire } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import {
  joinList,
  parseQuestionRow,
  parseReviewerType,
  questionnaireToCsvRows,
  rowFromCells,
  splitList,
  type QuestionnaireCsvRow,
} from "~/features/questionnaires/csv";

const codedIssuesOf = (row: QuestionnaireCsvRow) => {
  const r = parseQuestionRow(row);
  if (r.ok) throw new Error("expected issues");
  return r.issues;
};
/** The issues' columns and English (the API's row errors). */
const issuesOf = (row: QuestionnaireCsvRow) => codedIssuesOf(row).map(({ column, message }) => ({ column, message }));

describe("questionnaire CSV rows", () => {
  it("reads reviewer types by key or label, in any case", () => {
    expect(parseReviewerType("SELF")).toBe("SELF");
    expect(parseReviewerType(" peer/stakeholder ")).toBe("PEER");
    expect(parseReviewerType("Direct Report")).toBe("DIRECT_REPORT");
    expect(parseReviewerType("matrix-team")).toBe("MATRIX_TEAM");
    expect(parseReviewerType("Matrix Manager")).toBe("MATRIX_MANAGER");
    expect(parseReviewerType("boss")).toBeNull();
  });

  it("splits and joins lists with escapes", () => {
    expect(splitList("Yes| No |Not sure")).toEqual(["Yes", "No", "Not sure"]);
    expect(splitList("a\\|b|c\\\\")).toEqual(["a|b", "c\\"]);
    expect(splitList("  ")).toEqual([]);
    const items = ["x|y", "back\\slash", "plain"];
    expect(splitList(joinList(items))).toEqual(items);
  });

  it("parses each kind of question", () => {
    expect(parseQuestionRow({ reviewer_type: "Self", question_id: "wins", kind: "Text", label: " What went well? ", required: "", max_length: "500" })).toEqual({
      ok: true,
      reviewerType: "SELF",
      question: { id: "wins", kind: "text", label: "What went well?", required: true, max_length: 500 },
    });
    expect(
      parseQuestionRow({ reviewer_type: "PEER", question_id: "impact", kind: "rating", label: "Impact", required: "no", scale_min: "1", scale_max: "4", scale_labels: "1=Low|4=High" }),
    ).toEqual({
      ok: true,
      reviewerType: "PEER",
      question: { id: "impact", kind: "rating", label: "Impact", required: false, scale: { min: 1, max: 4, labels: { "1": "Low", "4": "High" } } },
    });
    expect(parseQuestionRow({ reviewer_type: "manager", question_id: "again", kind: "choice", label: "Again?", help: "Be honest", options: "Yes|No" })).toEqual({
      ok: true,
      reviewerType: "MANAGER",
      question: { id: "again", kind: "choice", label: "Again?", help: "Be honest", required: true, options: ["Yes", "No"] },
    });
  });

  it("names the column of every problem", () => {
    expect(issuesOf({ reviewer_type: "boss", question_id: "a", kind: "text", label: "A" })).toEqual([
      { column: "reviewer_type", message: "Unknown reviewer type 'boss' (use SELF, MANAGER, DIRECT_REPORT, PEER, MATRIX_MANAGER, MATRIX_TEAM)" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "", kind: "text", label: "" })).toEqual([
      { column: "question_id", message: "question_id is required" },
      { column: "label", message: "label is required" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "Bad Id", kind: "stars", label: "A" })).toEqual([
      { column: "question_id", message: "question_id must be a lowercase slug: letters, digits, '_' or '-', starting with a letter" },
      { column: "kind", message: "Unknown kind 'stars' (use rating, text or choice)" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R" })).toEqual([
      { column: "scale_max", message: "A rating question needs scale_min and scale_max" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1" })).toEqual([
      { column: "scale_max", message: "scale_max is required on a rating question" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "5", scale_max: "x" })).toEqual([
      { column: "scale_max", message: "scale_max must be a whole number" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "5", scale_max: "3" })).toEqual([
      { column: "scale_max", message: "scale_max must be greater than scale_min" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1", scale_max: "3", scale_labels: "7=Far" })).toEqual([
      { column: "scale_labels", message: "Scale label '7' is not a point of the scale 1-3" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1", scale_max: "3", scale_labels: "Low" })[0]!.column).toBe(
      "scale_labels",
    );
    expect(issuesOf({ reviewer_type: "SELF", question_id: "c", kind: "choice", label: "C", options: "Only" })).toEqual([
      { column: "options", message: "A choice question needs at least 2 options" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "t", kind: "text", label: "T", options: "A|B", required: "maybe" })).toEqual([
      { column: "required", message: "required must be true or false" },
    ]);
    expect(issuesOf({ reviewer_type: "SELF", question_id: "t", kind: "text", label: "T", options: "A|B" })).toEqual([
      { column: "options", message: "options are only allowed on a choice question" },
    ]);
  });

  it("gives every problem a code whose English is the row error (ADR 0100)", () => {
    const rows: Array<[QuestionnaireCsvRow, string[]]> = [
      [{ reviewer_type: "boss", question_id: "a", kind: "text", label: "A" }, ["unknownType"]],
      [{ reviewer_type: "SELF", question_id: "", kind: "text", label: "" }, ["isRequired", "isRequired"]],
      [{ reviewer_type: "SELF", question_id: "Bad Id", kind: "stars", label: "A" }, ["csvIdSlug", "csvUnknownKind"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R" }, ["csvRatingNeedsScale"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1" }, ["csvScaleEndRequired"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "5", scale_max: "x" }, ["wholeNumber"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "5", scale_max: "3" }, ["csvScaleOrder"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1", scale_max: "3", scale_labels: "7=Far" }, ["notAPoint"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1", scale_max: "3", scale_labels: "Low" }, ["csvScaleLabelShape"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1", scale_max: "3", scale_labels: "1=a|01=b" }, ["csvScaleLabelTwice"]],
      [{ reviewer_type: "SELF", question_id: "r", kind: "text", label: "R", scale_min: "1", scale_max: "3" }, ["csvScaleOnlyRating"]],
      [{ reviewer_type: "SELF", question_id: "c", kind: "choice", label: "C", options: "Only" }, ["tooFewOptions"]],
      [{ reviewer_type: "SELF", question_id: "t", kind: "text", label: "T", options: "A|B", required: "maybe" }, ["trueOrFalse"]],
      [{ reviewer_type: "SELF", question_id: "t", kind: "text", label: "T", options: "A|B" }, ["optionsOnlyChoice"]],
    ];
    for (const [row, keys] of rows) {
      const issues = codedIssuesOf(row);
      expect(issues.map((i) => i.code?.key)).toEqual(keys.map((k) => `questionnaires.issues.${k}`));
      for (const i of issues) expect(englishIssue(i.code!.key, i.code!.values)).toBe(i.message);
    }
    expect(codedIssuesOf({ reviewer_type: "SELF", question_id: "r", kind: "rating", label: "R", scale_min: "1", scale_max: "3", scale_labels: "1=a|01=b" })[0]!.message).toBe(
      "scale_labels: point 1 is labelled twice",
    );
    expect(codedIssuesOf({ reviewer_type: "SELF", question_id: "r", kind: "text", label: "R", scale_min: "1", scale_max: "3" })[0]!.message).toBe(
      "scale_min, scale_max and scale_labels are only allowed on a rating question",
    );
  });

  it("maps header columns to cells and ignores unknown ones", () => {
    expect(rowFromCells(["reviewer_type", "x", "label"], ["SELF", "1"])).toEqual({ reviewer_type: "SELF" });
  });

  it("round-trips a questionnaire through its rows (the template)", () => {
    const tricky: Questionnaire = {
      PEER: [{ id: "c", kind: "choice", label: "Pick | one", required: false, options: ["A|B", "C\\D"] }],
      MATRIX_TEAM: [{ id: "r", kind: "rating", label: "R", required: true, scale: { min: 0, max: 10, labels: { "10": "Max", "0": "Min" } } }],
    };
    for (const q of [DEFAULT_QUESTIONNAIRE, tricky]) {
      const rebuilt: Record<string, unknown[]> = {};
      for (const row of questionnaireToCsvRows(q)) {
        const parsed = parseQuestionRow(row);
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
        (rebuilt[parsed.reviewerType] ??= []).push(parsed.question);
      }
      expect(QuestionnaireSchema.parse(rebuilt)).toEqual(QuestionnaireSchema.parse(q));
    }
    expect(new Set(questionnaireToCsvRows(DEFAULT_QUESTIONNAIRE).map((r) => r.reviewer_type))).toEqual(new Set(REVIEWER_TYPES));
  });
});
