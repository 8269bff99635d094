import { test, expect, DEMO, signIn } from "./fixtures";

test.describe("sign-in and sign-out", () => {
  test("an anonymous visitor is sent to the login screen, which remembers the page", async ({ page }) => {
    await page.goto("/app/admin/cycles?x=1");
    await expect(page).toHaveURL(/\/app\/login\?out=true&redirectTo=%2Fapp%2Fadmin%2Fcycles%3Fx%3D1/);
    await expect(page.getByText("You can sign in with SSO, using your work email address")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    // Without a user only the content and the Help button show: no navigation drawer.
    await expect(page.getByRole("button", { name: "Help" })).toBeVisible();
    await expect(page.getByTestId("side-drawer")).toHaveCount(0);
  });

  test("the root path redirects to /app/home (and on to sign-in)", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/app\/login\?out=true&redirectTo=%2Fapp%2Fhome/);
  });

  test("signing in through the local provider returns to the requested page", async ({ page }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles", { fresh: true });
    await expect(page).toHaveURL(/\/app\/admin\/cycles$/);
    await expect(page.getByRole("heading", { name: "Cycles" })).toBeVisible();
    // Footer: avatar, name, logout and the version.
    await expect(page.getByTestId("nav-footer")).toContainText("Ada Admin");
    await expect(page.getByTestId("nav-footer")).toContainText("1.7.54");
  });

  test("logout ends on /app/login?out=true and pages need a new sign-in", async ({ page }) => {
    await signIn(page, DEMO.employee, "/app/home", { fresh: true });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/app\/login\?out=true$/);
    await page.goto("/app/home");
    await expect(page).toHaveURL(/\/app\/login\?out=true/);
  });

  test("the API answers 401 JSON without a token", async ({ request }) => {
    const res = await request.get("/api/v1/cycles");
    expect(res.status()).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
  });
});
