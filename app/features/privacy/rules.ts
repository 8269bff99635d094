import type { StoredMessage } from "~/platform/i18n/stored-text";
/**
 * Personal data: export and erasure of one person (docs/decisions/0053-personal-data-export-and-erasure.md).
 * PURE module: no Node or browser imports, no server modules; the rules the erasure and the export apply
 * (pseudonyms, which texts go, how an identifier is found in a text) and the shapes the pages show.
 */

/** What replaces free text written about an erased person (the row stays, so counts and ratings do). */
export const ERASED_TEXT = "[removed: the person this was about was erased]";

/** The domain of pseudonymous emails (RFC 2606 `.invalid`: never delivered). */
export const ERASED_EMAIL_DOMAIN = "erased.invalid";

export type Pseudonym = { name: string; email: string };

/** The pseudonym of an erased person from random hex (at least 12 characters): "Erased person 7f3a2c", "erased-<hex>@erased.invalid". */
export function pseudonymFrom(randomHex: string): Pseudonym {
  const hex = randomHex.toLowerCase().replace(/[^0-9a-f]/g, "");
  if (hex.length < 12) throw new Error("pseudonymFrom needs at least 12 hex characters");
  return { name: `Erased person ${hex.slice(0, 6)}`, email: `erased-${hex}@${ERASED_EMAIL_DOMAIN}` };
}

export function isPseudonymousEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

/** The typed confirmation matches the person's email (trimmed, case-insensitive, as emails are stored). */
export function confirmationMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** Why a person cannot be erased now (409), or null. */
export function erasureBlockedReason(user: { active: boolean; erasedAt: Date | string | null }): string | null {
  if (user.erasedAt) return "This person's personal data has already been erased";
  if (user.active) return "Deactivate the person before erasing their personal data";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Finding an identifier in a text

/** Escape a literal for a regular expression (the same characters are special in JavaScript and PostgreSQL AREs). */
export function escapeRegex(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
}

export type IdentifierKind = "email" | "name";

/**
 * The pattern (case-insensitive) of an identifier inside any text, valid both as a PostgreSQL ARE and as a JavaScript
 * RegExp with the `u` flag: an email not glued to more address characters (so ann@x.io does not match inside
 * joann@x.io), a name not glued to more letters or digits. `[[:alnum:]]` (PostgreSQL) is written `[\p{L}\p{N}]` for JS.
 */
export function identifierPattern(value: string, kind: IdentifierKind, dialect: "postgres" | "js"): string {
  const alnum = dialect === "postgres" ? "[[:alnum:]]" : "[\\p{L}\\p{N}]";
  const body = escapeRegex(value);
  if (kind === "email") {
    const before = dialect === "postgres" ? "[[:alnum:]._%+-]" : "[\\p{L}\\p{N}._%+-]";
    return `(?<!${before})${body}(?!${alnum}|[_-]|\\.${alnum})`;
  }
  return `(?<!${alnum})${body}(?!${alnum})`;
}

/** The texts to look for: the value, and its JSON-escaped form when that differs (a name with a quote or backslash). */
export function identifierVariants(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  return json === value ? [value] : [value, json];
}

/** A replacement: what to look for and what to write instead. */
export type Replacement = { pattern: string; kind: IdentifierKind; replacement: string };

/** The replacements of an erasure (email first: it may contain the name). */
export function erasureReplacements(old: { email: string; name: string }, pseudonym: Pseudonym): Replacement[] {
  const out: Replacement[] = [];
  for (const v of identifierVariants(old.email)) out.push({ pattern: v, kind: "email", replacement: pseudonym.email });
  if (old.name.trim()) for (const v of identifierVariants(old.name.trim())) out.push({ pattern: v, kind: "name", replacement: pseudonym.name });
  return out;
}

/** Apply the replacements to a text (JavaScript side of the generic pass, e.g. a decoded file). */
export function replaceIdentifiers(text: string, replacements: readonly Replacement[]): string {
  let out = text;
  for (const r of replacements) out = out.replace(new RegExp(identifierPattern(r.pattern, r.kind, "js"), "giu"), () => r.replacement);
  return out;
}

/**
 * A text file (a CSV upload or download) with the person's lines rewritten: in every line that names them (email or
 * name), the email and name become the pseudonym and each of `otherValues` (employee number, SCIM ids) standing as a
 * whole cell becomes `blank`. Other lines are untouched.
 */
export function scrubTextLines(text: string, replacements: readonly Replacement[], otherValues: readonly string[], blank = ""): string {
  const finders = replacements.map((r) => new RegExp(identifierPattern(r.pattern, r.kind, "js"), "iu"));
  const cells = otherValues
    .filter((v) => v.trim() !== "")
    .map((v) => new RegExp(`(^|,)("?)${escapeRegex(v)}\\2(?=,|$)`, "giu"));
  return text
    .split(/(\r?\n)/)
    .map((line) => {
      if (!finders.some((f) => f.test(line))) return line;
      let out = replaceIdentifiers(line, replacements);
      for (const c of cells) out = out.replace(c, (_m, sep: string) => `${sep}${blank}`);
      return out;
    })
    .join("");
}

// ---------------------------------------------------------------------------------------------
// What is removed

/**
 * Feedback answers about an erased person: ratings (numbers) and single-choice answers stay for the statistics, free
 * text goes. `kinds` maps question id → kind from the cycle's questionnaire; a string answer to a question it does not
 * know is treated as free text.
 */
export function redactAnswers(answers: unknown, kinds: Readonly<Record<string, string>>): { answers: Record<string, unknown>; removed: number } {
  if (!answers || typeof answers !== "object" || Array.isArray(answers)) return { answers: {}, removed: 0 };
  const out: Record<string, unknown> = {};
  let removed = 0;
  for (const [id, value] of Object.entries(answers as Record<string, unknown>)) {
    if (typeof value === "number" || typeof value === "boolean" || value === null) out[id] = value;
    else if (typeof value === "string" && kinds[id] === "choice") out[id] = value;
    else removed++;
  }
  return { answers: out, removed };
}

/** Keys of a user's own audit snapshots (before/after of their User record) that hold an identifier. */
export const USER_IDENTIFIER_KEYS: ReadonlySet<string> = new Set([
  "job_title",
  "jobTitle",
  "department",
  "level",
  "location",
  "employee_number",
  "employeeNumber",
  "profile_image_url",
  "profileImageUrl",
  "scim_id",
  "scimId",
  "external_id",
  "externalId",
  "scim_external_id",
  "scimExternalId",
  "user_name",
  "userName",
  "scim_user_name",
  "scimUserName",
  "given_name",
  "givenName",
  "family_name",
  "familyName",
  "start_date",
  "startDate",
]);

/**
 * An audit snapshot of the erased person's User record with its identifiers gone: email and name become the pseudonym,
 * the other identifier keys (top level only: nested objects name other people, e.g. the manager) become null.
 */
export function redactUserSnapshot(value: unknown, pseudonym: Pseudonym): { value: unknown; changed: boolean } {
  if (!value || typeof value !== "object" || Array.isArray(value)) return { value, changed: false };
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  let changed = false;
  for (const [key, v] of Object.entries(out)) {
    if (v === null || v === undefined) continue;
    if (key === "email" && v !== pseudonym.email) {
      out[key] = pseudonym.email;
      changed = true;
    } else if (key === "name" && v !== pseudonym.name) {
      out[key] = pseudonym.name;
      changed = true;
    } else if (USER_IDENTIFIER_KEYS.has(key)) {
      out[key] = null;
      changed = true;
    }
  }
  return { value: out, changed };
}

/**
 * An audit snapshot of the erased person's attribute values (`user.attributes`: attribute name → value): every value
 * becomes null, the names (which attributes changed) stay.
 */
export function redactAttributeSnapshot(value: unknown): { value: unknown; changed: boolean } {
  if (!value || typeof value !== "object" || Array.isArray(value)) return { value, changed: false };
  const entries = Object.entries(value as Record<string, unknown>);
  return { value: Object.fromEntries(entries.map(([k]) => [k, null])), changed: entries.some(([, v]) => v !== null) };
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The admin user page's "Personal data" card. */
export type PrivacyPanelData = {
  userId: number;
  email: string;
  name: string;
  active: boolean;
  erasedAt: string | null;
  exports: Array<{ id: number; status: string; createdAt: string; fileUrl: string | null; pageUrl: string }>;
  erasures: Array<{ id: number; status: string; createdAt: string; message: string | null; messageKey: StoredMessage | null; pageUrl: string }>;
};
