import { test, expect, DEMO, open, signIn } from "./fixtures";

const STAGES = [
  "Stage 1 - Start stage",
  "Stage 2 - SPU Feedback stage",
  "Stage 3 - Manager Feedback stage",
  "Stage 4 - Calibration stage",
  "Stage 5 - Communication stage",
];

test("an admin creates a cycle and takes it from Start to communication with the confirmation dialog", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  await page.getByTestId("cycle-create-link").click();
  await expect(page).toHaveURL(/\/app\/admin\/cycles\/create$/);
  await expect(page.getByTestId("cycle-field-name")).toBeVisible();
  const name = `E2E Cycle ${Date.now()}`;
  await page.getByTestId("cycle-field-name").fill(name);
  await page.getByTestId("cycle-field-start-date").fill("2027-01-04");
  await page.getByTestId("cycle-field-planned-end-date").fill("2027-03-31");
  await page.getByTestId("cycle-create-submit").click();
  // Creating lands on the new cycle's page (issue 26 §4).
  await expect(page).toHaveURL(/\/app\/admin\/cycles\/\d+$/);

  await open(page, "/app/admin/cycles");
  const row = page.locator('[data-testid^="cycle-row-"]', { hasText: name });
  await expect(row).toBeVisible();
  const id = (await row.getAttribute("data-testid"))!.replace("cycle-row-", "");
  const chip = page.getByTestId(`cycle-stage-${id}`);

  await page.getByTestId(`cycle-start-${id}`).click();
  await page.getByTestId("cycle-start-confirm").click();
  await expect(chip).toHaveText(STAGES[0]!);

  for (const next of STAGES.slice(1)) {
    await page.getByTestId(`cycle-proceed-${id}`).click();
    const dialog = page.getByTestId("cycle-confirm-dialog");
    await expect(dialog).toContainText("Are you sure you would like to move the cycle to the next stage?");
    await page.getByTestId("cycle-confirm-submit").click();
    await expect(chip).toHaveText(next);
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId(`cycle-proceed-${id}`)).toHaveCount(0);

  // The API (same session) agrees with the page.
  const api = await page.request.get(`/api/v1/admin/cycles/${id}`);
  expect(api.status()).toBe(200);
  expect((await api.json()).cycle.state).toBe("communication");
});
