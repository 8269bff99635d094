import { z } from "zod";
import { isRoleName, type RoleName } from "~/features/users/roles";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * Pure rules of the user directory (docs/decisions/0050-user-directory.md): how each field is normalised and checked
 * before the one writer (directory.server.ts) stores it. Client-safe: the pages and the API contracts use the same
 * limits, and the CSV import (set-based SQL) states the same rules.
 */

export const DIRECTORY_TEXT_MAX = 200;
export const EMAIL_MAX = 320;
export const EMPLOYEE_NUMBER_MAX = 64;

/** The optional free-text columns of a user (trimmed; blank means none). */
export const DIRECTORY_TEXT_FIELDS = ["job_title", "department", "level", "location"] as const;
export type DirectoryTextField = (typeof DIRECTORY_TEXT_FIELDS)[number];

/** The people a user is linked to, by email: each must be another, active user. */
export const DIRECTORY_PERSON_FIELDS = ["manager_email", "secondary_manager_email", "hr_partner_email"] as const;
export type DirectoryPersonField = (typeof DIRECTORY_PERSON_FIELDS)[number];

export const PERSON_FIELD_LABELS: Record<DirectoryPersonField, string> = {
  manager_email: "manager",
  secondary_manager_email: "secondary manager",
  hr_partner_email: "HR partner",
};

/** Emails are stored trimmed and lower-case: uniqueness is case-insensitive. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailCheck = z.email().max(EMAIL_MAX);
export function isValidEmail(email: string): boolean {
  return emailCheck.safeParse(email).success;
}

/** YYYY-MM-DD naming a real calendar day (2024-02-30 is not one). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export function parseIsoDate(value: string): Date | null {
  if (!DATE_PATTERN.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return null;
  return date;
}
export function formatIsoDate(date: Date | null): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/**
 * A refusal of one field: 400 (or 409 for a duplicate) with `details.field`. `message` is the API's English, `code`
 * the same as a key with values (ADR 0108: the pages show the key, never the English).
 */
export type FieldRefusal = { field: string; message: string; code: PageMessage };

const refusal = (field: string, message: string, key: TranslationKey, values?: Record<string, string | number>): FieldRefusal => ({
  field,
  message,
  code: values ? { key, values } : { key },
});

/** The free-text fields with a length limit and their refusals' keys. */
type LimitedField = DirectoryTextField | "employee_number";
const TOO_LONG_KEYS: Record<LimitedField, TranslationKey> = {
  job_title: "users.refusal.tooLong.job_title",
  department: "users.refusal.tooLong.department",
  level: "users.refusal.tooLong.level",
  location: "users.refusal.tooLong.location",
  employee_number: "users.refusal.tooLong.employee_number",
};
const CONTROL_KEYS: Record<LimitedField, TranslationKey> = {
  job_title: "users.refusal.control.job_title",
  department: "users.refusal.control.department",
  level: "users.refusal.control.level",
  location: "users.refusal.control.location",
  employee_number: "users.refusal.control.employee_number",
};
const OWN_LINK_KEYS: Record<DirectoryPersonField, TranslationKey> = {
  manager_email: "users.refusal.ownLink.manager_email",
  secondary_manager_email: "users.refusal.ownLink.secondary_manager_email",
  hr_partner_email: "users.refusal.ownLink.hr_partner_email",
};
const UNKNOWN_PERSON_KEYS: Record<DirectoryPersonField, TranslationKey> = {
  manager_email: "users.refusal.unknownPerson.manager_email",
  secondary_manager_email: "users.refusal.unknownPerson.secondary_manager_email",
  hr_partner_email: "users.refusal.unknownPerson.hr_partner_email",
};
const INACTIVE_PERSON_KEYS: Record<DirectoryPersonField, TranslationKey> = {
  manager_email: "users.refusal.inactivePerson.manager_email",
  secondary_manager_email: "users.refusal.inactivePerson.secondary_manager_email",
  hr_partner_email: "users.refusal.inactivePerson.hr_partner_email",
};

export type DirectoryInput = {
  email?: string;
  name?: string;
  role?: RoleName;
  job_title?: string | null;
  department?: string | null;
  level?: string | null;
  location?: string | null;
  manager_email?: string | null;
  secondary_manager_email?: string | null;
  hr_partner_email?: string | null;
  /** YYYY-MM-DD */
  start_date?: string | null;
  employee_number?: string | null;
  active?: boolean;
};

/** The input after normalisation: undefined = leave as is, null = clear. */
export type NormalizedDirectoryInput = {
  email?: string;
  name?: string;
  role?: RoleName;
  jobTitle?: string | null;
  department?: string | null;
  level?: string | null;
  location?: string | null;
  managerEmail?: string | null;
  secondaryManagerEmail?: string | null;
  hrPartnerEmail?: string | null;
  startDate?: Date | null;
  employeeNumber?: string | null;
  active?: boolean;
};

const TEXT_KEYS: Record<DirectoryTextField, "jobTitle" | "department" | "level" | "location"> = {
  job_title: "jobTitle",
  department: "department",
  level: "level",
  location: "location",
};
const PERSON_KEYS: Record<DirectoryPersonField, "managerEmail" | "secondaryManagerEmail" | "hrPartnerEmail"> = {
  manager_email: "managerEmail",
  secondary_manager_email: "secondaryManagerEmail",
  hr_partner_email: "hrPartnerEmail",
};

const hasControl = (value: string) => /[\u0000-\u001f\u007f]/.test(value);

/** Trimmed text, blank → null; a refusal when too long or holding control characters. */
function optionalText(value: string | null, field: LimitedField, max: number): string | null | FieldRefusal {
  if (value === null) return null;
  const text = value.trim();
  if (!text) return null;
  if (text.length > max) return refusal(field, `${field} must be at most ${max} characters`, TOO_LONG_KEYS[field], { max });
  if (hasControl(text)) return refusal(field, `${field} must not contain control characters`, CONTROL_KEYS[field]);
  return text;
}
const isRefusal = (v: unknown): v is FieldRefusal => typeof v === "object" && v !== null && "message" in v && "field" in v;

/**
 * Checks and normalises the fields given (others stay undefined). `requireIdentity`: email and name must be present
 * (creation). Returns the first refusal, or the normalised input.
 */
export function normalizeDirectoryInput(
  input: DirectoryInput,
  requireIdentity: boolean,
): { ok: true; value: NormalizedDirectoryInput } | ({ ok: false } & FieldRefusal) {
  const out: NormalizedDirectoryInput = {};
  const refuse = (r: FieldRefusal) => ({ ok: false as const, ...r });
  if (input.email !== undefined || requireIdentity) {
    const email = normalizeEmail(input.email ?? "");
    if (!email) return refuse(refusal("email", "Email is required", "users.refusal.emailRequired"));
    if (!isValidEmail(email)) return refuse(refusal("email", `${email} is not a valid email address`, "users.refusal.invalidEmail", { email }));
    out.email = email;
  }
  if (input.name !== undefined || requireIdentity) {
    const name = (input.name ?? "").trim();
    if (!name) return refuse(refusal("name", "Name is required", "users.refusal.nameRequired"));
    if (name.length > DIRECTORY_TEXT_MAX) return refuse(refusal("name", `Name must be at most ${DIRECTORY_TEXT_MAX} characters`, "users.refusal.nameTooLong", { max: DIRECTORY_TEXT_MAX }));
    if (hasControl(name)) return refuse(refusal("name", "Name must not contain control characters", "users.refusal.nameControl"));
    out.name = name;
  }
  if (input.role !== undefined) {
    if (!isRoleName(input.role)) return refuse(refusal("role", `Unknown role ${String(input.role)}`, "users.refusal.unknownRole", { role: String(input.role) }));
    out.role = input.role;
  }
  for (const field of DIRECTORY_TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const text = optionalText(value, field, DIRECTORY_TEXT_MAX);
    if (isRefusal(text)) return refuse(text);
    out[TEXT_KEYS[field]] = text;
  }
  for (const field of DIRECTORY_PERSON_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const email = value === null ? "" : normalizeEmail(value);
    if (email && !isValidEmail(email)) return refuse(refusal(field, `${email} is not a valid email address`, "users.refusal.invalidEmail", { email }));
    out[PERSON_KEYS[field]] = email || null;
  }
  if (input.start_date !== undefined) {
    const raw = input.start_date?.trim() ?? "";
    if (!raw) out.startDate = null;
    else {
      const date = parseIsoDate(raw);
      if (!date) return refuse(refusal("start_date", `Start date ${raw} is not a date (YYYY-MM-DD)`, "users.refusal.startDate", { value: raw }));
      out.startDate = date;
    }
  }
  if (input.employee_number !== undefined) {
    const number = optionalText(input.employee_number, "employee_number", EMPLOYEE_NUMBER_MAX);
    if (isRefusal(number)) return refuse(number);
    out.employeeNumber = number;
  }
  if (input.active !== undefined) out.active = input.active;
  return { ok: true, value: out };
}

/**
 * Who a user may be linked to as manager / secondary manager / HR partner: someone else, known, and active.
 * `self` is the user's id (null while creating) and email.
 */
export function personLinkRefusal(
  field: DirectoryPersonField,
  email: string,
  person: { id: number; active: boolean } | null,
  self: { id: number | null; email: string | null },
): FieldRefusal | null {
  const what = PERSON_FIELD_LABELS[field];
  if ((self.id !== null && person?.id === self.id) || (self.email !== null && normalizeEmail(self.email) === email)) {
    return refusal(field, `A user cannot be their own ${what}`, OWN_LINK_KEYS[field]);
  }
  if (!person) return refusal(field, `${what[0]!.toUpperCase()}${what.slice(1)} not found: no user with the email ${email}`, UNKNOWN_PERSON_KEYS[field], { email });
  if (!person.active) return refusal(field, `${email} is deactivated and cannot be set as ${what}`, INACTIVE_PERSON_KEYS[field], { email });
  return null;
}

/**
 * A manager chain without cycles: making `managerId` the manager of `userId` loops when `userId` is `managerId`
 * itself or in `managerId`'s chain (their manager, the manager's manager, …).
 */
export function managerCycleRefusal(userId: number, managerId: number, chainOfManager: number[], managerEmail: string): FieldRefusal | null {
  if (managerId === userId || chainOfManager.includes(userId)) {
    return refusal("manager_email", `${managerEmail} reports (directly or not) to this user; a management chain cannot loop`, "users.refusal.managerLoop", { email: managerEmail });
  }
  return null;
}

/** The directory fields of a user as the audit log keeps them (before/after). */
export type DirectorySnapshot = {
  id: number;
  email: string;
  name: string;
  role: string;
  job_title: string | null;
  department: string | null;
  level: string | null;
  location: string | null;
  manager_email: string | null;
  secondary_manager_email: string | null;
  hr_partner_email: string | null;
  start_date: string | null;
  employee_number: string | null;
  active: boolean;
  deactivated_at: string | null;
  scim_managed: boolean;
  scim_external_id: string | null;
};

/** The keys whose values differ between two snapshots. */
export function changedFields(before: DirectorySnapshot, after: DirectorySnapshot): string[] {
  return (Object.keys(after) as Array<keyof DirectorySnapshot>).filter((k) => before[k] !== after[k]);
}
