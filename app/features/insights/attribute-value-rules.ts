import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * What a people attribute's value may be, per kind (issue 29 §1, docs/decisions/0109). PURE: the directory's page
 * form, the API, the CSV import and SCIM share it through attribute-values.server.ts.
 * - category: text, trimmed, 1-100 characters, no control characters (a tab or line break would split a CSV row or a
 *   chart label);
 * - date: yyyy-mm-dd, a real calendar day (2026-02-30 refused);
 * - number: a finite decimal ("-3", "4.50", "+2"), no exponent, no thousands separator; stored canonical ("4.5", "2").
 */

export const ATTRIBUTE_VALUE_MAX_LENGTH = 100;

/** The audit action of a change of a person's attribute values (before/after: attribute name → value or null). */
export const ATTRIBUTE_VALUES_AUDIT = "user.attributes";

export type AttributeValueError = { key: TranslationKey; en: string };

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;
/** Digits kept of a number: more than a double holds exactly would compare wrongly in the insights' bands. */
const MAX_DIGITS = 15;

const fail = (key: TranslationKey, en: string) => ({ ok: false as const, key, en });

/** The stored form of a raw value of the given kind, or the reason (a translation key and its English) it is refused. */
export function parseAttributeValue(kind: "category" | "date" | "number", raw: string): { ok: true; value: string } | ({ ok: false } & AttributeValueError) {
  const value = raw.trim();
  if (value === "") return fail("attributeValues.error.empty", "Enter a value");
  if (kind === "category") {
    if (CONTROL.test(value)) return fail("attributeValues.error.control", "Use no line breaks, tabs or other control characters");
    if ([...value].length > ATTRIBUTE_VALUE_MAX_LENGTH) return fail("attributeValues.error.tooLong", `At most ${ATTRIBUTE_VALUE_MAX_LENGTH} characters`);
    return { ok: true, value };
  }
  if (kind === "date") {
    const m = DATE.exec(value);
    if (!m) return fail("attributeValues.error.date", "Enter a date as yyyy-mm-dd, e.g. 2024-03-31");
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
      return fail("attributeValues.error.date", "Enter a date as yyyy-mm-dd, e.g. 2024-03-31");
    return { ok: true, value };
  }
  const m = DECIMAL.exec(value);
  if (!m) return fail("attributeValues.error.number", "Enter a number, e.g. 12 or 37.5");
  const whole = m[2].replace(/^0+(?=\d)/, "");
  const fraction = (m[3] ?? "").replace(/0+$/, "");
  if (whole.replace(/^0$/, "").length + fraction.length > MAX_DIGITS) return fail("attributeValues.error.numberDigits", `At most ${MAX_DIGITS} digits`);
  const zero = /^0$/.test(whole) && fraction === "";
  return { ok: true, value: `${m[1] === "-" && !zero ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}` };
}

/** One attribute of a person as the directory's admin page and API show it. */
export type PersonAttribute = {
  id: number;
  key: string | null;
  name: string;
  kind: "category" | "date" | "number";
  visibility: "hr" | "super_admins";
  value: string | null;
  /** False for the built-in column attributes (edited with the directory fields). */
  editable: boolean;
};

/** The built-in attributes' names as their migration made them: while a super admin has not renamed one, it reads in
 *  the reader's language; a renamed one (or a custom one) is data, shown as named. */
const BUILT_IN_NAMES: Record<string, { name: string; key: TranslationKey }> = {
  gender: { name: "Gender", key: "attributeValues.builtIn.gender" },
  start_date: { name: "Start date", key: "attributeValues.builtIn.start_date" },
  level: { name: "Level", key: "attributeValues.builtIn.level" },
  location: { name: "Location", key: "attributeValues.builtIn.location" },
  department: { name: "Department", key: "attributeValues.builtIn.department" },
  employment_type: { name: "Employment type", key: "attributeValues.builtIn.employment_type" },
};

export function builtInNameKey(attribute: { key: string | null; name: string }): TranslationKey | null {
  const builtIn = attribute.key === null ? undefined : BUILT_IN_NAMES[attribute.key];
  return builtIn && builtIn.name === attribute.name ? builtIn.key : null;
}
