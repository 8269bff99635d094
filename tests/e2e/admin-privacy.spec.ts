import fs from "node:fs";
import { test, expect, DEMO, open, signIn } from "./fixtures";
import { ok } from "./api-helpers";

/**
 * A person's data on the admin user page (ADR 0053): a super admin exports everything held about a person (the job's
 * ZIP is downloaded), then, once the person is deactivated, erases them by typing their email; the page then shows the
 * pseudonym. The person is made for the test (POST /api/v1/admin/users), so no other test loses a seeded user.
 */

test("an admin exports a person's data as a ZIP and erases a deactivated person by typing their email", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/users");
  const stamp = Date.now().toString(36);
  const email = `leaver.${stamp}@example.com`;
  const name = `Lee Leaver ${stamp}`;
  const { user } = await ok<{ user: { id: number } }>(
    await page.request.post("/api/v1/admin/users", { data: { email, name, job_title: "Analyst", department: "Finance", employee_number: `L-${stamp}` } }),
    201,
  );

  // Export: the job runs, its ZIP downloads.
  await open(page, `/app/admin/users/${user.id}`);
  const panel = page.getByTestId("privacy-panel");
  await expect(panel.getByRole("heading", { name: "Personal data" })).toBeVisible();
  await expect(page.getByTestId("privacy-erase-open")).toHaveCount(0); // active: no erasure
  await page.getByTestId("privacy-export").click();
  const downloadLink = panel.getByRole("link", { name: "Download ZIP" });
  await expect(downloadLink).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-user-\d+-job-\d+\.zip$/);
  const zip = fs.readFileSync((await download.path())!);
  expect(zip.subarray(0, 4).toString("hex")).toBe("504b0304");
  expect(zip.toString("latin1")).toContain(email);

  // Erase: refused while active (no button), possible once deactivated, only with the exact email typed.
  await ok(await page.request.post(`/api/v1/admin/users/${user.id}/deactivate`));
  await open(page, `/app/admin/users/${user.id}`);
  await page.getByTestId("privacy-erase-open").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("What they wrote about others stays");
  const confirm = dialog.getByTestId("privacy-erase-confirm");
  await dialog.getByTestId("privacy-erase-email").fill(`x${email}`);
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId("privacy-erase-email").fill(email.toUpperCase());
  await confirm.click();
  await expect(page.getByTestId("privacy-erased")).toBeVisible();
  await expect(page.getByTestId("user-name")).toHaveText(/^Erased person [0-9a-f]{6}$/);
  await expect(page.getByTestId("user-email")).toHaveText(/^erased-[0-9a-f]+@erased\.invalid$/);
  await expect(page.getByText(name)).toHaveCount(0);

  // The earlier export went with the erasure.
  await expect(panel.getByRole("link", { name: "Download ZIP" })).toHaveCount(0);
});
