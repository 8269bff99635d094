import type { Page } from "@playwright/test";
import { DEMO, expect, hydrated, open, test } from "./fixtures";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";
import { layoutOffenders } from "./overflow";

/**
 * Issue 28: the manager's pages (My Reportees, Manager Feedback: write feedback) and the Performance Trends Report in
 * Simplified Chinese, and in the pseudo-language en-XA with no visible text outside ⟦ ⟧ but data (names, emails, job
 * titles, cycle names, the questionnaire's questions) and no overflow at 1440 and 375 px.
 */

/** A fresh cycle in the manager feedback stage: the super admin reports to Morgan (the manager). */
async function managerFeedbackCycle(page: Page, name: string): Promise<number> {
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  for (const data of [{ email: DEMO.superAdmin.email, manager_email: DEMO.manager.email }, { email: DEMO.manager.email }]) {
    const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
    expect(res.status()).toBe(201);
  }
  for (const transition of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback"]) {
    const res = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/${transition}`);
    expect(res.status(), await res.text()).toBe(200);
  }
  return cycleId;
}

/** The manager's questions of the cycle (data: the questionnaire's texts are never translated). */
async function managerQuestions(page: Page, cycleId: number): Promise<string[]> {
  const res = await page.request.get(`/api/v1/cycles/${cycleId}/direct_reports/${encodeURIComponent(DEMO.superAdmin.email)}/feedback`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { feedback?: { questions: Q[] }; questions?: Q[] };
  const questions = body.feedback?.questions ?? body.questions ?? [];
  return questions.flatMap((q) => [q.label, q.help ?? "", ...(q.options ?? []), ...Object.entries(q.scale?.labels ?? {}).map(([v, l]) => `${v} - ${l}`)]).filter(Boolean);
}
type Q = { label: string; help?: string | null; options?: string[] | null; scale?: { labels?: Record<string, string> } | null };

test.describe("in Chinese", () => {
  test.use({ locale: "zh-CN", allowHttpErrors: [422] });

  test("a manager: My Reportees, Manager Feedback (save a draft, a refused submit, the message in Chinese)", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin);
    const cycleName = `E2E 中文 上级反馈 ${Date.now()}`;
    const cycleId = await managerFeedbackCycle(page, cycleName);
    const report = DEMO.superAdmin.email;

    await signInThroughLoginPage(page, DEMO.manager, `/app/my-reportees?cycle_id=${cycleId}`);
    await expect(page).toHaveTitle("我的下属 | PMR");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("我的下属");
    await expect(page.getByRole("heading", { level: 2, name: "直属下属" })).toBeVisible();
    await expect(page.getByTestId("reportees-stage-note")).toHaveText("请为每位直属下属撰写并提交上级反馈。晋升提名在校准前均可进行。");
    await expect(page.getByTestId(`reportee-manager-feedback-${report}`)).toHaveText("未开始");
    await expect(page.getByTestId(`reportee-nomination-${report}`)).toHaveText("未提名");
    await expect(page.getByTestId(`reportee-feedback-link-${report}`)).toHaveText("反馈");

    await page.getByTestId(`reportee-feedback-link-${report}`).click();
    await expect(page.getByTestId("report-feedback-title")).toHaveText(`${DEMO.superAdmin.name} 的反馈`);
    await expect(page).toHaveTitle(`${DEMO.superAdmin.name} 的反馈 | PMR`);
    await expect(page.getByRole("heading", { level: 2, name: "评估人的反馈" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "你的上级反馈" })).toBeVisible();
    await expect(page.getByTestId("manager-feedback-state")).toHaveText("未开始");
    await hydrated(page);

    await page.getByTestId("answer-strengths").fill("每周都把优先级讲得很清楚");
    await page.getByTestId("manager-feedback-save").click();
    await expect(page.getByText("上级反馈已保存")).toBeVisible();
    await expect(page.getByTestId("manager-feedback-state")).toHaveText("草稿");
    await expect(page.getByTestId("manager-feedback-save")).toHaveText("保存草稿");

    await page.getByTestId("manager-feedback-submit").click();
    await expect(page.getByTestId("manager-feedback-error")).toHaveText("部分回答需要修改");
    await expect(page.getByTestId("answer-error-growth_areas")).toHaveText("此题为必答题");
    await expect(page.getByTestId("answer-strengths")).toHaveValue("每周都把优先级讲得很清楚");

    await page.getByRole("link", { name: "← 我的下属" }).click();
    await expect(page.getByTestId(`reportee-manager-feedback-${report}`)).toHaveText("草稿");
  });

  test("Performance Trends: an employee's ratings and peer feedback, a manager's team", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.employee, "/app/performance-dashboard");
    await expect(page).toHaveTitle("绩效趋势报告 | PMR");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("绩效趋势报告");
    await expect(page.getByTestId("trends-relationship")).toHaveText("你自己");
    await expect(page.getByTestId("ratings-trend-summary")).toContainText("最新：");
    await expect(page.getByTestId("upward-stats-empty")).toHaveText("你没有直属下属，因此没有向上反馈。");
    await hydrated(page);
    await page.getByTestId("ratings-trend-view-table").click();
    await expect(page.getByTestId("ratings-trend-table").getByRole("columnheader", { name: "校准评级" })).toBeVisible();

    await signInThroughLoginPage(page, DEMO.manager, "/app/performance-dashboard");
    await expect(page.getByRole("heading", { level: 2, name: "直属下属的评级" })).toBeVisible();
    await page.getByTestId("trends-person-picker").click();
    await page.getByRole("option", { name: `${DEMO.employee.name}（直属下属）` }).click();
    await expect(page.getByTestId("trends-person-name")).toHaveText(DEMO.employee.name);
    await expect(page.getByTestId("trends-relationship")).toHaveText("你的直属下属");
  });
});

test.describe("the super admin's cycles in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("the cycle list, Create Cycle, the cycle's page, then start the cycle from the list", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    await expect(page).toHaveTitle("周期 - PMR");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("周期");
    await expect(page.getByRole("columnheader", { name: "计划结束日期" })).toBeVisible();
    await page.getByTestId("cycle-create-link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("创建周期");
    await expect(page).toHaveTitle("创建周期 - PMR");
    await expect(page.getByLabel("同事人数上限")).toBeVisible();
    const name = `E2E 中文 周期 ${Date.now()}`;
    await page.getByTestId("cycle-field-name").fill(name);
    await page.getByTestId("cycle-create-submit").click();
    await expect(page.getByText(`周期“${name}”已创建`)).toBeVisible();
    await expect(page.getByTestId("cycle-name")).toHaveText(name);
    await expect(page.getByRole("heading", { level: 2, name: "进度" })).toBeVisible();
    await expect(page.getByTestId("stat-participants-total")).toHaveText("参与者：0");
    await expect(page.getByRole("navigation", { name: "周期管理" }).getByRole("link", { name: "上传参与者" })).toBeVisible();
    await expect(page.getByTestId("cycle-save")).toHaveText("保存");
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    await page.getByRole("link", { name: "← 周期" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("周期");
    await hydrated(page);
    await page.getByTestId(`cycle-start-${id}`).click();
    const dialog = page.getByTestId("cycle-start-dialog");
    await expect(dialog.getByRole("heading", { name: `启动“${name}”？` })).toBeVisible();
    await expect(dialog).toContainText("0 位参与者（其中 0 位接收反馈）将看到");
    await dialog.getByTestId("cycle-start-confirm").click();
    await expect(page.getByText(`${name} 已进入“阶段 1 - 启动阶段”`)).toBeVisible();
    await expect(page.getByTestId(`cycle-stage-${id}`)).toHaveText("阶段 1 - 启动阶段");
  });
});

test.describe("in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  async function checkScreen(page: Page, path: string, allow: Array<string | RegExp>, ready: string) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await hydrated(page);
      // Data only: the first cell of a report's row and the report's line on their page (name, email, job title).
      await expectAllTranslated(page, { allow, roots: ["main"], skip: ['[data-testid^="reportee-row-"] > td:first-child > p', '[data-testid="report-person"]'] });
      const phone = { scrollAreas: [{ container: ":has(> table)", mustShow: "tr > :first-child" }] };
      expect(await layoutOffenders(page, width < 600 ? phone : {}), `${path} at ${width} px`).toEqual([]);
    }
  }

  test("the admin cycle pages, My Reportees, Manager Feedback and Performance Trends went through translation and fit at 1440 and 375 px", async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.superAdmin);
    const cycleName = `E2E pseudo manager ${Date.now()}`;
    const cycleId = await managerFeedbackCycle(page, cycleName);
    const me = await page.request.get(`/api/v1/admin/users?q=${encodeURIComponent(DEMO.superAdmin.email)}`);
    const jobTitles = ((await me.json()).users as Array<{ job_title?: string | null }>).map((u) => u.job_title ?? "").filter(Boolean);

    // The super admin's cycle pages: the list, Create Cycle and the cycle's page (its progress and form).
    const adminData = [DEMO.superAdmin.name, DEMO.superAdmin.email, cycleName, `cycle-${cycleId}`];
    await checkScreen(page, `/app/admin/cycles/${cycleId}`, adminData, "cycle-statistics");
    await checkScreen(page, "/app/admin/cycles/create", adminData, "cycle-create-submit");

    await signInThroughLoginPage(page, DEMO.manager);
    const questions = await managerQuestions(page, cycleId);
    // A report's email and job title are written "email · job title" (two text nodes: the title's starts with the dot).
    const data: Array<string | RegExp> = [DEMO.superAdmin.name, DEMO.manager.name, DEMO.employee.name, DEMO.superAdmin.email, DEMO.manager.email, DEMO.employee.email, cycleName, ...jobTitles, ...jobTitles.map((j) => `· ${j}`), ...questions];
    await checkScreen(page, `/app/my-reportees?cycle_id=${cycleId}`, data, "direct-reports-table");
    await checkScreen(page, `/app/my-reportees/${encodeURIComponent(DEMO.superAdmin.email)}/feedback?cycle_id=${cycleId}`, data, "manager-feedback-form");

    // Performance Trends: people, their facts and cycle names are data.
    const header = await page.request.get(`/api/v1/performance_dashboard/users/${encodeURIComponent(DEMO.manager.email)}`);
    const body = (await header.json()) as { user: Record<string, unknown>; cycles: Array<{ name: string }> };
    const team = await page.request.get("/api/v1/performance_dashboard/direct_reports_performance_ratings");
    const reports = ((await team.json()) as { direct_reports?: Array<{ name: string; email: string; job_title: string | null }>; cycles?: Array<{ name: string }> }) ?? {};
    const facts = ["job_title", "department", "level", "location"].map((k) => body.user[k]).filter((v): v is string => typeof v === "string" && v !== "");
    const trendsData = [
      ...data,
      ...facts,
      [facts.join(" · ")].join(""),
      ...body.cycles.map((c) => c.name),
      ...(reports.cycles ?? []).map((c) => c.name),
      ...(reports.direct_reports ?? []).flatMap((r) => [r.name, r.email, r.job_title ?? ""]).filter(Boolean),
      DEMO.manager.name.slice(0, 1), // the avatar's initial
      "2025 Year-End Review",
      "2026 Mid-Year Review",
    ];
    // The chart's axis shortens a long cycle name with "…" at 375 px (CI: "E2E Journey 1795940761…", another spec's cycle).
    const cycleNames = [...body.cycles, ...(reports.cycles ?? [])].map((c) => c.name);
    const shortened = cycleNames.map((n) => new RegExp(`${n.slice(0, 6).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\n]*…`, "g"));
    await checkScreen(page, "/app/performance-dashboard", [...trendsData, ...shortened], "trends-person");
  });
});
