import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, hydrated, open, signedInPage, test, type Demo } from "./fixtures";
import { ok, userId } from "./api-helpers";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";
import { clippedCells, layoutOffenders } from "./overflow";

/**
 * Issue 28: the promotion pages in Simplified Chinese, walked by the people who use them: the manager nominates a
 * direct report and withdraws (a dialog), the endorser reads their requests, accepts one and endorses it, the super
 * admin reads the Promotion Dashboard (charts, a table view) and closes a session (a dialog); then every one of those
 * pages in the pseudo-language en-XA: no visible text that did not go through translation, and no overflow or clipped
 * cell at 1440 and 375 px. The test builds its own cycle through the API (no seeded data is touched).
 *
 * Cast: Morgan Manager nominates Eli Employee (the page) and another report (the API); Carmen Chief endorses; Harper
 * Ops sits on the panel; Priya Partner signs off.
 */

const CARMEN: Demo = { email: "carmen.chief@example.com", name: "Carmen Chief" };
const RATIONALE = "张伟 led the billing migration and mentors two engineers: ready for the next level.";
const ENDORSEMENT = "Ich habe mit ihm gearbeitet — 他已经达到高级工程师水平。";

type World = { cycleId: number; cycleName: string; sessionId: number; sessionName: string; nominee: { id: number; name: string; email: string }; nominationId: number };

/** A cycle in the manager feedback stage: Eli and another of Morgan's reports; Morgan nominates the other one. */
async function buildCycle(browser: Browser): Promise<World & { admin: Page; close: () => Promise<void> }> {
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const a = admin.page;
  const { users } = await ok<{ users: Array<{ id: number; name: string; email: string }> }>(await a.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100"));
  const taken = new Set<string>([DEMO.employee.email, DEMO.manager.email, CARMEN.email]);
  const nominee = users.filter((u) => !taken.has(u.email))[30]!;
  const cycleName = `E2E 晋升 zh ${Date.now()}`;
  const cycleId = (await ok<{ cycle: { id: number } }>(await a.request.post("/api/v1/admin/cycles", { data: { name: cycleName } }), 201)).cycle.id;
  for (const email of [DEMO.employee.email, nominee.email])
    await ok(await a.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email, manager_email: DEMO.manager.email } }), 201);
  for (const step of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback"]) await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/${step}`));
  const morgan = await signedInPage(browser, DEMO.manager);
  await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: nominee.email, rationale: RATIONALE } }), 201);
  await morgan.close();
  return { admin: a, close: admin.close, cycleId, cycleName, sessionId: 0, sessionName: "", nominee, nominationId: 0 };
}

/** Calibration: a promotion session with the nomination, Carmen asked to endorse it. */
async function buildSession(a: Page, world: World): Promise<World> {
  const { cycleId } = world;
  await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/progress_to_calibration`));
  const pool = await ok<{ promotion_nominations: Array<{ id: number; nominee: { email: string } }> }>(await a.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_nominations`));
  const nominationId = pool.promotion_nominations.find((n) => n.nominee.email === world.nominee.email)!.id;
  const sessionName = `E2E 晋升会议 ${Date.now()}`;
  const members = { panelist_ids: [await userId(a, DEMO.hrOps.email)], sign_off_ids: [await userId(a, DEMO.peoplePartner.email)] };
  const sessionId = (
    await ok<{ promotion_calibration_session: { id: number } }>(
      await a.request.post(`/api/v1/admin/cycles/${cycleId}/promotion_calibration_sessions`, { data: { name: sessionName, nomination_ids: [nominationId], ...members } }),
      201,
    )
  ).promotion_calibration_session.id;
  const runner = `/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions/${sessionId}/promotion_nominations/${nominationId}`;
  await ok(await a.request.post(`${runner}/endorsements`, { data: { endorser_ids: [await userId(a, CARMEN.email)] } }), 201);
  return { ...world, sessionId, sessionName, nominationId };
}

/** The id of the request about `nominee` in the signed-in endorser's list (from its View link). */
async function requestId(page: Page, nominee: string): Promise<number> {
  const row = page.getByTestId("endorsements-table").locator("tbody tr").filter({ hasText: nominee });
  await expect(row).toHaveCount(1);
  const href = await row.locator('a[data-testid^="endorsement-view-"]').getAttribute("href");
  return Number(/\/endorsements\/(\d+)\/view/.exec(href ?? "")![1]);
}

test.describe("the promotion pages in Chinese and in the pseudo-language", () => {
  // The nomination form answers a too short rationale with 400; the endorse form an empty endorsement with 400.
  test.use({ allowHttpErrors: [400] });

  test("manager, endorser and super admin walk their pages in zh-CN; each page passes the en-XA check at 1440 and 375 px", async ({ browser }) => {
    test.setTimeout(420_000);
    const setup = await buildCycle(browser);
    let world: World = setup;
    const { cycleId } = world;
    const eliPath = `/app/my-reportees/${encodeURIComponent(DEMO.employee.email)}/promotion?cycle_id=${cycleId}`;

    const zh = await browser.newContext({ locale: "zh-CN" });
    const xa = await browser.newContext({ locale: "en-XA" });
    try {
      // ── The manager nominates Eli, then withdraws, in Chinese. ──
      const m = await zh.newPage();
      await signInThroughLoginPage(m, DEMO.manager, eliPath);
      await expect(m.getByTestId("promotion-title")).toHaveText(`晋升提名：${DEMO.employee.name}`);
      await expect(m).toHaveTitle(`${DEMO.employee.name} 的晋升提名 | PMR`);
      await expect(m.getByTestId("nomination-status")).toHaveText("未提名");
      await expect(m.getByRole("link", { name: "← 我的下属" })).toBeVisible();
      await m.getByTestId("nomination-rationale-input").fill("太短了");
      await m.getByTestId("nomination-submit").click();
      await expect(m.getByText("提名理由至少需要 20 个字符：请说明此人为何已具备晋升条件")).toBeVisible();
      await m.getByTestId("nomination-rationale-input").fill(RATIONALE);
      await m.getByTestId("nomination-submit").click();
      await expect(m.getByText("已提名晋升")).toBeVisible();
      await expect(m.getByTestId("nomination-status")).toHaveText("已提名");
      await expect(m.getByTestId("nomination-submit")).toHaveText("更新提名理由");
      await expect(m.getByTestId("nomination-status-panel")).toContainText(`提名人：${DEMO.manager.name}`);
      await m.getByTestId("nomination-withdraw").click();
      await expect(m.getByTestId("nomination-withdraw-dialog")).toContainText("撤回提名？");
      await expect(m.getByTestId("nomination-withdraw-dialog")).toContainText(`${DEMO.employee.name} 将不再参与本周期的晋升评审`);
      await m.getByTestId("nomination-withdraw-confirm").click();
      await expect(m.getByTestId("nomination-status")).toHaveText("已撤回");
      await expect(m.getByText("提名已撤回")).toBeVisible();

      // ── The manager's page in en-XA while nominations are open (the form), at 1440 and 375 px. ──
      const mx = await xa.newPage();
      await signInThroughLoginPage(mx, DEMO.manager, eliPath);
      await expect(mx.getByTestId("nomination-submit")).toContainText("⟦");
      await checkPage(mx, "the nomination page", [DEMO.employee.name, DEMO.employee.email, DEMO.manager.name, world.cycleName, RATIONALE]);

      // ── Calibration: a session with the other nomination; Carmen is asked to endorse it. ──
      world = await buildSession(setup.admin, world);
      const nominee = world.nominee;

      // ── Carmen reads her requests, accepts and endorses, in Chinese. ──
      const c = await zh.newPage();
      await signInThroughLoginPage(c, CARMEN, "/app/promotions/endorsements");
      await expect(c.getByRole("heading", { level: 1 })).toHaveText("背书请求");
      await expect(c).toHaveTitle("背书请求 | PMR");
      await expect(c.getByRole("columnheader", { name: "被提名人" })).toBeVisible();
      const id = await requestId(c, nominee.name);
      await expect(c.getByTestId(`endorsement-status-${id}`)).toHaveText("已请求");
      await expect(c.getByTestId(`endorsement-outcome-${id}`)).toHaveText("待处理");
      await expect(c.getByTestId(`endorsement-answer-${id}`)).toHaveText("回复");
      await c.getByTestId(`endorsement-answer-${id}`).click();
      await expect(c.getByTestId("endorsement-title")).toHaveText(`为 ${nominee.name} 背书`);
      await hydrated(c);
      await expect(c.getByTestId("endorsement-facts")).toContainText("提名理由");
      await expect(c.getByTestId("endorsement-status")).toHaveText("已请求");
      await c.getByTestId("endorsement-accept").click();
      await expect(c.getByText("已接受背书请求")).toBeVisible();
      await expect(c.getByTestId("endorsement-status")).toHaveText("已接受");
      // The answer's page in en-XA while the form is open.
      const cx = await xa.newPage();
      await signInThroughLoginPage(cx, CARMEN, `/app/promotions/endorsements/${id}/endorse?cycle_id=${cycleId}`);
      await expect(cx.getByTestId("endorsement-submit")).toContainText("⟦");
      const endorserData = [nominee.name, nominee.email, world.cycleName, RATIONALE, DEMO.manager.name, CARMEN.name, ENDORSEMENT];
      await checkPage(cx, "the endorse page (open)", endorserData);
      // An empty endorsement: the field's error in Chinese (a key from the server).
      await c.getByTestId("endorsement-outcome-endorsed").check();
      await c.getByTestId("endorsement-submit").click();
      await expect(c.getByText("请填写背书意见")).toBeVisible();
      await c.getByTestId("endorsement-text").fill(ENDORSEMENT);
      await c.getByTestId("endorsement-submit").click();
      await expect(c.getByText("背书意见已提交")).toBeVisible();
      await expect(c.getByTestId("endorsement-closed")).toContainText("此请求已关闭（已完成），无法再回复。");
      await expect(c.getByTestId("endorsement-outcome")).toHaveText("支持");

      // ── Carmen's list and the closed request in en-XA. ──
      await open(cx, "/app/promotions/endorsements");
      const listData = await endorsementData(cx, endorserData);
      await checkPage(cx, "the endorsement list", listData);
      await open(cx, `/app/promotions/endorsements/${id}/view?cycle_id=${cycleId}`);
      await checkPage(cx, "the endorsement view", endorserData);

      // ── The super admin's dashboard in Chinese: charts, a table view, closing the session. ──
      const s = await zh.newPage();
      await signInThroughLoginPage(s, DEMO.superAdmin, `/app/admin/promotion-dashboard?cycle_id=${cycleId}`);
      await expect(s.getByRole("heading", { level: 1 })).toHaveText("晋升看板");
      await expect(s).toHaveTitle("晋升看板 | PMR");
      await expect(s.getByRole("heading", { name: "各周期提名数" })).toBeVisible();
      await expect(s.getByTestId("nominations-per-cycle-summary")).toHaveText(`${world.cycleName}：1 项提名，1 项已撤回，0 项已决定，0 项晋升`);
      await expect(s.getByTestId("endorsement-completion-summary")).toHaveText("1 项请求中已完成 1 项（100%）");
      await expect(s.getByTestId("session-progress-summary")).toHaveText("1 场会议 · 1 项提名中已决定 0 项");
      // The chart's legend in Chinese (drawn in the browser).
      await expect(s.getByTestId("nominations-per-cycle-chart")).toContainText("已提名");
      await s.getByTestId("endorsement-completion-view-table").click();
      await expect(s.getByTestId("endorsement-completion-table").locator("thead th")).toHaveText(["状态", "请求数"]);
      await expect(s.getByTestId("endorsement-row-endorsed").locator("th")).toHaveText("已完成");
      await expect(s.getByTestId("dashboard-sessions")).toContainText("晋升评审会议（1）");
      await expect(s.getByTestId("download-nominations")).toHaveText("下载提名名单（CSV）");
      await s.getByTestId(`close-session-${world.sessionId}`).click();
      const dialog = s.getByTestId("close-session-dialog");
      await expect(dialog.getByRole("heading", { name: `关闭 ${world.sessionName}？` })).toBeVisible();
      await dialog.getByTestId("close-session-dialog-confirm").click();
      await expect(s.getByText(`已关闭 ${world.sessionName}`)).toBeVisible();
      await expect(dialog).toBeHidden();

      // ── The dashboard and the panelist's session list in en-XA. ──
      const sx = await xa.newPage();
      await signInThroughLoginPage(sx, DEMO.superAdmin, `/app/admin/promotion-dashboard?cycle_id=${cycleId}`);
      await expect(sx.getByTestId("download-nominations")).toContainText("⟦");
      const { cycles } = await ok<{ cycles: Array<{ name: string }> }>(await sx.request.get(`/api/v1/admin/promotion_dashboard?cycle_id=${cycleId}`));
      // The chart's band labels are cycle names, which MUI's axis shortens with "…" when the band is narrow.
      const shortened = cycles.map((x) => new RegExp(`${x.name.slice(0, 3).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^⟦⟧]*…`, "g"));
      const dashboardData = [...cycles.map((x) => x.name), ...shortened, world.sessionName, DEMO.peoplePartner.name, DEMO.superAdmin.name, DEMO.hrOps.name];
      await checkPage(sx, "the promotion dashboard (charts)", dashboardData);
      for (const chart of ["nominations-per-cycle", "endorsement-completion", "session-progress"]) await sx.getByTestId(`${chart}-view-table`).click();
      await checkPage(sx, "the promotion dashboard (tables)", dashboardData);
      const px = await xa.newPage();
      await signInThroughLoginPage(px, DEMO.hrOps, `/app/promotions/calibration-panelist/sessions?cycle_id=${cycleId}`);
      await expect(px.getByTestId(`promotion-session-row-${world.sessionId}`)).toBeVisible();
      await checkPage(px, "the panelist's session list", [world.sessionName, world.cycleName, DEMO.superAdmin.name, DEMO.peoplePartner.name, ...cycles.map((x) => x.name)]);
    } finally {
      await zh.close();
      await xa.close();
      await setup.close();
    }
  });
});

/** The request list's data: every nominee and cycle in it (other tests' requests to Carmen included). */
async function endorsementData(page: Page, extra: string[]): Promise<string[]> {
  const { endorsements } = await ok<{ endorsements: Array<{ nominee: { name: string; email: string }; cycle_name: string }> }>(await page.request.get("/api/v1/endorsements"));
  return [...extra, ...endorsements.flatMap((e) => [e.nominee.name, e.nominee.email, e.cycle_name])];
}

/**
 * Instants as the reader's formatter writes them in English (en-XA formats as English): "Dec 2, 2026, 12:30 AM UTC".
 * The platform's DATE_PATTERNS know the older "2 Dec 2026" forms only.
 */
const INSTANTS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}(, \d{1,2}:\d{2}( ?[AP]M)?( (UTC|GMT[+-]\d{1,2}(:\d{2})?|[A-Z]{2,5}))?)?/g;

/**
 * In en-XA: no text outside ⟦ ⟧ but `data`, in the page's content, at 1440 and at 375 px; and no overflow or clipped
 * cell at either width. The frame is checked by zh-cn-home.spec.ts; the cycle switcher and the stage chip are the
 * cycles feature's.
 */
async function checkPage(page: Page, what: string, data: Array<string | RegExp>) {
  const check = { allow: ["PMR", ...data, INSTANTS], roots: ["main"], skip: ['[data-testid="cycle-switcher"]', '[data-testid^="cycle-stage"]', ".MuiAvatar-root"] };
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await expectAllTranslated(page, check);
    expect.soft(await layoutOffenders(page), `layout offenders of ${what} at ${width} px`).toEqual([]);
    expect.soft(await clippedCells(page), `clipped cells of ${what} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
