import { ApiError } from "~/platform/api.server";

/** Page loaders' handling of service failures: an ApiError becomes the error page (404/403/...). */

/** For page loaders: run a service call, turning an ApiError into the thrown Response the error boundary renders. */
export async function forPage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw new Response(err.message, { status: err.status, statusText: err.message });
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
    if (err instanceof ApiError && err.status === 404) throw notFoundPage();
    throw err;
  }
}
