import { z } from "zod";
import type { PageMessage } from "~/platform/i18n/page-message";
import {
  englishIssue,
  issueCodeOf,
  pageIssueSchema,
  QuestionnaireSchema,
  REVIEWER_TYPES,
  type IssueKey,
  type IssueValues,
  type Questionnaire,
} from "~/features/questionnaires/rules";

/**
 * Questionnaires: checking a document and its validation messages for editors (the json-builder page,
 * the API and upload jobs). PURE module (zod only), run by the server and in the browser.
 */

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

function unknownKey(path: ReadonlyArray<unknown>, key: string): [IssueKey, IssueValues] {
  return path.length === 0
    ? ["questionnaires.issues.unknownType", { key, types: REVIEWER_TYPES.join(", ") }]
    : ["questionnaires.issues.unknownField", { key }];
}

/** zod issues as flat, readable messages (unknown keys become one message per key). */
export function issuesOf(error: z.ZodError): QuestionnaireIssue[] {
  const out: QuestionnaireIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const message = englishIssue(...unknownKey(path, key));
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
    return { ok: false, issues: [{ where: "", path: [], message: englishIssue("questionnaires.issues.notJson", { detail: (err as Error).message }) }] };
  }
  return checkQuestionnaire(value);
}

/** Pretty JSON as the editor shows it. */
export function formatQuestionnaire(q: unknown): string {
  return JSON.stringify(q, null, 2);
}

// ---------------------------------------------------------------------------------------------
// The same check for the pages: each problem as a key and values (ADR 0093), said in the reader's language.

/** A problem of a questionnaire for a page: where (the JSON path) and what, as a key and its values. */
export type PageIssue = { path: Array<string | number>; key: IssueKey; values?: IssueValues };

/** What the JSON builder's save answers its page: the new version, or the problems and a refusal as keys. */
export type JsonBuilderResult = { ok: true; version: number } | { ok: false; issues: PageIssue[]; formError: PageMessage | null };

export type PageQuestionnaireCheck = { ok: true; questionnaire: Questionnaire } | { ok: false; issues: PageIssue[] };

/** A zod issue of the page schema as a key: its code, or for zod's own messages (a JSON value of the wrong type) the type expected. */
function pageIssuesOf(error: z.ZodError): PageIssue[] {
  const out: PageIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const [k, values] = unknownKey(path, key);
        out.push({ path: [...path, key], key: k, values });
      }
      continue;
    }
    const coded = issueCodeOf(issue.message);
    if (coded) out.push({ path, ...coded });
    else if (issue.code === "invalid_type") out.push({ path, key: "questionnaires.issues.invalid", values: { expected: String(issue.expected) } });
    else out.push({ path, key: "questionnaires.issues.invalidValue" });
  }
  return out;
}

/** checkQuestionnaireJson for a page: the same rules, each problem as a key (the JSON parser's own detail is a value). */
export function checkQuestionnaireDraft(text: string): PageQuestionnaireCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, issues: [{ path: [], key: "questionnaires.issues.notJson", values: { detail: (err as Error).message } }] };
  }
  const parsed = pageIssueSchema().safeParse(value);
  // The page schema only differs in its messages: a valid document is the English schema's value.
  return parsed.success ? { ok: true, questionnaire: parsed.data as Questionnaire } : { ok: false, issues: pageIssuesOf(parsed.error) };
}
