import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Issue 27 (ADR 0062): a page's server-rendered HTML adds no runtime CSS-in-JS. The document stream may write emotion's
 * one tag for the render's cache, which must stay empty (no style id, no CSS); from `from` on, no element carries an
 * emotion class (`css-…`) nor, unless `allowMui` (a page whose closed widgets are MUI's), an MUI class.
 *
 *   const expectNoEmotion = staticHtmlCheck({ from: "main" });
 *   await expectNoEmotion(page, "/app/home", 'data-testid="home-todo"');
 */
export type StaticHtmlOptions = {
  /** Where the checked part starts: the page's `<main>`, the marker, the whole document, or a text that must be there. */
  from: "main" | "marker" | "document" | { text: string };
  /** The marker is a test id (checked as `data-testid="…"`). */
  markerIsTestId?: boolean;
  allowMui?: boolean;
};

/**
 * The runtime CSS-in-JS in a whole server-rendered document (the every-page walk, every-page-static.spec.ts), [] when
 * none: an emotion style tag that holds a style id or CSS, more than the one (empty) tag of the render's cache, or an
 * element with an emotion class (`css-…`).
 */
export function emotionInDocument(html: string): string[] {
  const tags = [...html.matchAll(/<style data-emotion="([^"]*)"[^>]*>([^<]*)<\/style>/g)].map((m) => ({ ids: m[1]!.trim().split(/\s+/).slice(1), css: m[2]! }));
  const styled = tags.filter((t) => t.ids.length > 0 || t.css !== "");
  const problems: string[] = [];
  if (styled.length) problems.push(`${styled.length} emotion style tags with ${styled.reduce((n, t) => n + t.css.length, 0)} bytes of CSS`);
  else if (tags.length > 1) problems.push(`${tags.length} emotion style tags`);
  const classes = html.match(/class="[^"]*\bcss-[^"]*"/g) ?? [];
  if (classes.length) problems.push(`${classes.length} elements with an emotion class (first: ${classes[0]})`);
  return problems;
}

export function staticHtmlCheck(options: StaticHtmlOptions) {
  return async function expectNoEmotion(page: Page, path: string, marker: string): Promise<void> {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    const mark = options.markerIsTestId ? `data-testid="${marker}"` : marker;
    expect(html, path).toContain(mark);
    const emotion = [...html.matchAll(/<style data-emotion="([^"]*)"[^>]*>([^<]*)<\/style>/g)].map((m) => ({ ids: m[1]!.trim().split(/\s+/).slice(1), css: m[2]! }));
    expect(emotion.filter((t) => t.ids.length > 0 || t.css !== ""), path).toEqual([]);
    expect(emotion.length, path).toBeLessThanOrEqual(1);
    const start = options.from === "main" ? "<main" : options.from === "marker" ? mark : options.from === "document" ? null : options.from.text;
    if (start !== null) expect(html, path).toContain(start);
    const part = start === null ? html : html.slice(html.indexOf(start));
    if (!options.allowMui) expect(part, `no MUI component on ${path}`).not.toMatch(/class="[^"]*\bMui/);
    expect(part, `no emotion class on ${path}`).not.toMatch(/class="[^"]*\bcss-/);
  };
}
