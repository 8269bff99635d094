import { test, expect, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the user directory's three pages (the list, the new user form and a user's page) are server-rendered with
 * static CSS only: frame and content add no emotion style tag, no emotion class and no MUI class (the filters' and the
 * role's MUI selects, the people pickers, tooltips and the status dialog mount in the browser). The list is filtered,
 * sorted and paged by the server, so each address renders its own rows.
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

test("the users list, a filtered and sorted page of it, the new user form and a user's page hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/users");
  const res = await page.request.get(`/api/v1/admin/users?${new URLSearchParams({ q: DEMO.manager.email })}`);
  const manager = ((await res.json()).users as Array<{ id: number; email: string }>).find((u) => u.email === DEMO.manager.email)!;
  expect(manager).toBeTruthy();

  await expectNoEmotion(page, "/app/admin/users", 'data-testid="users-grid"');
  await expectNoEmotion(page, `/app/admin/users?${new URLSearchParams({ q: DEMO.manager.email, status: "active", sort: "-email" })}`, `data-testid="user-link-${manager.id}"`);
  await expectNoEmotion(page, "/app/admin/users?role[]=HR_OPS&page_size=10&page=2", 'data-testid="users-pagination"');
  await expectNoEmotion(page, "/app/admin/users/new", 'data-testid="new-user-submit"');
  await expectNoEmotion(page, `/app/admin/users/${manager.id}`, 'data-testid="user-details"');
});

test("the list works without JavaScript: the search, the filters, the sort and the pages are links and a GET form", async ({ page, browser }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/users");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  try {
    await plain.goto("/app/admin/users?page_size=10");
    await plain.getByTestId("users-page-next").click();
    await expect(plain).toHaveURL(/[?&]page=2(&|$)/);
    await expect(plain.getByTestId("users-range")).toHaveText(/^11–/);

    await plain.getByTestId("users-search").fill(DEMO.hrOps.email);
    await plain.locator("#users-status-filter-native").selectOption("active");
    await plain.locator("#users-role-filter-native").selectOption("HR_OPS");
    await plain.getByRole("button", { name: "Apply" }).click();
    await expect(plain).toHaveURL(/status=active/);
    await expect(plain).toHaveURL(/role%5B%5D=HR_OPS/);
    await expect(plain.getByTestId("users-grid").getByRole("link", { name: DEMO.hrOps.name })).toBeVisible();
    await expect(plain.getByText("1 user", { exact: true })).toBeVisible();
    // The form's new search starts again on page 1, keeping no stale page.
    expect(new URL(plain.url()).searchParams.get("page")).toBeNull();

    await plain.getByTestId("users-sort-email").click();
    await expect(plain).toHaveURL(/sort=email/);
    await expect(plain.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "ascending");
    await plain.getByTestId("users-sort-email").click();
    await expect(plain).toHaveURL(/sort=-email/);
    await expect(plain.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "descending");
  } finally {
    await context.close();
  }
});
