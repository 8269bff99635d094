import { restoreCsvCell } from "~/platform/csv-cells";
import type { StoredMessage } from "~/platform/i18n/stored-text";
import { ROLES, type RoleName } from "~/features/users/roles";
import { normalizeDirectoryInput, normalizeEmail, type DirectoryInput, type FieldRefusal } from "~/features/users/directory-rules";

/**
 * The directory CSV (docs/decisions/0052-directory-import.md), PURE: its columns (the import reads them, the export
 * writes them), and one row read by itself as the import stages it. The field rules are the directory core's
 * (app/features/users/directory-rules.ts), with the same messages; what only the whole file and the directory can say
 * (duplicates, unknown or deactivated people, loops in the management chain) is checked in SQL afterwards.
 */

export const DIRECTORY_CSV_COLUMNS = [
  "email",
  "name",
  "role",
  "job_title",
  "department",
  "level",
  "location",
  "manager_email",
  "secondary_manager_email",
  "hr_partner_email",
  "start_date",
  "employee_number",
  "active",
] as const;
export type DirectoryColumn = (typeof DIRECTORY_CSV_COLUMNS)[number];

/** Which columns a file has (email always): a column the file lacks leaves that field of an existing user as it is. */
export type ColumnsPresent = Record<DirectoryColumn, boolean>;

export function columnsPresent(columns: readonly string[]): ColumnsPresent {
  return Object.fromEntries(DIRECTORY_CSV_COLUMNS.map((c) => [c, c === "email" || columns.includes(c)])) as ColumnsPresent;
}
export const DIRECTORY_REQUIRED_COLUMNS = ["email"] as const;

/**
 * One row as staged. null: the cell is blank or the file has no such column. What a null does is decided by the
 * columns the file has (Job.params.columns): a column the file lacks leaves the field of an existing user as it is;
 * a blank cell clears an optional field (job title, department, level, location, the three people, start date,
 * employee number) and keeps the name, role and active flag of an existing user (a new user then gets role EMPLOYEE,
 * active, and must have a name).
 */
export type DirectoryRow = {
  email: string;
  name: string | null;
  role: RoleName | null;
  jobTitle: string | null;
  department: string | null;
  level: string | null;
  location: string | null;
  managerEmail: string | null;
  secondaryManagerEmail: string | null;
  hrPartnerEmail: string | null;
  /** YYYY-MM-DD */
  startDate: string | null;
  employeeNumber: string | null;
  active: boolean | null;
};

/**
 * A row's own error. `column`: a column of the import or a people attribute's name (ADR 0110); `code`: the message as
 * a translation key (ADR 0100), stored beside the English in JobRowError.messageCode.
 */
export type DirectoryRowError = { column: string | null; message: string; code?: StoredMessage };

/** The row (email always given as its lower-case key, for the duplicate check) and its own errors. */
export type DirectoryRowRead = { row: DirectoryRow; errors: DirectoryRowError[] };

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

/** A role cell: the role's name or label in any case ("HR_OPS", "hr ops", "People Partner"); blank: none. */
export function parseRoleCell(value: string): RoleName | null | false {
  const word = value.trim();
  if (!word) return null;
  const key = word.toUpperCase().replace(/[\s-]+/g, "_");
  return (ROLES as readonly string[]).includes(key) ? (key as RoleName) : false;
}

/** An active cell: true/false, yes/no, y/n, 1/0 in any case; blank: none. */
export function parseActiveCell(value: string): boolean | null | "invalid" {
  const word = value.trim().toLowerCase();
  if (!word) return null;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return "invalid";
}

/** The email key of a row: trimmed, lower-case (PostgreSQL text holds no NUL). */
export function emailKey(value: string | undefined): string {
  return normalizeEmail(value ?? "").replaceAll("\0", "\uFFFD");
}

const TEXT_COLUMNS = ["job_title", "department", "level", "location", "employee_number"] as const;
const PERSON_COLUMNS = ["manager_email", "secondary_manager_email", "hr_partner_email"] as const;

/** The directory core's own refusal of a person's link to themselves (its key, ADR 0108), word for word the same. */
const OWN_LINK_KEYS = {
  manager_email: "users.refusal.ownLink.manager_email",
  secondary_manager_email: "users.refusal.ownLink.secondary_manager_email",
  hr_partner_email: "users.refusal.ownLink.hr_partner_email",
} as const;

/** A field the directory core refused: its column, its English and its code. */
const refusedBy = (column: DirectoryColumn, refusal: FieldRefusal): DirectoryRowError => ({ column, message: refusal.message, code: refusal.code });

/** The first refusal of one field by the directory core's rules, or its normalised value. */
function field<K extends keyof DirectoryInput>(key: K, value: DirectoryInput[K]) {
  return normalizeDirectoryInput({ [key]: value } as DirectoryInput, false);
}

/** A reader of the rows of a file with these columns (its header): every error a row shows by itself. */
export function directoryRowReader(columns: readonly string[]): (cells: readonly string[]) => DirectoryRowRead {
  const at = (c: DirectoryColumn) => columns.indexOf(c);
  const index = Object.fromEntries(DIRECTORY_CSV_COLUMNS.map((c) => [c, at(c)])) as Record<DirectoryColumn, number>;
  return (cells) => {
    const errors: DirectoryRowError[] = [];
    // A file this app wrote neutralised cells that start like a formula with a `'`: restored on the way back.
    const cell = (c: DirectoryColumn): string | null => (index[c] < 0 ? null : restoreCsvCell(cells[index[c]] ?? ""));
    const row: DirectoryRow = {
      email: emailKey(cells[index.email]),
      name: null,
      role: null,
      jobTitle: null,
      department: null,
      level: null,
      location: null,
      managerEmail: null,
      secondaryManagerEmail: null,
      hrPartnerEmail: null,
      startDate: null,
      employeeNumber: null,
      active: null,
    };
    if (cells.length !== columns.length) {
      const code = { key: "storedTexts.jobs.rows.cellCount", values: { cells: cells.length, columns: columns.length } } as const;
      return { row, errors: [{ column: null, message: `The row has ${cells.length} cells; the header has ${columns.length}`, code }] };
    }
    const email = field("email", cells[index.email] ?? "");
    if (!email.ok) errors.push(refusedBy("email", email));

    const name = cell("name");
    if (name !== null && name.trim()) {
      const checked = field("name", name);
      if (checked.ok) row.name = checked.value.name!;
      else errors.push(refusedBy("name", checked));
    }
    const role = cell("role");
    if (role !== null) {
      const parsed = parseRoleCell(role);
      if (parsed === false) {
        const values = { role: role.trim(), roles: ROLES.join(", ") };
        errors.push({ column: "role", message: `Unknown role ${values.role}: use one of ${values.roles}`, code: { key: "storedTexts.jobs.rows.directory.unknownRole", values } });
      }
      else row.role = parsed;
    }
    for (const c of TEXT_COLUMNS) {
      const value = cell(c);
      if (value === null) continue;
      const checked = field(c, value);
      if (!checked.ok) errors.push(refusedBy(c, checked));
      else if (c === "employee_number") row.employeeNumber = checked.value.employeeNumber ?? null;
      else row[c === "job_title" ? "jobTitle" : c] = checked.value[c === "job_title" ? "jobTitle" : c] ?? null;
    }
    for (const c of PERSON_COLUMNS) {
      const value = cell(c);
      if (value === null) continue;
      const checked = field(c, value);
      if (!checked.ok) errors.push(refusedBy(c, checked));
      else {
        const key = c === "manager_email" ? "managerEmail" : c === "secondary_manager_email" ? "secondaryManagerEmail" : "hrPartnerEmail";
        const person = checked.value[key] ?? null;
        if (person !== null && person === row.email) {
          const what = c === "manager_email" ? "manager" : c === "secondary_manager_email" ? "secondary manager" : "HR partner";
          errors.push({ column: c, message: `A user cannot be their own ${what}`, code: { key: OWN_LINK_KEYS[c] } });
        } else row[key] = person;
      }
    }
    const start = cell("start_date");
    if (start !== null) {
      const checked = field("start_date", start);
      if (!checked.ok) errors.push(refusedBy("start_date", checked));
      else row.startDate = checked.value.startDate ? checked.value.startDate.toISOString().slice(0, 10) : null;
    }
    const active = cell("active");
    if (active !== null) {
      const parsed = parseActiveCell(active);
      if (parsed === "invalid") {
        const value = active.trim();
        errors.push({ column: "active", message: `active must be true or false, not ${value}`, code: { key: "storedTexts.jobs.rows.directory.activeInvalid", values: { value } } });
      }
      else row.active = parsed;
    }
    return { row, errors };
  };
}
