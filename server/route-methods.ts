/**
 * Which methods a path serves (docs/decisions/0060-one-input-layer.md): the route of the Remix manifest the path
 * matches, and that route's row in the authorization matrix's policy (app/platform/security/route-policy.ts: one
 * entry per method the route serves, kept true by tests/integration/authorization-matrix.test.ts). `OPTIONS` answers
 * it in `Allow`, a method the path does not serve gets it with its 405, and an `Idempotency-Key` check comes after
 * the method and role checks (server/idempotency.ts).
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { ROUTE_POLICY } from "~/platform/security/route-policy";
import type { Access } from "~/platform/security/route-policy-types";

/** The HTTP methods the web process serves (Remix's); each path narrows them to its own (below). */
export const SERVED_METHODS: readonly string[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** The catch-all routes: a path only they match names nothing (404). */
const CATCH_ALL = new Set(["routes/$", "routes/api.v1.$"]);

export type PathRoute = {
  /** The leaf route's id, e.g. routes/api.v1.admin.cycles.$id. */
  routeId: string;
  /** False for a path only a catch-all matches. */
  known: boolean;
  /** The methods the route serves (GET also answers HEAD). */
  methods: string[];
  /** Who may call each method (the policy row). */
  access: Partial<Record<string, Access>>;
};

export type RouteMethods = (pathname: string) => PathRoute | null;

/** The matcher over a production build's routes. */
export function routeMethodsOf(build: ServerBuild): RouteMethods {
  const byParent = new Map<string | undefined, AgnosticRouteObject[]>();
  const nodes = new Map<string, AgnosticRouteObject & { children?: AgnosticRouteObject[] }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = (route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] }) as AgnosticRouteObject & { children?: AgnosticRouteObject[] };
    nodes.set(route.id, node);
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(node);
    byParent.set(route.parentId, siblings);
  }
  for (const [parentId, children] of byParent) {
    if (parentId === undefined) continue;
    const parent = nodes.get(parentId);
    if (parent && "children" in parent && parent.children) parent.children.push(...children);
  }
  const roots = byParent.get(undefined) ?? [];
  const cache = new Map<string, PathRoute | null>();
  return (pathname) => {
    const cached = cache.get(pathname);
    if (cached !== undefined) return cached;
    const matches = matchRoutes(roots, pathname);
    const leaf = matches?.[matches.length - 1]?.route.id ?? null;
    const policy = leaf ? ROUTE_POLICY[leaf] : undefined;
    const result: PathRoute | null =
      leaf && policy
        ? {
            routeId: leaf,
            known: !CATCH_ALL.has(leaf),
            methods: SERVED_METHODS.filter((m) => (m === "HEAD" ? policy.GET : policy[m as keyof typeof policy])),
            access: policy,
          }
        : null;
    if (cache.size < 5_000) cache.set(pathname, result);
    return result;
  };
}

/** `Allow` of a path: its methods and OPTIONS. */
export const allowHeader = (methods: readonly string[]) => [...methods, "OPTIONS"].join(", ");
