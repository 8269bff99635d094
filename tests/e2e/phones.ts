import { devices, type Browser, type BrowserContext, type BrowserContextOptions, type Cookie, type Page } from "@playwright/test";
import { expect, hydrated, type Demo } from "./fixtures";
import { layoutOffenders } from "./overflow";

/**
 * Real phone emulation for the layout test (issue 26 §2): Playwright's Pixel 7 and iPhone 13 descriptors, run in
 * Debian's Chromium (the only browser of the suite). Only what emulates the phone is taken from the descriptor
 * (viewport, user agent, pixel ratio, mobile viewport and touch); its defaultBrowserType ("webkit" for the iPhone)
 * is left out, so Playwright never looks for another browser.
 */
export const PHONES = ["iPhone 13", "Pixel 7"].map((name) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices[name];
  return { name, options: { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } };
});

/** One browser context per phone and person, signed in through the real flow once (its cookies reused after). */
export async function phoneContext(browser: Browser, phone: { name: string; options: BrowserContextOptions }, who: Demo, cookies?: Cookie[]) {
  const context = await browser.newContext(phone.options);
  const page = await context.newPage();
  if (cookies) await context.addCookies(cookies);
  await page.goto("/app/home");
  await hydrated(page);
  if (!cookies) {
    await expect(page).toHaveURL(/\/app\/login\?out=true/);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("button", { name: new RegExp(who.email.replace(/[.]/g, "\\.")) }).click();
  }
  await expect(page.getByTestId("current-user-name")).toHaveText(who.name);
  const session = (await context.cookies()).filter((c) => c.name === "__pmr_session");
  return { context, page, cookies: session };
}

/** Links that are not pages to lay out: files, live event streams, signing out, other sites. */
const NOT_A_PAGE = /(\.csv|\/file|\/events|\/logout|\/download)(\?|$)/;

/** The shape of a page's address: ids and emails replaced, so one page of each shape is opened. */
const shape = (href: string) =>
  href
    .split("?")[0]
    .replace(/\/[^/]+%40[^/]+|\/[^/]+@[^/]+/g, "/{email}")
    .replace(/\/\d+(?=\/|$)/g, "/{id}");

/**
 * Open each of a person's pages on `page` and say what scrolls sideways (sidewaysScroll), or what `check` finds on
 * it. Without `pages`: every item of their navigation, and one page of each shape those pages link to (at most
 * `limit`); the pages opened and the navigation's items are returned, for the next phone.
 */
export async function walkPages(
  page: Page,
  pages?: string[],
  limit = 40,
  check: (page: Page, href: string) => Promise<string[]> = sidewaysScroll,
): Promise<{ pages: string[]; nav: string[]; offenders: string[] }> {
  const hrefs = (root: string) =>
    page.locator(`${root} a[href^="/app/"]`).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const offenders: string[] = [];
  if (pages) {
    for (const href of pages) offenders.push(...(await check(page, href)));
    return { pages, nav: pages, offenders };
  }
  const nav = [...new Set((await hrefs('[data-testid="side-drawer"]')).filter((h) => !NOT_A_PAGE.test(h)))];
  const queue = [...nav];
  const shapes = new Set(queue.map(shape));
  for (const href of queue) {
    offenders.push(...(await check(page, href)));
    if (!nav.includes(href)) continue;
    for (const link of await hrefs("main")) {
      if (NOT_A_PAGE.test(link) || shapes.has(shape(link)) || queue.length >= limit) continue;
      shapes.add(shape(link));
      queue.push(link);
    }
  }
  return { pages: queue, nav, offenders };
}

/**
 * Open `href` and say what scrolls sideways: nothing when the document fits its width; else the document's widths
 * and the layout check's offenders (overflow.ts) that stick out of the viewport.
 */
export async function sidewaysScroll(page: Page, href: string): Promise<string[]> {
  await visit(page, href);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth <= clientWidth + 1) return [];
  const details = (await layoutOffenders(page)).filter((o) => o.includes("sticks out of the viewport"));
  return [`${href}: ${scrollWidth} px wide in ${clientWidth} px`, ...details.slice(0, 5).map((d) => `  ${d}`)];
}

/** Open `href` in the hydrated app (a client-side navigation when it can), ready for measuring. */
export async function visit(page: Page, href: string): Promise<void> {
  // A client-side navigation of the hydrated app (Remix's router: the page's data, then its render), as a click on a
  // link would do; a full load on the first page and after one that ended elsewhere (an error page, a redirect).
  const navigated = await page.evaluate(async (to) => {
    const router = (window as unknown as { __remixRouter?: { navigate: (to: string) => Promise<void>; state: { navigation: { state: string } } } }).__remixRouter;
    if (!router || !document.documentElement.hasAttribute("data-hydrated")) return false;
    await router.navigate(to);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return router.state.navigation.state === "idle" && `${location.pathname}${location.search}` === to;
  }, href);
  if (!navigated) {
    await page.goto(href);
    await hydrated(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

export type PhoneContext = { context: BrowserContext; page: Page; cookies: Cookie[] };
