import type { Browser, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { DEMO, dismissGuidedTours, expect, hydrated, open, signIn, test } from "./fixtures";

/**
 * Issue 28 / ADR 0077: a person chooses 简体中文 and a time zone on "Language and time zone"; the frame switches to
 * Chinese without a reload, a new page load and another browser (another device) stay Chinese, and a notification's
 * time shows in the chosen zone with the zone named. Without a choice, a browser asking for zh-CN gets Chinese.
 * Each test signs in as a person of its own (made by the admin), so no other spec's user changes language.
 */

type Person = { email: string; name: string };

/** A new employee made through the admin API (Ada's page). */
async function newPerson(admin: Page, name: string): Promise<Person> {
  const email = `lang.${randomUUID().slice(0, 8)}@example.com`;
  const res = await admin.request.post("/api/v1/admin/users", { data: { email, name } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, name };
}

/** Sign in through the local provider's "Another email address" form, in a browser context of its own. */
async function signInAs(browser: Browser, who: Person, locale?: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(locale ? { locale } : {});
  const page = await context.newPage();
  await open(page, "/app/home");
  await expect(page).toHaveURL(/\/app\/login\?out=true/);
  await page.locator('form[action="/auth/google"] button[type="submit"]').click();
  await page.locator('input[name="email"][type="email"]').fill(who.email);
  await page.locator('input[name="email"][type="email"]').press("Enter");
  await expect(page.getByTestId("current-user-name")).toHaveText(who.name);
  await hydrated(page);
  await dismissGuidedTours(page);
  return { page, close: () => context.close() };
}

test("a person picks 简体中文 and a time zone: the frame switches in place, and stays Chinese on every device", async ({ page, browser }) => {
  await signIn(page, DEMO.superAdmin);
  const person = await newPerson(page, "Lang Chooser");
  const first = await signInAs(browser, person);
  const me = first.page;
  try {
    // English by default (the context asks for en-US).
    await expect(me.locator("html")).toHaveAttribute("lang", "en");
    await me.getByTestId("nav-preferences").first().click();
    await expect(me.getByRole("heading", { level: 1 })).toHaveText("Language and time zone");
    await expect(me.getByTestId("preferences-locale")).toHaveValue("");
    await expect(me).toHaveTitle("Language and time zone - PMR");

    // Choose; the page must not reload: a marker on window survives.
    await me.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await me.getByTestId("preferences-locale").selectOption({ label: "简体中文" });
    await me.getByTestId("preferences-time-zone").selectOption("Asia/Shanghai");
    await me.getByTestId("preferences-save").click();
    await expect(me.getByTestId("preferences-saved")).toHaveText("语言和时区已保存");
    await expect(me.getByRole("heading", { level: 1 })).toHaveText("语言和时区");
    await expect(me.locator("html")).toHaveAttribute("lang", "zh-CN");
    // The document's title follows the language too (ADR 0080).
    await expect(me).toHaveTitle("语言和时区 - PMR");
    // The frame: the drawer's sign-out button is in Chinese.
    await expect(me.getByRole("button", { name: "退出登录" }).first()).toBeAttached();
    expect(await me.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    const stored = await (await me.request.get("/api/v1/me/preferences")).json();
    expect(stored).toEqual({ preferences: { locale: "zh-CN", time_zone: "Asia/Shanghai" } });

    // A new page load is Chinese, the choices shown.
    await open(me, "/app/preferences");
    await expect(me.getByRole("heading", { level: 1 })).toHaveText("语言和时区");
    await expect(me.getByTestId("preferences-locale")).toHaveValue("zh-CN");
    await expect(me.getByTestId("preferences-time-zone")).toHaveValue("Asia/Shanghai");

    // A notification's time in the chosen zone, named: Ada gives anytime feedback, the person opens the bell.
    const given = await page.request.post("/api/v1/realtime_feedbacks", { data: { reviewee_email: person.email, body: "谢谢 — great demo" } });
    expect(given.status(), await given.text()).toBe(201);
    const list = (await (await me.request.get("/api/v1/notifications?limit=20")).json()) as { notifications: Array<{ created_at: string }> };
    const createdAt = list.notifications[0]!.created_at;
    const expected = new Intl.DateTimeFormat("zh-CN", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Asia/Shanghai",
      timeZoneName: "short",
    }).format(new Date(createdAt));
    expect(expected).toContain("GMT+8");
    await open(me, "/app/preferences");
    await me.getByRole("button", { name: /通知|Notifications/ }).first().click();
    await expect(me.getByTestId("notification-time").first()).toHaveText(expected);
  } finally {
    await first.close();
  }

  // Another device: a new browser context asking for English still gets the person's Chinese.
  const second = await signInAs(browser, person, "en-US");
  try {
    await expect(second.page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await open(second.page, "/app/preferences");
    await expect(second.page.getByRole("heading", { level: 1 })).toHaveText("语言和时区");
  } finally {
    await second.close();
  }
});

test("without a choice, a browser that asks for zh-CN gets Chinese; one that asks for English gets English", async ({ page, browser }) => {
  await signIn(page, DEMO.superAdmin);
  const person = await newPerson(page, "Lang Browser");
  const chinese = await signInAs(browser, person, "zh-CN");
  try {
    await expect(chinese.page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await open(chinese.page, "/app/preferences");
    await expect(chinese.page.getByRole("heading", { level: 1 })).toHaveText("语言和时区");
    await expect(chinese.page.getByTestId("preferences-locale")).toHaveValue("");
  } finally {
    await chinese.close();
  }
  const english = await signInAs(browser, person, "en-US");
  try {
    await open(english.page, "/app/preferences");
    await expect(english.page.getByRole("heading", { level: 1 })).toHaveText("Language and time zone");
  } finally {
    await english.close();
  }
});
