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
  QuestionSchema,
  REVIEWER_TYPE_LABELS,
  REVIEWER_TYPES,
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

export type QuestionnaireRowIssue = { column: QuestionnaireCsvColumn | null; message: string };

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
    .regex(/^-?\d+$/, `${column} must be a whole number`)
    .transform((v) => Number(v));

/**
 * Cells → the question's fields, before the questionnaire's own rules. Every failure names the
 * column it is about. Blank optional cells are left out.
 */
const RowCellsSchema = z.object({
  reviewer_type: z
    .string({ error: "reviewer_type is required" })
    .trim()
    .min(1, "reviewer_type is required")
    .transform((v, ctx) => {
      const t = parseReviewerType(v);
      if (!t) {
        ctx.addIssue({ code: "custom", message: `Unknown reviewer type '${v}' (use ${REVIEWER_TYPES.join(", ")})` });
        return z.NEVER;
      }
      return t;
    }),
  question_id: z.string({ error: "question_id is required" }).trim().min(1, "question_id is required"),
  kind: z
    .string({ error: "kind is required" })
    .trim()
    .min(1, "kind is required")
    .transform((v) => v.toLowerCase()),
  label: z.string({ error: "label is required" }),
  help: z.string().optional(),
  required: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) return true;
      const word = v!.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      ctx.addIssue({ code: "custom", message: "required must be true or false" });
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
          ctx.addIssue({ code: "custom", message: `scale_labels: '${item}' is not point=words (e.g. 1=Low|5=High)` });
          return z.NEVER;
        }
        const key = String(Number(point));
        if (key in labels) {
          ctx.addIssue({ code: "custom", message: `scale_labels: point ${key} is labelled twice` });
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

/** Messages that read better with the CSV's column names. */
function csvMessage(column: QuestionnaireCsvColumn | null, message: string): string {
  if (message.startsWith("A rating question needs a scale")) return "A rating question needs scale_min and scale_max";
  if (message === "scale is only allowed on a rating question") return "scale_min, scale_max and scale_labels are only allowed on a rating question";
  if (column === "question_id") return message.replace(/^id /, "question_id ");
  if (column === "scale_min" || column === "scale_max") return message.replace(/scale\.(min|max)/g, "scale_$1");
  return message;
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
        return { column, message: missing ? `${column} is required` : i.message };
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
  const question = QuestionSchema.safeParse(candidate);
  if (!question.success) {
    const issues: QuestionnaireRowIssue[] = [];
    const seen = new Set<string>();
    for (const i of question.error.issues) {
      let column = columnOfQuestionPath(i.path);
      let message = i.message;
      // A missing scale end (only the other one given).
      if (i.code === "invalid_type" && i.path[0] === "scale" && (i.path[1] === "min" || i.path[1] === "max")) {
        column = i.path[1] === "min" ? "scale_min" : "scale_max";
        message = `${column} is required on a rating question`;
      } else if (i.code === "invalid_value" && i.path[0] === "kind") {
        message = `Unknown kind '${c.kind}' (use rating, text or choice)`;
      } else {
        message = csvMessage(column, message);
      }
      const key = `${column}:${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push({ column, message });
    }
    return { ok: false, issues };
  }
  return { ok: true, reviewerType: c.reviewer_type, question: question.data };
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
