import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Untranslated text on a page (issue 28, ADR 0076). In the pseudo-language `en-XA` every translated string is shown
 * between ⟦ ⟧ (app/platform/i18n/pseudo.ts), so visible text outside the brackets did not go through translation.
 *
 * Use it in a spec whose context asks for the pseudo-language:
 *
 *   test.use({ locale: "en-XA" });
 *   await expectAllTranslated(page, { allow: [DEMO.employee.name, DEMO.employee.email] });
 *
 * What is checked, in the browser, over `roots` (the whole body by default: the frame and the page's content):
 * - every visible text node: the letters it has outside ⟦ ⟧ (the brackets are counted over the text nodes in document
 *   order, so a translation split by inline markup (<Trans>) or holding a name ({{name}}) is one bracketed run);
 * - the aria-label, title and placeholder of every visible element (an accessible name is text too).
 * Text with no letter (numbers, "·", "—", "99+") is never an offender. Data is not translated: people's names, emails,
 * what people wrote, cycle names go in `allow` (exact strings or patterns, taken out of the text before it is judged);
 * email addresses, and dates and times in English's formats ("18 Dec 2026", "2026-12-18", "29 Nov 2026, 10:05") are allowed by default
 * (date formatting follows the reader's language separately). Returns each offender as "where: text".
 */
export type TranslationCheck = {
  /** Data shown on the page: exact strings or patterns, removed from a text before it is judged. */
  allow?: Array<string | RegExp>;
  /** CSS selectors of the parts to check (default: the body). */
  roots?: string[];
  /** CSS selectors of parts to leave out (e.g. a third party's widget), besides avatars (a name's initials: data). */
  skip?: string[];
};

/**
 * In a real language (not the pseudo one) there are no brackets: `english: true` judges a text by its Latin words
 * instead — two or more of them in a row (after data and `allow` are taken out) are English left on the page, a
 * sentence or a label that did not go through translation. A single Latin word is not judged: the product's names
 * and the file formats' column names and values stay Latin in every language (scripts/check-i18n.ts proves that each
 * translation has the language's own letters).
 */
export type EnglishCheck = TranslationCheck & { english: true };

/** Avatars show a name's initials, MUI's (.MuiAvatar-root) and the static one (a CSS module's "avatar" class). */
const AVATARS = [".MuiAvatar-root", '[class*="avatar" i]'];

/** Dates and times as the app writes them today, and email addresses (not words to translate). */
export const DATE_PATTERNS: RegExp[] = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec) \d{4}(, \d{1,2}:\d{2}( ?[AaPp][Mm])?)?\b/g,
  /\b\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?\b/g,
];

export async function untranslatedTexts(page: Page, check: TranslationCheck | EnglishCheck = {}): Promise<string[]> {
  type Allowed = { text: string } | { source: string; flags: string };
  // Longer strings first: a name that holds another allowed string ("Senior Engineering Specialist") goes whole.
  const strings = (check.allow ?? []).filter((a): a is string => typeof a === "string").sort((a, b) => b.length - a.length);
  const patterns = (check.allow ?? []).filter((a): a is RegExp => typeof a !== "string");
  const allow = [...strings, ...patterns, ...DATE_PATTERNS].map((a): Allowed => (typeof a === "string" ? { text: a } : { source: a.source, flags: a.flags }));
  const english = "english" in check && check.english;
  return page.evaluate(
    ({ allow, roots, skip, english }) => {
      // Pseudo-language: text outside the brackets is untranslated. A real language: no brackets, so every character
      // is "outside", and two Latin words in a row are the offender.
      const OPEN = english ? "\u0000" : "⟦";
      const CLOSE = english ? "\u0000" : "⟧";
      const LETTER = english ? /[A-Za-z]{2,}[ \u00a0]+[A-Za-z]{2,}/ : /\p{L}/u;
      const patterns: Array<string | RegExp> = allow.map((a) => ("text" in a ? a.text : new RegExp(a.source, a.flags.includes("g") ? a.flags : `${a.flags}g`)));
      const withoutData = (text: string) => {
        let out = text;
        for (const p of patterns) out = typeof p === "string" ? out.split(p).join(" ") : out.replace(p, " ");
        return out;
      };
      const skipped = (el: Element) => skip.some((s) => el.closest(s));
      const visible = (el: Element) => {
        const html = el as HTMLElement;
        if (typeof html.checkVisibility === "function" && !html.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
        return el.getClientRects().length > 0;
      };
      const where = (el: Element) => {
        const parts: string[] = [];
        for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
          const testId = node.getAttribute("data-testid");
          if (testId) {
            parts.unshift(`[data-testid="${testId}"]`);
            break;
          }
          parts.unshift(node.tagName.toLowerCase());
        }
        return parts.slice(-4).join(" > ") || "body";
      };
      const offenders: string[] = [];
      const judge = (el: Element, outside: string, shown: string) => {
        const rest = withoutData(outside);
        if (LETTER.test(rest)) offenders.push(`${where(el)}: ${JSON.stringify(shown.replace(/\s+/g, " ").trim().slice(0, 80))}`);
      };
      const rootElements = roots.length ? roots.flatMap((r) => [...document.querySelectorAll(r)]) : [document.body];
      for (const root of rootElements) {
        // Text nodes in document order; the bracket depth carries from one node to the next.
        let depth = 0;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.nodeValue ?? "";
          const parent = node.parentElement;
          let outside = "";
          for (const ch of text) {
            if (ch === OPEN) depth += 1;
            else if (ch === CLOSE) depth = Math.max(0, depth - 1);
            else if (depth === 0) outside += ch;
          }
          if (!parent || !LETTER.test(outside)) continue;
          if (parent.closest("script, style, noscript, template, svg title") || skipped(parent) || !visible(parent)) continue;
          // Data typed into a field is the person's, not the page's.
          if (parent.closest("textarea, [contenteditable='true']")) continue;
          judge(parent, outside, text);
        }
        for (const el of root.querySelectorAll("[aria-label], [title], [placeholder]")) {
          if (skipped(el) || !visible(el)) continue;
          for (const name of ["aria-label", "title", "placeholder"]) {
            const value = el.getAttribute(name);
            if (!value) continue;
            // Bracket depth as for text nodes: a translation may hold another (a translated title in an aria-label).
            let outside = "";
            let level = 0;
            for (const ch of value) {
              if (ch === OPEN) level += 1;
              else if (ch === CLOSE) level = Math.max(0, level - 1);
              else outside += level === 0 ? ch : " ";
            }
            if (LETTER.test(outside)) judge(el, outside, `${name}=${value}`);
          }
        }
      }
      return [...new Set(offenders)];
    },
    { allow, roots: check.roots ?? [], skip: [...AVATARS, ...(check.skip ?? [])], english },
  );
}

/** Fails with the list of untranslated texts (see `untranslatedTexts`); the page must be in the pseudo-language. */
export async function expectAllTranslated(page: Page, check: TranslationCheck = {}): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
  expect(await untranslatedTexts(page, check), "visible text that did not go through translation (no ⟦ ⟧)").toEqual([]);
}
