import type { Page } from "@playwright/test";
import { ok } from "./api-helpers";
import { test, expect, DEMO, open, signIn, signedInPage } from "./fixtures";

/**
 * Analytics in the browser (issue 15 item 7, ADR 0035). The suite's app runs with GA_GTAG_ID=G-E2ETEST
 * (playwright.config.ts) and the browser resolves gtag.js's host to nothing, so what the app gives gtag stays in
 * window.dataLayer, gtag's own queue: the 'config' with the user id, and the Viewed and Clicked events with the
 * spec's fields. While the super admin views the product as Eli, the user id is the admin's. Without GA_GTAG_ID
 * nothing is loaded: tests/unit/analytics-root.test.ts.
 */

type Entry = unknown[];

/** gtag's queue as plain arrays (gtag pushes its `arguments`). */
async function dataLayer(page: Page): Promise<Entry[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((args) => Array.from(args)));
}

async function events(page: Page, kind: "Viewed" | "Clicked"): Promise<Record<string, unknown>[]> {
  return (await dataLayer(page)).filter((e) => e[0] === "event" && e[1] === kind).map((e) => e[2] as Record<string, unknown>);
}

/** The user ids gtag was configured with on this page load. */
async function configuredUserIds(page: Page): Promise<unknown[]> {
  return (await dataLayer(page)).filter((e) => e[0] === "config" && e[1] === "G-E2ETEST").map((e) => (e[2] as { user_id?: unknown }).user_id);
}

async function cycleId(page: Page, name: string): Promise<number> {
  const { cycles } = await ok<{ cycles: Array<{ id: number; name: string }> }>(await page.request.get("/api/v1/cycles"));
  return cycles.find((c) => c.name === name)!.id;
}

test("Viewed and Clicked events reach gtag with the spec's fields and the real user's id, and no name or email", async ({ page, browser }) => {
  // ── The super admin views the product as Eli: the analytics user is the admin. ──
  const admin = await signedInPage(browser, DEMO.superAdmin);
  const running = await cycleId(admin.page, "2026 Year-End Review");
  const spoof = await ok<{ user: { id: number }; real_user: { id: number } }>(
    await admin.page.request.post("/api/v1/admin/spoof", { data: { spoofed_user_email: DEMO.employee.email } }),
    201,
  );
  const [eliId, adaId] = [spoof.user.id, spoof.real_user.id];
  await open(admin.page, `/app/home?cycle_id=${running}`);
  await expect(admin.page.getByTestId("current-user-name")).toHaveText(DEMO.employee.name);
  await expect.poll(() => configuredUserIds(admin.page)).toEqual([String(adaId)]);
  await expect.poll(() => events(admin.page, "Viewed")).toEqual([
    { category: "home", action: "page", label: "/app/home", cycleId: running, cycleState: "spu_feedback", viewerType: "self (spoofing)" },
  ]);
  await ok(await admin.page.request.delete("/api/v1/admin/spoof"));
  await admin.close();

  // ── Eli himself: gtag is loaded with his id; the page view, then a click on a navigation link. ──
  await signIn(page, DEMO.employee, `/app/home?cycle_id=${running}`);
  await expect(page).toHaveURL(new RegExp(`/app/home\\?cycle_id=${running}$`));
  await expect(page.locator('script[src="https://www.googletagmanager.com/gtag/js?id=G-E2ETEST"]')).toHaveCount(1);
  await expect.poll(() => configuredUserIds(page)).toEqual([String(eliId)]);
  const config = (await dataLayer(page)).find((e) => e[0] === "config")![2];
  // gtag gets only the redacted path as the page, the area as the title, no referrer, no ad signals.
  expect(config).toEqual({
    send_page_view: false,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
    page_location: `${new URL(page.url()).origin}/app/home`,
    page_title: "home",
    page_referrer: "",
    user_id: String(eliId),
  });
  await expect.poll(() => events(page, "Viewed")).toEqual([
    { category: "home", action: "page", label: "/app/home", cycleId: running, cycleState: "spu_feedback", viewerType: "self" },
  ]);

  await page.getByTestId("side-drawer").getByRole("link", { name: "360 Feedback" }).click();
  await expect(page).toHaveURL(/\/app\/performance\/spu-feedback\?cycle_id=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "360 Feedback" })).toBeVisible();
  await expect.poll(() => events(page, "Clicked")).toContainEqual({
    category: "home",
    action: "link",
    label: "/app/performance/spu-feedback",
    cycleId: running,
    cycleState: "spu_feedback",
    viewerType: "self",
  });
  const shown = Number(new URL(page.url()).searchParams.get("cycle_id"));
  await expect.poll(async () => (await events(page, "Viewed")).at(-1)).toMatchObject({
    category: "performance/spu-feedback",
    action: "page",
    label: "/app/performance/spu-feedback",
    cycleId: shown,
    viewerType: "self",
  });

  // Nothing that names a person left the app: no email, no name.
  const sent = JSON.stringify(await dataLayer(page));
  expect(sent).not.toContain("@");
  expect(sent).not.toContain("Eli");
});
