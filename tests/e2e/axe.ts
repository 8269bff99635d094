import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The accessibility scan of every page a browser test opens (issue 15 item 12): each page is scanned with axe-core
 * (WCAG 2.0/2.1 A and AA rules) after `page.goto`, after sign-in and at the end of the test; a serious or critical
 * violation fails the test that opened the page. A page is scanned once per run and worker for each of its route
 * templates (ids and emails replaced), whoever is signed in, so the suite stays fast.
 */

export type AxeFinding = { url: string; rule: string; impact: string; help: string; targets: string[] };

const scanned = new Set<string>();
let shellScanned = false;
export const axeCounts = { pages: 0, violations: 0 };

/** The route template of a URL: numbers and emails replaced, the query without its values. */
export function pageTemplate(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/[^/]+@[^/]+/g, ":email").replace(/\/\d+(?=\/|$)/g, "/:id");
  const keys = [...new Set([...u.searchParams.keys()])].sort().join("&");
  return keys ? `${path}?${keys}` : path;
}

/** Scan the page as it is now (once per template and user); the serious and critical violations found. */
export async function scanPage(page: Page, who: string): Promise<AxeFinding[]> {
  const url = page.url();
  if (!url.startsWith("http")) return [];
  void who; // one scan per page template, whoever is signed in
  const key = pageTemplate(url);
  if (scanned.has(key)) return [];
  scanned.add(key);
  let results;
  try {
    // A dialog fading in is half transparent: axe would measure its colours mid-fade. Let finite animations end.
    await page
      .evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getTiming().iterations !== Infinity)
              .map((a) => a.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 5000)),
        ]),
      )
      .catch(() => undefined);
    // Only violations are collected (much faster than the full report); the shell (drawer, top bar) is the same on
    // every page, so after one full scan only the page's own content is scanned.
    let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).options({ resultTypes: ["violations"] });
    const hasShell = (await page.locator('[data-testid="side-drawer"]').count()) > 0;
    if (hasShell && shellScanned) builder = builder.exclude('[data-testid="side-drawer"]').exclude('[data-testid="top-bar"]');
    results = await builder.analyze();
    if (hasShell) shellScanned = true;
  } catch (err) {
    // The page navigated away while being scanned: scan it again next time.
    scanned.delete(key);
    if (/Execution context was destroyed|navigat|Target closed|has been closed/i.test(String(err))) return [];
    throw err;
  }
  axeCounts.pages++;
  const found = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ url, rule: v.id, impact: v.impact ?? "", help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  axeCounts.violations += found.length;
  return found;
}

/** Scan after every `page.goto` of this page, recording findings in `into`. */
export function scanAfterGoto(page: Page, into: AxeFinding[], who: () => string) {
  const goto = page.goto.bind(page);
  page.goto = (async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    into.push(...(await scanPage(page, who())));
    return response;
  }) as Page["goto"];
}

export function formatFindings(findings: AxeFinding[]): string {
  return findings.map((f) => `${f.impact} ${f.rule} (${f.help}) on ${f.url}: ${f.targets.join(" | ")}`).join("\n");
}
