import type { ServerBuild } from "@remix-run/node";

/**
 * Nothing read twice per request (docs/decisions/0063-lean-platform-reads.md). Remix runs the loaders of one
 * document or data request at the same time, each with its own copy of the Request but with the same load context
 * (server/index.ts `getLoadContext` makes one per request). `scopeLoaders` (applied by the web server to the build)
 * ties each loader's Request to one memo per load context, so that `requestMemo(request, key, load)` runs `load` once
 * for all the loaders of a request: the signed-in user (session.server.ts `readSession`), and whatever else a page
 * and its layouts both need.
 *
 * Only GET and HEAD requests share: a form POST without JavaScript runs its action and then the loaders in one
 * request, and the action may have changed what they read. A call without a scope (an action, the API's tests,
 * the command-line tools, a Request made by hand) simply runs `load`.
 */

type Memo = Map<string, Promise<unknown>>;

declare global {
  // Shared by every copy of this module in the process (the dev server reloads the app's modules).
  // eslint-disable-next-line no-var
  var __pmrRequestScopes: { byContext: WeakMap<object, Memo>; byRequest: WeakMap<Request, Memo> } | undefined;
}

function scopes() {
  return (globalThis.__pmrRequestScopes ??= { byContext: new WeakMap(), byRequest: new WeakMap() });
}

/** Ties `request` to the memo of `context` (one per HTTP request); GET and HEAD only. */
export function enterRequestScope(request: Request, context: unknown): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  if (!context || typeof context !== "object") return;
  const { byContext, byRequest } = scopes();
  let memo = byContext.get(context);
  if (!memo) byContext.set(context, (memo = new Map()));
  byRequest.set(request, memo);
}

/** True when `request` shares a memo with the other loaders of its HTTP request (a GET or HEAD in a scope). */
export function inRequestScope(request: Request): boolean {
  return scopes().byRequest.has(request);
}

/**
 * `load()` once per request and key (the same promise for every loader of the request that asks); without a scope,
 * `load()` every time. A rejected load is shared too (the loaders fail alike).
 */
export function requestMemo<T>(request: Request, key: string, load: () => Promise<T>): Promise<T> {
  const memo = scopes().byRequest.get(request);
  if (!memo) return load();
  let hit = memo.get(key) as Promise<T> | undefined;
  if (!hit) memo.set(key, (hit = load()));
  return hit;
}

type LoaderArgs = { request: Request; context: unknown };
type Loader = (args: LoaderArgs) => unknown;

/**
 * A loader that enters its request's scope first (what `scopeLoaders` does to every loader of the build). Tests call
 * several loaders "as Remix does" with it: one new Request each, the same `context` object.
 */
export function scopedLoader<A extends LoaderArgs, R>(loader: (args: A) => R): (args: A) => R {
  return (args: A) => {
    enterRequestScope(args.request, args.context);
    return loader(args);
  };
}

/** `build` with every route's loader in its request's scope (server/index.ts). */
export function scopeLoaders(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader as Loader | undefined;
    routes[id] = route && loader ? { ...route, module: { ...route.module, loader: scopedLoader(loader) as never } } : route;
  }
  return { ...build, routes };
}
