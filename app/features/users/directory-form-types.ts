/** What the directory forms' actions answer (client-safe: the pages read it). */
export type DirectoryFieldErrors = Partial<Record<string, string>>;

export type DirectoryFormResult = {
  ok: boolean;
  intent: string | null;
  message: string | null;
  error: string | null;
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
