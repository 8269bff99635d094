import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";

/**
 * Admin users, spoofing and the audit log in the browser (issue [2/3] items 1-3). Each test picks its
 * own seeded employee (not a DEMO user) and puts its role back, so the tests do not depend on order.
 */

type UserRow = { id: number; name: string; email: string; role: string };
const demoEmails = new Set(Object.values(DEMO).map((d) => d.email));

/** Seeded employees other than the DEMO users, by name (the same list on every fresh seed). */
async function seededEmployees(request: APIRequestContext): Promise<UserRow[]> {
  const res = await request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100");
  expect(res.status()).toBe(200);
  const users = ((await res.json()).users as UserRow[]).filter((u) => !demoEmails.has(u.email));
  expect(users.length).toBeGreaterThan(3);
  return users;
}

async function userByEmail(request: APIRequestContext, email: string): Promise<UserRow> {
  const res = await request.get(`/api/v1/admin/users?${new URLSearchParams({ q: email })}`);
  const users = (await res.json()).users as UserRow[];
  const user = users.find((u) => u.email === email);
  expect(user, email).toBeTruthy();
  return user!;
}

async function setRole(request: APIRequestContext, id: number, role: string) {
  const res = await request.patch(`/api/v1/admin/users/${id}`, { data: { role } });
  expect(res.status()).toBe(200);
}

async function searchUsers(page: Page, text: string) {
  await page.getByTestId("users-search").fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.]/g, "\\.")}`));
}

test("an admin searches users, filters by role and changes a role on the user's page", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/users");
  const grid = page.getByTestId("users-grid");
  for (const column of ["Name", "Role", "Email"]) await expect(grid.getByRole("columnheader", { name: column })).toBeVisible();

  const target = (await seededEmployees(page.request)).at(-1)!;
  try {
    // Role filter (role[]): HR Ops only.
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "HR Ops" }).click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/role%5B%5D=HR_OPS|role\[\]=HR_OPS/);
    await expect(grid.getByRole("link", { name: DEMO.hrOps.name })).toBeVisible();
    await expect(grid.getByRole("link", { name: DEMO.employee.name })).toHaveCount(0);

    // Search (q) by email, all roles again.
    await open(page, "/app/admin/users");
    await searchUsers(page, target.email);
    await expect(page.getByText("1 user", { exact: true })).toBeVisible();
    const link = page.getByTestId(`user-link-${target.id}`);
    await expect(link).toHaveText(target.name);
    await expect(grid.locator('[role="row"]', { hasText: target.email })).toContainText("Employee");

    // The user's page: change the role.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/users/${target.id}$`));
    await expect(page.getByTestId("user-name")).toHaveText(target.name);
    await expect(page.getByTestId("user-email")).toHaveText(target.email);
    await expect(page.getByTestId("user-role")).toHaveText("Employee");
    await expect(page.getByTestId("user-role-save")).toBeDisabled();
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "People Partner" }).click();
    await page.getByTestId("user-role-save").click();
    await expect(page.getByText("Role changed to People Partner")).toBeVisible();
    await expect(page.getByTestId("user-role")).toHaveText("People Partner");

    // The table shows the new role (a fresh load: it comes from the server).
    await open(page, `/app/admin/users?${new URLSearchParams({ q: target.email })}`);
    await expect(grid.locator('[role="row"]', { hasText: target.email })).toContainText("People Partner");
    expect((await userByEmail(page.request, target.email)).role).toBe("PEOPLE_PARTNER");
  } finally {
    await setRole(page.request, target.id, "EMPLOYEE");
  }
});

test.describe("spoofing", () => {
  // While viewing as an employee, the admin area answers 403.
  test.use({ allowHttpErrors: [403] });

  test("an admin views the product as an employee and switches back with the banner", async ({ page }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/users");
    const eli = await userByEmail(page.request, DEMO.employee.email);
    const ada = await userByEmail(page.request, DEMO.superAdmin.email);

    // A super admin (here: yourself) cannot be spoofed: the button is disabled.
    await searchUsers(page, DEMO.superAdmin.email);
    await expect(page.getByTestId(`user-spoof-${ada.id}`)).toBeDisabled();

    await searchUsers(page, DEMO.employee.email);
    await page.getByTestId(`user-spoof-${eli.id}`).click();
    await expect(page).toHaveURL(/\/app\/home(\?|$)/);
    const banner = page.getByTestId("spoof-banner");
    await expect(banner).toContainText(`You are now viewing ${DEMO.employee.name} PMR.`);
    await expect(page.getByTestId("current-user-name")).toHaveText(DEMO.employee.name);
    await expect(page.getByTestId("nav-group-super-admin")).toHaveCount(0);

    // The admin area is closed while spoofing; the banner stays.
    await open(page, "/app/admin/users");
    await expect(page.getByText("You do not have access to this page")).toBeVisible();
    await expect(banner).toBeVisible();

    await page.getByRole("button", { name: "Switch To Super Admin" }).click();
    await expect(page).toHaveURL(/\/app\/admin\/users$/);
    await expect(page.getByTestId("current-user-name")).toHaveText(DEMO.superAdmin.name);
    await expect(page.getByTestId("spoof-banner")).toHaveCount(0);
    await expect(page.getByTestId("users-grid")).toBeVisible();

    // Both ends are in the audit log, with the admin as actor.
    const res = await page.request.get(`/api/v1/admin/audits?${new URLSearchParams({ search_query: `spoof User#${eli.id}`, limit: "2" })}`);
    const audits = (await res.json()).audits as Array<{ action: string; actor: { email: string } }>;
    expect(audits.map((a) => a.action)).toEqual(["spoof.end", "spoof.start"]);
    expect(audits.every((a) => a.actor.email === DEMO.superAdmin.email)).toBe(true);
  });
});

test("an admin finds a role change in the audit log and reads its before and after", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/audits");
  const target = (await seededEmployees(page.request)).at(-2)!;
  await setRole(page.request, target.id, "HR_OPS");
  try {
    await open(page, "/app/admin/audits");
    await page.getByTestId("audits-search").fill(`user.update ${target.email}`);
    await page.getByTestId("audits-search-submit").click();
    await expect(page).toHaveURL(/search_query=user\.update/);
    const rows = page.locator('[data-testid^="audit-row-"]');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText("user.update");
    await expect(row).toContainText(`User #${target.id}`);
    await expect(row).toContainText(DEMO.superAdmin.name);

    await row.getByRole("button", { name: "Show before and after" }).click();
    const before = page.getByTestId("audit-before");
    const after = page.getByTestId("audit-after");
    await expect(before).toContainText('"role": "EMPLOYEE"');
    await expect(after).toContainText('"role": "HR_OPS"');
    await expect(after.locator('[data-key="role"][data-changed="true"]')).toHaveText(/"role": "HR_OPS"/);
    await expect(after.locator('[data-key="email"]')).not.toHaveAttribute("data-changed", "true");

    // The user's page links to the changes of that user.
    await open(page, `/app/admin/users/${target.id}`);
    await page.getByTestId("user-audit-link").click();
    await expect(page).toHaveURL(new RegExp(`search_query=User%23${target.id}`));
    await expect(page.locator('[data-testid^="audit-row-"]', { hasText: "user.update" })).toHaveCount(1);
  } finally {
    await setRole(page.request, target.id, "EMPLOYEE");
  }
});

test.describe("directory", () => {
  // The duplicate email is refused with 409 (a console "Failed to load resource" line).
  test.use({ allowHttpErrors: [409] });

  test("an admin creates a user, changes their manager, deactivates and re-activates them", async ({
    page,
  }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/users");
    const email = `new.hire.${Date.now().toString(36)}@example.com`;
    await page.getByTestId("users-new").click();
    await expect(page).toHaveURL(/\/app\/admin\/users\/new$/);
    await expect(page.getByRole("heading", { name: "New user" })).toBeVisible();

    // A duplicate email is refused on its field, and nothing is created.
    await page
      .getByTestId("new-user-email")
      .fill(DEMO.employee.email.toUpperCase());
    await page.getByTestId("new-user-name").fill("Nina New");
    await page.getByTestId("new-user-submit").click();
    await expect(
      page.getByText(
        `A user with the email ${DEMO.employee.email} already exists`
      )
    ).toBeVisible();

    await page.getByTestId("new-user-email").fill(email);
    await page.getByTestId("new-user-department").fill("Research");
    await page.getByTestId("new-user-level").fill("L3");
    await page.getByTestId("new-user-start_date").fill("2024-03-01");
    await page.getByTestId("new-user-manager_email").fill(DEMO.manager.email);
    await page.keyboard.press("Escape");
    await page.getByTestId("new-user-submit").click();
    await expect(page).toHaveURL(/\/app\/admin\/users\/\d+$/);
    await expect(page.getByText("User created")).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText("Nina New");
    await expect(page.getByTestId("user-email")).toHaveText(email);
    await expect(page.getByTestId("user-manager")).toHaveText(
      DEMO.manager.name
    );
    await expect(page.getByTestId("user-details")).toContainText("Research");

    // The manager, picked from the suggestions.
    const manager = page.getByTestId("user-form-manager_email");
    await manager.fill("");
    await manager.fill("Priya");
    await page
      .getByRole("option", { name: new RegExp(DEMO.peoplePartner.name) })
      .click();
    await expect(manager).toHaveValue(DEMO.peoplePartner.email);
    await page.getByTestId("user-form-submit").click();
    await expect(page.getByText("User updated")).toBeVisible();
    await expect(page.getByTestId("user-manager")).toHaveText(
      DEMO.peoplePartner.name
    );

    // Deactivate after a confirmation; the list shows them with the inactive filter.
    await page.getByTestId("user-deactivate").click();
    await expect(page.getByTestId("user-status-dialog")).toBeVisible();
    await page.getByTestId("user-status-confirm").click();
    await expect(
      page.getByText("Nina New deactivated: signed out everywhere")
    ).toBeVisible();
    await expect(page.getByTestId("user-inactive")).toBeVisible();
    await expect(page.getByTestId("user-status")).toContainText(
      "Inactive since"
    );
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    await open(page, `/app/admin/users?${new URLSearchParams({ q: email })}`);
    await expect(page.getByTestId(`user-inactive-${id}`)).toBeVisible();
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Active", exact: true }).click();
    await expect(page).toHaveURL(/status=active/);
    await expect(page.getByText("No users found")).toBeVisible();
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Inactive" }).click();
    await expect(page).toHaveURL(/status=inactive/);
    await page.getByTestId(`user-link-${id}`).click();

    await page.getByTestId("user-reactivate").click();
    await page.getByTestId("user-status-confirm").click();
    await expect(page.getByText("Nina New re-activated")).toBeVisible();
    await expect(page.getByTestId("user-inactive")).toHaveCount(0);
    await expect(page.getByTestId("user-status")).toHaveText("Active");

    const res = await page.request.get(
      `/api/v1/admin/audits?${new URLSearchParams({
        search_query: `User#${id}`,
      })}`
    );
    const actions = (
      (await res.json()).audits as Array<{ action: string }>
    ).map((a) => a.action);
    expect(actions).toEqual([
      "user.reactivate",
      "user.deactivate",
      "user.update",
      "user.create",
    ]);
  });
});
