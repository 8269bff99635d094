import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { ok } from "./api-helpers";
import { test, expect, DEMO, signedInPage, type Demo } from "./fixtures";

/**
 * No secret and no data of another user reaches the browser (issue 17 part 5, docs/decisions/0041-hardening.md):
 * - the built client (build/client, what every browser downloads) holds no server setting's name and no secret value;
 * - the demo's anytime feedback (ADR 0029: read by the two people and their managers only, never by HR or admins,
 *   and without its text while spoofing) is in no page of a role that may not read it: neither in the document nor
 *   in the page's loader data (single fetch's `.data`), while each role does get the items it may read.
 */

const CLIENT_DIR = fileURLToPath(new URL("../../build/client", import.meta.url));

/**
 * Settings only the server reads: their names must not even appear in the client (code reading them would). SMTP_URL
 * is named in the nudges page's help text, so only its value is looked for.
 */
const SERVER_SETTINGS = ["SESSION_SECRET", "GOOGLE_CLIENT_SECRET", "LARK_CLIENT_SECRET", "DATABASE_URL", "TEMPORAL_ADDRESS", "DEV_OIDC_URL", "RATE_LIMIT_SIGN_IN", "TRUST_PROXY"];
/** The development defaults of the secrets (app/platform/session.server.ts, app/features/auth/*). */
const DEV_SECRETS = ["pmr-development-session-secret-not-for-production", "pmr-development-login-flow-secret", "pmr-dev-google-secret", "pmr-dev-lark-secret"];

function clientFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? clientFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

test("the built client holds no server setting and no secret", async () => {
  const files = clientFiles(CLIENT_DIR).filter((f) => /\.(js|mjs|css|html|json|map|txt)$/.test(f));
  expect(files.length).toBeGreaterThan(50);
  const secrets = [
    ...DEV_SECRETS,
    ...["SESSION_SECRET", "GOOGLE_CLIENT_SECRET", "LARK_CLIENT_SECRET", "DATABASE_URL", "SMTP_URL"].map((k) => process.env[k]).filter((v): v is string => !!v && v.length >= 8),
  ];
  const found: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const needle of [...SERVER_SETTINGS, ...secrets, "BEGIN PRIVATE KEY", "postgresql://"]) {
      if (text.includes(needle)) found.push(`${path.relative(CLIENT_DIR, file)}: ${SERVER_SETTINGS.includes(needle) ? needle : "(a secret value)"}`);
    }
  }
  expect(found).toEqual([]);
});

/** The demo's anytime feedback (prisma/seed-anytime-feedback.ts), by who may read it. */
const ITEMS = {
  carmenToPriya: "Thank you for running the calibration preparation so carefully.",
  carmenToMorgan: "Your team's delivery on the payments launch was excellent.",
  reportToMorgan: "The planning session ran smoothly.",
  reportToReport: "Thanks for reviewing my design doc so thoroughly.",
  reportToReport2: "Your dashboard made our stand-ups much faster.",
  peerToEli: "Your code review on the invoice exporter caught two edge cases",
  eliToMorgan: "Our 1:1s have been really useful this quarter",
};
const ALL = Object.values(ITEMS);
const except = (...allowed: string[]) => ALL.filter((t) => !allowed.includes(t));

const PAGES = [
  "/app/home",
  "/app/anytime-feedback?tab=received",
  "/app/anytime-feedback?tab=sent",
  "/app/anytime-feedback?tab=team",
  "/app/my-reportees",
  "/app/performance-dashboard",
  "/app/admin/users",
  "/app/admin/audits",
  "/app/api-tokens",
];

/** The document and the loader data (single fetch) of each page, as text; pages the user may not open count too. */
async function pageTexts(request: APIRequestContext): Promise<Array<{ url: string; text: string }>> {
  const out: Array<{ url: string; text: string }> = [];
  for (const page of PAGES) {
    const [p, q] = page.split("?");
    for (const url of [page, `${p}.data${q ? `?${q}` : ""}`]) {
      const res = await request.get(url, { maxRedirects: 5 });
      expect(res.status(), url).toBeLessThan(500);
      out.push({ url, text: await res.text() });
    }
  }
  return out;
}

function leaks(texts: Array<{ url: string; text: string }>, forbidden: string[]): string[] {
  // The page data escapes some characters (turbo-stream, HTML): compare on the words only.
  const words = (s: string) => s.replace(/&#x27;|&#39;|\\u0027/g, "'").replace(/[^A-Za-z0-9' ]+/g, " ");
  return texts.flatMap(({ url, text }) => forbidden.filter((f) => words(text).includes(words(f).trim())).map((f) => `${url}: "${f}"`));
}

const cases: Array<{ who: Demo; name: string; forbidden: string[]; sees: string[] }> = [
  { who: DEMO.employee, name: "an employee", forbidden: except(ITEMS.peerToEli, ITEMS.eliToMorgan), sees: [ITEMS.peerToEli, ITEMS.eliToMorgan] },
  { who: DEMO.manager, name: "a manager", forbidden: [ITEMS.carmenToPriya], sees: [ITEMS.carmenToMorgan, ITEMS.reportToReport, ITEMS.peerToEli] },
  { who: DEMO.peoplePartner, name: "an HR partner", forbidden: except(ITEMS.carmenToPriya), sees: [ITEMS.carmenToPriya] },
  { who: DEMO.hrOps, name: "HR ops", forbidden: ALL, sees: [] },
  { who: DEMO.superAdmin, name: "the super admin", forbidden: ALL, sees: [] },
];

for (const c of cases) {
  test(`${c.name}'s pages and their loader data hold no one else's feedback`, async ({ browser }) => {
    const { page, close } = await signedInPage(browser, c.who);
    const texts = await pageTexts(page.request);
    expect(leaks(texts, c.forbidden)).toEqual([]);
    // The pages were really read: what this role may see is there.
    for (const seen of c.sees) expect(leaks(texts, [seen]).length, seen).toBeGreaterThan(0);
    await close();
  });
}

test("while the super admin views the product as the employee, no feedback text reaches the pages", async ({ browser }) => {
  const { page, close } = await signedInPage(browser, DEMO.superAdmin);
  await ok(await page.request.post("/api/v1/admin/spoof", { data: { spoofed_user_email: DEMO.employee.email } }), 201);
  try {
    const texts = await pageTexts(page.request);
    // Eli's own lists are there (names, dates), their texts are not.
    expect(texts.find((t) => t.url === "/app/anytime-feedback.data?tab=received")!.text).toContain("received");
    expect(leaks(texts, ALL)).toEqual([]);
  } finally {
    await ok(await page.request.delete("/api/v1/admin/spoof"));
    await close();
  }
});

/**
 * Reviewers' names per cycle (issue 26 §3, ADR 0058): for each setting of upward names, one upward answer (the super
 * admin, reporting to Morgan, about Morgan) is in none of Carmen's (Morgan's manager's) pages, loader data or API
 * answers unless the setting shows names to managers; where it does, her pages really hold it (name and answer).
 */
for (const setting of ["nobody", "managers", "managers_and_calibration"] as const) {
  test(`a manager's pages and data hold an upward reviewer's name and lone answer only where the cycle's setting is managers (${setting})`, async ({ browser }) => {
    const CARMEN: Demo = { email: "carmen.chief@example.com", name: "Carmen Chief" };
    const admin = await signedInPage(browser, DEMO.superAdmin);
    const answer = `Upward answer ${setting} ${Date.now()}`;
    const { cycle } = await ok<{ cycle: { id: number } }>(
      await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Leaks ${setting} ${Date.now()}`, upward_names: setting } }),
      201,
    );
    for (const data of [{ email: DEMO.superAdmin.email, manager_email: DEMO.manager.email }, { email: DEMO.manager.email, manager_email: CARMEN.email }]) {
      await ok(await admin.page.request.post(`/api/v1/admin/cycles/${cycle.id}/participants`, { data }), 201);
    }
    for (const t of ["start", "progress_to_spu_feedback"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycle.id}/${t}`));
    const answers = { strengths: answer, growth_areas: `${answer} growth`, clear_expectations: 4, support_growth: 3 };
    await ok(await admin.page.request.post(`/api/v1/cycles/${cycle.id}/participants/${encodeURIComponent(DEMO.manager.email)}/feedback/submit`, { data: { answers } }));
    await admin.close();

    const { page, close } = await signedInPage(browser, CARMEN);
    const morgan = encodeURIComponent(DEMO.manager.email);
    const texts: Array<{ url: string; text: string }> = [];
    for (const url of [
      `/app/my-reportees/${morgan}/feedback?cycle_id=${cycle.id}`,
      `/app/my-reportees/${morgan}/feedback.data?cycle_id=${cycle.id}`,
      `/app/my-reportees/${morgan}/feedback/summary?cycle_id=${cycle.id}`,
      `/app/my-reportees/${morgan}/feedback/summary.data?cycle_id=${cycle.id}`,
      `/api/v1/cycles/${cycle.id}/direct_reports/${morgan}/feedbacks`,
      `/api/v1/cycles/${cycle.id}/direct_reports/${morgan}/feedbacks_summary`,
    ]) {
      const res = await page.request.get(url, { maxRedirects: 5 });
      expect(res.status(), url).toBeLessThan(500);
      texts.push({ url, text: await res.text() });
    }
    const detail = await page.request.get(`/api/v1/cycles/${cycle.id}/direct_reports/${morgan}/feedbacks/${encodeURIComponent(DEMO.superAdmin.email)}`);
    const secret = [answer, DEMO.superAdmin.email];
    if (setting === "nobody") {
      expect(leaks(texts, secret)).toEqual([]);
      expect(detail.status()).toBe(404);
    } else {
      for (const s of secret) expect(leaks(texts, [s]).length, s).toBeGreaterThan(0);
      expect(detail.status()).toBe(200);
    }
    await close();
  });
}
