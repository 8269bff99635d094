import { test, expect, DEMO, open, signIn } from "./fixtures";

/**
 * SCIM provisioning page (docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md): reached from the users
 * page (not the side navigation), it shows the SCIM base URL, makes a token that is shown once with a copy button,
 * lists it with its last use and revokes it after a confirmation.
 */
test("a super admin makes a SCIM token, copies it once and revokes it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, DEMO.superAdmin, "/app/admin/users");
  await expect(page.locator("nav a[href='/app/admin/scim-tokens']")).toHaveCount(0); // not in the side navigation
  await page.getByTestId("users-scim-link").click();
  await expect(page).toHaveURL(/\/app\/admin\/scim-tokens$/);
  await expect(page.getByRole("heading", { name: "SCIM provisioning" })).toBeVisible();
  await expect(page.getByTestId("scim-base-url")).toHaveText(/^https?:\/\/[^/]+\/scim\/v2$/);

  const name = `Okta e2e ${Date.now()}`;
  await page.getByTestId("scim-token-name").fill(name);
  await page.getByTestId("scim-token-create").click();
  const value = page.getByTestId("scim-token-value");
  await expect(value).toHaveText(/^pmrscim_[A-Za-z0-9_-]{43}$/);
  const token = (await value.textContent())!;
  await page.getByTestId("scim-token-copy").click();
  await expect(page.getByTestId("scim-token-copy")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // Listed by name and prefix, never used yet; a SCIM token is no API token.
  const row = page.locator("[data-testid^='scim-token-row-']", { hasText: name });
  await expect(row).toContainText(`${token.slice(0, 16)}…`);
  await expect(row).toContainText("Never");
  await expect(row).toContainText(DEMO.superAdmin.name);
  const asApi = await page.request.get("/api/v1/api_tokens", { headers: { Authorization: `Bearer ${token}` } });
  expect(asApi.status()).toBe(401);

  // Shown once: after a reload only the prefix remains.
  await open(page, "/app/admin/scim-tokens");
  await expect(page.getByTestId("scim-token-value")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(token);

  // Revoke: a confirmation first; cancelling keeps it.
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("dialog")).toContainText(`Revoke “${name}”?`);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByTestId("scim-token-revoke-confirm").click();
  await expect(page.getByTestId("scim-token-message")).toHaveText("SCIM token revoked");
  await expect(row.locator("[data-testid^='scim-token-revoked-']")).toBeVisible();
  await expect(row.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);
});

test.describe("for others", () => {
  test.use({ allowHttpErrors: [403] });
  test("the page is for super admins only", async ({ page }) => {
    await signIn(page, DEMO.employee, "/app/home");
    const res = await open(page, "/app/admin/scim-tokens");
    expect(res?.status()).toBe(403);
  });
});
