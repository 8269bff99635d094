import { stringify } from "csv-stringify/sync";
import { neutraliseCsvCell } from "~/platform/csv-cells";

/**
 * The app's one CSV writer (downloads, job outputs, templates): csv-stringify with every text cell neutralised
 * against formula injection (app/platform/csv-cells.ts; ADR 0041). Numbers are written as numbers.
 */
export function toCsv(
  records: unknown[][] | Array<Record<string, unknown>>,
  opts: { columns?: readonly string[]; header?: boolean; recordDelimiter?: "unix" | "windows" } = {},
): string {
  return stringify(records, {
    header: opts.header ?? false,
    columns: opts.columns ? [...opts.columns] : undefined,
    record_delimiter: opts.recordDelimiter ?? "unix",
    cast: { string: neutraliseCsvCell },
  });
}
