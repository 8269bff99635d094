import { DEMO, expect, hydrated, open, test } from "./fixtures";
import { layoutOffenders } from "./overflow";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";

/**
 * Issue 28 (ADR 0089): the admin cycle form's server refusals reach the page as keys, so a Chinese reader reads them
 * in Chinese (Create Cycle refused for its dates and max peers, then created); the cycle list and a participant list
 * with its pagination in the pseudo-language en-XA: no text outside translation but data, no overflow or clipped
 * cell at 1440 and 375 px.
 */

test.use({ allowHttpErrors: [400] });

test.describe("in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("Create Cycle refused by the server says why in Chinese, then creates the cycle", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles/create");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("创建周期");
    await hydrated(page);
    const name = `E2E 中文 表单 ${Date.now()}`;
    await page.getByTestId("cycle-field-name").fill(name);
    await page.getByTestId("cycle-field-start-date").fill("2031-05-01");
    await page.getByTestId("cycle-field-planned-end-date").fill("2031-04-01");
    await page.getByTestId("cycle-field-max-peers").fill("0");
    await page.getByTestId("cycle-create-submit").click();
    await expect(page.getByText("计划结束日期不能早于开始日期")).toBeVisible();
    await expect(page.getByText("同事人数上限必须大于 0")).toBeVisible();
    await expect(page.getByTestId("cycle-field-max-peers")).toHaveAttribute("aria-invalid", "true");
    // What was typed stays; fixed, the cycle is created.
    await expect(page.getByTestId("cycle-field-name")).toHaveValue(name);
    await page.getByTestId("cycle-field-planned-end-date").fill("2031-11-30");
    await page.getByTestId("cycle-field-max-peers").fill("8");
    await page.getByTestId("cycle-create-submit").click();
    await expect(page.getByText(`周期“${name}”已创建`)).toBeVisible();
    await expect(page.getByTestId("cycle-name")).toHaveText(name);
  });
});

test.describe("in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  test("the cycle list and a participant list with its pagination went through translation and fit at 1440 and 375 px", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const { cycles } = (await (await page.request.get("/api/v1/admin/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
    const demo = cycles.find((c) => c.name === "2026 Mid-Year Review")!;
    const participants = (await (await page.request.get(`/api/v1/admin/cycles/${demo.id}/participants?page=2&page_size=10`)).json()) as {
      participants: Array<{ name: string; manager_email: string | null }>;
    };
    // Calendar days as Intl writes them for en-XA (English's format): data, not words to translate.
    const allow: Array<string | RegExp> = ["PMR", /\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b/g, DEMO.superAdmin.name, ...cycles.map((c) => c.name), ...participants.participants.map((p) => p.name)];
    for (const path of ["/app/admin/cycles", `/app/admin/cycles/${demo.id}/participants?page_size=10&page=2`]) {
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, path);
        await expect(page.locator("main")).toBeVisible();
        await expectAllTranslated(page, { allow, roots: ["main"] });
        const phone = { scrollAreas: [{ container: ":has(> table)", mustShow: "tr > :first-child" }] };
        expect(await layoutOffenders(page, width < 600 ? phone : {}), `${path} at ${width} px`).toEqual([]);
      }
    }
  });
});
