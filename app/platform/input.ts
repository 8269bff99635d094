/**
 * The input layer every route shares (docs/decisions/0060-one-input-layer.md). PURE: no server imports, so that
 * contracts, page forms and the web process's guards use the same rules.
 *
 * - Text holds no NUL character: PostgreSQL's text cannot store one, so a NUL that reached a query was a 500. Every
 *   query string, path, JSON body and page form is checked once, before any schema or handler sees it.
 * - A whole number the database's integer columns cannot hold (above 2^31 - 1) names nothing and is refused; the
 *   shared id schemas below say so in the OpenAPI document (`maximum`).
 */
import { z } from "zod";

/** The largest value of a PostgreSQL integer column (every id and count the API takes). */
export const MAX_INT = 2_147_483_647;

/** A positive whole number a PostgreSQL integer column can hold: an id in a path, a query or a body. */
export const idNumber = z.number().int().positive().max(MAX_INT);
/** The same from a path segment or a form field (a string of digits). */
export const idCoerced = z.coerce.number().int().positive().max(MAX_INT);
/** The same from a query string: digits only ("1.5", "", "1e3" refused), at most MAX_INT. */
export const idQuery = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Must be a positive whole number")
  .transform(Number)
  .pipe(z.number().max(MAX_INT, `Must be at most ${MAX_INT}`));

/**
 * The path of the first place in a value (query object, JSON body, form fields) where `leaf` holds for a string or
 * number, or `badKey` for an object key, or null. One walk for every check of the input layer.
 */
function firstPath(value: unknown, leaf: (v: unknown) => boolean, badKey: (k: string) => boolean, path: string[] = []): string | null {
  if (leaf(value)) return path.join(".") || "(value)";
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : value !== null && typeof value === "object"
      ? Object.entries(value)
      : [];
  for (const [key, v] of entries) {
    if (!Array.isArray(value) && badKey(key)) return [...path, key.replace(/\u0000/g, "\\0")].join(".");
    const found = firstPath(v, leaf, badKey, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** Where in a value the first NUL character is (in a text or an object key): its path, or null. */
export function nulPath(value: unknown): string | null {
  return firstPath(value, (v) => typeof v === "string" && v.includes("\u0000"), (k) => k.includes("\u0000"));
}

/**
 * Where in a value the first whole number outside what an integer column holds is (|n| > MAX_INT, or beyond
 * JavaScript's exact integers), or null. Fractions are left to the schemas (a rating may be 3.5).
 */
export function outOfRangePath(value: unknown): string | null {
  return firstPath(value, (v) => typeof v === "number" && Number.isInteger(v) && Math.abs(v) > MAX_INT, () => false);
}

/** The fields of a submitted page form, as plain strings (files by name): what `nulPath` checks. */
export function formFields(form: FormData): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of form.entries()) (fields[key] ??= []).push(typeof value === "string" ? value : value.name);
  return fields;
}

/**
 * Whether a raw URL path or query string is well-formed: every %-escape decodes to UTF-8 (`%ff` and overlong forms
 * such as `%c0%af` do not) and none decodes to NUL.
 */
export function urlProblem(rawPathAndQuery: string): "malformed" | "nul" | null {
  const [pathPart = "", ...rest] = rawPathAndQuery.split("?");
  const query = rest.join("?");
  const parts = [pathPart, ...query.split("&").flatMap((pair) => pair.split("="))];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      return "malformed";
    }
    if (decoded.includes("\u0000")) return "nul";
  }
  return null;
}

/**
 * Patterns the OpenAPI document states for text (ADR 0060, "What the document states"): `app/platform/openapi/bounds.ts`
 * adds `NUL_FREE_PATTERN` to every request string with no pattern of its own (and to the keys of open objects), and
 * `EMAIL_PATTERN` (what `z.email()` accepts; `format: email` is another rule) in place of every `format: email`.
 */
export const NUL_FREE_PATTERN = "^[^\\u0000]*$";
export const EMAIL_PATTERN = z.regexes.email.source;
/** An email as a person types it: surrounding blanks (trimmed before the check) allowed. */
export const TYPED_EMAIL_PATTERN = `^[ \\t\\r\\n]*${EMAIL_PATTERN.replace(/^\^/, "(?:").replace(/\$$/, ")")}[ \\t\\r\\n]*$`;

/**
 * What the document states of an email a person types (`z.string().trim().toLowerCase().pipe(z.email())`): the pipe
 * alone showed a bare string there, so "" was allowed. Use as `.meta(TYPED_EMAIL)`. The pattern, not `format: email`
 * (another rule: it takes `a|b@x.io` and refuses 65 characters before the @, z.email() the other way round).
 */
export const TYPED_EMAIL = { pattern: TYPED_EMAIL_PATTERN } as const;

/**
 * The options of a zod `refine` over valid fields that the document cannot state (shares adding up to 100, "give a
 * or b"): its refusal is 422, not 400 (app/platform/api.server.ts `refusalStatus`; ADR 0060, "Statuses of refusals").
 */
export const valueRule = (message: string) => ({ message, params: { value_rule: true } });

/**
 * What the document says of text that must hold something besides blanks once trimmed (`.trim().min(1)` alone let it
 * allow " "), and no NUL (a pattern of its own replaces the document's NUL-free one): `.meta({ pattern: NOT_BLANK.source })`
 * after the checks, so that the server's rule and message stay those of `.min(1)`.
 */
export const NOT_BLANK = /^[^\u0000]*[^\u0000\s][^\u0000]*$/;
