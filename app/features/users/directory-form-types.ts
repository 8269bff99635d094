import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * What the directory forms' actions answer (client-safe: the pages read it): every text a key with values (issue 28,
 * ADR 0108), the field errors by field.
 */
export type DirectoryFieldErrors = Partial<Record<string, PageMessage>>;

export type DirectoryFormResult = {
  ok: boolean;
  intent: string | null;
  message: PageMessage | null;
  error: PageMessage | null;
  fieldErrors: DirectoryFieldErrors;
};

/** The values a directory form starts with (an existing user's, or blanks for a new one). */
export type DirectoryFormValues = {
  email: string;
  name: string;
  role?: string;
  job_title: string | null;
  department: string | null;
  level: string | null;
  location: string | null;
  manager_email: string | null;
  secondary_manager_email: string | null;
  hr_partner_email: string | null;
  start_date: string | null;
  employee_number: string | null;
};

export const EMPTY_DIRECTORY_VALUES: DirectoryFormValues = {
  email: "",
  name: "",
  role: "EMPLOYEE",
  job_title: null,
  department: null,
  level: null,
  location: null,
  manager_email: null,
  secondary_manager_email: null,
  hr_partner_email: null,
  start_date: null,
  employee_number: null,
};
