/**
 * The participant upload's quick row reader (app/features/jobs/types/participants/row-cells.ts, ADR 0038) gives
 * exactly what ParticipantRowSchema gives: the same values for valid rows, the same errors for the others, for
 * every header the upload accepts and cells mixing valid, invalid, blank, padded and upper-case values.
 */
import { describe, expect, it } from "vitest";
import { validateParticipantRow } from "~/features/participants/schemas";
import { rowCellsReader } from "~/features/jobs/types/participants/row-cells";

const EMAILS = ["a@x.com", " B@X.com ", "a@x.com", "c.d+e@sub.example.org", "", "   ", "not-an-email", "a@x", "é@x.com", "x@y.z", "A@X.COM", "o'neil@x.com", "\t"];
const FLAGS = ["true", "false", "Yes", " no ", "y", "N", "1", "0", "", "  ", "maybe", "TRUE", "2"];

function reference(columns: string[], cells: string[]) {
  const result = validateParticipantRow(Object.fromEntries(columns.map((c, i) => [c, cells[i]!])));
  if (!result.ok) return result;
  const v = result.row;
  return {
    ok: true,
    row: { email: v.email, manager_email: v.manager_email, secondary_manager_email: v.secondary_manager_email, hr_partner_email: v.hr_partner_email, reviewer_only: v.reviewer_only },
  };
}

describe("rowCellsReader", () => {
  const headers = [
    ["email", "manager_email", "secondary_manager_email", "hr_partner_email", "reviewer_only"],
    ["email"],
    ["email", "reviewer_only"],
    ["manager_email", "email", "hr_partner_email"],
    ["email", "secondary_manager_email"],
  ];

  it("agrees with ParticipantRowSchema on every value of each cell", () => {
    for (const columns of headers) {
      const read = rowCellsReader(columns);
      const pools = columns.map((c) => (c === "reviewer_only" ? FLAGS : EMAILS));
      // Each cell through its whole pool, the others fixed to a valid row (one change at a time).
      const base = columns.map((c, i) => (c === "reviewer_only" ? "no" : ["p@x.com", "m@x.com", "s@x.com", "h@x.com"][i % 4]!));
      for (let i = 0; i < columns.length; i++) {
        for (const value of pools[i]!) {
          const cells = base.map((v, j) => (j === i ? value : v));
          expect(read(cells), `${columns.join(",")}: ${JSON.stringify(cells)}`).toEqual(reference(columns, cells));
        }
      }
    }
  });

  it("agrees with ParticipantRowSchema on random rows, the same person named twice included", () => {
    let seed = 38;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    for (const columns of headers) {
      const read = rowCellsReader(columns);
      for (let n = 0; n < 3000; n++) {
        const cells = columns.map((c) => (c === "reviewer_only" ? pick(FLAGS) : pick(EMAILS)));
        expect(read(cells), `${columns.join(",")}: ${JSON.stringify(cells)}`).toEqual(reference(columns, cells));
      }
    }
  }, 60_000); // ~1 s on a quiet machine; CPU-bound, so far longer on a loaded CI machine
});
