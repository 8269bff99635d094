import { test, expect, DEMO, open, signIn } from "./fixtures";

// The form answers invalid input with 400 or 422 (ADR 0060) and field errors.
test.use({ allowHttpErrors: [400, 422] });

test("an admin adds a participant through the form, finds it by search, rates it and sees the panels", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");

  // A fresh cycle (same session through the API).
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Participants ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  const base = `/app/admin/cycles/${cycleId}/participants`;

  // The cycle page links to the participants and shows the statistics.
  await open(page, `/app/admin/cycles/${cycleId}`);
  await expect(page.getByTestId("stat-participants-total")).toHaveText("Participants: 0");
  await expect(page.getByTestId("cycle-section-nudges")).toHaveAttribute("href", `/app/admin/cycles/${cycleId}/nudges`);
  await page.getByTestId("cycle-section-participants").click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByTestId("participants-empty")).toHaveText("No participants yet");

  // Form: field errors from the server.
  await page.getByTestId("participant-create-link").click();
  await expect(page).toHaveURL(new RegExp(`${base}/create$`));
  const email = page.getByTestId("participant-field-email");
  const manager = page.getByTestId("participant-field-manager-email");
  await email.fill(DEMO.employee.email);
  // The picker suggests users by name or email.
  await expect(page.getByRole("option", { name: new RegExp(DEMO.employee.name) })).toBeVisible();
  await page.keyboard.press("Escape");
  await manager.fill(DEMO.employee.email);
  await page.keyboard.press("Escape");
  await page.getByTestId("participant-create-submit").click();
  await expect(page.getByText("Manager must differ from the participant")).toBeVisible();

  await page.getByTestId("participant-field-manager-email").fill("nobody.at.all@example.com");
  await page.keyboard.press("Escape");
  await page.getByTestId("participant-create-submit").click();
  await expect(page.getByText("No user with email nobody.at.all@example.com")).toBeVisible();

  await page.getByTestId("participant-field-manager-email").fill(DEMO.manager.email);
  await page.keyboard.press("Escape");
  await page.getByTestId("participant-create-submit").click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByText(`${DEMO.employee.email} added to the cycle`)).toBeVisible();

  // The manager joins too (API), then the list is searched.
  const second = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.manager.email } });
  expect(second.status()).toBe(201);
  await open(page, base);
  await expect(page.locator('[data-testid^="participant-row-"]')).toHaveCount(2);
  await page.getByTestId("participants-search").fill("eli");
  await page.getByTestId("participants-search-submit").click();
  await expect(page).toHaveURL(/q=eli/);
  await expect(page.locator('[data-testid^="participant-row-"]')).toHaveCount(1);
  const row = page.getByTestId(`participant-row-${DEMO.employee.email}`);
  await expect(row).toContainText(DEMO.employee.name);
  await expect(row).toContainText(DEMO.manager.email);
  await expect(page.getByTestId(`participant-rating-${DEMO.employee.email}`)).toHaveText("—");

  // Edit the rating.
  await page.getByTestId(`participant-edit-rating-${DEMO.employee.email}`).click();
  await expect(page).toHaveURL(new RegExp(`${base}/${encodeURIComponent(DEMO.employee.email).replace(/\./g, "\\.")}/edit-rating$`));
  await page.getByLabel("4 - Exceeds Expectations").check();
  await page.getByTestId("participant-rating-save").click();
  await expect(page).toHaveURL(new RegExp(`${base}(\\?.*)?$`));
  await expect(page.getByTestId(`participant-rating-${DEMO.employee.email}`)).toHaveText("4 - Exceeds Expectations");
  const api = await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.employee.email)}`);
  expect((await api.json()).participant.calibrated_rating).toBe(4);

  // Panels: the employee has Self and Manager; the manager has the employee as a Direct Report.
  await page.getByTestId(`participant-panel-${DEMO.employee.email}`).click();
  await expect(page.getByRole("heading", { name: `Panel of ${DEMO.employee.name}` })).toBeVisible();
  await expect(page.getByTestId(`panel-type-${DEMO.employee.email}`)).toHaveText("Self");
  await expect(page.getByTestId(`panel-type-${DEMO.manager.email}`)).toHaveText("Manager");
  await open(page, `${base}/${encodeURIComponent(DEMO.manager.email)}/panel`);
  await expect(page.getByTestId(`panel-type-${DEMO.manager.email}`)).toHaveText("Self");
  await expect(page.getByTestId(`panel-type-${DEMO.employee.email}`)).toHaveText("Direct Report");

  // The statistics on the cycle page follow.
  await open(page, `/app/admin/cycles/${cycleId}`);
  await expect(page.getByTestId("stat-participants-total")).toHaveText("Participants: 2");
  await expect(page.getByTestId("stat-progress-calibrated_ratings-counts")).toHaveText("1 done · 1 pending · 2 total");
});

test("deleting a participant asks for confirmation", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Delete ${Date.now()}` } });
  const cycleId = (await created.json()).cycle.id as number;
  const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.employee.email } });
  expect(res.status()).toBe(201);
  await open(page, `/app/admin/cycles/${cycleId}/participants`);
  await page.getByTestId(`participant-delete-${DEMO.employee.email}`).click();
  const dialog = page.getByTestId("participant-delete-dialog");
  await expect(dialog).toContainText(DEMO.employee.email);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`participant-row-${DEMO.employee.email}`)).toBeVisible();
  await page.getByTestId(`participant-delete-${DEMO.employee.email}`).click();
  await page.getByTestId("participant-delete-confirm").click();
  await expect(page.getByText(`${DEMO.employee.email} removed from the cycle`)).toBeVisible();
  await expect(page.getByTestId("participants-empty")).toBeVisible();
});
