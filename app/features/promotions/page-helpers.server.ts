/**
 * What the promotion pages' loaders and actions share (endorser-pages, hr-partner-pages, hr-session-pages):
 * reading posted forms and the toast address. Page reads, the action runner and intentOf are the platform's
 * (app/platform/page-errors.server.ts), shared with the rating calibration pages.
 */

/** A form field as trimmed text ("" when absent). */
export function formText(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === "string" ? raw.trim() : "";
}

/** A repeated form field as numbers (empty values dropped; a malformed one becomes NaN, which the schemas refuse). */
export function formIds(form: FormData, name: string): number[] {
  return form
    .getAll(name)
    .map((v) => (typeof v === "string" ? v.trim() : ""))
    .filter(Boolean)
    .map(Number);
}

/** A positive whole number from a form field, else null. */
export function formId(form: FormData, name: string): number | null {
  const raw = formText(form, name);
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** A toast-carrying address: `path` with ?done= (the page shows it once, then removes it from the address). */
export function withDone(path: string, message: string): string {
  const [base, query = ""] = path.split("?");
  const params = new URLSearchParams(query);
  params.set("done", message);
  return `${base}?${params}`;
}
