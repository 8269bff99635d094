import type { Page } from "@playwright/test";
import { DEMO, expect, hydrated, open, test } from "./fixtures";
import { layoutOffenders } from "./overflow";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";

/**
 * Issue 28: the super admin's remaining screens in Simplified Chinese (an action done on each), and in the
 * pseudo-language en-XA with no visible text outside ⟦ ⟧ but data, and no overflow at 1440 and 375 px.
 */

test.use({ allowHttpErrors: [400, 409, 422] });

/** An instant as Intl writes it for en-XA (English's format, the zone named): data, not words to translate. */
const INSTANT = /\b[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M [A-Z]{2,4}([+-]\d{1,2}(:\d{2})?)?/g;

/** On a phone a table may scroll sideways in its own box while its first column is in view (layout.spec.ts). */
const PHONE = { scrollAreas: [{ container: ":has(> table)", mustShow: "tr > :first-child" }] };

async function freshCycle(page: Page, label: string): Promise<{ id: number; name: string }> {
  const name = `${label} ${Date.now()}`;
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(created.status()).toBe(201);
  return { id: (await created.json()).cycle.id as number, name };
}

async function addParticipant(page: Page, cycleId: number, data: Record<string, unknown>) {
  const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
  expect(res.status()).toBe(201);
}

test.describe("the super admin's screens in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("participants: the list, adding one, its rating, the delete dialog, the panel", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycle = await freshCycle(page, "中文参与者");
    const base = `/app/admin/cycles/${cycle.id}/participants`;
    await open(page, base);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("参与者");
    await expect(page.getByTestId("participants-empty")).toHaveText("暂无参与者");
    await page.getByTestId("participant-create-link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("添加参与者");
    await expect(page.getByText(`← ${cycle.name} 的参与者`)).toBeVisible();
    await hydrated(page);
    // A field error of the server, in Chinese.
    await page.getByTestId("participant-field-email").fill(DEMO.employee.email);
    await page.keyboard.press("Escape");
    await page.getByTestId("participant-field-manager-email").fill(DEMO.employee.email);
    await page.keyboard.press("Escape");
    await page.getByTestId("participant-create-submit").click();
    await expect(page.getByText("经理不能是参与者本人")).toBeVisible();
    await page.getByTestId("participant-field-manager-email").fill(DEMO.manager.email);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("participant-create-submit")).toHaveText("添加");
    await page.getByTestId("participant-create-submit").click();
    await expect(page.getByText(`已将 ${DEMO.employee.email} 加入本周期`)).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "校准评级" })).toBeVisible();
    await expect(page.getByTestId(`participant-row-${DEMO.employee.email}`)).toContainText(DEMO.manager.email);

    // The rating page: set 4, back on the list with a Chinese toast and the label in Chinese.
    await page.getByTestId(`participant-edit-rating-${DEMO.employee.email}`).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("校准评级");
    await expect(page.getByTestId("participant-current-rating")).toHaveText("—");
    await page.getByTestId("rating-option-4").click();
    await page.getByTestId("participant-rating-save").click();
    await expect(page.getByText(`${DEMO.employee.email} 的评级：4 - 超出预期`)).toBeVisible();
    await expect(page.getByTestId(`participant-rating-${DEMO.employee.email}`)).toHaveText("4 - 超出预期");

    // The delete dialog, cancelled.
    await page.getByTestId(`participant-delete-${DEMO.employee.email}`).click();
    await expect(page.getByTestId("participant-delete-dialog")).toContainText(`要将 ${DEMO.employee.name}（${DEMO.employee.email}）从“${cycle.name}”中移除吗？`);
    await page.getByTestId("participant-delete-dialog").getByRole("button", { name: "取消" }).click();
    await expect(page.getByTestId("participant-delete-dialog")).toBeHidden();

    await open(page, `${base}/${encodeURIComponent(DEMO.employee.email)}/panel`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${DEMO.employee.name} 的评估小组`);
    await expect(page.getByRole("columnheader", { name: "评估人类型" })).toBeVisible();
    await expect(page.getByTestId(`panel-type-${DEMO.manager.email}`)).toHaveText("经理");
    await expect(page).toHaveTitle(`${DEMO.employee.name} 的评估小组 - PMR`);
  });

  test("jobs: an upload refused then started, its status and progress, the list, a download job", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycle = await freshCycle(page, "中文任务");
    await open(page, `/app/admin/cycles/${cycle.id}/upload-participants`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("上传参与者");
    await expect(page.getByTestId("template-link")).toHaveText("下载 CSV 模板");
    await expect(page.getByTestId("upload-file-name")).toHaveText("未选择文件");
    await page.getByTestId("upload-file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("mail,team\nx,y\n") });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-error")).toContainText("CSV 表头无效：");
    await expect(page.getByTestId("upload-error")).toContainText("缺少的列：email");
    const csv = ["email,manager_email", `${DEMO.employee.email},${DEMO.manager.email}`].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "团队.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("只提交有效的行").check();
    await page.getByTestId("upload-submit").click();
    await expect(page.getByRole("heading", { name: /^上传参与者任务 #\d+$/ })).toBeVisible();
    await expect(page.getByTestId("job-status")).toHaveText("已完成", { timeout: 30_000 });
    await expect(page.getByTestId("job-progress-text")).toHaveText("已处理 1 / 1 行");
    await expect(page.getByTestId("job-facts")).toContainText("发起人：Ada Admin");
    await expect(page.getByTestId("job-facts")).toContainText("无效行：只提交有效的行");
    await expect(page.getByTestId("job-list-link")).toHaveText("全部上传参与者任务");
    await page.getByTestId("job-list-link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("上传参与者任务");
    await expect(page.getByRole("columnheader", { name: "发起人" })).toBeVisible();
    await expect(page.getByTestId("job-row").first()).toContainText("团队.csv");
    await expect(page).toHaveTitle(`上传参与者任务 - ${cycle.name} - PMR`);

    // A download job started from its list, in Chinese to the end.
    await open(page, `/app/admin/cycles/${cycle.id}/download-participant-jobs`);
    await expect(page.getByTestId("start-download")).toHaveText("下载参与者 CSV");
    await page.getByTestId("start-download").click();
    await expect(page.getByRole("heading", { name: /^下载参与者任务 #\d+$/ })).toBeVisible();
    await expect(page.getByTestId("job-status")).toHaveText("已完成", { timeout: 30_000 });
    await expect(page.getByTestId("job-download")).toHaveText("下载 CSV");
  });

  test("the audit log filtered, API and SCIM tokens made and revoked, a personal data export, a nudge scheduled", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/audits");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("审计");
    await expect(page.getByRole("columnheader", { name: "操作人" })).toBeVisible();
    await page.getByTestId("audits-search").fill("participant.create");
    await page.getByTestId("audits-search-submit").click();
    await expect(page).toHaveURL(/search_query=participant\.create/);
    await expect(page.getByTestId("audits-search-clear")).toHaveText("清除");
    await page.locator('[data-testid^="audit-expand-"]').first().click();
    await expect(page.locator('[data-testid^="audit-detail-"]').first()).toContainText("变更后");

    // API tokens: make one, then revoke it.
    await open(page, "/app/api-tokens");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API 令牌");
    const tokenName = `脚本 ${Date.now()}`;
    await page.getByLabel("名称").fill(tokenName);
    await page.getByTestId("api-token-create").click();
    await expect(page.getByTestId("api-token-created")).toContainText(`你的新令牌“${tokenName}”`);
    await expect(page.getByRole("columnheader", { name: "最近使用" })).toBeVisible();
    await page.getByRole("button", { name: `吊销 ${tokenName}` }).click();
    await expect(page.getByTestId("api-token-message")).toHaveText("令牌已吊销");

    // SCIM tokens: make one, revoke it through its dialog.
    await open(page, "/app/admin/scim-tokens");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("SCIM 自动配置");
    const scimName = `Okta ${Date.now()}`;
    await page.getByTestId("scim-token-name").fill(scimName);
    await page.getByTestId("scim-token-create").click();
    await expect(page.getByTestId("scim-token-created")).toContainText(`你的新 SCIM 令牌“${scimName}”`);
    await page.getByRole("button", { name: `吊销 ${scimName}` }).click();
    await expect(page.getByRole("dialog")).toContainText(`吊销“${scimName}”？`);
    await page.getByTestId("scim-token-revoke-confirm").click();
    await expect(page.getByTestId("scim-token-message")).toHaveText("SCIM 令牌已吊销");

    // The personal data card: an export started, its job listed in Chinese.
    const { users } = (await (await page.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=1")).json()) as { users: Array<{ id: number }> };
    await open(page, `/app/admin/users/${users[0]!.id}`);
    const panel = page.getByTestId("privacy-panel");
    await expect(panel.getByRole("heading", { name: "个人数据" })).toBeVisible();
    await page.getByTestId("privacy-export").click();
    await expect(panel.getByRole("link", { name: "下载 ZIP" }).first()).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText("导出");

    // Nudges: a recurring schedule in Shanghai time, then cancelled.
    const cycle = await freshCycle(page, "中文提醒");
    await open(page, `/app/admin/cycles/${cycle.id}/nudges`);
    await expect(page.getByRole("heading", { name: "提醒", exact: true })).toBeVisible();
    await expect(page.getByTestId("nudge-description")).toHaveText("“未开始”阶段没有人有待办事项：现在发送提醒不会发出任何内容。");
    await page.getByLabel("按周期重复").check();
    await page.getByTestId("nudge-time").fill("09:30");
    await page.getByTestId("nudge-time-zone").fill("Asia/Shanghai");
    await expect(page.getByTestId("nudge-submit")).toHaveText("定时发送");
    await page.getByTestId("nudge-submit").click();
    await expect(page.getByText("已设置提醒：Cron '30 9 * * MON-FRI'（Asia/Shanghai）")).toBeVisible();
    const row = page.getByTestId("schedule-row");
    await expect(row.getByTestId("schedule-status")).toHaveText("已计划");
    // The next run in the schedule's own zone, named.
    await expect(row.locator("time").first()).toContainText("09:30");
    await row.getByTestId("schedule-cancel").click();
    await expect(page.getByTestId("schedule-cancel-dialog")).toContainText("要取消“Cron '30 9 * * MON-FRI'（Asia/Shanghai）”吗？");
    await page.getByTestId("schedule-cancel-confirm").click();
    await expect(row.getByTestId("schedule-status")).toHaveText("已取消");
  });
});

test.describe("the super admin's screens in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  async function checkScreen(page: Page, path: string, allow: Array<string | RegExp>, skip: string[] = [], roots = ["main"]) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, path);
      for (const root of roots) await expect(page.locator(root).first()).toBeVisible();
      await expectAllTranslated(page, { allow: ["PMR", INSTANT, ...allow], roots, skip: [".MuiAvatar-root", ...skip] });
      expect(await layoutOffenders(page, width < 600 ? PHONE : {}), `${path} at ${width} px`).toEqual([]);
    }
  }

  test("participants: the list, the forms, the outcome pages and the panel", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycle = await freshCycle(page, "XA Participants");
    await addParticipant(page, cycle.id, { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email });
    await addParticipant(page, cycle.id, { email: DEMO.manager.email, reviewer_only: true, secondary_manager_email: DEMO.superAdmin.email });
    const people = [DEMO.employee, DEMO.manager, DEMO.peoplePartner, DEMO.superAdmin].map((p) => p.name);
    const allow = [cycle.name, ...people];
    const base = `/app/admin/cycles/${cycle.id}/participants`;
    const one = `${base}/${encodeURIComponent(DEMO.employee.email)}`;
    await checkScreen(page, base, allow);
    await checkScreen(page, `${base}/create`, allow);
    // The Therma scan on the edit page is decision support's (checked with it).
    await checkScreen(page, `${one}/edit`, allow, ['[data-testid="therma-scan"]']);
    await checkScreen(page, `${one}/edit-rating`, allow);
    await checkScreen(page, `${one}/edit-promotion-decision`, allow);
    await checkScreen(page, `${one}/panel`, allow);
  });

  test("jobs: the upload forms, a job's page, the job lists, the populate form, the directory import", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycle = await freshCycle(page, "XA Jobs");
    const base = `/app/admin/cycles/${cycle.id}`;
    // One upload job with a row error, through the API (multipart).
    const csv = ["email,manager_email", `${DEMO.employee.email},${DEMO.manager.email}`, "not-an-email,"].join("\n");
    const started = await page.request.post(`/api/v1/admin/cycles/${cycle.id}/upload_participant_jobs`, {
      multipart: { file: { name: "team.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, error_mode: "valid_only" },
    });
    expect(started.status()).toBe(202);
    const jobId = (await started.json()).job.id as number;
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/admin/cycles/${cycle.id}/upload_participant_jobs/${jobId}`)).json()).job.status, { timeout: 30_000 })
      .toBe("succeeded");
    const detail = (await (await page.request.get(`/api/v1/admin/cycles/${cycle.id}/upload_participant_jobs/${jobId}`)).json()) as {
      job: { message: string };
      row_errors: Array<{ message: string }>;
    };
    // Data: what the job wrote as its result and its row errors (stored with the job), names, the cycle, the file.
    // File names are data, whichever spec uploaded them before this one in its shard (directory.csv, team.csv).
    const allow = [cycle.name, "team.csv", /[\w.-]+\.csv\b/g, DEMO.superAdmin.name, detail.job.message, ...detail.row_errors.map((e) => e.message), /\b[a-z_]+(, [a-z_]+)+\b/g];
    await checkScreen(page, `${base}/upload-participants`, allow);
    await checkScreen(page, `${base}/upsert-participants`, allow);
    await checkScreen(page, `${base}/upload-participants-jobs`, allow);
    // A row error's column is the CSV column's name (data).
    await checkScreen(page, `${base}/upload-participants-jobs/${jobId}`, allow, ['[data-testid="row-error"] td:nth-child(2)']);
    await checkScreen(page, `${base}/download-participant-jobs`, allow);
    await checkScreen(page, `${base}/populate-participants-jobs`, allow, ['[role="combobox"]']);
    await checkScreen(page, "/app/admin/users/import", allow);
    await checkScreen(page, "/app/admin/users/import/jobs", allow);
    // A job's result (its last column) is what the job wrote when it ran: stored data, as on the job's page.
    await checkScreen(page, "/app/admin/personal-data/exports", allow, ['[data-testid="job-row"] td:last-child']);
  });

  test("the audit log, the token pages, the personal data card and the nudges page", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycle = await freshCycle(page, "XA Nudges");
    await page.request.post(`/api/v1/admin/cycles/${cycle.id}/nudge_jobs`, { data: { when: "recurring", cron: "0 9 * * MON", time_zone: "Asia/Tokyo" } });
    await page.request.post("/api/v1/api_tokens", { data: { name: "xa-script", expires_in_days: 5 } });
    const { users } = (await (await page.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=1")).json()) as { users: Array<{ id: number; name: string; email: string }> };
    const person = users[0]!;
    // Data: names, emails, cycle and token names, the audit log's action codes, entity types and ids, a schedule's cron.
    const allow = [cycle.name, "xa-script", person.name, DEMO.superAdmin.name, /\b[A-Z][A-Za-z]+ #\d+/g, /\b[a-z_]+(\.[a-z_]+)+\b/g, /Cron '[^']+'/g, /\bpmr_\w+/g, /\bnudge-cycle-\d+-\d+\b/g];
    // The entity (its type's code and id) and the actor (a person, or a token's name) are data.
    await checkScreen(page, "/app/admin/audits", allow, ['[data-testid^="audit-row-"] td:nth-child(4)', '[data-testid^="audit-row-"] td:nth-child(5)']);
    // A token's name and prefix are data (other specs' tokens are listed too).
    await checkScreen(page, "/app/api-tokens", allow, ['[data-testid^="api-token-row-"] > td:nth-child(1) > p', '[data-testid^="api-token-row-"] > td:nth-child(2)']);
    await checkScreen(page, "/app/admin/scim-tokens", allow, ['[data-testid="scim-base-url"]', '[data-testid="scim-token-table"] tbody']);
    // The user page's own texts are zh-cn-users.spec's; here its Personal data card.
    await checkScreen(page, `/app/admin/users/${person.id}`, allow, [], ['[data-testid="privacy-panel"]']);
    await checkScreen(page, `/app/admin/cycles/${cycle.id}/nudges`, [...allow, "Asia/Tokyo"]);
  });
});
