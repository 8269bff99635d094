import { test, expect, DEMO, hydrated, signIn } from "./fixtures";
import { TOUR_TYPES } from "../../app/features/tours/rules";

type Coachmarks = { coachmarks: Array<{ coachmark_type: string; is_dismissed: boolean }> };

test.describe("guided tours (ADR 0031)", () => {
  test("the navigation tour runs to Dismiss, ignores Esc and overlay clicks, and does not come back", async ({ page }) => {
    await signIn(page, DEMO.employee, "/app/home", { tours: "show" });
    // As on a first sign-in: only the navigation tour is pending (stored through the real API).
    for (const type of TOUR_TYPES) {
      const res = await page.request.post("/api/v1/coachmarks", { data: { coachmark_type: type, is_dismissed: type !== "sidebar_routes_v1" } });
      expect(res.status()).toBe(201);
    }
    await page.reload();
    await hydrated(page);

    const tour = page.getByRole("alertdialog");
    const progress = page.getByTestId("guided-tour-progress");
    await expect(tour).toContainText("Home");
    await expect(progress).toHaveText(/^1 of \d+$/);
    const total = Number((await progress.textContent())!.split(" of ")[1]);
    expect(total).toBeGreaterThan(2);
    const overlay = page.locator(".react-joyride__overlay");
    await expect(overlay).toHaveCSS("z-index", "2000");

    // Neither Esc nor a click on the overlay closes it.
    await page.keyboard.press("Escape");
    await overlay.click({ position: { x: 1100, y: 650 } });
    await expect(progress).toHaveText(`1 of ${total}`);

    for (let step = 2; step <= total; step++) {
      await page.getByTestId("guided-tour-primary").click();
      await expect(progress).toHaveText(`${step} of ${total}`);
    }
    await expect(page.getByTestId("guided-tour-skip")).toHaveCount(0);
    await expect(page.getByTestId("guided-tour-primary")).toHaveText("Dismiss");
    await page.getByTestId("guided-tour-primary").click();
    await expect(tour).toHaveCount(0);
    await expect
      .poll(async () => ((await (await page.request.get("/api/v1/coachmarks")).json()) as Coachmarks).coachmarks)
      .toContainEqual({ coachmark_type: "sidebar_routes_v1", is_dismissed: true });

    // After a reload the navigation tour (always offered first) stays away; the re-armed cycle-switcher tour runs instead.
    const rearm = await page.request.post("/api/v1/coachmarks", { data: { coachmark_type: "multiple_active_cycle_switcher", is_dismissed: false } });
    expect(rearm.status()).toBe(201);
    await page.reload();
    await hydrated(page);
    await expect(tour).toContainText("Several active cycles");
    await expect(progress).toHaveText("1 of 1");
    await page.getByTestId("guided-tour-primary").click();
    await expect(tour).toHaveCount(0);
    await expect
      .poll(async () => ((await (await page.request.get("/api/v1/coachmarks")).json()) as Coachmarks).coachmarks)
      .toContainEqual({ coachmark_type: "multiple_active_cycle_switcher", is_dismissed: true });
  });
});
