/**
 * Spreadsheet formula injection (docs/decisions/0041-hardening.md). PURE. A CSV cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return (or the full-width `＝ ＋ － ＠` some spreadsheets also read as formulas) is written
 * with a leading `'`, which spreadsheets show as text; plain numbers (`-3`, `+1.5`) stay as they are. Every CSV the
 * app writes goes through app/platform/csv.ts, which applies this to each text cell.
 */

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

const dangerous = (value: string) => FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);

/** The cell as written to a CSV: `'` in front of a value a spreadsheet would run as a formula. */
export function neutraliseCsvCell(value: string): string {
  return dangerous(value) ? `'${value}` : value;
}

/**
 * The inverse, for a file the app wrote coming back as an upload (the questionnaire template): the `'` in front of
 * a value that starts like a formula is dropped.
 */
export function restoreCsvCell(value: string): string {
  return value.startsWith("'") && dangerous(value.slice(1)) ? value.slice(1) : value;
}
