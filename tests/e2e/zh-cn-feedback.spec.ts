import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { DEMO, expect, open, test } from "./fixtures";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";

/**
 * Issue 28: the 360 feedback form, its read-back, the feedback summary (page and PDF) and the Performance Cycle Report
 * in Simplified Chinese. The browser asks for zh-CN (Accept-Language), as a person whose browser is Chinese does; what
 * people wrote, names and the questionnaire's questions stay as they are.
 */
// A write after the stage moved on is refused (409), as expected.
test.use({ locale: "zh-CN", allowHttpErrors: [400, 409] });

/** A fresh cycle in the SPU feedback stage with Ada (reporting to Morgan) and Morgan. */
async function spuCycle(page: Page, name: string): Promise<number> {
  // The 'User Feedback' dialog (which opens by itself on the report page) is another test's: dismissed for Ada.
  const dismissed = await page.request.post("/api/v1/coachmarks", { data: { coachmark_type: "user_feedback", is_dismissed: true } });
  expect(dismissed.status(), await dismissed.text()).toBeLessThan(300);
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  for (const data of [{ email: DEMO.superAdmin.email, manager_email: DEMO.manager.email }, { email: DEMO.manager.email }]) {
    const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
    expect(res.status()).toBe(201);
  }
  for (const transition of ["start", "progress_to_spu_feedback"]) {
    const res = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/${transition}`);
    expect(res.status(), await res.text()).toBe(200);
  }
  return cycleId;
}

test("in Chinese: give 360 feedback, read it back, the report, the manager's summary and its PDF", async ({ page, browser }) => {
  await signInThroughLoginPage(page, DEMO.superAdmin);
  const cycleName = `E2E 中文 360 ${Date.now()}`;
  const cycleId = await spuCycle(page, cycleName);
  const manager = DEMO.manager;
  const formPath = `/app/performance/spu-feedback/feedback/${encodeURIComponent(manager.email)}?cycle_id=${cycleId}`;

  // ── The form, in Chinese; the questions are the company's and stay as written. ──
  await open(page, formPath);
  await expect(page.getByRole("heading", { name: `给 ${manager.name} 的反馈` })).toBeVisible();
  await expect(page.getByTestId("back-to-list")).toHaveText("← 360 反馈");
  await expect(page.getByTestId("feedback-reviewer-type")).toHaveText("直属下属");
  await expect(page.getByTestId("feedback-status")).toHaveText("未开始");
  await expect(page.getByTestId("question-strengths")).toContainText("第 1 题");
  await expect(page.getByTestId("feedback-progress")).toHaveText("已回答 0/4 题 · 还有 4 道必答题未回答");

  await page.getByTestId("answer-strengths").fill("每周都把优先级讲得很清楚");
  await expect(page.getByTestId("question-strengths")).toContainText(/12 \/ \d+ 字/);
  await page.getByTestId("feedback-save-draft").click();
  await expect(page.getByText("草稿已保存")).toBeVisible();
  await expect(page.getByTestId("feedback-status")).toHaveText("草稿");
  await expect(page.getByTestId("feedback-progress")).toHaveText("已回答 1/4 题 · 还有 3 道必答题未回答");

  // ── The 360 feedback list and the profile check, in Chinese; names and emails as they are. ──
  await open(page, `/app/performance/spu-feedback?cycle_id=${cycleId}`);
  await expect(page).toHaveTitle("360 度反馈 | PMR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("360 度反馈");
  await expect(page.getByTestId("spu-stage")).toHaveText("阶段 2 - 360 反馈阶段");
  await expect(page.getByTestId("spu-progress")).toHaveText(/^已提交 0 \/ \d+$/);
  await expect(page.getByTestId("spu-group-DIRECT_REPORT").getByRole("heading", { level: 2 })).toHaveText("给你的经理的向上反馈");
  await expect(page.getByTestId("spu-group-SELF")).toContainText(`${DEMO.superAdmin.name}（你）`);
  await expect(page.getByTestId(`spu-status-${manager.email}`)).toHaveText("草稿");
  await expect(page.getByTestId(`spu-give-${manager.email}`)).toHaveText("继续填写");
  await expect(page.getByTestId(`spu-view-${manager.email}`)).toHaveText("查看");
  await open(page, `/app/performance/prep?cycle_id=${cycleId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("核对个人资料");
  await expect(page.getByTestId("profile-manager")).toHaveText(`${manager.name}（${manager.email}）`);
  await expect(page.getByTestId("profile-participation")).toHaveText("接收并提供反馈");
  await expect(page.getByTestId("profile-help-note")).toContainText("公司通讯录");
  await open(page, formPath);

  // Missing answers: the page's message and each question's, in Chinese.
  await page.getByTestId("feedback-submit").click();
  await expect(page.getByTestId("feedback-error")).toHaveText("还有 3 个回答需要处理，处理后才能提交");
  await expect(page.getByTestId("answer-error-growth_areas")).toHaveText("此题为必答题");
  await expect(page.getByTestId("answer-error-clear_expectations")).toHaveText("此题为必答题");

  await page.getByTestId("answer-growth_areas").fill("路线图可以更早分享");
  await page.getByTestId("question-clear_expectations").getByLabel("4 - Agree").check();
  await page.getByTestId("question-support_growth").getByLabel("5 - Strongly agree").check();
  await expect(page.getByTestId("feedback-progress")).toHaveText("已回答 4/4 题");
  await page.getByTestId("feedback-submit").click();
  const dialog = page.getByRole("dialog", { name: "确认提交反馈？" });
  await expect(dialog).toContainText(`你给 ${manager.name} 的反馈将被提交。在 360 反馈阶段结束前仍可修改。`);
  await expect(dialog.getByTestId("feedback-submit-cancel")).toHaveText("取消");
  await dialog.getByTestId("feedback-submit-confirm").click();
  await expect(page.getByText(`你给 ${manager.name} 的反馈已提交`)).toBeVisible();
  await expect(page.getByTestId("feedback-status")).toHaveText("已提交");
  await expect(page.getByTestId("feedback-submitted-note")).toHaveText("你已提交这份反馈。在 360 反馈阶段结束前仍可修改，修改后仍保持已提交状态。");
  await expect(page.getByTestId("feedback-adjust")).toHaveText("保存修改");

  // ── Read it back. ──
  await page.getByTestId("feedback-view-link").click();
  await expect(page.getByRole("heading", { name: `你给 ${manager.name} 的反馈` })).toBeVisible();
  await expect(page.getByTestId("feedback-submitted-at")).toHaveText(/^提交于 \d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId("answer-text-strengths")).toHaveText("每周都把优先级讲得很清楚");
  await expect(page.getByTestId("answer-text-clear_expectations")).toHaveText("4 - Agree");
  await expect(page.getByTestId("feedback-edit")).toHaveText("修改");

  // ── My self review, given through the API; my report and my (not yet open) summary in Chinese. ──
  const self = await page.request.post(`/api/v1/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.superAdmin.email)}/feedback/submit`, {
    data: { answers: { accomplishments: "完成了迁移 · Łódź 😀", strengths: "认真", growth_areas: "多授权", overall_impact: 4 } },
  });
  expect(self.status(), await self.text()).toBeLessThan(300);
  await open(page, `/app/performance/final-assessment?cycle_id=${cycleId}`);
  await expect(page.getByRole("heading", { name: "绩效周期报告" })).toBeVisible();
  await expect(page.getByTestId("report-not-open")).toContainText("你的绩效周期报告将在结果沟通阶段开放");
  await expect(page.getByTestId("manager-feedback-given")).toHaveText("经理尚未提交反馈");
  await expect(page.getByTestId("cycle-report")).toContainText("已收到的反馈");
  await expect(page.getByTestId("received-self")).toContainText("自评");
  await expect(page.getByRole("columnheader", { name: "评估人类型" })).toBeVisible();
  await open(page, `/app/performance/final-assessment/summary?cycle_id=${cycleId}`);
  await expect(page.getByTestId("summary-message")).toHaveText("你的反馈汇总将在结果沟通阶段开放；本周期目前处于 360 反馈阶段。");
  await expect(page.getByTestId("back-to-report")).toHaveText("← 绩效周期报告");

  // ── Morgan reads Ada's summary (their direct report's, at any stage) and downloads the PDF, in Chinese. ──
  const morgan = await browser.newContext({ locale: "zh-CN" });
  try {
    const m = await morgan.newPage();
    await signInThroughLoginPage(m, DEMO.manager, `/app/my-reportees/${encodeURIComponent(DEMO.superAdmin.email)}/feedback/summary?cycle_id=${cycleId}`);
    await expect(m.getByRole("heading", { name: "反馈汇总" })).toBeVisible();
    await expect(m.getByTestId("summary-reviewee")).toHaveText(DEMO.superAdmin.name);
    await expect(m.getByTestId("reviewer-feedback-link")).toHaveText("按评估人查看反馈");
    await expect(m.getByRole("link", { name: "← 我的下属" })).toBeVisible();
    const selfSection = m.getByTestId("summary-section-self");
    await expect(selfSection.getByRole("heading", { level: 2 })).toHaveText("自评反馈");
    await expect(m.getByTestId("section-count-self")).toHaveText("已回答 1/1");
    await expect(m.getByTestId("section-reviewers-self")).toHaveText(`反馈人：${DEMO.superAdmin.name}`);
    await expect(selfSection).toContainText("完成了迁移 · Łódź 😀");
    await expect(m.getByTestId("average-self-overall_impact")).toHaveText(/^平均分 4\.00（\d+ 至 \d+ 分制，共 1 个回答）$/);
    await expect(m.getByTestId("download-pdf")).toHaveText("下载 PDF");

    const [download] = await Promise.all([m.waitForEvent("download"), m.getByTestId("download-pdf").click()]);
    const pdf = execFileSync("pdftotext", ["-enc", "UTF-8", (await download.path())!, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    for (const part of ["反馈汇总", "自评反馈", "已回答 1/1", "第 2 阶段 - 360 反馈阶段", "第 1 页，共 1 页", DEMO.superAdmin.name, cycleName, "完成了迁移 · Łódź 😀"]) {
      expect(pdf, `the PDF holds ${part}`).toContain(part);
    }
    for (const english of ["Feedback Summary", "Self feedback", "answered", "Page 1"]) expect(pdf).not.toContain(english);
  } finally {
    await morgan.close();
  }

  // ── A refusal of the server (the stage moved on while the form was open) reaches the page in Chinese. ──
  await open(page, formPath);
  const moved = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/progress_to_manager_feedback`);
  expect(moved.status(), await moved.text()).toBe(200);
  await page.getByTestId("feedback-adjust").click();
  await expect(page.getByTestId("feedback-error")).toHaveText("只有在 360 反馈阶段才能填写 360 反馈；本周期目前处于经理反馈阶段");
  await expect(page.getByTestId("feedback-error").getByRole("button", { name: "关闭" })).toBeVisible();
});

/**
 * What expectAllTranslated (tests/e2e/untranslated.ts) leaves out on these pages: other features' parts (the cycle's
 * stage chip and switcher, the cycle's names rule), translated with those features.
 */
const OTHERS = ['[data-testid^="cycle-stage"]', '[data-testid="cycle-switcher"]', '[data-testid="names-rule"] p:not(:first-child)', '[data-testid="feedback-names-rule"]'];

test("in the pseudo-language en-XA every text of the form, the read-back and the summary went through translation", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-XA" });
  try {
    const page = await context.newPage();
    await signInThroughLoginPage(page, DEMO.superAdmin);
    const cycleName = `E2E pseudo 360 ${Date.now()}`;
    const cycleId = await spuCycle(page, cycleName);
    const reviewee = encodeURIComponent(DEMO.manager.email);
    const given = await page.request.get(`/api/v1/cycles/${cycleId}/participants/${reviewee}/feedback`);
    const { feedback } = (await given.json()) as { feedback: { questions: Array<{ label: string; help?: string | null; scale?: { labels?: Record<string, string> } | null }> } };
    const questions = feedback.questions.flatMap((q) => [q.label, q.help ?? "", ...Object.entries(q.scale?.labels ?? {}).map(([v, l]) => `${v} - ${l}`)]).filter(Boolean);
    const own = await page.request.get(`/api/v1/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.superAdmin.email)}/feedback`);
    const selfQuestions = ((await own.json()) as { feedback: { questions: Array<{ label: string }> } }).feedback.questions.map((q) => q.label);
    const data = [DEMO.superAdmin.name, DEMO.manager.name, DEMO.superAdmin.email, DEMO.manager.email, cycleName, "Clear priorities", ...questions, ...selfQuestions];

    await open(page, `/app/performance/spu-feedback/feedback/${reviewee}?cycle_id=${cycleId}`);
    await expect(page.getByTestId("feedback-progress")).toContainText("⟦");
    await page.getByTestId("answer-strengths").fill("Clear priorities");
    await page.getByTestId("feedback-submit").click();
    await expect(page.getByTestId("answer-error-growth_areas")).toContainText("⟦");
    await expectAllTranslated(page, { allow: data, roots: ["main"], skip: OTHERS });
    await page.getByTestId("feedback-save-draft").click();
    await expect(page.getByTestId("feedback-status")).toContainText("⟦");

    await open(page, `/app/performance/spu-feedback?cycle_id=${cycleId}`);
    await expect(page.getByTestId("spu-progress")).toContainText("⟦");
    // Each person's email and job title (the demo directory's data, joined by " · ").
    await expectAllTranslated(page, { allow: [...data, "People Systems Lead", "Engineering Manager"], roots: ["main"], skip: OTHERS });

    await open(page, `/app/performance/prep?cycle_id=${cycleId}`);
    await expect(page.getByTestId("profile-participation")).toContainText("⟦");
    // The directory's values (job title, department, location, people) are data; the avatar shows an initial.
    const profileValues = ["name", "email", "job-title", "department", "location", "manager", "secondary-manager", "hr-partner"].map((f) => `[data-testid="profile-${f}"]`);
    await expectAllTranslated(page, { allow: data, roots: ["main"], skip: [...OTHERS, ...profileValues, ".MuiAvatar-root"] });

    await open(page, `/app/performance/spu-feedback/feedback/${reviewee}/view?cycle_id=${cycleId}`);
    await expect(page.getByTestId("feedback-not-submitted")).toContainText("⟦");
    await expectAllTranslated(page, { allow: data, roots: ["main"], skip: OTHERS });

    await open(page, `/app/performance/final-assessment?cycle_id=${cycleId}`);
    await expect(page.getByTestId("report-not-open")).toContainText("⟦");
    await expectAllTranslated(page, { allow: data, roots: ["main"], skip: OTHERS });

    const m = await context.newPage();
    await signInThroughLoginPage(m, DEMO.manager, `/app/my-reportees/${encodeURIComponent(DEMO.superAdmin.email)}/feedback/summary?cycle_id=${cycleId}`);
    await expect(m.getByTestId("download-pdf")).toContainText("⟦");
    await expectAllTranslated(m, { allow: data, roots: ["main"], skip: OTHERS });
  } finally {
    await context.close();
  }
});
