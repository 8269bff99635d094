import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { startSession } from "~/platform/session.server";

/**
 * The Cookie header value of a new page session (a `UserSession` row, as a sign-in makes it) for the user,
 * and the real user while spoofing.
 */
export async function sessionCookieFor(userId: number, realUserId?: number): Promise<string> {
  return cookieFromSetCookie(await startSession(new Request("http://127.0.0.1/"), { userId, realUserId }));
}

/** `name=value` of a Set-Cookie header line. */
export function cookieFromSetCookie(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

/** The session cookie a response sets, as a Cookie header value, or null. */
export function sessionCookieOf(response: Response): string | null {
  const line = response.headers.getSetCookie().find((c) => c.startsWith("__pmr_session="));
  return line ? cookieFromSetCookie(line) : null;
}

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

/**
 * Call a loader/action like Remix would, with a cookie and/or bearer token, a JSON or form body.
 * A thrown Response (redirect, error page) is returned like a returned one.
 */
export async function callWithSession(
  handler: Handler,
  opts: {
    method?: string;
    path: string;
    cookie?: string;
    token?: string;
    body?: unknown;
    form?: Record<string, string>;
    params?: Record<string, string>;
  },
): Promise<{ status: number; body: any; response: Response }> {
  const headers = new Headers();
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  let body: string | undefined;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("Content-Type", "application/json");
  }
  const request = new Request(`http://127.0.0.1${opts.path}`, { method: opts.method ?? "GET", headers, body });
  let result: unknown;
  try {
    result = await handler({ request, params: opts.params ?? {}, context: {} } as never);
  } catch (err) {
    if (!(err instanceof Response)) throw err;
    result = err;
  }
  if (result && typeof result === "object" && "type" in result && (result as { type: unknown }).type === "DataWithResponseInit") {
    const d = result as unknown as { data: unknown; init: ResponseInit | null };
    result = Response.json(d.data, d.init ?? undefined);
  }
  const response = result instanceof Response ? result : Response.json(result);
  const text = await response.clone().text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, response };
}
