import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Keyboard-only helpers for the browser tests (issue 15 item 12): reach a control with Tab (or Shift+Tab) the way a
 * keyboard user does, describe where the focus is, and check that a focused control shows a visible focus style.
 */

/** The element that has the focus, described for a failure message (tag, role, name, test id, text). */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "<body> (nothing focused)";
    const attr = (name: string) => el.getAttribute(name);
    const parts = [`<${el.tagName.toLowerCase()}>`];
    if (attr("role")) parts.push(`role=${attr("role")}`);
    if (attr("aria-label")) parts.push(`aria-label="${attr("aria-label")}"`);
    if (attr("data-testid")) parts.push(`data-testid=${attr("data-testid")}`);
    if (el.id) parts.push(`id=${el.id}`);
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
    if (text) parts.push(`"${text}"`);
    return parts.join(" ");
  });
}

/** Whether `locator` (its first match) is the focused element. */
export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.first().evaluate((el) => el === document.activeElement);
}

/** Whether the focus is inside `locator` (its first match), the element itself included. */
export async function focusWithin(locator: Locator): Promise<boolean> {
  return locator.first().evaluate((el) => el.contains(document.activeElement));
}

/**
 * Press Tab (Shift+Tab when `backwards`) until `locator` has the focus, at most `max` times; fails with the
 * element that has the focus when it was not reached.
 */
export async function tabTo(page: Page, locator: Locator, max = 60, opts: { backwards?: boolean } = {}): Promise<void> {
  await locator.first().waitFor({ state: "attached" });
  const key = opts.backwards ? "Shift+Tab" : "Tab";
  for (let i = 0; i < max; i++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press(key);
  }
  if (await isFocused(locator)) return;
  throw new Error(`${key} x${max} did not reach ${locator}; the focus is on ${await describeFocus(page)}`);
}

/**
 * Press `key` `times` times; after each press (on its keyup, when the focus has settled) note whether the focus is
 * inside `container`. Returns where the focus was each time it was not (empty when it never left).
 */
export async function pressKeepingFocusIn(page: Page, container: Locator, key: string, times: number): Promise<string[]> {
  await container.first().evaluate((el) => {
    const w = window as unknown as { __focusLeft: string[]; __focusCheck: () => void };
    w.__focusLeft = [];
    w.__focusCheck = () => {
      const a = document.activeElement;
      if (a && el.contains(a)) return;
      const label = a ? `<${a.tagName.toLowerCase()}> ${a.getAttribute("aria-label") ?? (a.textContent ?? "").trim().slice(0, 40)}` : "nothing";
      w.__focusLeft.push(label);
    };
    document.addEventListener("keyup", w.__focusCheck, true);
  });
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
  return page.evaluate(() => {
    const w = window as unknown as { __focusLeft: string[]; __focusCheck: () => void };
    document.removeEventListener("keyup", w.__focusCheck, true);
    return w.__focusLeft;
  });
}

/** The focused control shows a visible focus style: an outline or a box shadow (not none). */
export async function expectVisibleFocus(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return "nothing focused";
          const s = getComputedStyle(el);
          const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
          const shadow = s.boxShadow !== "none" && s.boxShadow !== "";
          return outline || shadow ? "visible" : `no outline or box-shadow on <${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
        }),
      { message: "the focused control shows a visible focus style" },
    )
    .toBe("visible");
}
