/**
 * The page forms' share of the input layer (docs/decisions/0060-one-input-layer.md; issue 26 §5; server/form-guard.ts),
 * through the web process's real Express app serving the production build: a page form with a NUL character in a
 * field (which PostgreSQL's text cannot store: it was a 500) gets the page's 400 and writes nothing, whether it is
 * posted as a document (no JavaScript), as a single-fetch `.data` submission, or as multipart; the same form without
 * the NUL is saved, so the refusal is the NUL's.
 *
 * Needs `npm run build` (scripts/test.sh builds before the integration lanes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { loadProductionBuild, serveWebApp, type ServedApp } from "../support/web-app";
import { createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";

let app: ServedApp;
let giver: User;
let reviewee: User;
let cookie: string;

beforeAll(async () => {
  app = await serveWebApp(await loadProductionBuild("tests/integration/input-layer-forms.test.ts"));
  giver = await createTestUser({ name: "Form Giver" });
  reviewee = await createTestUser({ name: "Form Reviewee" });
  cookie = await sessionCookieFor(giver.id);
});

afterAll(async () => {
  await app?.close();
});

const PAGE = "/app/anytime-feedback";

/** Posts the give-feedback form of the anytime feedback page as a signed-in browser would. */
function give(body: string, how: "document" | "data" | "multipart"): Promise<Response> {
  const fields = { intent: "give", reviewee_email: reviewee.email, body };
  const headers: Record<string, string> = { Cookie: cookie, Origin: app.url };
  if (how === "multipart") {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(`${app.url}${PAGE}`, { method: "POST", headers, body: form, redirect: "manual" });
  }
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  const path = how === "data" ? `${PAGE}.data` : PAGE;
  return fetch(`${app.url}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString(), redirect: "manual" });
}

async function given(prefix: string): Promise<number> {
  const db = await getDb();
  return db.realtimeFeedback.count({ where: { reviewerId: giver.id, body: { startsWith: prefix } } });
}

describe("a page form with a NUL character in a field", () => {
  for (const how of ["document", "data", "multipart"] as const) {
    it(`is the page's 400 and writes nothing (${how})`, async () => {
      const prefix = `form ${how} ${Date.now()}`;
      // Without the NUL, the same form is saved.
      const saved = await give(`${prefix} fine`, how);
      expect(saved.status).toBe(200);
      expect(await given(prefix)).toBe(1);
      const refused = await give(`${prefix} with \u0000 in it`, how);
      expect(refused.status).toBe(400);
      if (how === "document") expect(refused.headers.get("content-type")).toContain("text/html");
      expect(await given(prefix)).toBe(1);
    });
  }

  it("is refused in a field's name too", async () => {
    const prefix = `form name ${Date.now()}`;
    const body = new URLSearchParams({ intent: "give", reviewee_email: reviewee.email, body: prefix, "x\u0000": "1" }).toString();
    const refused = await fetch(`${app.url}${PAGE}`, { method: "POST", headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" }, body });
    expect(refused.status).toBe(400);
    expect(await given(prefix)).toBe(0);
  });
});
