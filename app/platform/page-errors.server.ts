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
