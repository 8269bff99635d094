import { test, expect, DEMO, open, signIn } from "./fixtures";
import { csvText } from "./downloads";

/** The directory import (ADR 0052): the users page's Import button, the upload form, the job page with its row errors. */

const HEADER = "email,name,role,job_title,department,level,location,manager_email,secondary_manager_email,hr_partner_email,start_date,employee_number,active";
/** The template and the download end with a column per people attribute kept as a value, by its name (ADR 0110). */
const WITH_ATTRIBUTES = `${HEADER},Gender,Employment type`;

test.describe("directory import", () => {
  // The bad-header upload answers 400 or 422 (ADR 0060) (shown on the form).
  test.use({ allowHttpErrors: [400, 422] });

  test("an admin imports a small directory CSV, managers after their reports, and reads the row errors", async ({ page }) => {
    const tag = Date.now();
    const at = (name: string) => `${name}.${tag}@import.example.com`;
    await signIn(page, DEMO.superAdmin, "/app/admin/users");
    await page.getByTestId("users-import").click();
    await expect(page).toHaveURL(/\/app\/admin\/users\/import$/);
    await expect(page.getByRole("heading", { name: "Import users" })).toBeVisible();

    const [template] = await Promise.all([page.waitForEvent("download"), page.getByTestId("template-link").click()]);
    expect((await csvText(template)).trim()).toBe(WITH_ATTRIBUTES);
    const [directory] = await Promise.all([page.waitForEvent("download"), page.getByTestId("directory-export-link").click()]);
    const exported = await csvText(directory);
    expect(exported.split("\n")[0]).toBe(WITH_ATTRIBUTES);
    expect(exported).toContain(`${DEMO.manager.email},`);

    await page.getByTestId("upload-file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("mail,nickname\nx,y\n") });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-error")).toContainText("Invalid CSV header: missing column email; unknown columns mail, nickname");

    const csv = [
      "email,name,role,job_title,manager_email,hr_partner_email,start_date",
      `${at("ada")},Ada Report,,Engineer,${at("max")},${DEMO.manager.email},2024-01-02`,
      `${at("bea")},Bea Broken,Wizard,,,,2024-13-01`,
      `${at("max")},Max Manager,,Lead,,,2019-06-30`,
      `${at("cyd")},Cyd,,,nobody.${tag}@import.example.com,,`,
    ].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Commit only the valid rows").check();
    await page.getByTestId("upload-submit").click();

    await expect(page).toHaveURL(/\/app\/admin\/users\/import\/jobs\/\d+$/);
    await expect(page.getByRole("heading", { name: /Directory import job #\d+/ })).toBeVisible();
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("job-message")).toHaveText(
      "2 of 4 rows committed; 2 rows with errors were skipped (2 created, 0 updated, 0 deactivated, 0 reactivated, 0 unchanged)",
    );
    await expect(page.getByTestId("job-succeeded")).toHaveText("2");
    await expect(page.getByTestId("job-failed")).toHaveText("2");
    const errors = page.getByTestId("row-error");
    await expect(errors).toHaveCount(3);
    await expect(errors.nth(0).locator("td")).toHaveText(["3", "role", "Unknown role Wizard: use one of SUPER_ADMIN, PEOPLE_PARTNER, HR_OPS, EMPLOYEE"]);
    await expect(errors.nth(1).locator("td")).toHaveText(["3", "start_date", "Start date 2024-13-01 is not a date (YYYY-MM-DD)"]);
    await expect(errors.nth(2).locator("td")).toHaveText([
      "5",
      "manager_email",
      `Manager not found: no user with the email nobody.${tag}@import.example.com in the directory or in the file`,
    ]);

    // The list of imports, and the users as the API shows them.
    await page.getByTestId("job-list-link").click();
    await expect(page).toHaveURL(/\/app\/admin\/users\/import\/jobs$/);
    await expect(page.getByTestId("job-row").first()).toContainText("people.csv");
    const users = await (await page.request.get(`/api/v1/admin/users?q=${tag}&status=all`)).json();
    const ada = (users.users as Array<{ id: number; email: string }>).find((u) => u.email === at("ada"))!;
    const detail = await (await page.request.get(`/api/v1/admin/users/${ada.id}`)).json();
    expect(detail.user).toMatchObject({ job_title: "Engineer", start_date: "2024-01-02", manager: { email: at("max") }, hr_partner: { email: DEMO.manager.email } });

    await open(page, "/app/admin/users/import");
    await expect(page.getByTestId("jobs-link")).toBeVisible();
  });
});
