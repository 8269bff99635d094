import type { Page } from "@playwright/test";
import { DEMO, expect, open, test } from "./fixtures";
import { signInThroughLoginPage } from "./sign-in-any-language";

/**
 * Issue 28 / ADR 0096: what the server stored is shown in the reader's language (a job's result on its page and in
 * its list), and people are listed in the reader's collation: the manager's direct reports 张伟, 李娜 and 王芳 read
 * Li, Wang, Zhang (pinyin) in Chinese, and in code point order (张 李 王) in English.
 */

test.use({ allowHttpErrors: [400] });

async function freshCycle(page: Page, label: string): Promise<number> {
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `${label} ${Date.now()}` } });
  expect(created.status()).toBe(201);
  return (await created.json()).cycle.id as number;
}

/** Three people with Chinese names reporting to Morgan in a fresh, started cycle; their emails by surname. */
async function chineseTeam(page: Page): Promise<{ cycleId: number; zhang: string; li: string; wang: string }> {
  const stamp = Date.now();
  const people = { zhang: "张伟", li: "李娜", wang: "王芳" };
  const emails = {} as Record<keyof typeof people, string>;
  const cycleId = await freshCycle(page, "Collation");
  for (const [key, name] of Object.entries(people) as Array<[keyof typeof people, string]>) {
    const email = `${key}.${stamp}@example.com`;
    const made = await page.request.post("/api/v1/admin/users", { data: { email, name } });
    expect(made.status(), await made.text()).toBe(201);
    const added = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email, manager_email: DEMO.manager.email } });
    expect(added.status(), await added.text()).toBe(201);
    emails[key] = email;
  }
  const started = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/start`);
  expect(started.status(), await started.text()).toBe(200);
  return { cycleId, ...emails };
}

const rowOrder = (page: Page) =>
  page.locator('[data-testid="direct-reports-table"] [data-testid^="reportee-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")!.replace("reportee-row-", "")));

test.describe("in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("a job's result on its page and in its list, in Chinese", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await freshCycle(page, "中文任务结果");
    const csv = ["email,manager_email", `${DEMO.employee.email},${DEMO.manager.email}`, "not-an-email,"].join("\n");
    const started = await page.request.post(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs`, {
      multipart: { file: { name: "team.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, error_mode: "valid_only" },
    });
    expect(started.status()).toBe(202);
    const jobId = (await started.json()).job.id as number;
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`)).json()).job.status, { timeout: 30_000 })
      .toBe("succeeded");
    // The API keeps its English.
    const api = (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`)).json()) as { job: { message: string } };
    expect(api.job.message).toBe("1 of 2 rows committed; 1 row with errors was skipped");

    await open(page, `/app/admin/cycles/${cycleId}/upload-participants-jobs/${jobId}`);
    await expect(page.getByTestId("job-status")).toHaveText("已完成");
    await expect(page.getByTestId("job-message")).toHaveText("共 2 行，已提交 1 行；跳过了 1 行有错误的数据");
    await page.getByTestId("job-list-link").click();
    await expect(page.getByTestId("job-row").first()).toContainText("共 2 行，已提交 1 行；跳过了 1 行有错误的数据");
  });

  test("the manager's direct reports in pinyin order", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const team = await chineseTeam(page);
    await signInThroughLoginPage(page, DEMO.manager, `/app/my-reportees?cycle_id=${team.cycleId}`);
    await expect(page.getByRole("heading", { level: 2, name: "直属下属" })).toBeVisible();
    expect(await rowOrder(page)).toEqual([team.li, team.wang, team.zhang]);
  });
});

test("in English the same reports keep the root collation's order (张 李 王)", async ({ page }) => {
  await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
  const team = await chineseTeam(page);
  await signInThroughLoginPage(page, DEMO.manager, `/app/my-reportees?cycle_id=${team.cycleId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Direct reports" })).toBeVisible();
  expect(await rowOrder(page)).toEqual([team.zhang, team.li, team.wang]);
});
