import type { Page } from "@playwright/test";
import { DEMO, expect, open, test } from "./fixtures";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated, untranslatedTexts } from "./untranslated";
import { layoutOffenders } from "./overflow";

/**
 * Issue 28 / ADR 0096: what the server stored is shown in the reader's language (a job's result on its page and in
 * its list), and people are listed in the reader's collation: the manager's direct reports 张伟, 李娜 and 王芳 read
 * Li, Wang, Zhang (pinyin) in Chinese, and in code point order (张 李 王) in English.
 */

// 422: the upload form's refused header (ADR 0100).
test.use({ allowHttpErrors: [400, 422] });

async function freshCycle(page: Page, label: string): Promise<number> {
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `${label} ${Date.now()}` } });
  expect(created.status()).toBe(201);
  return (await created.json()).cycle.id as number;
}

/** A participants upload of `csv` as team.csv (valid rows kept), run to its end; its job's id. */
async function uploadParticipants(page: Page, cycleId: number, csv: string): Promise<number> {
  const started = await page.request.post(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs`, {
    multipart: { file: { name: "team.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, error_mode: "valid_only" },
  });
  expect(started.status()).toBe(202);
  const jobId = (await started.json()).job.id as number;
  await expect
    .poll(async () => (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`)).json()).job.status, { timeout: 30_000 })
    .toBe("succeeded");
  return jobId;
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
    const jobId = await uploadParticipants(page, cycleId, csv);
    // The API keeps its English.
    const api = (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`)).json()) as { job: { message: string } };
    expect(api.job.message).toBe("1 of 2 rows committed; 1 row with errors was skipped");

    await open(page, `/app/admin/cycles/${cycleId}/upload-participants-jobs/${jobId}`);
    await expect(page.getByTestId("job-status")).toHaveText("已完成");
    await expect(page.getByTestId("job-message")).toHaveText("共 2 行，已提交 1 行；跳过了 1 行有错误的数据");
    await page.getByTestId("job-list-link").click();
    await expect(page.getByTestId("job-row").first()).toContainText("共 2 行，已提交 1 行；跳过了 1 行有错误的数据");
  });

  test("a failing participants upload: the header refusal and every row error in Chinese (ADR 0100)", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await freshCycle(page, "中文行错误");
    await open(page, `/app/admin/cycles/${cycleId}/upload-participants`);
    // The header refusal: one Chinese sentence, the column names as they are.
    await page.getByTestId("upload-file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("mail,team\nx,y\n") });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-error")).toContainText("CSV 表头无效：缺少列 email；无法识别的列 mail, team");
    await expect(page.getByTestId("upload-error")).not.toContainText(/missing|unknown|Invalid/);

    const csv = ["email,manager_email", `${DEMO.employee.email},${DEMO.employee.email}`, "not-an-email,", `nobody.${Date.now()}@example.com,`, `${DEMO.manager.email}`].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "team.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByTestId("upload-submit").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/upload-participants-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("失败", { timeout: 30_000 });
    await expect(page.getByTestId("job-message")).toHaveText("共 4 行，其中 4 行有错误；未提交任何内容");
    const messages = page.getByTestId("row-error").locator("td:last-child");
    await expect(messages).toHaveText(["经理不能是参与者本人", "邮箱格式不正确", /^没有邮箱为 nobody\.\d+@example\.com 的用户$/, "该行有 1 个单元格，而表头有 2 列"]);
    // The API keeps its English and hands on the keys.
    const jobId = page.url().split("/").pop();
    const api = (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`)).json()) as { row_errors: Array<{ message: string; message_key: { key: string } | null }> };
    expect(api.row_errors.map((e) => e.message)).toEqual([
      "Manager must differ from the participant",
      "Email must be a valid email address",
      expect.stringMatching(/^No user with email nobody\.\d+@example\.com$/),
      "The row has 1 cells; the header has 2",
    ]);
    expect(api.row_errors.map((e) => e.message_key?.key)).toEqual([
      "participants.result.managerSelf",
      "participants.result.invalidEmail.email",
      "participants.result.noUser",
      "storedTexts.jobs.rows.cellCount",
    ]);
  });

  test("a questionnaire upload's and a directory import's row errors in Chinese, no English on their job pages (ADR 0107)", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await freshCycle(page, "中文问卷行错误");
    await open(page, `/app/admin/cycles/${cycleId}/upload-questionnaire`);
    const questions = [
      "reviewer_type,question_id,kind,label,scale_min,scale_max,options",
      "SELF,wins,text,做得好的地方,,,",
      "BOSS,x,text,谁,,,",
      "SELF,wins,text,再一次,,,",
      "PEER,impact,stars,影响,,,",
      "PEER,r,rating,评分,5,3,",
      "PEER,c,choice,选择,,,Only",
    ].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(questions) });
    await page.getByTestId("upload-submit").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/upload-questionnaire-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("失败", { timeout: 30_000 });
    await expect(page.getByTestId("row-error").locator("td:last-child")).toHaveText([
      /^未知的评估人类型“BOSS”/,
      "问题 ID“wins”已在第 2 行用于自评",
      "未知的题型“stars”（可用：rating、text 或 choice）",
      "scale_max 必须大于 scale_min",
      "单选题至少需要 2 个选项",
    ]);
    const data = ["questions.csv", DEMO.superAdmin.name, "PMR", /中文问卷行错误 \d+/, /[a-z_]+_[a-z_]+/g, "CSV", "ID", "BOSS", "SELF, MANAGER, DIRECT_REPORT, PEER, MATRIX_MANAGER, MATRIX_TEAM"];
    expect(await untranslatedTexts(page, { english: true, roots: ["main"], allow: data }), "English on the questionnaire job's page").toEqual([]);

    const tag = Date.now();
    await open(page, "/app/admin/users/import");
    const people = [
      "email,name,role,manager_email,start_date,active",
      `bea.${tag}@zh-import.example.com,Bea,Wizard,,2024-13-01,maybe`,
      `cyd.${tag}@zh-import.example.com,Cyd,,nobody.${tag}@zh-import.example.com,,`,
      `new.${tag}@zh-import.example.com,,,,,`,
      `cyd.${tag}@zh-import.example.com,Cyd,,,,`,
    ].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(people) });
    await page.getByTestId("upload-submit").click();
    await expect(page).toHaveURL(/\/app\/admin\/users\/import\/jobs\/\d+$/);
    await expect(page.getByTestId("job-status")).toHaveText("失败", { timeout: 30_000 });
    await expect(page.getByTestId("row-error").locator("td:last-child")).toHaveText([
      /^未知的角色 Wizard/,
      /^入职日期 2024-13-01 /,
      "active 必须是 true 或 false，而不是 maybe",
      `找不到经理：目录和文件中都没有邮箱为 nobody.${tag}@zh-import.example.com 的用户`,
      "新用户必须填写姓名",
      `cyd.${tag}@zh-import.example.com 在文件中出现了多次（首次出现在第 3 行）`,
    ]);
    const dataImport = ["people.csv", DEMO.superAdmin.name, "PMR", /[a-z_]+_[a-z_]+/g, "SUPER_ADMIN, PEOPLE_PARTNER, HR_OPS, EMPLOYEE", "YYYY-MM-DD", "CSV"];
    expect(await untranslatedTexts(page, { english: true, roots: ["main"], allow: dataImport }), "English on the directory import job's page").toEqual([]);
  });

  test("a file that is not CSV, refused at the start and failing its job, in Chinese: never the CSV parser's English (ADR 0122)", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await freshCycle(page, "中文非CSV");
    const notCsv = "某个单元格以引号开头，但没有对应的结束引号";
    await open(page, `/app/admin/cycles/${cycleId}/upload-participants`);
    await page.getByTestId("upload-file").setInputFiles({ name: "quote.csv", mimeType: "text/csv", buffer: Buffer.from('"email\nx\n') });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-error")).toHaveText(`文件不是有效的 CSV：${notCsv}`);
    // The header is CSV, a later row is not: the job starts and fails while it reads the file.
    const csv = ["email", DEMO.employee.email, '"unclosed', DEMO.manager.email].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "team.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByTestId("upload-submit").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/upload-participants-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("失败", { timeout: 30_000 });
    await expect(page.getByTestId("job-message")).toHaveText(new RegExp(`^文件在第 \\d+ 行附近不是有效的 CSV：${notCsv}$`));
    // The API keeps the English (its detail ours, not the parser's) and hands on the key.
    const jobId = page.url().split("/").pop();
    const api = (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`)).json()) as { job: { message: string; message_key: unknown } };
    expect(api.job.message).toMatch(/^The file is not valid CSV near row \d+: a quote opens a cell that no quote closes$/);
    expect(api.job.message_key).toMatchObject({ key: "jobs.failure.notCsvNear", values: { detail: { key: "jobs.failure.csv.quoteNotClosed" } } });
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

test.describe("in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  test("a job page with row errors: every text went through translation, nothing clipped at 1440 and 375 px", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const name = `XA row errors ${Date.now()}`;
    const created = await page.request.post("/api/v1/admin/cycles", { data: { name } });
    const cycleId = (await created.json()).cycle.id as number;
    const csv = ["email,manager_email,reviewer_only", `${DEMO.employee.email},${DEMO.employee.email},`, "not-an-email,,", `${DEMO.manager.email},,maybe`, "x"].join("\n");
    const jobId = await uploadParticipants(page, cycleId, csv);
    // Data: the cycle, the file, who started it, the CSV's column names and the instants (formatted apart).
    const allow = [name, "team.csv", DEMO.superAdmin.name, "PMR", "email", "manager_email", "reviewer_only", /\d{1,2}:\d{2}(:\d{2})?\s?([AP]M)?\s?[A-Z]{2,5}([+-]\d{1,2})?/g];
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, `/app/admin/cycles/${cycleId}/upload-participants-jobs/${jobId}`);
      await expect(page.getByTestId("row-error").first()).toContainText("⟦");
      await expectAllTranslated(page, { allow, roots: ["main"], skip: [".MuiAvatar-root"] });
      expect(await layoutOffenders(page, width < 600 ? { scrollAreas: [{ container: ":has(> table)", mustShow: "tr > :first-child" }] } : {}), `job page at ${width} px`).toEqual([]);
    }
  });
});
