import { z } from "zod";
import { validateParticipantRow, type CodedIssue, type ParticipantColumn } from "~/features/participants/schemas";

/**
 * One participant CSV row read as ParticipantRowSchema reads it (PURE), quickly when the row is plainly valid:
 * the schema costs about 7 µs a row, most of a staged 100,000-row upload's Node time (ADR 0038). The quick path
 * accepts only what the schema certainly accepts, with the same values (emails trimmed and lower-cased and
 * matching zod's email pattern, blank optional emails as null, the reviewer_only words below, the row's rules
 * on distinct people); anything else goes through validateParticipantRow itself, so errors are always the
 * schema's. tests/unit/participant-row-cells.test.ts holds the two paths to the same answers.
 */

export type RowCells = {
  email: string;
  manager_email: string | null | undefined;
  secondary_manager_email: string | null | undefined;
  hr_partner_email: string | null | undefined;
  reviewer_only: boolean | undefined;
};

export type RowCellsResult = { ok: true; row: RowCells } | { ok: false; errors: CodedIssue[] };

const EMAIL = z.regexes.email;
const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0", ""]);

/** A reader of rows with these columns (the file's header). */
export function rowCellsReader(columns: readonly string[]): (cells: readonly string[]) => RowCellsResult {
  const at = (c: ParticipantColumn) => columns.indexOf(c);
  const [e, m, s, h, r] = [at("email"), at("manager_email"), at("secondary_manager_email"), at("hr_partner_email"), at("reviewer_only")];
  const slow = (cells: readonly string[]): RowCellsResult => {
    const result = validateParticipantRow(Object.fromEntries(columns.map((c, i) => [c, cells[i]!])));
    if (!result.ok) return result;
    const v = result.row;
    return {
      ok: true,
      row: { email: v.email, manager_email: v.manager_email, secondary_manager_email: v.secondary_manager_email, hr_partner_email: v.hr_partner_email, reviewer_only: v.reviewer_only },
    };
  };
  /** An optional email cell: undefined (no column), null (blank), the email, or false (not plainly valid). */
  const optional = (cells: readonly string[], i: number): string | null | undefined | false => {
    if (i < 0) return undefined;
    const v = cells[i]!.trim();
    if (v === "") return null;
    const email = v.toLowerCase();
    return EMAIL.test(email) ? email : false;
  };
  return (cells) => {
    const raw = e < 0 ? "" : cells[e]!.trim();
    const email = raw.toLowerCase();
    if (raw === "" || !EMAIL.test(email)) return slow(cells);
    const manager = optional(cells, m);
    const secondary = optional(cells, s);
    const hr = optional(cells, h);
    if (manager === false || secondary === false || hr === false) return slow(cells);
    if (manager === email || secondary === email || hr === email || (secondary && secondary === manager)) return slow(cells);
    let reviewerOnly: boolean | undefined;
    if (r >= 0) {
      const word = cells[r]!.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) reviewerOnly = true;
      else if (FALSE_WORDS.has(word)) reviewerOnly = false;
      else return slow(cells);
    }
    return { ok: true, row: { email, manager_email: manager, secondary_manager_email: secondary, hr_partner_email: hr, reviewer_only: reviewerOnly } };
  };
}
