import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTE_POLICY } from "~/platform/security/route-policy";
import { LAYOUT_ROUTES, PAGE_CATALOGUE } from "../e2e/page-catalogue";

/**
 * Issues 27 and 28: the browser walks of every page (tests/e2e/every-page-pseudo.spec.ts, every-page-static.spec.ts)
 * take their pages from tests/e2e/page-catalogue.ts. A page route (a file of app/routes with a default export) that
 * is not in the catalogue would escape both walks: this test fails until it has its entry.
 */
const ROUTES_DIR = fileURLToPath(new URL("../../app/routes", import.meta.url));

function pageRoutes(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => /\.(tsx?|jsx?)$/.test(f))
    .filter((f) => /^export default\b/m.test(fs.readFileSync(path.join(ROUTES_DIR, f), "utf8")))
    .map((f) => f.replace(/\.(tsx?|jsx?)$/, ""))
    .sort();
}

describe("the page catalogue", () => {
  const routes = pageRoutes();
  const listed = PAGE_CATALOGUE.map((p) => p.route);

  it("finds the app's page routes", () => {
    // A sanity floor: the scan reads the routes folder (the app has about a hundred pages).
    expect(routes.length).toBeGreaterThan(90);
    expect(routes).toContain("app.home");
  });

  it("has an entry for every page route (or names it as a layout)", () => {
    const missing = routes.filter((r) => !listed.includes(r) && !LAYOUT_ROUTES.includes(r));
    expect(missing, "page routes with no entry in tests/e2e/page-catalogue.ts").toEqual([]);
  });

  it("lists only page routes, each once", () => {
    expect(listed.filter((r) => !routes.includes(r)), "entries that are not a page route").toEqual([]);
    expect(LAYOUT_ROUTES.filter((r) => !routes.includes(r)), "layouts that are not a page route").toEqual([]);
    expect(listed.filter((r, i) => listed.indexOf(r) !== i), "routes listed twice").toEqual([]);
  });

  it("reaches each page as a role the policy lets read it", () => {
    for (const entry of PAGE_CATALOGUE) {
      const policy = ROUTE_POLICY[`routes/${entry.route}`];
      expect(policy?.GET, `a GET row for routes/${entry.route} in route-policy.ts`).toBeTruthy();
      // An anonymous visitor only on pages that anyone may open.
      if (entry.role === "anonymous") expect(policy!.GET!.allow, entry.route).toContain("anonymous");
    }
  });

  it("writes every URL from the resolved ids, not from a hard-coded one", () => {
    // Every id reads "ID", whatever its depth (ids.cycles.midYear, ids.eliUserId).
    const id = new Proxy({}, { get: (_t, key) => (key === Symbol.toPrimitive ? () => "ID" : "ID") });
    const ids = new Proxy({}, { get: () => id });
    for (const entry of PAGE_CATALOGUE) {
      const url = entry.path(ids as never);
      expect(url, entry.route).toMatch(/^\/[^\s]*$/);
      expect(url.replace(/%[0-9A-F]{2}/g, ""), `${entry.route}: a number in its URL that is not a resolved id`).not.toMatch(/\d/);
    }
  });
});
