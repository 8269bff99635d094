/**
 * The CSV format of a questionnaire upload (docs/decisions/0018-questionnaires.md): one row per
 * question, in the order reviewers see them; the file is the WHOLE questionnaire (a reviewer type
 * with no rows is not asked anything).
 *
 *   reviewer_type  SELF | MANAGER | DIRECT_REPORT | PEER | MATRIX_MANAGER | MATRIX_TEAM
 *                  (the labels work too: "Peer/Stakeholder", "Direct Report", any case)
 *   question_id    stable lowercase slug, unique within its reviewer type
 *   kind           rating | text | choice
 *   label          the question
 *   help           optional hint under the question
 *   required       true/false (yes/no, 1/0); blank = true
 *   scale_min, scale_max   rating: the scale's ends (whole numbers 0-10)
 *   scale_labels   rating, optional: words for points, "1=Well below|5=Exceptional"
 *   options        choice: the options, "Yes|No|Not sure"
 *   max_length     text, optional: longest answer
 *
 * In `scale_labels` and `options`, `|` separates items; write `\|` for a `|` inside an item and
 * `\\` for a backslash. A blank cell means "not given".
 *
 * PURE module (zod and app/platform/csv-cells.ts only): used by the upload job, the template download and unit tests.
 */
import { z } from "zod";
import { restoreCsvCell } from "~/platform/csv-cells";
import {
  codedIssue as say,
  codedQuestionSchema,
  englishIssue,
  issueCodeOf,
  REVIEWER_TYPE_LABELS,
  REVIEWER_TYPES,
  type IssueKey,
  type IssueValues,
  type Question,
  type Questionnaire,
  type ReviewerType,
} from "~/features/questionnaires/rules";

export const QUESTIONNAIRE_CSV_COLUMNS = [
  "reviewer_type",
  "question_id",
  "kind",
  "label",
  "help",
  "required",
  "scale_min",
  "scale_max",
  "scale_labels",
  "options",
  "max_length",
] as const;
export type QuestionnaireCsvColumn = (typeof QUESTIONNAIRE_CSV_COLUMNS)[number];

export const QUESTIONNAIRE_CSV_REQUIRED_COLUMNS = ["reviewer_type", "question_id", "kind", "label"] as const;

/** At most this many data rows: 50 questions for each of the six reviewer types. */
export const QUESTIONNAIRE_CSV_MAX_ROWS = 300;

/** A row's cells by column (only the columns present in the file). */
export type QuestionnaireCsvRow = Partial<Record<QuestionnaireCsvColumn, string>>;

/**
 * A row's problem: its English (the API's row error) and, when it has one, the same as a key of
 * `questionnaires.issues` with values (ADR 0100: the job stores it as the row error's code).
 */
export type QuestionnaireRowIssue = { column: QuestionnaireCsvColumn | null; message: string; code: { key: IssueKey; values?: IssueValues } | null };

// ---------------------------------------------------------------------------------------------
// Cells

const normalizeKey = (value: string) => value.trim().toUpperCase().replace(/[\s/-]+/g, "_");

const REVIEWER_TYPE_BY_KEY = new Map<string, ReviewerType>();
for (const t of REVIEWER_TYPES) {
  REVIEWER_TYPE_BY_KEY.set(t, t);
  REVIEWER_TYPE_BY_KEY.set(normalizeKey(REVIEWER_TYPE_LABELS[t]), t);
}
REVIEWER_TYPE_BY_KEY.set("STAKEHOLDER", "PEER");

/** SELF, "Peer/Stakeholder", "direct report", "matrix-team" → the reviewer type; null if unknown. */
export function parseReviewerType(value: string): ReviewerType | null {
  return REVIEWER_TYPE_BY_KEY.get(normalizeKey(value)) ?? null;
}

/** Split a `|`-separated cell (`\|` and `\\` escape); items are trimmed; a blank cell gives []. */
export function splitList(cell: string): string[] {
  if (cell.trim() === "") return [];
  const items: string[] = [];
  let current = "";
  for (let i = 0; i < cell.length; i++) {
    const ch = cell[i]!;
    if (ch === "\\" && (cell[i + 1] === "|" || cell[i + 1] === "\\")) {
      current += cell[i + 1];
      i++;
    } else if (ch === "|") {
      items.push(current.trim());
      current = "";
    } else {
      current += ch;
    }
  }
  items.push(current.trim());
  return items;
}

/** The inverse of splitList. */
export function joinList(items: readonly string[]): string {
  return items.map((s) => s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|")).join("|");
}

const blank = (v: string | undefined) => v === undefined || v.trim() === "";

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

const wholeNumber = (column: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, say("questionnaires.issues.wholeNumber", { field: column }))
    .transform((v) => Number(v));

/**
 * Cells → the question's fields, before the questionnaire's own rules. Every failure names the
 * column it is about. Blank optional cells are left out. Its messages are codes (`say`, read back by `rowIssue`).
 */
const required = (column: string) => say("questionnaires.issues.isRequired", { field: column });

const RowCellsSchema = z.object({
  reviewer_type: z
    .string({ error: required("reviewer_type") })
    .trim()
    .min(1, required("reviewer_type"))
    .transform((v, ctx) => {
      const t = parseReviewerType(v);
      if (!t) {
        ctx.addIssue({ code: "custom", message: say("questionnaires.issues.unknownType", { key: v, types: REVIEWER_TYPES.join(", ") }) });
        return z.NEVER;
      }
      return t;
    }),
  question_id: z.string({ error: required("question_id") }).trim().min(1, required("question_id")),
  kind: z
    .string({ error: required("kind") })
    .trim()
    .min(1, required("kind"))
    .transform((v) => v.toLowerCase()),
  label: z.string({ error: required("label") }),
  help: z.string().optional(),
  required: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) return true;
      const word = v!.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      ctx.addIssue({ code: "custom", message: say("questionnaires.issues.trueOrFalse", { field: "required" }) });
      return z.NEVER;
    }),
  scale_min: wholeNumber("scale_min").optional(),
  scale_max: wholeNumber("scale_max").optional(),
  scale_labels: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) return undefined;
      const labels: Record<string, string> = {};
      for (const item of splitList(v!)) {
        const eq = item.indexOf("=");
        const point = eq < 0 ? "" : item.slice(0, eq).trim();
        const words = eq < 0 ? "" : item.slice(eq + 1).trim();
        if (!/^-?\d+$/.test(point) || words === "") {
          ctx.addIssue({ code: "custom", message: say("questionnaires.issues.csvScaleLabelShape", { item }) });
          return z.NEVER;
        }
        const key = String(Number(point));
        if (key in labels) {
          ctx.addIssue({ code: "custom", message: say("questionnaires.issues.csvScaleLabelTwice", { point: key }) });
          return z.NEVER;
        }
        labels[key] = words;
      }
      return labels;
    }),
  options: z
    .string()
    .optional()
    .transform((v) => (blank(v) ? undefined : splitList(v!))),
  max_length: wholeNumber("max_length").optional(),
});

/** Which CSV column a path of QuestionSchema is about. */
function columnOfQuestionPath(path: ReadonlyArray<PropertyKey>): QuestionnaireCsvColumn | null {
  const [head, next] = path;
  switch (head) {
    case "id":
      return "question_id";
    case "kind":
    case "label":
    case "help":
    case "required":
    case "options":
    case "max_length":
      return head;
    case "scale":
      if (next === "min") return "scale_min";
      if (next === "labels") return "scale_labels";
      return "scale_max";
    default:
      return null;
  }
}

/** A field name of QuestionSchema as the CSV's column names it ("id" → question_id, "scale.min" → scale_min). */
const csvField = (field: string | number | undefined) => (field === "id" ? "question_id" : typeof field === "string" ? field.replace(/^scale\.(min|max)$/, "scale_$1") : field);

/** A QuestionSchema code as the CSV says it: its column names, and the sentences that read better with them. */
function csvCode(code: { key: IssueKey; values?: IssueValues }): { key: IssueKey; values?: IssueValues } {
  switch (code.key) {
    case "questionnaires.issues.ratingNeedsScale":
      return { key: "questionnaires.issues.csvRatingNeedsScale" };
    case "questionnaires.issues.scaleOnlyRating":
      return { key: "questionnaires.issues.csvScaleOnlyRating" };
    case "questionnaires.issues.idSlug":
      return { key: "questionnaires.issues.csvIdSlug" };
    case "questionnaires.issues.scaleOrder":
      return { key: "questionnaires.issues.csvScaleOrder" };
  }
  if (code.values?.field === undefined) return code;
  return { key: code.key, values: { ...code.values, field: csvField(code.values.field)! } };
}

/** An issue of a coded schema: its code read back and its English; zod's own message (no code) as it is. */
function rowIssue(column: QuestionnaireCsvColumn | null, message: string, toCsv = false): QuestionnaireRowIssue {
  const coded = issueCodeOf(message);
  if (!coded) return { column, message, code: null };
  const code = toCsv ? csvCode(coded) : coded;
  return { column, message: englishIssue(code.key, code.values), code };
}

export type ParsedQuestionRow = { ok: true; reviewerType: ReviewerType; question: Question } | { ok: false; issues: QuestionnaireRowIssue[] };

/**
 * Validate one row: the cells (RowCellsSchema), then the question by the questionnaire's own
 * schema (QuestionSchema, the same rules as the JSON builder). Issues name their column.
 */
export function parseQuestionRow(row: QuestionnaireCsvRow): ParsedQuestionRow {
  // A blank cell is a missing value.
  const cleaned: QuestionnaireCsvRow = {};
  for (const [k, v] of Object.entries(row) as Array<[QuestionnaireCsvColumn, string | undefined]>) if (!blank(v)) cleaned[k] = v;
  const cells = RowCellsSchema.safeParse(cleaned);
  if (!cells.success) {
    return {
      ok: false,
      issues: cells.error.issues.map((i) => {
        const column = (typeof i.path[0] === "string" ? i.path[0] : null) as QuestionnaireCsvColumn | null;
        const missing = i.code === "invalid_type" && column !== null && cleaned[column] === undefined;
        return rowIssue(column, missing ? required(column) : i.message);
      }),
    };
  }
  const c = cells.data;
  const candidate: Record<string, unknown> = { id: c.question_id, kind: c.kind, label: c.label, required: c.required };
  if (!blank(c.help)) candidate.help = c.help;
  if (c.scale_min !== undefined || c.scale_max !== undefined || c.scale_labels !== undefined) {
    const scale: Record<string, unknown> = { min: c.scale_min, max: c.scale_max };
    if (c.scale_labels) scale.labels = c.scale_labels;
    candidate.scale = scale;
  }
  if (c.options !== undefined) candidate.options = c.options;
  if (c.max_length !== undefined) candidate.max_length = c.max_length;
  const question = codedQuestionSchema().safeParse(candidate);
  if (!question.success) {
    const issues: QuestionnaireRowIssue[] = [];
    const seen = new Set<string>();
    for (const i of question.error.issues) {
      let issue: QuestionnaireRowIssue;
      // A missing scale end (only the other one given).
      if (i.code === "invalid_type" && i.path[0] === "scale" && (i.path[1] === "min" || i.path[1] === "max")) {
        const column = i.path[1] === "min" ? "scale_min" : "scale_max";
        issue = rowIssue(column, say("questionnaires.issues.csvScaleEndRequired", { field: column }));
      } else if (i.code === "invalid_value" && i.path[0] === "kind") {
        issue = rowIssue("kind", say("questionnaires.issues.csvUnknownKind", { kind: c.kind }));
      } else {
        issue = rowIssue(columnOfQuestionPath(i.path), i.message, true);
      }
      const key = `${issue.column}:${issue.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(issue);
    }
    return { ok: false, issues };
  }
  // The coded schema differs from the English one only in its messages: a valid question is the same value.
  return { ok: true, reviewerType: c.reviewer_type, question: question.data as Question };
}

/**
 * Row cells from the header's columns and a record's cells (a missing cell stays missing). A cell the template
 * download neutralised (`'=…`, app/platform/csv-cells.ts) comes back as it was.
 */
export function rowFromCells(columns: readonly string[], cells: readonly string[]): QuestionnaireCsvRow {
  const row: QuestionnaireCsvRow = {};
  columns.forEach((c, i) => {
    if ((QUESTIONNAIRE_CSV_COLUMNS as readonly string[]).includes(c) && cells[i] !== undefined) row[c as QuestionnaireCsvColumn] = restoreCsvCell(cells[i]);
  });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Questionnaire → rows (the template: the cycle's current questionnaire as an editable file)

export function questionnaireToCsvRows(q: Questionnaire): Array<Record<QuestionnaireCsvColumn, string>> {
  const rows: Array<Record<QuestionnaireCsvColumn, string>> = [];
  for (const t of REVIEWER_TYPES) {
    for (const question of q[t] ?? []) {
      rows.push({
        reviewer_type: t,
        question_id: question.id,
        kind: question.kind,
        label: question.label,
        help: question.help ?? "",
        required: question.required ? "true" : "false",
        scale_min: question.scale ? String(question.scale.min) : "",
        scale_max: question.scale ? String(question.scale.max) : "",
        scale_labels: question.scale?.labels
          ? joinList(
              Object.entries(question.scale.labels)
                .sort(([a], [b]) => Number(a) - Number(b))
                .map(([point, words]) => `${point}=${words}`),
            )
          : "",
        options: question.options ? joinList(question.options) : "",
        max_length: question.max_length !== undefined ? String(question.max_length) : "",
      });
    }
  }
  return rows;
}
