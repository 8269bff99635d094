import { test as base, expect, type Browser, type Page } from "@playwright/test";

/**
 * Every browser test fails on a console error or an uncaught page error.
 * Expected HTTP error statuses (a 404 page, a 403 page) are allowed by `allowHttpErrors`.
 */
type Fixtures = { allowHttpErrors: number[]; consoleErrors: string[] };

export const test = base.extend<Fixtures>({
  allowHttpErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowHttpErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
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

/** Sign in through the real flow: login page → local OpenID provider (picker) → back to the app. */
export async function signIn(page: Page, who: Demo, startPath = "/app/home") {
  await open(page, startPath);
  await expect(page).toHaveURL(/\/app\/login\?out=true/);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByRole("button", { name: new RegExp(who.email.replace(/[.]/g, "\\.")) }).click();
  await expect(page.getByTestId("current-user-name")).toHaveText(who.name);
  await hydrated(page);
}

/** A second person in the same test: their own browser context, signed in on `startPath`; `close` ends the context. */
export async function signedInPage(browser: Browser, who: Demo, startPath = "/app/home"): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who, startPath);
  return { page, close: () => context.close() };
}
