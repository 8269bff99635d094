import { expect } from "vitest";
import { scopedLoader } from "~/platform/request-scope.server";
import { countStatements, type StatementCount } from "~/platform/sql.server";
import * as root from "~/root";
import * as appLayout from "~/routes/app";
import { sessionCookieFor } from "./session";

type AnyLoader = (args: { request: Request; context: unknown; params: Record<string, string> }) => unknown;

/**
 * A signed-in page's loaders as Remix runs them for one request (one load context): the frame's (root, /app and any
 * `layouts` between), then the page's, whose database statements are counted (issue 27's round-trip tests).
 */
export async function countPageLoad(
  loader: unknown,
  path: string,
  cookie: string,
  params: Record<string, string> = {},
  layouts: unknown[] = [],
): Promise<StatementCount<unknown>> {
  const context = {};
  const call = (l: unknown, p: Record<string, string> = {}) =>
    scopedLoader(l as AnyLoader)({ request: new Request(`http://127.0.0.1${path}`, { headers: { Cookie: cookie } }), context, params: p });
  await Promise.all([call(root.loader), call(appLayout.loader), ...layouts.map((l) => call(l))]);
  return countStatements(() => call(loader, params));
}

/** Who loads the page: a user (or their id), whose new session's cookie is sent, or a Cookie header value. */
export type PageReader = number | { id: number } | string;

export interface PageLoadOptions {
  /** The route's params (`cycleId`, `email`, …). */
  params?: Record<string, string>;
  /** Loaders of layout routes between /app and the page, run (uncounted) before it, as Remix does. */
  layouts?: unknown[];
  /** The most round trips the page's own loader may make: 3 unless told (issue 27). */
  max?: number;
  /** Names the case in a failure's message (the path unless told). */
  label?: string;
}

/** The data a loader returns (what the page receives). */
export type PageData<L> = L extends (...args: never[]) => infer R ? Awaited<R> : unknown;

async function cookieOf(who: PageReader): Promise<string> {
  if (typeof who === "string") return who;
  return sessionCookieFor(typeof who === "number" ? who : who.id);
}

/**
 * The page's loader after the frame's for one request, as `countPageLoad`; fails the test when its own loader makes
 * more than `max` (3) round trips, naming the path and listing the statements, and answers the loader's data.
 */
export async function loadPageWithin<L>(loader: L, path: string, who: PageReader, options: PageLoadOptions = {}): Promise<PageData<L>> {
  const r = await countPageLoad(loader, path, await cookieOf(who), options.params ?? {}, options.layouts ?? []);
  expect(r.count, `${options.label ?? path}:\n${r.statements.join("\n")}`).toBeLessThanOrEqual(options.max ?? 3);
  return r.result as PageData<L>;
}

/**
 * `loadPageWithin`, then compares the page's data with what the API's services (or the old reads) answer:
 * `expected` is the whole data (toEqual), or a function of the data answering the expected value of it (e.g. the
 * fields the page shares with the API). Answers the data.
 */
export async function expectPageLoad<L>(
  loader: L,
  path: string,
  who: PageReader,
  expected: ((data: PageData<L>) => unknown) | object | null,
  options: PageLoadOptions = {},
): Promise<PageData<L>> {
  const data = await loadPageWithin(loader, path, who, options);
  if (typeof expected === "function") {
    const want = await expected(data);
    if (want !== undefined) expect(data, options.label ?? path).toEqual(want);
  } else {
    expect(data, options.label ?? path).toEqual(expected);
  }
  return data;
}

/** A page's outcome: the thrown page (a Response: 403, 404, a redirect) as its status, or the loader's data. */
export type PageOutcome = { status: number } | { data: unknown };

/** What an awaited load gives: a thrown Response as its status, or the data; other errors are rethrown. */
export async function outcome(load: () => Promise<unknown>): Promise<PageOutcome> {
  try {
    return { data: await load() };
  } catch (err) {
    if (err instanceof Response) return { status: err.status };
    throw err;
  }
}

/** The page's outcome for one reader, uncounted: `{ status }` for a refused or missing page, else `{ data }`. */
export async function pageOutcome(loader: unknown, path: string, who: PageReader, options: Omit<PageLoadOptions, "max"> = {}): Promise<PageOutcome> {
  const cookie = await cookieOf(who);
  return outcome(async () => (await countPageLoad(loader, path, cookie, options.params ?? {}, options.layouts ?? [])).result);
}

/** The page's status for one reader, uncounted: a refused or missing page's (the thrown Response's), 200 when it loads. */
export async function pageStatus(loader: unknown, path: string, who: PageReader, options: Omit<PageLoadOptions, "max"> = {}): Promise<number> {
  const o = await pageOutcome(loader, path, who, options);
  return "status" in o ? o.status : 200;
}

/**
 * The Response the page's loader throws for one reader, uncounted (a refusal, a missing page, a redirect: its status,
 * statusText and headers); fails the test when the page loads instead.
 */
export async function pageRefusal(loader: unknown, path: string, who: PageReader, options: Omit<PageLoadOptions, "max"> = {}): Promise<Response> {
  const cookie = await cookieOf(who);
  try {
    await countPageLoad(loader, path, cookie, options.params ?? {}, options.layouts ?? []);
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
  throw new Error(`${options.label ?? path}: the loader did not refuse`);
}
