import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";
import { csvText } from "./downloads";

/** A fresh cycle through the API (the signed-in super admin's session). */
async function newCycle(page: Page, name: string): Promise<number> {
  const res = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(res.status()).toBe(201);
  return (await res.json()).cycle.id;
}

test.describe("bulk participant jobs", () => {
  // The bad-header upload answers 400 or 422 (ADR 0060) (shown on the form).
  test.use({ allowHttpErrors: [400, 422] });

  test("an admin uploads a CSV with one bad row and reads its row error on the job page", async ({ page }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await newCycle(page, `E2E upload ${Date.now()}`);
    await open(page, `/app/admin/cycles/${cycleId}/upload-participants`);
    await expect(page.getByRole("heading", { name: "Upload participants" })).toBeVisible();

    // The template holds the header.
    const [template] = await Promise.all([page.waitForEvent("download"), page.getByTestId("template-link").click()]);
    expect((await csvText(template)).trim()).toBe(
      "email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only"
    );

    // A bad header is refused at once.
    await page.getByTestId("upload-file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("mail,team\nx,y\n") });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-error")).toContainText("Invalid CSV header: missing column email; unknown columns mail, team");

    const csv = ["email,manager_email", `${DEMO.employee.email},${DEMO.manager.email}`, "not-an-email,", `${DEMO.manager.email},`].join(
      "\n"
    );
    await page.getByTestId("upload-file").setInputFiles({ name: "team.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByTestId("upload-file-name")).toHaveText("team.csv");
    await page.getByLabel("Commit only the valid rows").check();
    await page.getByTestId("upload-submit").click();

    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/upload-participants-jobs/\\d+$`));
    await expect(page.getByRole("heading", { name: /Upload participants job #\d+/ })).toBeVisible();
    // The page polls while the job runs and settles on the outcome.
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("job-progress-text")).toHaveText("3 / 3 rows processed");
    await expect(page.getByTestId("job-message")).toHaveText("2 of 3 rows committed; 1 row with errors was skipped");
    await expect(page.getByTestId("job-failed")).toHaveText("1");
    const errors = page.getByTestId("row-error");
    await expect(errors).toHaveCount(1);
    await expect(errors.first().locator("td")).toHaveText(["3", "email", "Email must be a valid email address"]);

    // The list shows the job, newest first.
    await page.getByTestId("job-list-link").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/upload-participants-jobs$`));
    await expect(page.getByTestId("job-row")).toHaveCount(1);
    await expect(page.getByTestId("job-row").first()).toContainText("team.csv");

    // The participants were created.
    const participants = await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants`);
    expect(((await participants.json()).participants as Array<{ email: string }>).map((p) => p.email).sort()).toEqual(
      [DEMO.employee.email, DEMO.manager.email].sort()
    );
  });

  test("with 'commit nothing' an unknown manager fails the job and no row is committed", async ({ page }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await newCycle(page, `E2E all-or-nothing ${Date.now()}`);
    await open(page, `/app/admin/cycles/${cycleId}/upload-participants`);
    const csv = ["email,manager_email", `${DEMO.employee.email},${DEMO.manager.email}`, `${DEMO.manager.email},nobody.${Date.now()}@example.com`].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "strict.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Commit nothing if any row is invalid").check();
    await page.getByTestId("upload-submit").click();

    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/upload-participants-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("Failed", { timeout: 30_000 });
    await expect(page.getByTestId("job-message")).toHaveText("1 of 2 rows have errors; nothing was committed");
    const errors = page.getByTestId("row-error");
    await expect(errors).toHaveCount(1);
    await expect(errors.first().locator("td")).toHaveText(["3", "manager_email", /^No user with email nobody\.\d+@example\.com$/]);

    // The valid row was not committed either.
    const participants = await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants`);
    expect((await participants.json()).participants).toEqual([]);
  });

  test("an admin downloads the participants of a cycle as CSV", async ({ page }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await newCycle(page, `E2E download ${Date.now()}`);
    // Participants through the upsert API (multipart), waiting for the job.
    const upload = await page.request.post(`/api/v1/admin/cycles/${cycleId}/upsert_participant_jobs`, {
      multipart: {
        file: {
          name: "p.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(
            `email,manager_email,reviewer_only\n${DEMO.employee.email},${DEMO.manager.email},false\n${DEMO.manager.email},,true\n`
          ),
        },
        error_mode: "all_or_nothing",
      },
    });
    expect(upload.status()).toBe(202);
    const uploadJob = (await upload.json()).job;
    await expect
      .poll(
        async () =>
          (
            await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/upsert_participant_jobs/${uploadJob.id}`)).json()
          ).job.status,
        {
          timeout: 30_000,
        }
      )
      .toBe("succeeded");

    await open(page, `/app/admin/cycles/${cycleId}/upsert-participants-jobs`);
    await page.getByTestId("start-download").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/download-participant-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("job-progress-text")).toHaveText("2 / 2 rows processed");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("job-download").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^participants-cycle-${cycleId}-job-\\d+\\.csv$`));
    const lines = (await csvText(download)).trim().split("\n");
    expect(lines[0]).toBe(
      "email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only,name,calibrated_rating,promotion_decision"
    );
    expect(lines.slice(1).sort()).toEqual(
      [
        `${DEMO.employee.email},${DEMO.manager.email},,,false,${DEMO.employee.name},,`,
        `${DEMO.manager.email},,,,true,${DEMO.manager.name},,`,
      ].sort()
    );
  });

  test("populating from the organisation is a button on its jobs page", async ({ page }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await newCycle(page, `E2E populate ${Date.now()}`);
    await open(page, `/app/admin/cycles/${cycleId}/populate-participants-jobs`);
    await expect(page.getByTestId("jobs-empty")).toBeVisible();
    await page.getByTestId("start-populate").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/populate-participants-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("job-message")).toContainText(/^Created [1-9]\d* participants; 0 users were already participants$/);
    const participants = await page.request.get(
      `/api/v1/admin/cycles/${cycleId}/participants?q=${encodeURIComponent(DEMO.employee.email)}`
    );
    expect((await participants.json()).participants.map((p: { email: string }) => p.email)).toEqual([DEMO.employee.email]);
  });

  test("populating from the directory with a department filter adds only that department", async ({ page }) => {
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
    const count = async (cycleId: number) => (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants?page_size=1`)).json()).total as number;
    const employee = await (await page.request.get(`/api/v1/admin/users?q=${encodeURIComponent(DEMO.employee.email)}`)).json();
    const department: string = (await (await page.request.get(`/api/v1/admin/users/${employee.users[0].id}`)).json()).user.department;
    expect(department).toBeTruthy();

    const cycleId = await newCycle(page, `E2E populate filtered ${Date.now()}`);
    await open(page, `/app/admin/cycles/${cycleId}/populate-participants-jobs`);
    await page.getByTestId("populate-departments").click();
    await page.getByTestId(`populate-departments-option-${department}`).click();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("populate-departments")).toContainText(department);
    await page.getByTestId("start-populate").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/populate-participants-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
    const inDepartment = await count(cycleId);
    expect(inDepartment).toBeGreaterThan(0);
    const found = await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants?q=${encodeURIComponent(DEMO.employee.email)}`);
    expect((await found.json()).participants.map((p: { email: string }) => p.email)).toEqual([DEMO.employee.email]);

    // Everyone (no filter) is more than one department.
    const everyone = await newCycle(page, `E2E populate all ${Date.now()}`);
    const job = await page.request.post(`/api/v1/admin/cycles/${everyone}/populate_participants_jobs`, { data: {} });
    expect(job.status()).toBe(202);
    await expect.poll(async () => (await (await page.request.get(`/api/v1/admin/cycles/${everyone}/populate_participants_jobs/${(await job.json()).job.id}`)).json()).job.status, { timeout: 30_000 }).toBe("succeeded");
    expect(await count(everyone)).toBeGreaterThan(inDepartment);
  });
});

test.describe("job pages", () => {
  test.use({ allowHttpErrors: [403] });
  test("are for super admins only", async ({ page }) => {
    await signIn(page, DEMO.employee, "/app/home");
    const res = await open(page, "/app/admin/cycles/1/upload-participants-jobs");
    expect(res?.status()).toBe(403);
    await expect(page.getByText("You do not have access to this page")).toBeVisible();
  });
});
