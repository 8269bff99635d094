import { data } from "@remix-run/node";
import { z } from "zod";
import { ApiError, CycleNotFoundError } from "~/platform/api.server";
import { reportServerError } from "~/platform/analytics/report-error.server";

/**
 * Page loaders' and actions' handling of service failures: an ApiError becomes the error page (404/403/...) or
 * the action's answer. The error page's text is decided in ONE place, spec §2/§8 (issue 15 item 8): a cycle id
 * that names no cycle → 'Invalid Cycle ID'; 404 → 'Not found'; 403 → "You don't have access to this page";
 * anything else → 'Error Loading Data' with Retry (app/platform/ui/error-view.tsx, which shows only the spec's
 * texts, never a service's message such as "x is not your direct report").
 */

export const INVALID_CYCLE_TEXT = "Invalid Cycle ID";

/** The error page for a service failure (the one mapping every page uses). */
export function pageErrorResponse(err: ApiError): Response {
  if (err instanceof CycleNotFoundError) return invalidCyclePage();
  if (err.status === 404) return notFoundPage();
  if (err.status === 403) return forbiddenPage();
  return new Response(err.message, { status: err.status, statusText: err.message });
}

/** Spec §8: "Participant fetch fails → 'Error Loading data' in place of the content" (no Retry; the shell stays). */
export const PARTICIPANT_FETCH_FAILED_TEXT = "Error Loading data";

/**
 * A page's fetch of the signed-in user's participant record in the selected cycle (my_info, my panel, my report):
 * null when the user is not a participant (404); an unknown cycle → 'Invalid Cycle ID', 403 → the access page;
 * any other failure (the database, a 5xx) → 'Error Loading data' in place of the content, reported like a crash.
 */
export async function participantFetch<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      if (err.status === 404 && !(err instanceof CycleNotFoundError)) return null;
      throw pageErrorResponse(err);
    }
    reportServerError(err);
    throw new Response(PARTICIPANT_FETCH_FAILED_TEXT, { status: 500, statusText: PARTICIPANT_FETCH_FAILED_TEXT });
  }
}

/** The 404 page that says 'Invalid Cycle ID' (a malformed or unknown ?cycle_id=). */
export function invalidCyclePage(): Response {
  return new Response(INVALID_CYCLE_TEXT, { status: 404, statusText: INVALID_CYCLE_TEXT });
}

/** For page loaders: run a service call, turning an ApiError into the thrown Response the error boundary renders. */
export async function forPage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw pageErrorResponse(err);
    throw err;
  }
}

/** The 404 the route error boundary renders as the 'Not found' page. */
export function notFoundPage(): Response {
  return new Response("Not found", { status: 404, statusText: "Not found" });
}

/** A numeric id from a path segment (e.g. params.cycleId), or the 404 page when it is missing or malformed. */
export function pageIdParam(raw: string | undefined, pattern: RegExp = /^\d+$/): number {
  if (!raw || !pattern.test(raw)) throw notFoundPage();
  return Number(raw);
}

/** Run a lookup for a page: its 404 ApiError becomes the 404 page; any other failure is rethrown as it is. */
export async function orNotFoundPage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw pageErrorResponse(err);
    throw err;
  }
}

/** The 403 the route error boundary renders as the "You don't have access to this page" page. */
export function forbiddenPage(): Response {
  return new Response("You don't have access to this page", { status: 403, statusText: "Forbidden" });
}

/** A page read: the service's 404 and 403 become the spec's error pages (the same mapping as forPage). */
export const pageRead = forPage;

/** What a page action answers: a toast on success; the message and a message per field otherwise. */
export type PageActionResult<I extends string> = { ok: true; intent: I; message: string } | { ok: false; intent: I | null; message: string; fieldErrors: Record<string, string> };

/**
 * Run a page action: success → 200 { ok, intent, message } (the page toasts it); invalid input (zod) → 400 with
 * a message per field; an ApiError → its status (403/404/409/503) and message, shown in the page.
 */
export async function pageAction<I extends string>(intent: I | null, fn: () => Promise<string>) {
  try {
    if (intent === null) return data<PageActionResult<I>>({ ok: false, intent, message: "Unknown action", fieldErrors: {} }, { status: 400 });
    return data<PageActionResult<I>>({ ok: true, intent, message: await fn() });
  } catch (err) {
    if (err instanceof z.ZodError) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.issues) {
        const key = String(issue.path[0] ?? "form");
        if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
      }
      return data<PageActionResult<I>>({ ok: false, intent, message: err.issues[0]?.message ?? "Invalid input", fieldErrors }, { status: 400 });
    }
    if (err instanceof ApiError) return data<PageActionResult<I>>({ ok: false, intent, message: err.message, fieldErrors: {} }, { status: err.status });
    throw err;
  }
}

/** The intent of a posted form, when it is one of `allowed`. */
export function intentOf<T extends string>(form: FormData, allowed: readonly T[]): T | null {
  const raw = form.get("intent");
  return typeof raw === "string" && (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
}
