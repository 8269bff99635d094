import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, hydrated, open, signedInPage, test, type Demo } from "./fixtures";
import { ok, userId } from "./api-helpers";
import { pickPerson } from "./people-picker";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";
import { clippedCells, layoutOffenders } from "./overflow";

/**
 * Issue 28: the HR partner's promotion journey in Simplified Chinese — the nominations page ('Run Promotion
 * Calibration Session'), the create form (its errors, then a session made), the session page (the endorsement
 * request dialog, a refused activation said in Chinese) and the edit form — and the same pages in the pseudo-language
 * en-XA with no visible text outside ⟦ ⟧ but data, and no overflow at 1440 and 375 px. The test builds its own cycle
 * and nomination through the API (no seeded data is touched).
 *
 * Cast: Morgan Manager nominates Eli Employee; Priya Partner (HR partner) makes the session with Harper Ops as panelist
 * and Carmen Chief as sign-off party.
 */

const CARMEN: Demo = { email: "carmen.chief@example.com", name: "Carmen Chief" };
const RATIONALE = "Eli led the billing migration — 推动了计费系统迁移.";

/** A cycle in its 360 feedback stage where Morgan has nominated Eli, whose HR partner is Priya. */
async function nominatedCycle(browser: Browser, label: string): Promise<{ cycleId: number; cycleName: string; harperId: number; carmenId: number }> {
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const cycleName = `${label} ${Date.now()}`;
  const cycleId = (await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: cycleName } }), 201)).cycle.id;
  await ok(
    await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, {
      data: { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
    }),
    201,
  );
  for (const t of ["start", "progress_to_spu_feedback"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
  const [harperId, carmenId] = [await userId(admin.page, DEMO.hrOps.email), await userId(admin.page, CARMEN.email)];
  await admin.close();
  const morgan = await signedInPage(browser, DEMO.manager);
  await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale: RATIONALE } }), 201);
  await morgan.close();
  return { cycleId, cycleName, harperId, carmenId };
}

/** A draft session of that cycle made through the API (Harper panelist, Carmen sign-off party). */
async function draftSession(page: Page, cycleId: number, name: string, harper: number, carmen: number): Promise<{ sessionId: number; nominationId: number }> {
  const hr = `/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions`;
  const pool = await ok<{ promotion_nominations: Array<{ id: number }> }>(await page.request.get(`/api/v1/cycles/${cycleId}/hr_partner/promotion_nominations`));
  const nominationId = pool.promotion_nominations[0]!.id;
  const made = await ok<{ promotion_calibration_session: { id: number } }>(
    await page.request.post(hr, { data: { name, nomination_ids: [nominationId], session_admin_id: null, panelist_ids: [harper], sign_off_ids: [carmen] } }),
    201,
  );
  return { sessionId: made.promotion_calibration_session.id, nominationId };
}

test.describe("the HR partner's promotion pages in Chinese", () => {
  test.use({ locale: "zh-CN", allowHttpErrors: [400, 409] });

  test("the nominations, a session created with the form, its page and its edit form", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const { cycleId } = await nominatedCycle(browser, "E2E 晋升 zh-CN");
    const name = `E2E 晋升评审 ${Date.now()}`;

    await signInThroughLoginPage(page, DEMO.peoplePartner, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("主持晋升评审会议");
    await expect(page).toHaveTitle("主持晋升评审会议 | PMR");
    await expect(page.getByTestId("hr-stage-note")).toHaveText("现在即可创建草稿状态的晋升评审会议；周期进入校准阶段后即可启动。");
    await expect(page.getByTestId("hr-sessions-empty")).toHaveText("你在本周期还没有晋升评审会议。");
    const table = page.getByTestId("hr-nominations-table");
    await expect(table.getByRole("columnheader", { name: "被提名人" })).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator("tbody tr").first()).toContainText("已提名");
    await expect(table.locator("tbody tr").first()).toContainText("未加入会议");

    // The create form: its errors in Chinese next to their fields, then a session.
    await hydrated(page);
    await page.getByTestId("hr-create-session").click();
    await expect(page.getByRole("heading", { name: "创建晋升评审会议" })).toBeVisible();
    await expect(page.getByTestId("session-nominations-helper")).toHaveText("已选 0 项");
    await page.getByTestId("session-save").click();
    await expect(page.getByTestId("session-nominations-helper")).toHaveText("请至少选择一项提名");
    await expect(page.getByText("请选择签核人")).toBeVisible();
    await page.getByTestId("session-name").fill(name);
    await page.getByRole("checkbox", { name: `加入 ${DEMO.employee.name}` }).check();
    await pickPerson(page, "session-panelists-input", DEMO.hrOps);
    await pickPerson(page, "session-sign-off-input", CARMEN);
    await page.getByTestId("session-save").click();
    await expect(page).toHaveURL(/\/app\/promotions\/hr-partners\/sessions\/\d+\?cycle_id=\d+$/);
    await expect(page.getByText(`晋升评审会议“${name}”已创建为草稿`)).toBeVisible();

    // The session page: the stage note, the card, the endorsement request dialog, a refused activation.
    await expect(page.getByTestId("meeting-title")).toHaveText(name);
    await expect(page).toHaveTitle(`${name} | PMR`);
    await expect(page.getByTestId("session-stage-note")).toHaveText("周期进入校准阶段后即可启动此会议（当前为“阶段 2 - 360 反馈阶段”）。你现在已可邀请背书。");
    const card = page.locator("article").filter({ has: page.getByRole("heading", { name: DEMO.employee.name, exact: true }) });
    const nominationId = Number((await card.getAttribute("data-testid"))!.replace("nomination-", ""));
    await expect(page.getByTestId(`nomination-decision-${nominationId}`)).toHaveText("尚未决定");
    await expect(page.getByTestId(`nomination-rationale-${nominationId}`)).toHaveText(RATIONALE);
    await expect(card).toContainText("评审成员投票");
    await expect(page.getByTestId(`nomination-tally-${nominationId}`)).toHaveText("暂无投票");
    await page.getByTestId(`request-endorsers-${nominationId}`).click();
    await expect(page.getByTestId("request-endorsers-dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("request-endorsers-dialog")).toBeHidden();
    await page.getByTestId("session-activate").click();
    await expect(page.getByTestId("activate-dialog")).toContainText("启动此会议？");
    await page.getByTestId("activate-dialog-confirm").click();
    await expect(page.getByTestId("activate-dialog-error")).toHaveText("只有在周期处于校准阶段时才能启动会议");
    await page.keyboard.press("Escape");

    // The edit form, then back to the nominations page with the session listed.
    await page.getByTestId("session-edit").click();
    await expect(page.getByRole("heading", { name: "编辑晋升评审会议" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: `加入 ${DEMO.employee.name}` })).toBeChecked();
    await open(page, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`);
    await expect(page.getByRole("link", { name: `打开 ${name}` })).toBeVisible();
  });
});

/**
 * Parts translated by their own features and checked by their own specs: the stage chip, the cycle switcher, and the
 * decision history (the promotion meeting pages' component, zh-cn-promotion-meeting.spec).
 */
const OTHERS = ['[data-testid^="cycle-stage"]', '[data-testid="cycle-switcher"]', '[data-testid^="decision-history-"]'];

test("in the pseudo-language en-XA the HR partner's promotion pages have no untranslated text and fit at 1440 and 375 px", async ({ browser }) => {
  test.setTimeout(240_000);
  const { cycleId, cycleName, harperId, carmenId } = await nominatedCycle(browser, "E2E pseudo promotions");
  const context = await browser.newContext({ locale: "en-XA" });
  try {
    const page = await context.newPage();
    await signInThroughLoginPage(page, DEMO.peoplePartner, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`);
    const name = `E2E pseudo session ${Date.now()}`;
    const { sessionId } = await draftSession(page, cycleId, name, harperId, carmenId);
    const people = [DEMO.employee, DEMO.manager, DEMO.peoplePartner, DEMO.hrOps, CARMEN];
    // The nominee's job title and department are the directory's data.
    const pool = await ok<{ promotion_nominations: Array<{ nominee: { job_title: string | null; department: string | null } }> }>(
      await page.request.get(`/api/v1/cycles/${cycleId}/hr_partner/promotion_nominations`),
    );
    const directory = pool.promotion_nominations.flatMap((n) => [n.nominee.job_title, n.nominee.department]).filter((v): v is string => !!v);
    const allow = [name, cycleName, RATIONALE, "PMR", ...directory, ...people.flatMap((p) => [p.name, p.email])];
    const paths = [
      `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`,
      `/app/promotions/hr-partners/create-session?cycle_id=${cycleId}`,
      `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${cycleId}`,
      `/app/promotions/hr-partners/sessions/${sessionId}/edit?cycle_id=${cycleId}`,
    ];
    for (const size of [
      { width: 1440, height: 900 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(size);
      for (const path of paths) {
        await open(page, path);
        await expect(page.locator("main")).toContainText("⟦");
        await expectAllTranslated(page, { allow, roots: ["main"], skip: OTHERS });
        expect(await layoutOffenders(page), `${path} at ${size.width} px`).toEqual([]);
        expect(await clippedCells(page), `clipped cells on ${path} at ${size.width} px`).toEqual([]);
      }
    }
  } finally {
    await context.close();
  }
});
