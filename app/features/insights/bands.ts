/**
 * How an attribute's stored value becomes the group the insights show (issue 29 §1–2, ADR 0111). PURE.
 * - category: as it is;
 * - date (the built-in start date, a custom date): years from the date to the reference day (the cycle's start, else
 *   today) in four bands — "< 1 year", "1–2 years", "2–5 years", "5+ years"; a date after the reference day counts as
 *   "< 1 year";
 * - number: as it is (levels, grades, hours: few distinct values in practice); many distinct values end merged into
 *   Other by the privacy floor rather than in bands someone would have to choose.
 */

export const TENURE_BANDS = ["< 1 year", "1–2 years", "2–5 years", "5+ years"] as const;

/** Whole years from `from` (yyyy-mm-dd) to `reference` (UTC days), counting a year only once its anniversary is reached. */
export function fullYears(from: string, reference: Date): number {
  const [y, m, d] = from.split("-").map(Number);
  const ry = reference.getUTCFullYear();
  const rm = reference.getUTCMonth() + 1;
  const rd = reference.getUTCDate();
  let years = ry - y;
  if (rm < m || (rm === m && rd < d)) years--;
  return years;
}

export function tenureBand(from: string, reference: Date): string {
  const years = fullYears(from, reference);
  if (years < 1) return TENURE_BANDS[0];
  if (years < 2) return TENURE_BANDS[1];
  if (years < 5) return TENURE_BANDS[2];
  return TENURE_BANDS[3];
}

/** The group of a stored value (null: not set). */
export function bandValue(kind: "category" | "date" | "number", value: string | null | undefined, reference: Date): string | null {
  if (value === null || value === undefined) return null;
  return kind === "date" ? tenureBand(value, reference) : value;
}
