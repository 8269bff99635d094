/**
 * The page forms' share of the input layer (docs/decisions/0060-one-input-layer.md): every page action of the build
 * is wrapped once, here, so that a submitted form holding a NUL character in any field (PostgreSQL's text cannot
 * store one: it was a 500) is refused with a thrown 400 Response before the action reads it. Remix then answers it
 * the usual way: the route's error boundary with status 400, for a document POST and for a `.data` (single fetch)
 * submission alike. Nothing is written.
 *
 * /api/ and /scim/ routes are left alone: their JSON bodies and query strings are checked by
 * app/platform/api.server.ts (parseJsonBody, parseQuery) and the URL by server/security.ts.
 */
import type { ServerBuild } from "@remix-run/node";
import { readForm } from "~/platform/form.server";

/**
 * A multipart body declared larger than this (a file upload) is not parsed twice: the upload's own reader checks its
 * size, and its text fields are schema-checked choices.
 */
const MAX_CHECKED_MULTIPART_BYTES = 1024 * 1024;

const API_ROUTE = /^routes\/(?:api|scim)[.]/;

/**
 * Throws the 400 Response of app/platform/form.server.ts `readForm` when the request's form (urlencoded, or a small
 * multipart one) holds a NUL character in a field name or value; reads a copy, so the action reads the form as sent.
 */
export async function refuseNulInForm(request: Request): Promise<void> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const urlencoded = type.startsWith("application/x-www-form-urlencoded");
  const multipart = type.startsWith("multipart/form-data");
  if (!urlencoded && !multipart) return;
  if (multipart && Number(request.headers.get("content-length") ?? 0) > MAX_CHECKED_MULTIPART_BYTES) return;
  try {
    await readForm(request.clone());
  } catch (err) {
    if (err instanceof Response) throw err;
    // Unreadable as a form: the action's own parsing answers it.
  }
}

type RouteModule = ServerBuild["routes"][string]["module"];
type Action = NonNullable<RouteModule["action"]>;

/** `build` with every page route's action preceded by the NUL check. */
export function guardPageForms(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route?.module.action as Action | undefined;
    if (!route || !action || API_ROUTE.test(id)) {
      if (route) routes[id] = route;
      continue;
    }
    const guarded: Action = async (args) => {
      await refuseNulInForm(args.request);
      return action(args);
    };
    routes[id] = { ...route, module: { ...route.module, action: guarded } };
  }
  return { ...build, routes };
}

/** The same for a build that is loaded per request (the Vite dev server). */
export function guardBuild(build: ServerBuild | (() => Promise<ServerBuild>)): ServerBuild | (() => Promise<ServerBuild>) {
  if (typeof build !== "function") return guardPageForms(build);
  const guarded = async () => guardPageForms(await build());
  return Object.assign(guarded, build); // keeps viteServer
}
