import { test as base, expect, type Browser, type Cookie, type Page } from "@playwright/test";
import { TOUR_TYPES } from "../../app/features/tours/rules";
import { axeCounts, formatFindings, scanAfterGoto, scanPage, type AxeFinding } from "./axe";

/**
 * Every browser test fails on a console error or an uncaught page error, and on a serious or critical
 * accessibility violation of a page it opened (axe.ts; every page of the test's `page` and of `signedInPage`).
 * Expected HTTP error statuses (a 404 page, a 403 page) are allowed by `allowHttpErrors`.
 */
type Fixtures = { allowHttpErrors: number[]; consoleErrors: string[]; axeScan: void };
type WorkerFixtures = { axeReport: void };

/** The pages a test opened (its `page` and those of signedInPage), and who is signed in on each. */
const watched = new Map<Page, string>();
let findings: AxeFinding[] = [];

function watch(page: Page, who: string) {
  if (watched.has(page)) {
    watched.set(page, who);
    return;
  }
  watched.set(page, who);
  scanAfterGoto(page, findings, () => watched.get(page) ?? "anonymous");
}

/**
 * The browser tests run with analytics on (GA_GTAG_ID=G-E2ETEST, playwright.config.ts; ADR 0035), so every page asks
 * for gtag.js, whose host the browser resolves to nothing (no request leaves the machine, and no request routing,
 * which would turn the browser cache off for the whole suite). That one failed load is not a console error of the
 * app; the events stay in window.dataLayer, where tests/e2e/analytics.spec.ts reads them.
 */
export const GTAG_SCRIPT = "https://www.googletagmanager.com/gtag/js?";

export const test = base.extend<Fixtures, WorkerFixtures>({
  allowHttpErrors: [[], { option: true }],
  axeReport: [
    async ({}, use) => {
      await use();
      console.log(`axe: ${axeCounts.pages} pages scanned, ${axeCounts.violations} serious or critical violations`);
    },
    { scope: "worker", auto: true },
  ],
  axeScan: [
    async ({ page }, use) => {
      findings = [];
      watched.clear();
      watch(page, "anonymous");
      await use();
      for (const [p, who] of watched) {
        if (!p.isClosed()) findings.push(...(await scanPage(p, who)));
      }
      watched.clear();
      expect(findings, `serious or critical accessibility violations:\n${formatFindings(findings)}`).toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, allowHttpErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      if (msg.location().url.startsWith(GTAG_SCRIPT)) return;
      const status = /status of (\d{3})/.exec(text);
      if (status && allowHttpErrors.includes(Number(status[1]))) return;
      errors.push(`${text} @ ${msg.location().url}`);
    });
    page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
    expect(errors, "console errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const DEMO = {
  superAdmin: { email: "ada.admin@example.com", name: "Ada Admin" },
  hrOps: { email: "harper.ops@example.com", name: "Harper Ops" },
  peoplePartner: { email: "priya.partner@example.com", name: "Priya Partner" },
  manager: { email: "morgan.manager@example.com", name: "Morgan Manager" },
  employee: { email: "eli.employee@example.com", name: "Eli Employee" },
};

export type Demo = (typeof DEMO)[keyof typeof DEMO];

/** Wait until React has hydrated the page (root sets html[data-hydrated]). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Full page load of `path`, ready for clicks. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** The session cookies of each user's first real sign-in in this worker (later sign-ins of that user reuse them). */
const sessions = new Map<string, Cookie[]>();

/**
 * Sign in: the first time for a user in a worker through the real flow (login page → local OpenID provider
 * (picker) → back to the app); later times with that sign-in's session cookies, straight on `startPath` (the
 * flow itself is tested by auth.spec.ts and sign-in.spec.ts; this saves three page loads per sign-in). A saved
 * session the app no longer accepts falls back to the real flow.
 * `fresh: true` (auth.spec.ts) and `tours: "show"` always take the real flow. Unless `tours: "show"`, the guided tours are then stored as dismissed for that user
 * (`dismissGuidedTours`).
 */
export async function signIn(page: Page, who: Demo, startPath = "/app/home", opts: { tours?: "dismiss" | "show"; fresh?: boolean } = {}) {
  const saved = opts.tours === "show" || opts.fresh ? undefined : sessions.get(who.email);
  if (saved) await page.context().addCookies(saved);
  await open(page, startPath);
  if (!saved || /\/app\/login/.test(page.url())) {
    await expect(page).toHaveURL(/\/app\/login\?out=true/);
    // The login form by its action, not its text: a context in another language (zh-CN, en-XA) signs in the same way.
    await page.locator('form[action="/auth/google"] button[type="submit"]').click();
    await page.getByRole("button", { name: new RegExp(who.email.replace(/[.]/g, "\\.")) }).click();
    await expect(page.getByTestId("current-user-name")).toHaveText(who.name);
    sessions.set(who.email, (await page.context().cookies()).filter((c) => c.name === "__pmr_session"));
  }
  await expect(page.getByTestId("current-user-name")).toHaveText(who.name);
  await hydrated(page);
  if (opts.tours !== "show") await dismissGuidedTours(page);
  watch(page, who.email);
  findings.push(...(await scanPage(page, who.email)));
}

/**
 * The guided tours (ADR 0031) start on a user's first visit. A test about something else dismisses them as the user
 * would, through the real API (POST /api/v1/coachmarks, as review-journey does for the feedback dialog), and
 * reloads the page once when one was still pending, so no tour covers the page the test starts on.
 */
export async function dismissGuidedTours(page: Page) {
  const res = await page.request.get("/api/v1/coachmarks");
  expect(res.status()).toBe(200);
  const stored = ((await res.json()) as { coachmarks: Array<{ coachmark_type: string; is_dismissed: boolean }> }).coachmarks;
  const pending = TOUR_TYPES.filter((type) => !stored.some((c) => c.coachmark_type === type && c.is_dismissed));
  if (pending.length === 0) return;
  for (const type of pending) {
    const saved = await page.request.post("/api/v1/coachmarks", { data: { coachmark_type: type, is_dismissed: true } });
    expect(saved.status()).toBe(201);
  }
  await page.reload();
  await hydrated(page);
}

/** A second person in the same test: their own browser context, signed in on `startPath`; `close` ends the context. */
export async function signedInPage(browser: Browser, who: Demo, startPath = "/app/home"): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who, startPath);
  return {
    page,
    close: async () => {
      // Scan the page as the test left it before it goes.
      if (!page.isClosed()) findings.push(...(await scanPage(page, who.email)));
      watched.delete(page);
      await context.close();
    },
  };
}
