import { z } from "zod";

/**
 * Which directory users a "populate participants" job adds (docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md).
 * Pure: the API body, kept as the job's params, and what the page's form posts. No filter: every active employee and
 * people partner. Each list admits any of its values (department A or B); filters combine with "and"; `started_before`
 * keeps people whose start date is before that day (people without a start date are then left out).
 */

export const POPULATE_FILTER_VALUE_MAX = 200;
export const POPULATE_FILTER_LIST_MAX = 500;

/** A directory value as stored (exact match, case-sensitive); no control characters. */
const DirectoryValue = z
  .string()
  .min(1)
  .max(POPULATE_FILTER_VALUE_MAX)
  .regex(/^[^\u0000-\u001f\u007f]+$/, "Values must not contain control characters");
const ValueList = (what: string) =>
  z.array(DirectoryValue).min(1).max(POPULATE_FILTER_LIST_MAX).optional().describe(`Only people whose ${what} is one of these (exactly as in the directory)`);

export const PopulateFiltersBody = z
  .object({
    departments: ValueList("department"),
    locations: ValueList("location"),
    levels: ValueList("level"),
    started_before: z.iso.date("The cut-off must be a date (YYYY-MM-DD)").optional().describe("Only people whose start date is before this day (YYYY-MM-DD)"),
  })
  .strict();
export type PopulateFilters = z.infer<typeof PopulateFiltersBody>;

/** The filters of a job's stored params (null or {} = everyone); params that do not parse fail the job (throws). */
export function populateFiltersOf(params: unknown): PopulateFilters {
  if (params === null || params === undefined) return {};
  return PopulateFiltersBody.parse(params);
}

/** The page form's fields (repeated `departments`, `locations`, `levels`; `started_before`), blanks dropped, as an API body. */
export function populateFiltersFromForm(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of ["departments", "locations", "levels"] as const) {
    const values = form.getAll(key).filter((v): v is string => typeof v === "string" && v !== "");
    if (values.length) body[key] = [...new Set(values)];
  }
  const cutOff = form.get("started_before");
  if (typeof cutOff === "string" && cutOff !== "") body.started_before = cutOff;
  return body;
}

/** What the page's filter form offers: the directory's distinct values among active users. */
export type PopulateFilterOptions = { departments: string[]; locations: string[]; levels: string[] };
