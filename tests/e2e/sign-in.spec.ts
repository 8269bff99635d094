import { test, expect, DEMO } from "./fixtures";

test.describe("sign-in: second provider and failures", () => {
  test("'Sign in with Lark' goes through the Lark-shaped code flow and returns to the requested page", async ({ page }) => {
    await page.goto("/app/admin/cycles");
    await expect(page.getByRole("heading", { name: "Welcome to PMR" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in with Lark" }).click();
    await expect(page).toHaveURL(/\/open-apis\/authen\/v1\/authorize\?/);
    await page.getByRole("button", { name: new RegExp(DEMO.superAdmin.email.replace(/[.]/g, "\\.")) }).click();
    await expect(page).toHaveURL(/\/app\/admin\/cycles$/);
    await expect(page.getByTestId("current-user-name")).toHaveText(DEMO.superAdmin.name);
  });

  test("an email that is not a user shows 'Error while login' once, and the requested page is kept", async ({ page }) => {
    await page.goto("/app/home?cycle_id=1");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByLabel("Email").fill("stranger@elsewhere.example.org");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app\/login\?redirectTo=%2Fapp%2Fhome%3Fcycle_id%3D1$/);
    await expect(page.getByText("Error while login")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Error while login")).toHaveCount(0);
    // The next attempt still returns to the page asked for first.
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("button", { name: new RegExp(DEMO.employee.email.replace(/[.]/g, "\\.")) }).click();
    await expect(page).toHaveURL(/\/app\/home\?cycle_id=1$/);
  });
});
