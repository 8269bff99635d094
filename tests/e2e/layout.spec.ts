import type { Page, TestInfo } from "@playwright/test";
import { DEMO, expect, open, signIn, signedInPage, test } from "./fixtures";
import { DEFAULT_MUST_NOT_TRUNCATE, clippedCells, layoutOffenders, type LayoutCheck } from "./overflow";
import { PHONES, phoneContext, walkPages } from "./phones";

/**
 * Issue 15 item 11: the participants table, the drawer and a summary page at 1440 px and 375 px wide, each with a
 * full-page screenshot in the report (no stored baseline) and the overflow check of overflow.ts; /favicon.ico.
 */

const WIDTHS = [
  { name: "1440", width: 1440, height: 900 },
  { name: "375", width: 375, height: 812 },
] as const;

/** The fixed Feedback tab and Help button must not cover the page's text. */
const OVERLAYS: LayoutCheck["overlays"] = { elements: ['[data-testid="feedback-tab"]', 'button[aria-label="Help"]'], content: "main" };

/** A full-page screenshot in the report (and the test's output folder), then the overflow check. */
async function check(page: Page, testInfo: TestInfo, name: string, options: LayoutCheck = {}) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name}.png`, { path, contentType: "image/png" });
  expect.soft(await layoutOffenders(page, options), `layout offenders on ${name}`).toEqual([]);
}

async function cycleId(page: Page, name: string): Promise<number> {
  const res = await page.request.get("/api/v1/admin/cycles");
  expect(res.status()).toBe(200);
  const { cycles } = (await res.json()) as { cycles: Array<{ id: number; name: string }> };
  const cycle = cycles.find((c) => c.name === name);
  expect(cycle, name).toBeTruthy();
  return cycle!.id;
}

/** Wait for the drawer's slide to end. */
async function settled(page: Page, testId: string) {
  await page.getByTestId(testId).evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

test("the participants table and the drawer fit at 1440 and 375 px; /favicon.ico is an image", async ({ page }, testInfo) => {
  const favicon = await page.request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\//);

  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const id = await cycleId(page, "2026 Mid-Year Review");
  await open(page, `/app/admin/cycles/${id}/participants`);
  const table = page.getByRole("table", { name: "Participants" });
  const rows = table.locator('[data-testid^="participant-row-"]');
  await expect(rows.first()).toBeVisible();

  for (const size of WIDTHS) {
    const phone = size.width < 600;
    await page.setViewportSize(size);
    await expect(page.getByTestId("top-bar")).toHaveCount(phone ? 1 : 0);
    // The table may scroll sideways in its own box only with the participant and the actions in view.
    await check(page, testInfo, `participants-${size.name}`, {
      scrollAreas: [{ container: ".MuiTableContainer-root", mustShow: "th:first-child, th:last-child, td:first-child, td:last-child" }],
      overlays: OVERLAYS,
    });
    if (phone) {
      // On a phone the row's actions are in one menu.
      await rows.first().getByRole("button", { name: /^Actions for / }).click();
      await expect(page.getByRole("menuitem")).toHaveText(["Edit", "Rating", "Promotion", "Panel", "Delete participant"]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();
    } else {
      // Wide: every column in view and no name on two lines.
      await expect(table.getByRole("columnheader", { name: "Actions" })).toBeInViewport({ ratio: 1 });
      const wrapped = await rows.locator("td:first-child > :first-child").evaluateAll((names) =>
        names.filter((n) => n.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(n).lineHeight)).map((n) => n.textContent),
      );
      expect.soft(wrapped, "participant names on two lines").toEqual([]);
    }

    // The drawer: permanent when wide, behind the top bar's menu button on a phone.
    if (phone) {
      await page.getByRole("button", { name: "Open navigation menu" }).click();
      await expect(page.getByTestId("side-drawer")).toBeInViewport({ ratio: 1 });
      await settled(page, "side-drawer");
    }
    await expect(page.getByTestId("current-user-name")).toHaveText(DEMO.superAdmin.name);
    const version = page.getByTestId("app-version");
    const lines = await version.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect.soft(lines, "the version on one line").toBe(1);
    await check(page, testInfo, `drawer-${size.name}`);
  }
});

test("a summary page and the home page fit at 1440 and 375 px, the Feedback tab and Help button covering no text", async ({ page }, testInfo) => {
  await signIn(page, DEMO.employee);
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  const communication = cycles.find((c) => c.name === "2026 Mid-Year Review")!;
  // No text of these pages may be cut by an ellipsis (the answer options of the summary included).
  const options: LayoutCheck = { mustNotTruncate: ["main *", ...DEFAULT_MUST_NOT_TRUNCATE], overlays: OVERLAYS };

  await open(page, `/app/performance/final-assessment/summary?cycle_id=${communication.id}`);
  await expect(page.getByTestId("summary-reviewee")).toHaveText(DEMO.employee.name);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect(page.getByTestId("top-bar")).toHaveCount(size.width < 600 ? 1 : 0);
    await check(page, testInfo, `summary-${size.name}`, options);
  }
  await open(page, `/app/home?cycle_id=${communication.id}`);
  await expect(page.getByTestId("home-cycle")).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect(page.getByTestId("top-bar")).toHaveCount(size.width < 600 ? 1 : 0);
    await check(page, testInfo, `home-${size.name}`, options);
  }
});

/**
 * Issue 26 §2: every role's pages on a real phone emulation (phones.ts), and the page never scrolls sideways: on the
 * narrower iPhone 13 (390 px) their navigation and one page of each kind it links to; on the Pixel 7 (412 px, its
 * own user agent and pixel ratio) their navigation. One context per phone and person; each person signs in once
 * (the Pixel reuses the iPhone's session). The pages are walked one after another: they wait on the server, and
 * side by side took as long.
 */
test("every role's pages fit an iPhone 13 and a Pixel 7 without sideways scrolling", async ({ browser }) => {
  test.setTimeout(300_000);
  const offenders: string[] = [];
  for (const who of Object.values(DEMO)) {
    let cookies;
    let pages: string[] | undefined;
    const counts: string[] = [];
    for (const phone of PHONES) {
      const { context, page, cookies: session } = await phoneContext(browser, phone, who, cookies);
      cookies = session;
      const walk = await walkPages(page, pages);
      expect(walk.pages.length, `${who.email}'s pages`).toBeGreaterThan(2);
      pages = walk.nav;
      counts.push(`${walk.pages.length} on the ${phone.name}`);
      offenders.push(...walk.offenders.map((o) => `${phone.name}, ${who.email}: ${o}`));
      await context.close();
    }
    console.log(`${who.email}: pages ${counts.join(", ")}`);
  }
  expect(offenders, "pages that scroll sideways on a phone").toEqual([]);
});

/**
 * Issue 27: at 1440×900 the manager's navigation (manager, panelist and sign-off items) is taller than the window.
 * A "More below" bar at its bottom says so, with the unread count of the Anytime Feedback badge it hides (Eli has
 * just given Morgan feedback); a click scrolls the navigation down until "Anytime Feedback" and its badge are in
 * view, and the bar goes.
 */
test("the drawer at 1440×900 says what lies below its fold, unread badge included", async ({ browser, page }) => {
  const eli = await signedInPage(browser, DEMO.employee, "/app/anytime-feedback");
  const given = await eli.page.request.post("/api/v1/realtime_feedbacks", { data: { reviewee_email: DEMO.manager.email, body: `Layout check ${Date.now()}` } });
  expect(given.status()).toBe(201);
  await eli.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.manager, "/app/home");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const anytime = nav.getByRole("link", { name: /Anytime Feedback/ });
  const badge = page.getByTestId("nav-badge-anytime_feedback_unread");
  const unread = Number(await badge.textContent());
  expect(unread).toBeGreaterThanOrEqual(1);
  await expect(anytime).not.toBeInViewport({ ratio: 1 });
  const hint = page.getByTestId("nav-more-below");
  await expect(hint).toBeInViewport({ ratio: 1 });
  await expect(hint).toHaveText(`More below: ${unread} unread`);
  for (let i = 0; i < 10 && (await hint.count()) > 0; i++) {
    await hint.click();
    await page.waitForTimeout(400);
  }
  await expect(hint).toHaveCount(0);
  await expect(anytime).toBeInViewport({ ratio: 1 });
  await expect(badge).toBeInViewport({ ratio: 1 });
});

/** Issue 27: the clipped-cell check itself, on fixed markup: what it must find, and what it must let pass. */
test("the clipped-cell check finds an ellipsis, a two-line clamp and a column cut off, and passes wrapped text", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  const cell = "border: 1px solid #999; padding: 4px; font: 16px sans-serif";
  await page.setContent(`<!doctype html><html lang="en"><head><title>Clipped cells</title></head><body><main>
    <table data-testid="cut"><tbody><tr>
      <td style="${cell}; max-width: 80px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">avery.moreau@example.com</td>
      <td style="${cell}"><span style="display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; width: 120px">Drives decisions across teams, writes the plans others follow and grows the people around them.</span></td>
    </tr></tbody></table>
    <div style="width: 200px; overflow: hidden"><table data-testid="wide"><tbody><tr>
      <td style="${cell}; white-space: nowrap">Engineering calibration</td><td style="${cell}; white-space: nowrap">Close session</td>
    </tr></tbody></table></div>
    <table data-testid="fine"><tbody><tr>
      <td style="${cell}; max-width: 80px; overflow-wrap: anywhere">avery.moreau@example.com</td>
      <td style="${cell}; overflow: hidden"><span style="position: relative">ok</span><span style="position: absolute; width: 300px"></span></td>
    </tr></tbody></table>
  </main></body></html>`);
  const found = await clippedCells(page);
  expect(found.filter((o) => o.includes('[data-testid="fine"]')), "wrapped text and an empty box are fine").toEqual([]);
  expect(found.some((o) => o.includes("avery.moreau") && o.includes("text clipped") && o.includes('[data-testid="cut"]'))).toBe(true);
  expect(found.some((o) => o.includes("Drives decisions") && o.includes("high box"))).toBe(true);
  expect(found.some((o) => o.includes("Close session") && o.includes("cell cut off"))).toBe(true);
  expect(found).toHaveLength(3);
});

// Issue 27's walk for clipped table cells over every role's pages at 1440 and 375 px is the every-page walks' (ADR 0119):
// every page of the catalogue, in zh-CN and in the pseudo-language (longer than English), at both widths.
