import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";

/** A started cycle whose only participant is the demo employee (pending in the start stage: no peers chosen yet). */
async function startedCycleWithEmployee(page: Page, name: string): Promise<number> {
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(created.status()).toBe(201);
  const cycleId: number = (await created.json()).cycle.id;
  const added = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.employee.email } });
  expect(added.status()).toBe(201);
  const started = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/start`);
  expect(started.status()).toBe(200);
  return cycleId;
}

test.describe("nudges", () => {
  // The notification's link may lead to a page built later (404 inside the shell).
  test.use({ allowHttpErrors: [404] });

  test("an admin sends a nudge now, the job finishes, and the reminded employee sees it in the bell", async ({ page, browser }) => {
    const name = `E2E nudge ${Date.now()}`;
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await startedCycleWithEmployee(page, name);

    // From the cycle page to its nudges.
    await open(page, `/app/admin/cycles/${cycleId}`);
    await page.getByTestId("cycle-section-nudges").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/nudges$`));
    await expect(page.getByRole("heading", { name: "Nudges", exact: true })).toBeVisible();
    await expect(page.getByTestId("nudge-pending-count")).toContainText("1 person has pending work in this stage right now");
    await expect(page.getByTestId("jobs-empty")).toBeVisible();

    // A recurring schedule: listed with its status, then cancelled.
    await page.getByLabel("On a recurring schedule").check();
    await page.getByTestId("nudge-time").fill("09:30");
    await page.getByTestId("nudge-time-zone").fill("Europe/Berlin");
    await page.getByTestId("nudge-submit").click();
    await expect(page.getByText(/Nudge scheduled: Cron '30 9 \* \* MON-FRI' \(Europe\/Berlin\)/)).toBeVisible();
    const row = page.getByTestId("schedule-row");
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("schedule-status")).toHaveText("Scheduled");
    await row.getByTestId("schedule-cancel").click();
    await page.getByTestId("schedule-cancel-confirm").click();
    await expect(row.getByTestId("schedule-status")).toHaveText("Cancelled");

    // Send now: the job page follows the job to its end.
    await page.getByLabel("Now", { exact: true }).check();
    await page.getByTestId("nudge-submit").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/nudges/\\d+$`));
    await expect(page.getByRole("heading", { name: /Nudge #\d+/ })).toBeVisible();
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("job-recipients")).toHaveText("1");
    await expect(page.getByTestId("job-notified")).toHaveText("1");
    await expect(page.getByTestId("job-message")).toContainText("Reminded 1 person with pending work in the 'Stage 1 - Start stage' stage: 1 notifications");
    await page.getByTestId("job-list-link").click();
    await expect(page.getByTestId("job-row")).toHaveCount(1);
    await expect(page.getByTestId("job-row").getByTestId("job-status")).toHaveText("Succeeded");
    await expect(page.getByTestId("job-row").getByTestId("job-notified")).toHaveText("1");

    // The employee's bell.
    const context = await browser.newContext();
    const employee = await context.newPage();
    const errors: string[] = [];
    employee.on("pageerror", (err) => errors.push(err.message));
    await signIn(employee, DEMO.employee, "/app/home");
    const bell = employee.getByTestId("notifications-bell");
    await expect(bell).toHaveAttribute("aria-label", /^Notifications, [1-9]\d* unread$/);
    const unreadBefore = Number(await employee.getByTestId("notifications-unread").textContent());
    await bell.click();
    const item = employee.getByTestId("notification-item").filter({ hasText: name }).first();
    await expect(item).toContainText(`Reminder: you have pending work in ${name}`);
    await expect(item).toContainText(`Choose your peers and stakeholders for ${name}`);
    await expect(item).toHaveAttribute("data-read", "false");
    await item.click();
    await expect(employee).toHaveURL(new RegExp(`/app/performance/peer-finalization\\?cycle_id=${cycleId}$`));
    // Read now: one fewer unread, and the item shows as read.
    await expect(bell).toHaveAttribute("aria-label", unreadBefore === 1 ? "Notifications" : `Notifications, ${unreadBefore - 1} unread`);
    await employee.getByTestId("notifications-bell").click();
    await expect(employee.getByTestId("notification-item").filter({ hasText: name }).first()).toHaveAttribute("data-read", "true");
    expect(errors).toEqual([]);
    await context.close();
  });
});
