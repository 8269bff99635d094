import { scopedLoader } from "~/platform/request-scope.server";
import { countStatements, type StatementCount } from "~/platform/sql.server";
import * as root from "~/root";
import * as appLayout from "~/routes/app";

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
