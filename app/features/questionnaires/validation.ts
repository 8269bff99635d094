import { z } from "zod";
import { QuestionnaireSchema, REVIEWER_TYPES, type Questionnaire } from "~/features/questionnaires/rules";

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
