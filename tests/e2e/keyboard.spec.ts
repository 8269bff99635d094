import type { Locator, Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";
import { describeFocus, expectVisibleFocus, focusWithin, isFocused, pressKeepingFocusIn, tabTo } from "./keyboard";

/**
 * Keyboard-only use (issue 15 item 12). After signing in (the only mouse use), everything is done with
 * page.keyboard: no click(), no focus(). Uses the seeded demo users and data; what a test writes is its own.
 *  1. An employee gives anytime feedback (the colleague picked by typing and ArrowDown/Enter), reads it in the Sent
 *     list and opens a navigation item.
 *  2. Dialogs (Help's 'Suggested Articles', the Feedback tab's 'User Feedback' form, the HR partner's endorsement
 *     status dialog) take the focus, keep it through 15 Tab and 15 Shift+Tab, close with Escape or their Close
 *     button, and give the focus back to the control that opened them.
 *  3. Each chart of the Performance Trends Report switches to its table view by keyboard; the tables have headers.
 * Buttons and links reached on the way show a visible focus style (outline or box shadow).
 */

test("an employee gives anytime feedback, reads it in the sent list and opens a navigation item with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.employee, "/app/anytime-feedback");
  const text = `Thanks for the keyboard-only demo (${Date.now()}).`;

  // The colleague: typed, then the suggestion chosen with ArrowDown and Enter.
  const person = page.getByTestId("give-feedback-person");
  await tabTo(page, person);
  await page.keyboard.type(DEMO.manager.name);
  const option = page.getByRole("option", { name: `${DEMO.manager.name} <${DEMO.manager.email}>` });
  await expect(option).toBeVisible();
  for (let i = 0; i < 10 && !(await option.evaluate((el) => el.classList.contains("Mui-focused"))); i++) await page.keyboard.press("ArrowDown");
  await expect(option).toHaveClass(/Mui-focused/);
  await page.keyboard.press("Enter");
  await expect(person).toHaveValue(DEMO.manager.email);
  await expect(page.getByRole("listbox")).toHaveCount(0);

  await tabTo(page, page.getByTestId("give-feedback-body"), 5);
  await page.keyboard.type(text);
  const send = page.getByTestId("give-feedback-submit");
  await tabTo(page, send, 5);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Feedback sent to ${DEMO.manager.name}`)).toBeVisible();
  // The focus is not lost to the page when the form is reset: it is back on the colleague field.
  await expect.poll(() => isFocused(person), { message: "focus after sending" }).toBe(true);

  // The Sent list: Tab reaches the selected tab (Received), ArrowRight the next one, Enter opens it (a link).
  await tabTo(page, page.getByTestId("anytime-tab-received"), 10);
  await page.keyboard.press("ArrowRight");
  const sentTab = page.getByTestId("anytime-tab-sent");
  expect(await isFocused(sentTab), `ArrowRight from Received: ${await describeFocus(page)}`).toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]tab=sent/);
  await expect(sentTab).toHaveAttribute("aria-selected", "true");
  const newest = page.getByTestId("feedback-list").locator("[data-testid^=feedback-item-]").first();
  await expect(newest).toContainText(`To ${DEMO.manager.name}`);
  const summary = newest.getByRole("button").first();
  await tabTo(page, summary, 15);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(newest.getByText(text)).toBeVisible();

  // A navigation item, reached backwards from the page's content.
  const nav = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Performance Trends Report" });
  await tabTo(page, nav, 40, { backwards: true });
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/performance-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Performance Trends Report" })).toBeVisible();
});

/**
 * Open a dialog from `opener` (already focused) with Enter; the focus moves into it and stays there through 15 Tab
 * and 15 Shift+Tab; `close` closes it (Escape, or Tab to its Close button and Enter); the focus is back on `opener`.
 */
async function checkDialog(page: Page, opener: Locator, name: string | RegExp, close: "Escape" | { button: string }) {
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusWithin(dialog), { message: `focus moves into '${name}'` }).toBe(true);
  for (const key of ["Tab", "Shift+Tab"]) {
    expect(await pressKeepingFocusIn(page, dialog, key, 15), `${key} x15 in '${name}': where the focus went outside it`).toEqual([]);
  }
  if (close === "Escape") await page.keyboard.press("Escape");
  else {
    await tabTo(page, dialog.getByRole("button", { name: close.button }), 15);
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
  }
  await expect(dialog).toBeHidden();
  await expect.poll(async () => ((await isFocused(opener)) ? "opener" : describeFocus(page)), { message: `focus returns after '${name}'` }).toBe("opener");
}

test("dialogs take the focus, keep it, close by keyboard and give it back", async ({ page }) => {
  test.setTimeout(180_000);
  // The HR partner's nominations page: the shell's dialogs and an app dialog (a seeded nomination's endorsements).
  await signIn(page, DEMO.peoplePartner, "/app/promotions/hr-partners/nominations");
  await expect(page.getByRole("heading", { level: 1, name: "Run Promotion Calibration Session" })).toBeVisible();
  // The fixed Help button and Feedback tab come last in the page (Help, then Feedback): Help is reached backwards.
  const help = page.getByRole("button", { name: "Help", exact: true });
  await tabTo(page, help, 10, { backwards: true });
  await checkDialog(page, help, "Suggested Articles", "Escape");
  const feedbackTab = page.getByTestId("feedback-tab");
  await tabTo(page, feedbackTab, 5);
  await checkDialog(page, feedbackTab, "User Feedback", { button: "Skip" });

  // The endorsement status of a seeded nomination: closed with its Close button by keyboard, then with Escape.
  const status = page.getByRole("button", { name: /^Endorsements of / }).last();
  await tabTo(page, status, 30, { backwards: true });
  await checkDialog(page, status, /^Endorsements: /, { button: "Close" });
  await checkDialog(page, status, /^Endorsements: /, "Escape");
});

test("each chart of the trends report switches to a table with headers by keyboard", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.manager, "/app/performance-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Performance Trends Report" })).toBeVisible();
  let charts = 0;
  for (const id of ["team-ratings", "ratings-trend", "peer-stats", "upward-stats"]) {
    const section = page.getByTestId(id);
    await expect(section).toBeVisible();
    if ((await section.getByTestId(`${id}-empty`).count()) > 0) continue;
    charts++;
    // The chart has a name that points to its table view.
    await expect(section.getByRole("figure")).toHaveAccessibleName(/chart \(the Table view has the same numbers\)/);
    const tableView = section.getByTestId(`${id}-view-table`);
    await tabTo(page, tableView, 25);
    await expectVisibleFocus(page);
    await page.keyboard.press("Space");
    await expect(tableView).toHaveAttribute("aria-pressed", "true");
    const table = section.getByRole("table");
    await expect(table).toHaveAccessibleName(/.+/);
    await expect(table.getByRole("columnheader").first()).toBeVisible();
    expect(await table.getByRole("row").count()).toBeGreaterThan(1);
    await expect(section.getByRole("figure")).toHaveCount(0);
  }
  // The manager's dashboard has the team's ratings, their own ratings and upward feedback at least.
  expect(charts).toBeGreaterThanOrEqual(3);
});
