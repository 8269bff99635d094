import { data } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import { forPage, notFoundPage } from "~/platform/page-errors.server";
import type { PromotionActionResult } from "~/features/promotions/endorser-page-types";

/**
 * What the promotion pages' loaders and actions share (endorser-pages, hr-partner-pages, hr-session-pages):
 * page reads whose 403/404 become the spec's error pages, the action result, and reading posted forms.
 */

/** A page read: the service's 404 and 403 become the spec's error pages ('Not found', "You don't have access to this page"). */
export async function pageRead<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await forPage(fn);
  } catch (err) {
    if (err instanceof Response && err.status === 404) throw notFoundPage();
    if (err instanceof Response && err.status === 403) throw forbiddenPage();
    throw err;
  }
}

export function forbiddenPage(): Response {
  return new Response("You don't have access to this page", { status: 403, statusText: "Forbidden" });
}

/**
 * Run a page action: success → 200 { ok, intent, message } (the page toasts it); invalid input (zod) → 400 with
 * a message per field; an ApiError → its status (403/404/409/503) and message, shown in the page.
 */
export async function pageAction(intent: string | null, fn: () => Promise<string>) {
  try {
    if (intent === null) return data<PromotionActionResult>({ ok: false, intent, message: "Unknown action", fieldErrors: {} }, { status: 400 });
    return data<PromotionActionResult>({ ok: true, intent, message: await fn() });
  } catch (err) {
    if (err instanceof z.ZodError) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.issues) {
        const key = String(issue.path[0] ?? "form");
        if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
      }
      return data<PromotionActionResult>({ ok: false, intent, message: err.issues[0]?.message ?? "Invalid input", fieldErrors }, { status: 400 });
    }
    if (err instanceof ApiError) return data<PromotionActionResult>({ ok: false, intent, message: err.message, fieldErrors: {} }, { status: err.status });
    throw err;
  }
}

/** The intent of a posted form, when it is one of `allowed`. */
export function intentOf<T extends string>(form: FormData, allowed: readonly T[]): T | null {
  const raw = form.get("intent");
  return typeof raw === "string" && (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
}

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
