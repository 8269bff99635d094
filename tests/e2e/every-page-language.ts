import type { Page } from "@playwright/test";
import { GTAG_SCRIPT, test } from "./fixtures";
import { layoutOffenders } from "./overflow";
import { demoData, expect, judge, pagesByPerson, startWalk, visit, type Walk } from "./every-page-walk";
import { untranslatedTexts } from "./untranslated";

/**
 * One walk of every page of tests/e2e/page-catalogue.ts in one language (issue 28): each page as the demo role that
 * reaches it, at 1440 and 375 px — no untranslated text, no overflow, no clipped table cell, no console error. One
 * context and one sign-in per demo person; their pages one after another. every-page-pseudo.spec.ts walks the
 * pseudo-language (text outside ⟦ ⟧ is untranslated), every-page-zh-cn.spec.ts Simplified Chinese (Latin words in a
 * row that are not data are English left on the page).
 */

/** On a phone a table may scroll sideways in its own box while its first column is in view (layout.spec.ts). */
const PHONE = { scrollAreas: [{ container: ":has(> table)", mustShow: "tr > :first-child" }] };

/** Data everywhere: workflow and schedule ids, the audit log's action codes and entities ("Job #12"). */
const PATTERNS = [/\b(calibration-session|promotion-session|cycle|nudge-cycle)-\d+(-\d+)?\b/g, /\b[a-z_]+(\.[a-z_]+)+\b/g, /\b[A-Z][A-Za-z]+ #\d+/g];

/**
 * Parts that are data as a whole: avatars' initials, what people wrote (feedback answers, rationales, comments,
 * endorsements, reasons, justifications, Therma-scan comments), the SCIM address.
 */
const SKIP = [
  '[class*="avatar" i]',
  '[data-testid="summary-answer"]',
  '[data-testid^="answer-text-"]',
  '[data-testid^="nomination-rationale-"]',
  '[data-testid="endorsement-rationale"]',
  '[data-testid^="nomination-endorsement-"] > p',
  '[data-testid^="sp-nomination-"] > span',
  '[data-testid^="sp-proposals-"] > li[title]',
  '[data-testid="comment-body"]',
  '[data-testid^="history-row-"] > td:last-child',
  '[data-testid^="outcome-history-"] > span > span',
  '[data-testid="therma-scan-row"] > td:last-child',
  '[data-testid="scim-base-url"]',
  // The charts' category axis: cycle names (shortened with "…" when long), data of any spec that made a cycle.
  ".MuiChartsAxis-directionX .MuiChartsAxis-tickLabel",
];

/**
 * The fairness insights' data (ADR 0112): attribute names (tabs, filters, the table's first header), group names (the
 * tables' row headers, the summaries, the chart's category axis) and the gap words that name a group.
 */
const INSIGHTS_DATA = [
  '[role="tablist"] [role="tab"]',
  '[data-testid="insights-filters"] label',
  '[data-testid="insights-filters"] select',
  '[data-testid^="figure-"][data-testid$="-summary"]',
  '[data-testid^="figure-"][data-testid$="-table"] th:first-child',
  '[data-testid^="figure-"][data-testid$="-gap"]',
  ".MuiChartsAxis-directionY .MuiChartsAxis-tickLabel",
];

/**
 * The rating meeting's fairness panel (ADR 0114), its data only: the attribute names (tabs, the table's first header),
 * the figure's group summary, group names (row headers, the chart's axis) and the gaps naming a group or attribute.
 */
export const MEETING_FAIRNESS_DATA = ['[role="tab"]', '[data-testid$="-summary"]', '[data-testid$="-table"] th:first-child', '[data-testid$="-gap"]', ".MuiChartsAxis-directionY .MuiChartsAxis-tickLabel"].map(
  (s) => `[data-testid="meeting-fairness"] ${s}`,
);

/** Data of one page: the audit log's entity and actor columns (a type and id, a person or a token's name). */
const ROUTE_SKIP: Record<string, string[]> = {
  "app.insights.cycles.$cycleId": INSIGHTS_DATA,
  // The menu's item sends the super admin on to the newest cycle's insights (the same page, the same data).
  "app.insights._index": INSIGHTS_DATA,
  "app.insights.sessions.$sessionId": INSIGHTS_DATA,
  "app.session-admin.calibration-sessions.$id": MEETING_FAIRNESS_DATA,
  "app.sign-off-party.calibration-sessions.$id": MEETING_FAIRNESS_DATA,
  // The import's column names, people attribute names among them ("Employment type"): headers to type as they are.
  "app.admin.users.import._index": ['[data-testid="directory-columns"]'],
  "app.admin.audits._index": ['[data-testid^="audit-row-"] td:nth-child(4)', '[data-testid^="audit-row-"] td:nth-child(5)'],
  // The questionnaire's JSON as the admin edits it (its keys, kinds and questions are data).
  "app.admin.cycles.$cycleId.json-builder": ['[data-testid="json-builder-editor"]'],
  // Tokens' names and prefixes (other specs' tokens are listed too).
  "app.api-tokens": ['[data-testid^="api-token-row-"] > td:nth-child(1) > p', '[data-testid^="api-token-row-"] > td:nth-child(2)'],
  "app.admin.scim-tokens": ['[data-testid^="scim-token-row-"] > td:nth-child(1) > p', '[data-testid^="scim-token-row-"] > td:nth-child(2)'],
};

export type LanguageWalk = {
  /** The browser's language (Accept-Language), e.g. "en-XA" or "zh-CN". */
  locale: string;
  /** The pages that do not pass yet, with the reason; each must STILL fail (remove it when it passes). */
  pending: Record<string, string>;
  /** How this language writes data the walk allows (dates and times), beside the demo company's data. */
  allow: Array<string | RegExp>;
  /** A real language (not the pseudo one): Latin words in a row are English left on the page (untranslated.ts). */
  english?: boolean;
};

/** Register the walk's tests in the calling spec file. */
export function walkEveryPage(language: LanguageWalk): void {
  let walk: Walk;
  let data: Array<string | RegExp>;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    walk = await startWalk(browser, language.locale, `E2E every page ${language.locale}`);
    data = ["PMR", ...language.allow, ...PATTERNS, ...(await demoData(walk.context("superAdmin").request, walk.ids))];
  });

  test.afterAll(async () => {
    await walk?.close();
  });

  /** One page at both widths: its problems (untranslated text, layout offenders, console errors). */
  async function checkPage(page: Page, errors: string[], skip: string[], path: () => Promise<string[]>): Promise<string[]> {
    errors.length = 0;
    await page.setViewportSize({ width: 1440, height: 900 });
    const problems = await path();
    if (problems.length) return problems;
    const lang = await page.locator("html").getAttribute("lang");
    if (lang !== language.locale) problems.push(`<html lang="${lang}">, not ${language.locale}`);
    for (const width of [1440, 375]) {
      if (width !== 1440) {
        await page.setViewportSize({ width, height: 812 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      }
      const check = { allow: data, skip: [...SKIP, ...skip] };
      const texts = await untranslatedTexts(page, language.english ? { ...check, english: true } : check);
      for (const text of texts) problems.push(`untranslated at ${width} px: ${text}`);
      for (const o of await layoutOffenders(page, width < 600 ? PHONE : {})) problems.push(`layout at ${width} px: ${o}`);
    }
    for (const e of errors) problems.push(`console: ${e}`);
    return problems;
  }

  // One test (a failed test restarts the worker, which would sign everyone in and start the jobs again); one soft
  // verdict per person.
  test(`every page in ${language.locale} at 1440 and 375 px: translated, no overflow, no clipped cell, no console error`, async () => {
    test.setTimeout(600_000);
    for (const { person, entries } of pagesByPerson()) {
      const page = await walk.context(entries[0]!.role).newPage();
      const errors: string[] = [];
      let expected404 = false;
      page.on("console", (msg) => {
        if (msg.type() !== "error" || msg.location().url.startsWith(GTAG_SCRIPT)) return;
        if (expected404 && /status of 404/.test(msg.text())) return;
        errors.push(`${msg.text()} @ ${msg.location().url}`);
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      const results: Array<{ route: string; problems: string[] }> = [];
      for (const entry of entries) {
        expected404 = entry.status === 404;
        const problems = await checkPage(page, errors, ROUTE_SKIP[entry.route] ?? [], () => visit(page, entry, walk.ids));
        results.push({ route: entry.route, problems });
      }
      await page.close();
      expect.soft(judge(results, language.pending), `pages of ${person}`).toEqual([]);
    }
  });
}
