import type { Page } from "@playwright/test";

/**
 * Layout checks for a page as it is rendered now (issue 15 item 11), run in the browser:
 * - the document does not scroll sideways;
 * - no visible element sticks out (sideways) of the nearest ancestor that clips or scrolls, or of the viewport;
 * - no box scrolls sideways, except a table's own scroll area named in `scrollAreas`, and then only while the
 *   cells that matter (`mustShow`) are fully in view;
 * - no text that matters (`mustNotTruncate`) is cut by an ellipsis;
 * - with `overlays`, the fixed elements named there (the Feedback tab, the Help button) cover no text of `content`
 *   at any scroll position of the page;
 * - no text in a table cell is clipped (issue 27): a cell (td, th, or a grid's cell or column header) or an element
 *   inside it that hides its overflow or ends its text in an ellipsis, with more text than its box (sideways, or
 *   below a fixed row height). Always on, on every page checked (CLIPPED_CELL_CHECK is the same check alone).
 * Each offender comes back as a readable selector path with what is wrong.
 */

export type LayoutCheck = {
  /** Text that must never be cut by an ellipsis (CSS selectors). Column headers and the drawer footer by default. */
  mustNotTruncate?: string[];
  /** A table's scroll area that may scroll sideways, as long as every `mustShow` element is fully inside its box. */
  scrollAreas?: Array<{ container: string; mustShow: string }>;
  /** Fixed elements that must not cover any text node inside `content`. */
  overlays?: { elements: string[]; content: string };
};

export const DEFAULT_MUST_NOT_TRUNCATE = ["th", '[role="columnheader"]', '[data-testid="nav-footer"] *'];

/** The cells of a table or grid whose text must never be clipped. */
const CELLS = 'td, th, [role="cell"], [role="gridcell"], [role="columnheader"], [role="rowheader"]';

/**
 * Text clipped in a table cell (issue 27), run in the browser: each visible cell, and each visible element inside it
 * holding text, that hides its overflow (or ends it in an ellipsis) and holds more than its box shows, sideways or
 * below. Form controls (their value scrolls inside them) and icons are left out. Offenders as "path: what".
 */
export async function clippedCells(page: Page): Promise<string[]> {
  return page.evaluate((cells) => {
    const TOLERANCE = 1;
    const offenders: string[] = [];
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
        const testId = node.getAttribute("data-testid");
        if (testId) {
          parts.unshift(`[data-testid="${testId}"]`);
          break;
        }
        let part = node.tagName.toLowerCase();
        const named = [...node.classList].find((c) => c.startsWith("Mui") && !c.includes("-css-"));
        if (named) part += `.${named}`;
        const role = node.getAttribute("role");
        if (role) part += `[role="${role}"]`;
        parts.unshift(part);
        if (node.matches("table, [role='grid'], [role='treegrid']")) break;
      }
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${parts.join(" > ")}${text ? ` ("${text}")` : ""}`;
    };
    const shown = (el: Element) => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    const reported = new Set<Element>();
    for (const cell of document.querySelectorAll(cells)) {
      if (!shown(cell)) continue;
      // A cell cut off by a box around its table that hides what does not fit (not one that scrolls).
      for (let p = cell.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p);
        if (o.overflowX === "visible") continue;
        if (o.overflowX === "hidden" || o.overflowX === "clip") {
          const c = p.getBoundingClientRect();
          const r = cell.getBoundingClientRect();
          const left = c.left + p.clientLeft;
          if (r.left < left - TOLERANCE || r.right > left + p.clientWidth + TOLERANCE) {
            reported.add(cell);
            offenders.push(`${describe(cell)}: cell cut off by ${describe(p).split(" (")[0]} (${Math.round(r.left)}–${Math.round(r.right)} px, box ${Math.round(left)}–${Math.round(left + p.clientWidth)} px)`);
          }
        }
        break;
      }
      if (reported.has(cell)) continue;
      for (const el of [cell, ...cell.querySelectorAll("*")]) {
        if (el.closest("svg, input, textarea, select, [contenteditable='true']") || !shown(el)) continue;
        if (!(el.textContent ?? "").trim()) continue;
        const style = getComputedStyle(el);
        const hides = (o: string) => o === "hidden" || o === "clip";
        const hidesX = hides(style.overflowX) || style.textOverflow === "ellipsis";
        const hidesY = hides(style.overflowY) || (style.webkitLineClamp !== "none" && style.webkitLineClamp !== "");
        const overX = hidesX && el.scrollWidth > el.clientWidth + TOLERANCE;
        const overY = hidesY && el.scrollHeight > el.clientHeight + TOLERANCE;
        if (!overX && !overY) continue;
        // Only text counts (not an icon or a column's resize handle that sticks out): a line of its text that
        // reaches past the box's inner edges.
        const box = el.getBoundingClientRect();
        const inner = { left: box.left + el.clientLeft, top: box.top + el.clientTop };
        const right = inner.left + el.clientWidth;
        const bottom = inner.top + el.clientHeight;
        let cutX = false;
        let cutY = false;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node && !(cutX && cutY); node = walker.nextNode()) {
          if (!node.textContent?.trim() || !node.parentElement || node.parentElement.closest("svg") || !shown(node.parentElement)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.width < 1 || r.height < 1) continue;
            if (overX && (r.right > right + TOLERANCE || r.left < inner.left - TOLERANCE)) cutX = true;
            if (overY && (r.bottom > bottom + TOLERANCE || r.top < inner.top - TOLERANCE)) cutY = true;
          }
        }
        if (!cutX && !cutY) continue;
        // One report per clipped text: not again for an element inside one already reported.
        if ([...reported].some((r) => r.contains(el))) continue;
        reported.add(el);
        const how = cutX ? `${el.scrollWidth} px of text in ${el.clientWidth} px` : `${el.scrollHeight} px of text in a ${el.clientHeight} px high box`;
        offenders.push(`${describe(el)}: text clipped in a table cell (${how})`);
      }
    }
    return offenders;
  }, CELLS);
}

export async function layoutOffenders(page: Page, check: LayoutCheck = {}): Promise<string[]> {
  const args = {
    mustNotTruncate: check.mustNotTruncate ?? DEFAULT_MUST_NOT_TRUNCATE,
    scrollAreas: check.scrollAreas ?? [],
    overlays: check.overlays ?? null,
  };
  const offenders = await page.evaluate(({ mustNotTruncate, scrollAreas, overlays }) => {
    const TOLERANCE = 1;
    const offenders: string[] = [];
    const root = document.documentElement;

    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && node !== document.body && node !== root; node = node.parentElement) {
        const testId = node.getAttribute("data-testid");
        if (testId) {
          parts.unshift(`[data-testid="${testId}"]`);
          break;
        }
        if (node.id) {
          parts.unshift(`#${CSS.escape(node.id)}`);
          break;
        }
        let part = node.tagName.toLowerCase();
        const named = [...node.classList].find((c) => c.startsWith("Mui") && !c.includes("-css-"));
        if (named) part += `.${named}`;
        const label = node.getAttribute("aria-label");
        if (label) part += `[aria-label="${label}"]`;
        const parent = node.parentElement;
        if (parent) {
          const same = [...parent.children].filter((c) => c.tagName === node!.tagName);
          if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
        }
        parts.unshift(part);
      }
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${parts.join(" > ") || el.tagName.toLowerCase()}${text ? ` ("${text}")` : ""}`;
    };

    const visible = (el: Element): boolean => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false; // visually hidden helpers (1 px boxes)
      const style = getComputedStyle(el);
      return style.clip === "auto" || style.clip === "" ? style.clipPath === "none" : false;
    };

    const clipsX = (el: Element) => {
      const o = getComputedStyle(el).overflowX;
      return o !== "visible";
    };
    const scrollsX = (el: Element) => {
      const o = getComputedStyle(el).overflowX;
      return o === "auto" || o === "scroll";
    };

    // The sideways scroll areas that are allowed: a table's own scroll area, with the cells that matter in view.
    const allowedAreas = new Set<Element>();
    for (const area of scrollAreas) {
      for (const container of document.querySelectorAll(area.container)) {
        if (!visible(container)) continue;
        const box = container.getBoundingClientRect();
        const inView = [...container.querySelectorAll(area.mustShow)].filter(visible);
        const hidden = inView.filter((cell) => {
          const r = cell.getBoundingClientRect();
          return r.left < box.left - TOLERANCE || r.right > box.right + TOLERANCE;
        });
        if (inView.length === 0) offenders.push(`${describe(container)}: none of '${area.mustShow}' is visible`);
        for (const cell of hidden) offenders.push(`${describe(cell)}: must be in view but lies outside its table's scroll area`);
        allowedAreas.add(container);
      }
    }

    // 1. The document does not scroll sideways.
    if (root.scrollWidth > root.clientWidth + TOLERANCE) {
      offenders.push(`document: scrolls sideways (${root.scrollWidth} px wide in a ${root.clientWidth} px viewport)`);
    }

    const all = [...document.body.querySelectorAll("*")].filter((el) => !el.closest("svg") || el.tagName.toLowerCase() === "svg");
    const reported = new Set<Element>();
    for (const el of all) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);

      // 2. A box that scrolls sideways (content wider than the box), unless it is an allowed table scroll area.
      if (scrollsX(el) && el.scrollWidth > el.clientWidth + TOLERANCE && !allowedAreas.has(el) && el !== root && el !== document.body) {
        offenders.push(`${describe(el)}: scrolls sideways (content ${el.scrollWidth} px in a ${el.clientWidth} px box)`);
      }

      // 3. Text that matters cut by an ellipsis.
      if (style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + TOLERANCE && mustNotTruncate.some((s) => el.matches(s))) {
        offenders.push(`${describe(el)}: text cut by an ellipsis (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
      }

      // 4. Sticking out of the nearest ancestor that clips or scrolls (or of the viewport).
      let container: Element | null = null;
      if (style.position !== "fixed") {
        for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
          if (clipsX(p)) {
            container = p;
            break;
          }
          if (getComputedStyle(p).position === "fixed") break; // fixed: measured against the viewport
        }
      }
      // Inside a sideways scroll area the area itself was judged above (allowed, or reported once).
      if (container && scrollsX(container) && (allowedAreas.has(container) || container.scrollWidth > container.clientWidth + TOLERANCE)) continue;
      const r = el.getBoundingClientRect();
      let left = 0;
      let right = root.clientWidth;
      let what = "the viewport";
      if (container) {
        const c = container.getBoundingClientRect();
        left = c.left + container.clientLeft;
        right = left + container.clientWidth;
        what = describe(container);
      }
      if (r.left < left - TOLERANCE || r.right > right + TOLERANCE) {
        // One report per overflow: not again for the children of an element already reported.
        if (el.parentElement && reported.has(el.parentElement)) {
          reported.add(el);
          continue;
        }
        reported.add(el);
        offenders.push(
          `${describe(el)}: ${Math.round(r.left)}–${Math.round(r.right)} px sticks out of ${what} (${Math.round(left)}–${Math.round(right)} px)`,
        );
      }
    }

    // 5. Fixed elements covering text of the page's content at any scroll position (the page scrolls under them).
    if (overlays) {
      const content = document.querySelector(overlays.content);
      if (!content) offenders.push(`${overlays.content}: not found`);
      const maxScroll = Math.max(0, root.scrollHeight - root.clientHeight);
      const scrollY = window.scrollY;
      for (const selector of overlays.elements) {
        const overlay = document.querySelector(selector);
        if (!overlay || !visible(overlay)) continue;
        const o = overlay.getBoundingClientRect();
        const walker = document.createTreeWalker(content ?? document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || !node.parentElement || !visible(node.parentElement) || overlay.contains(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          // The part of the text not clipped sideways by an ancestor (e.g. a table's scroll area).
          let clipLeft = -Infinity;
          let clipRight = Infinity;
          for (let p: HTMLElement | null = node.parentElement; p && p !== document.body; p = p.parentElement) {
            if (!clipsX(p)) continue;
            const c = p.getBoundingClientRect();
            clipLeft = Math.max(clipLeft, c.left + p.clientLeft);
            clipRight = Math.min(clipRight, c.left + p.clientLeft + p.clientWidth);
          }
          for (const rect of range.getClientRects()) {
            const t = { left: Math.max(rect.left, clipLeft), right: Math.min(rect.right, clipRight), top: rect.top, bottom: rect.bottom };
            if (t.right - t.left < 1 || rect.height < 1) continue;
            // In page coordinates the text is at t.top + scrollY; the overlay covers o.top..o.bottom of the viewport
            // at every scroll position s in 0..maxScroll.
            const top = t.top + scrollY;
            const bottom = t.bottom + scrollY;
            const xOverlap = Math.min(t.right, o.right) - Math.max(t.left, o.left);
            const covered = xOverlap > TOLERANCE && bottom - TOLERANCE > o.top && top + TOLERANCE < maxScroll + o.bottom;
            if (covered) {
              const at = Math.min(maxScroll, Math.max(0, Math.round(top - o.top)));
              offenders.push(`${describe(overlay)} covers "${node.textContent.trim().slice(0, 40)}" in ${describe(node.parentElement)} (page scrolled to ${at} px)`);
              break;
            }
          }
        }
      }
    }
    return offenders;
  }, args);
  return [...offenders, ...(await clippedCells(page))];
}
