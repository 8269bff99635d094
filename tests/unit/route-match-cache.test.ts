import { createRequire } from "node:module";
import type { matchRoutes as MatchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The server loads the router's CommonJS build (the one patched); an ESM import here would reach the other one.
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: typeof MatchRoutes };

/**
 * The patched router (patches/@remix-run+router*.patch, ADR 0040): a path's matches are kept per route tree, and each
 * caller gets its own copies, so a cached result never leaks one request's changes into another's.
 */
const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "app", path: "app", children: [{ id: "home", path: "home" }, { id: "feedback", path: "feedback/:email" }] },
      { id: "splat", path: "*" },
    ],
  },
];

describe("matchRoutes with the result cache", () => {
  it("answers as before, the same for a repeated path, with fresh objects each time", () => {
    const first = matchRoutes(routes, "/app/feedback/a%40example.com")!;
    const second = matchRoutes(routes, "/app/feedback/a%40example.com")!;
    expect(first.map((m) => m.route.id)).toEqual(["root", "app", "feedback"]);
    expect(first[2]!.params).toEqual({ email: "a@example.com" });
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second[2]).not.toBe(first[2]);
    (first[2]!.params as Record<string, string>).email = "changed";
    expect(matchRoutes(routes, "/app/feedback/a%40example.com")![2]!.params.email).toBe("a@example.com");
  });

  it("keeps paths apart, including unmatched and splat paths", () => {
    expect(matchRoutes(routes, "/app/home")!.map((m) => m.route.id)).toEqual(["root", "app", "home"]);
    expect(matchRoutes(routes, "/nowhere/else")!.map((m) => m.route.id)).toEqual(["root", "splat"]);
    expect(matchRoutes(routes, "/nowhere/else")![1]!.params["*"]).toBe("nowhere/else");
    expect(matchRoutes([{ id: "only", path: "/x" }], "/y")).toBeNull();
    expect(matchRoutes([{ id: "only", path: "/x" }], "/y")).toBeNull();
  });

  it("matches a new tree anew", () => {
    const other = [{ id: "other", path: "/app/home" }];
    expect(matchRoutes(other, "/app/home")!.map((m) => m.route.id)).toEqual(["other"]);
  });
});
