import type { Page } from "@playwright/test";
import { dismissGuidedTours, expect, hydrated, open, type Demo } from "./fixtures";

/**
 * Sign in as `who` through the login page in whatever language the page is shown (issue 28: zh-CN, en-XA), by the
 * Google button's form rather than its English name, then open `path`. The page's earlier session is dropped first,
 * so one page can play several people in turn. The guided tours are stored as dismissed, as fixtures' `signIn` does.
 */
export async function signInThroughLoginPage(page: Page, who: Demo, path = "/app/home") {
  // Leave the signed-in page first: its notifications poll, fired after the cookies are gone, answered 401 (a console
  // error that failed zh-cn-calibration-setup in CI).
  await page.goto("about:blank");
  await page.context().clearCookies();
  await open(page, "/app/home");
  await expect(page).toHaveURL(/\/app\/login\?out=true/);
  await page.locator('form[action="/auth/google"] button[type="submit"]').click();
  await page.getByRole("button", { name: new RegExp(who.email.replace(/[.]/g, "\\.")) }).click();
  await expect(page.getByTestId("current-user-name")).toHaveText(who.name);
  await hydrated(page);
  await dismissGuidedTours(page);
  if (path !== "/app/home") await open(page, path);
}
