import { z } from "zod";
import { isRoleName, type RoleName } from "~/features/users/roles";

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

/** A refusal of one field: 400 (or 409 for a duplicate) with `details.field`. */
export type FieldRefusal = { field: string; message: string };

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
function optionalText(value: string | null, field: string, max: number): string | null | FieldRefusal {
  if (value === null) return null;
  const text = value.trim();
  if (!text) return null;
  if (text.length > max) return { field, message: `${field} must be at most ${max} characters` };
  if (hasControl(text)) return { field, message: `${field} must not contain control characters` };
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
    if (!email) return refuse({ field: "email", message: "Email is required" });
    if (!isValidEmail(email)) return refuse({ field: "email", message: `${email} is not a valid email address` });
    out.email = email;
  }
  if (input.name !== undefined || requireIdentity) {
    const name = (input.name ?? "").trim();
    if (!name) return refuse({ field: "name", message: "Name is required" });
    if (name.length > DIRECTORY_TEXT_MAX) return refuse({ field: "name", message: `Name must be at most ${DIRECTORY_TEXT_MAX} characters` });
    if (hasControl(name)) return refuse({ field: "name", message: "Name must not contain control characters" });
    out.name = name;
  }
  if (input.role !== undefined) {
    if (!isRoleName(input.role)) return refuse({ field: "role", message: `Unknown role ${String(input.role)}` });
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
    if (email && !isValidEmail(email)) return refuse({ field, message: `${email} is not a valid email address` });
    out[PERSON_KEYS[field]] = email || null;
  }
  if (input.start_date !== undefined) {
    const raw = input.start_date?.trim() ?? "";
    if (!raw) out.startDate = null;
    else {
      const date = parseIsoDate(raw);
      if (!date) return refuse({ field: "start_date", message: `Start date ${raw} is not a date (YYYY-MM-DD)` });
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
    return { field, message: `A user cannot be their own ${what}` };
  }
  if (!person) return { field, message: `${what[0]!.toUpperCase()}${what.slice(1)} not found: no user with the email ${email}` };
  if (!person.active) return { field, message: `${email} is deactivated and cannot be set as ${what}` };
  return null;
}

/**
 * A manager chain without cycles: making `managerId` the manager of `userId` loops when `userId` is `managerId`
 * itself or in `managerId`'s chain (their manager, the manager's manager, …).
 */
export function managerCycleRefusal(userId: number, managerId: number, chainOfManager: number[], managerEmail: string): FieldRefusal | null {
  if (managerId === userId || chainOfManager.includes(userId)) {
    return { field: "manager_email", message: `${managerEmail} reports (directly or not) to this user; a management chain cannot loop` };
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
