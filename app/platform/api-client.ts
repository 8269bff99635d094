/**
 * The pages' calls to the JSON API (/api/v1) from the browser, with the session cookie.
 * Plain fetch rather than a Remix fetcher: an API call is not a page navigation, so it should not start a router
 * revalidation by itself (callers revalidate when they need to; ADR 0024). `signal` aborts the call: an aborted
 * call answers like a network failure (status 0), and the caller that aborted it ignores the answer.
 */
export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; message: string };

export const NETWORK_ERROR = "Network Error";
export const GENERIC_ERROR = "Something went wrong, please try again";

export async function callApi<T = unknown>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      signal,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
  const json = (await res.json().catch(() => null)) as unknown;
  // Spec §8: a 401 from any call removes the session and goes to the login screen.
  if (res.status === 401 && typeof window !== "undefined") window.location.assign("/app/login?out=true");
  if (res.ok) return { ok: true, status: res.status, body: json as T };
  const message = (json as { error?: { message?: string } } | null)?.error?.message;
  return { ok: false, status: res.status, message: message ?? GENERIC_ERROR };
}
