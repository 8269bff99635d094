import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Real pointer input for the dialog stress tests (issue 26 §1, ADR 0056): the mouse at an element's centre, no
 * force and no dispatched events, so that an invisible layer left over the page takes the click as it would a person's.
 */

/**
 * A real pointer click at the centre of `target`'s box. A toast over that point (the last action's, shown 5 s at the
 * top of the page, over the header's buttons) is waited out first, as a person waits for it: the click then lands
 * where they meant it, and a layer that is not a toast still takes it.
 */
export async function pointerClick(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const deadline = Date.now() + TOAST_WAIT_MS;
  for (;;) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    expect(box, "the target has a box").not.toBeNull();
    const [x, y] = [box!.x + box!.width / 2, box!.y + box!.height / 2];
    const underToast = await page.evaluate(([px, py]) => Boolean(document.elementFromPoint(px!, py!)?.closest(".notistack-MuiContent")), [x, y]);
    if (!underToast || Date.now() > deadline) {
      await page.mouse.click(x, y);
      return;
    }
    await page.waitForTimeout(100);
  }
}

/** Longer than a toast is shown (TOAST_DURATION_MS, 5 s) and its exit. */
const TOAST_WAIT_MS = 7_000;

/** What takes a click at the centre of `target` (for the failure message). */
export async function topAt(page: Page, target: Locator): Promise<string> {
  const box = await target.boundingBox();
  if (!box) return "no box";
  return page.evaluate(([x, y]) => {
    const el = document.elementFromPoint(x!, y!);
    return el ? `${el.tagName}.${el.className} in ${el.closest("[role=presentation],.MuiModal-root")?.className ?? "page"}` : "nothing";
  }, [box.x + box.width / 2, box.y + box.height / 2]);
}

/** Nothing covers the page: a pointer click on a comment field (`inputTestId`) focuses it, one on the title blurs it. */
export async function pageTakesClicks(page: Page, round: string, inputTestId = "session-comments-input") {
  const input = page.getByTestId(inputTestId);
  // Measured anew for each try: a live update that lands between measuring the field and clicking it moves the
  // field (the decision history grows a row a round); a layer left over the page takes every try.
  for (let attempt = 1; ; attempt++) {
    await pointerClick(page, input);
    const focused = await expect(input).toBeFocused({ timeout: 1_000 }).then(() => true, () => false);
    if (focused) break;
    if (attempt === 3) {
      await expect(input, `${round}: a click reaches the comment field (${await topAt(page, input)})`).toBeFocused({ timeout: 1_000 });
    }
  }
  await pointerClick(page, page.getByTestId("meeting-title"));
  await expect(input, round).not.toBeFocused({ timeout: 3_000 });
  await expect(page.locator(".MuiModal-root"), `${round}: no modal layer is left`).toHaveCount(0);
}

/** Nothing covers the page where it has no comment field: the floating Help button opens its dialog and it closes. */
export async function helpStillWorks(page: Page, round: string) {
  // includeHidden: with the dialog open the page behind it is aria-hidden, and the message below still names the button.
  const help = page.getByRole("button", { name: "Help", exact: true, includeHidden: true });
  await pointerClick(page, help);
  const dialog = page.getByRole("dialog", { name: "Suggested Articles" });
  if (!(await dialog.isVisible())) {
    await expect(dialog, `${round}: a click reaches the Help button (${await topAt(page, help)})`).toBeVisible({ timeout: 3_000 });
  }
  await pointerClick(page, dialog.getByRole("button", { name: "Close" }));
  await expect(dialog, round).toBeHidden();
  await expect(page.locator(".MuiModal-root"), `${round}: no modal layer is left`).toHaveCount(0);
}
