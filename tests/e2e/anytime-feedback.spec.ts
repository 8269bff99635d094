import type { Page } from "@playwright/test";
import { test, expect, DEMO, signedInPage } from "./fixtures";

/**
 * Anytime feedback (issue 15 item 1, ADR 0029): Eli gives Morgan feedback through the page's form; Morgan sees the
 * unread count beside "Anytime Feedback", opens the item and the count goes down; then, as Eli's manager, reads it under
 * "My team" filtered to Eli. The page has no Feedback tab. Uses the seeded demo users (the count is compared, not fixed).
 */

const badge = (page: Page) => page.getByTestId("nav-badge-anytime_feedback_unread");
const count = async (page: Page) => Number((await badge(page).textContent()) ?? "0");

test("an employee gives feedback; the reviewee's unread count goes down when they open it; the manager reads the team's feedback", async ({ browser }) => {
  test.setTimeout(120_000);
  const text = `Thanks for the clear sprint review (${Date.now()}).`;

  // ── Eli gives Morgan feedback. ──
  const eli = await signedInPage(browser, DEMO.employee, "/app/anytime-feedback");
  await expect(eli.page.getByRole("heading", { name: "Anytime Feedback", level: 1 })).toBeVisible();
  await expect(eli.page.getByTestId("feedback-tab")).toHaveCount(0);
  await expect(eli.page.getByTestId("give-feedback-readers")).toContainText("not HR, not admins");
  const person = eli.page.getByTestId("give-feedback-person");
  await person.click();
  await person.fill("Morgan");
  await eli.page.getByRole("option", { name: `${DEMO.manager.name} <${DEMO.manager.email}>` }).click();
  await eli.page.getByTestId("give-feedback-body").fill(text);
  await eli.page.getByTestId("give-feedback-submit").click();
  await expect(eli.page.getByText(`Feedback sent to ${DEMO.manager.name}`)).toBeVisible();
  await eli.page.getByTestId("anytime-tab-sent").click();
  await expect(eli.page.getByTestId("feedback-list").locator("[data-testid^=feedback-item-]").first()).toContainText(`To ${DEMO.manager.name}`);
  await eli.close();

  // ── Morgan sees the count, opens the item, the count goes down. ──
  const morgan = await signedInPage(browser, DEMO.manager, "/app/home");
  await expect(badge(morgan.page)).toBeVisible();
  const before = await count(morgan.page);
  expect(before).toBeGreaterThanOrEqual(1);
  await morgan.page.getByRole("link", { name: /Anytime Feedback/ }).click();
  await expect(morgan.page).toHaveURL(/\/app\/anytime-feedback$/);
  const newest = morgan.page.getByTestId("feedback-list").locator("[data-testid^=feedback-item-]").first();
  await expect(newest).toContainText(`From ${DEMO.employee.name}`);
  await expect(newest.locator("[data-testid^=feedback-new-]")).toBeVisible();
  await newest.getByRole("button").first().click();
  await expect(newest.getByText(text)).toBeVisible();
  if (before > 1) await expect(badge(morgan.page)).toHaveText(String(before - 1));
  else await expect(badge(morgan.page)).toHaveCount(0);
  await expect(newest.locator("[data-testid^=feedback-new-]")).toHaveCount(0);

  // ── As Eli's manager, Morgan reads the team's feedback, filtered to Eli. ──
  await morgan.page.getByTestId("anytime-tab-team").click();
  await expect(morgan.page.getByTestId("anytime-tab-team")).toHaveAttribute("aria-selected", "true");
  await morgan.page.getByTestId("feedback-filter-person").click();
  await morgan.page.getByRole("option", { name: DEMO.employee.name }).click();
  await expect(morgan.page).toHaveURL(/tab=team.*person=eli\.employee/);
  await expect(morgan.page.getByRole("listbox")).toHaveCount(0);
  const items = morgan.page.getByTestId("feedback-list").locator("[data-testid^=feedback-item-]");
  await expect(items.first()).toContainText(`${DEMO.employee.name} to ${DEMO.manager.name}`);
  expect(await items.count()).toBeGreaterThan(1);
  await items.first().getByRole("button").first().click();
  await expect(items.first().getByText(text)).toBeVisible();
  await morgan.close();
});

