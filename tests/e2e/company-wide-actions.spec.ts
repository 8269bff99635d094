import { test, expect, DEMO, open, signIn, signedInPage } from "./fixtures";

/**
 * Admin actions with company-wide effects (issue 26 §4, ADR 0059): Create Cycle lands on the new cycle's page with
 * a toast; Start Cycle asks first and says what will happen; a super admin chooses the current cycle; Home lists
 * what waits in the viewer's other cycles. The cycle created here has no dates, so it sorts after the demo cycles
 * and never becomes another test's default cycle; the chosen current cycle is the one pages already open, and is
 * cleared at the end.
 */
test("create lands on the new cycle with a toast, Start asks first, the current cycle is chosen, Home shows other cycles", async ({ page, browser }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles/create");
  const name = `Company-wide ${Date.now()}`;
  await page.getByTestId("cycle-field-name").fill(name);
  const started = Date.now();
  await page.getByTestId("cycle-create-submit").click();
  await expect(page).toHaveURL(/\/app\/admin\/cycles\/\d+$/);
  await expect(page.getByText(`Cycle “${name}” created`)).toBeVisible();
  console.log(`[company-wide] create cycle: ${Date.now() - started} ms from the click to the new cycle's page`);
  const cycleId = Number(new URL(page.url()).pathname.split("/").pop());
  // The address is clean after the toast (no ?done=).
  expect(new URL(page.url()).search).toBe("");

  const added = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.employee.email } });
  expect(added.status(), await added.text()).toBe(201);

  // Start Cycle: a confirmation that says what happens; Cancel leaves the cycle as it was.
  await open(page, "/app/admin/cycles");
  await page.getByTestId(`cycle-start-${cycleId}`).click();
  const dialog = page.getByTestId("cycle-start-dialog");
  await expect(dialog).toContainText(`Start “${name}”?`);
  await expect(dialog).toContainText(`1 participant (1 receiving feedback) will see “${name}”`);
  await expect(dialog).toContainText("Nobody is emailed now");
  await page.getByTestId("cycle-start-cancel").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`cycle-stage-${cycleId}`)).toHaveText("Not started");
  await page.getByTestId(`cycle-start-${cycleId}`).click();
  await page.getByTestId("cycle-start-confirm").click();
  await expect(page.getByTestId(`cycle-stage-${cycleId}`)).toHaveText("Stage 1 - Start stage");

  // The current cycle: the super admin chooses the one pages open already (so other tests see no change).
  const list = await (await page.request.get("/api/v1/cycles")).json();
  const first: { id: number; name: string } = list.cycles[0];
  await page.getByTestId(`cycle-make-current-${first.id}`).click();
  await expect(page.getByText(`${first.name} is now the current cycle`)).toBeVisible();
  await expect(page.getByTestId(`cycle-current-${first.id}`)).toHaveText("Current cycle (chosen)");
  await expect(page.getByTestId(`cycle-make-current-${first.id}`)).toHaveCount(0);
  const admin = await (await page.request.get("/api/v1/admin/cycles")).json();
  expect(admin).toMatchObject({ current_cycle: { id: first.id }, current_cycle_chosen: true });
  const cleared = await page.request.put("/api/v1/admin/current_cycle", { data: { cycle_id: null } });
  expect(cleared.status()).toBe(200);

  // Home: the employee's default cycle page also lists what waits in the new cycle.
  const employee = await signedInPage(browser, DEMO.employee, "/app/home");
  try {
    const group = employee.page.getByTestId(`home-elsewhere-cycle-${cycleId}`);
    if (new URL(employee.page.url()).searchParams.get("cycle_id") === String(cycleId)) {
      await open(employee.page, `/app/home?cycle_id=${first.id}`);
    }
    await expect(group).toBeVisible();
    await expect(group).toContainText(name);
    await expect(group.getByTestId("home-elsewhere-item").first()).toHaveAttribute("data-kind", "choose_peers");
    await group.getByTestId("home-elsewhere-item").first().getByRole("link").click();
    await expect(employee.page).toHaveURL(new RegExp(`cycle_id=${cycleId}`));
  } finally {
    await employee.close();
  }
});
