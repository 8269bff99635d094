import type { Page } from "@playwright/test";
import { DEMO, expect, hydrated, open, test } from "./fixtures";
import { CEO as CARMEN, ok, userId } from "./api-helpers";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";
import { clippedCells, layoutOffenders, type LayoutCheck } from "./overflow";
import { pickPerson } from "./people-picker";

/**
 * Issue 28: the rating calibration setup pages in Simplified Chinese, walked by the people who use them: the HR
 * partner creates a session (picks participants, the session admin, a panelist, the sign-off party, a guideline and
 * a deadline; the form's refusals first), edits it, is refused its activation before the calibration stage (a dialog,
 * then the server's refusal as a key); the super admin reads the Calibration Sessions page, edits the session and
 * closes it (a dialog); the session admin reads their list. Then every one of those pages in the pseudo-language
 * en-XA: no visible text that did not go through translation, and no overflow or clipped cell at 1440 and 375 px.
 * The test builds its own cycle through the admin API (no seeded data is touched).
 */

const PEOPLE = [DEMO.employee, DEMO.manager, CARMEN, DEMO.superAdmin, DEMO.hrOps, DEMO.peoplePartner];

/**
 * A cycle in the manager feedback stage with three of Priya's people, set up by the super admin signed in on `a`
 * through the login page (in the test's language); `draft`: also Priya's draft session of Eli, made through the HR
 * partner's API (then `a` is Priya's).
 */
async function buildCycle(a: Page, draft: boolean) {
  await signInThroughLoginPage(a, DEMO.superAdmin);
  const cycleName = `E2E 校准 zh ${Date.now()}`;
  const cycleId = (await ok<{ cycle: { id: number } }>(await a.request.post("/api/v1/admin/cycles", { data: { name: cycleName } }), 201)).cycle.id;
  for (const data of [
    { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
    { email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
    { email: CARMEN.email, hr_partner_email: DEMO.peoplePartner.email },
  ])
    await ok(await a.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data }), 201);
  for (const step of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback"]) await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/${step}`));
  let session: { id: number; name: string } | null = null;
  if (draft) {
    const ids = new Map<string, number>();
    for (const who of [DEMO.superAdmin, DEMO.hrOps, CARMEN]) ids.set(who.email, await userId(a, who.email));
    const id = (email: string) => ids.get(email)!;
    const { participants } = await ok<{ participants: Array<{ participant_id: number; user: { email: string } }> }>(
      await a.request.get(`/api/v1/admin/cycles/${cycleId}/calibration_sessions/all_participants`),
    );
    const eli = participants.find((p) => p.user.email === DEMO.employee.email)!.participant_id;
    const name = `E2E 工程部校准 ${Date.now()}`;
    await signInThroughLoginPage(a, DEMO.peoplePartner);
    const created = await ok<{ calibration_session: { id: number } }>(
      await a.request.post(`/api/v1/cycles/${cycleId}/hr_partner/calibration_sessions`, {
        data: {
          name,
          participant_ids: [eli],
          session_admin_id: id(DEMO.superAdmin.email),
          panelist_ids: [id(DEMO.hrOps.email)],
          sign_off_ids: [id(CARMEN.email)],
          guideline: { "1": 10, "2": 20, "3": 40, "4": 20, "5": 10 },
          deadline: "2027-03-01T15:00:00.000Z",
        },
      }),
      201,
    );
    session = { id: created.calibration_session.id, name };
  }
  return { cycleId, cycleName, session };
}

test.describe("the calibration setup pages in Chinese", () => {
  test.use({ locale: "zh-CN", allowHttpErrors: [400, 409, 422] });

  test("the HR partner creates, edits and tries to activate a session; the admin reads, edits and closes it", async ({ page }) => {
    test.setTimeout(240_000);
    const { cycleId } = await buildCycle(page, false);
    const name = `E2E 工程部 ${Date.now()}`;

    // ── The HR partner's page ──
    await signInThroughLoginPage(page, DEMO.peoplePartner, `/app/ratings/hr-partners?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("创建并启动校准会议");
    await expect(page).toHaveTitle("创建并启动校准会议 | PMR");
    await expect(page.getByTestId("hr-stage-note")).toHaveText("现在可以先设置草稿会议；周期进入校准阶段后即可启动。");
    await expect(page.getByTestId("hr-sessions-empty")).toHaveText("你在本周期还没有校准会议。");
    await expect(page.getByTestId("hr-participants-summary")).toHaveText("3 名参与者中有 3 人尚未加入校准会议");
    await expect(page.getByTestId("hr-participants-grid").getByRole("columnheader", { name: "建议评级" })).toBeVisible();
    await expect(page.getByTestId("hr-participants-grid").getByRole("row").filter({ hasText: DEMO.employee.email })).toContainText("未加入会议");
    await expect(page.getByLabel("搜索你负责的参与者")).toHaveAttribute("placeholder", "姓名、邮箱、部门或上级");

    // ── Create: the form's refusals in Chinese, then a session ──
    await page.getByTestId("hr-create-session").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("创建校准会议");
    await hydrated(page);
    await expect(page.getByTestId("session-stage-note")).toHaveText("周期进入校准阶段后才能启动会议（当前处于阶段 3 - 上级反馈阶段）。");
    await expect(page.getByTestId("guideline-total")).toHaveText("合计：100% · 各项占比合计为 100%");
    await page.getByTestId("guideline-3").fill("40");
    await expect(page.getByTestId("guideline-total")).toHaveText("合计：90% · 各项占比合计须为 100%（当前为 90%）");
    await page.getByTestId("session-name").fill(name);
    await page.getByRole("checkbox", { name: `选择 ${DEMO.employee.name}` }).check();
    await expect(page.getByTestId("session-participants-count")).toHaveText("已选 1 人 · 尚有 3 人未加入会议");
    await page.getByTestId("session-save").click();
    await expect(page.getByTestId("guideline-error")).toHaveText("评级分布指引的各项占比合计须为 100");
    await expect(page.getByText("请选择会议管理员")).toBeVisible();
    await expect(page.getByText("请至少选择一名评审成员")).toBeVisible();
    await page.getByTestId("guideline-4").fill("30");
    await expect(page.getByTestId("guideline-total")).toHaveText("合计：100% · 各项占比合计为 100%");
    await pickPerson(page, "session-admin-input", DEMO.superAdmin);
    await pickPerson(page, "session-panelists-input", DEMO.hrOps);
    await pickPerson(page, "session-sign-off-input", CARMEN);
    await page.getByTestId("session-deadline").fill("2027-03-01");
    await expect(page.getByText("可选：留空时为 23:59")).toBeVisible();
    await page.getByRole("button", { name: "创建会议" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/ratings/hr-partners\\?cycle_id=${cycleId}$`));
    await expect(page.getByText(`校准会议“${name}”已创建为草稿`)).toBeVisible();
    const row = page.getByTestId("hr-sessions-table").getByRole("row").filter({ hasText: name });
    await expect(row.locator('[data-testid^="hr-session-state-"]')).toHaveText("草稿");
    await expect(row.locator('[data-testid^="hr-session-deadline-"]')).toContainText("2027年3月");
    await expect(page.getByTestId("hr-participants-summary")).toHaveText("3 名参与者中有 2 人尚未加入校准会议");

    // ── Activate: the dialog, then the workflow's refusal (the cycle is not in calibration yet), in Chinese ──
    await row.getByRole("button", { name: `启动 ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `要启动“${name}”吗？` });
    await expect(dialog).toContainText("启动后即可校准 1 名参与者的评级：由 1 名评审成员提出建议，Ada Admin 在会上设定评级。");
    await expect(dialog).toContainText("截止时间（2027年3月");
    await dialog.getByRole("button", { name: "启动" }).click();
    await expect(page.getByTestId("hr-action-error")).toHaveText("只有在周期处于校准阶段时才能启动会议");

    // ── Edit it ──
    await row.getByRole("link", { name: "编辑" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("编辑校准会议");
    await expect(page).toHaveTitle(`${name} | PMR`);
    await expect(page.getByTestId("session-state")).toHaveText("草稿");
    await expect(page.getByTestId("session-back-link")).toHaveText("← 校准会议");
    await hydrated(page);
    // The deadline is written into its fields after hydration (the browser's zone).
    await expect(page.getByTestId("session-deadline")).not.toHaveValue("");
    await page.getByTestId("session-name").fill(`${name}（修订）`);
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await expect(page.getByText(`校准会议“${name}（修订）”已保存`)).toBeVisible();
    await expect(page.getByTestId("hr-sessions-table").getByRole("row").filter({ hasText: `${name}（修订）` })).toContainText("草稿");

    // ── The admin's Calibration Sessions page: read, open the edit page, close all (a dialog) ──
    await signInThroughLoginPage(page, DEMO.superAdmin, `/app/admin/calibration-sessions?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("校准会议");
    await expect(page.getByTestId("admin-session-counts")).toHaveText("共 1 个会议：草稿 1 个");
    await expect(page.getByRole("columnheader", { name: "已调整评级" })).toBeVisible();
    await expect(page.getByTestId("admin-unassigned-count")).toHaveText("有 2 名参与者尚未加入任何校准会议（仅评审人不参与评级，未计入）");
    await page.getByRole("link", { name: `${name}（修订）`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("编辑校准会议");
    await expect(page.getByTestId("session-workflow-id")).toContainText("Temporal 工作流");
    await expect(page.getByTestId("session-back-link")).toHaveText("← 校准会议");
    await page.getByTestId("session-back-link").click();
    await expect(page.getByTestId("admin-session-counts")).toHaveText("共 1 个会议：草稿 1 个");
    await hydrated(page);
    await page.getByTestId("admin-close-all").click();
    const close = page.getByRole("dialog", { name: "要关闭所有会议吗？" });
    await expect(close).toContainText("关闭本周期全部 1 个未关闭的会议（包括草稿）？");
    await close.getByTestId("admin-close-confirm").click();
    await expect(page.getByText("已关闭 1 个校准会议")).toBeVisible();
    await expect(page.getByTestId("admin-session-counts")).toHaveText("共 1 个会议：已关闭 1 个");

    // ── The session admin's list (Ada runs the session) ──
    await open(page, `/app/session-admin/calibration-sessions?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("主持校准会议");
    await expect(page).toHaveTitle("主持校准会议 | PMR");
    await expect(page.getByRole("columnheader", { name: "已调整评级" })).toBeVisible();
    await expect(page.getByTestId("meeting-sessions").getByRole("row").filter({ hasText: name })).toContainText("已关闭");
  });
});

const ADMIN_TABLE: LayoutCheck = {
  scrollAreas: [{ container: ':has(> [data-testid="admin-sessions-table"])', mustShow: '[data-testid="admin-sessions-table"] tr > :first-child' }],
};

/** Instants as the setup pages write them in English (en-XA formats as English): "1 Mar 2027, 15:00 UTC". */
const DEADLINES = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2} (UTC|GMT([+-]\d{1,2}(:\d{2})?)?)/g;

/**
 * In en-XA: no text outside ⟦ ⟧ but `data` in the page's content, at 1440 and at 375 px; no overflow and no clipped
 * cell at either width. The frame is checked by zh-cn-home.spec.ts; the cycle switcher and the stage chip are the
 * cycles feature's.
 */
async function checkPage(page: Page, path: string, data: Array<string | RegExp>, layout: LayoutCheck = {}) {
  const check = { allow: ["PMR", ...data, DEADLINES, /\bcalibration-session-\d+\b/g], roots: ["main"], skip: ['[data-testid="cycle-switcher"]', '[data-testid^="cycle-stage"]', ".MuiAvatar-root"] };
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, path);
    await expectAllTranslated(page, check);
    expect.soft(await layoutOffenders(page, layout), `layout offenders of ${path} at ${width} px`).toEqual([]);
    expect.soft(await clippedCells(page), `clipped cells of ${path} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe("the calibration setup pages in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  test("no untranslated text, overflow or clipped cell on the HR partner's, the admin's and the members' pages", async ({ page }) => {
    test.setTimeout(300_000);
    const { cycleId, cycleName, session } = await buildCycle(page, true);
    const id = session!.id;
    const { participants } = await ok<{ participants: Array<{ user: { department: string | null } }> }>(await page.request.get(`/api/v1/cycles/${cycleId}/hr_partner/participants`));
    const departments = [...new Set(participants.map((p) => p.user.department).filter((d): d is string => !!d))];
    const data = [cycleName, session!.name, ...PEOPLE.flatMap((p) => [p.name, p.email]), ...departments];

    await checkPage(page, `/app/ratings/hr-partners?cycle_id=${cycleId}`, data);
    await checkPage(page, `/app/ratings/hr-partners/create-session?cycle_id=${cycleId}`, data);
    await checkPage(page, `/app/ratings/hr-partners/sessions/${id}/edit`, data);
    // The activation dialog.
    await open(page, `/app/ratings/hr-partners/sessions/${id}/edit`);
    await page.getByTestId("session-activate").click();
    await expect(page.getByTestId("session-activate-dialog")).toBeVisible();
    await expectAllTranslated(page, { allow: ["PMR", ...data, DEADLINES], roots: ['[data-testid="session-activate-dialog"]'] });

    await signInThroughLoginPage(page, DEMO.superAdmin);
    // The admin's table of every session has twelve columns: at 1440 px it scrolls in its own box (as in English), the
    // sessions' names in view; below 960 px its rows are stacked.
    await checkPage(page, `/app/admin/calibration-sessions?cycle_id=${cycleId}`, data, ADMIN_TABLE);
    await checkPage(page, `/app/admin/cycles/${cycleId}/calibration-sessions/${id}/edit`, data);
    await checkPage(page, `/app/session-admin/calibration-sessions?cycle_id=${cycleId}`, data);

    await signInThroughLoginPage(page, DEMO.hrOps);
    await checkPage(page, `/app/ratings/calibration-panelist/sessions?cycle_id=${cycleId}`, data);
    await signInThroughLoginPage(page, CARMEN);
    await checkPage(page, `/app/sign-off-party/calibration-sessions?cycle_id=${cycleId}`, data);
  });
});
