import type { Page } from "@playwright/test";
import { DEMO, expect, hydrated, signedInPage, test } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";
import { clippedCells, layoutOffenders } from "./overflow";

/**
 * Issue 28: the promotion meeting pages in Simplified Chinese, walked by the people who use them: the panelist votes
 * (a form), opens a nomination's discussion and comments; the sign-off party reads the outcome, is refused a send back
 * without a comment (a dialog; the server's refusal as a key) and approves (a dialog, a toast). Then both pages in the
 * pseudo-language en-XA: no visible text that did not go through translation, and no overflow or clipped cell at 1440
 * and 375 px. The test builds its own cycle through the API (no seeded data is touched).
 *
 * Cast: Morgan Manager nominates Eli Employee; Ada Admin creates and runs the session; Harper Ops sits on the panel;
 * Carmen Chief signs off.
 */

const RATIONALE = "Eli 主导了计费系统迁移，并指导两名工程师 — ready for the next level.";
const NOTE = "迁移按时上线 · Ζήτω!";
const COMMENT = "同行评价也提到了迁移手册。";

/** Instants as the reader's formatter writes them in English (en-XA formats as English): "Dec 2, 2026, 12:30 AM UTC". */
const INSTANTS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}(, \d{1,2}:\d{2}( ?[AP]M)?( (UTC|GMT[+-]\d{1,2}(:\d{2})?|[A-Z]{2,5}))?)?/g;

/** In en-XA: no text outside ⟦ ⟧ but `data` in the page's content, and no overflow or clipped cell, at 1440 and 375 px. */
async function checkPage(page: Page, what: string, data: string[]) {
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

test.describe("the promotion meeting pages in Chinese and in the pseudo-language", () => {
  // A send back without a comment is refused with 422.
  test.use({ allowHttpErrors: [422] });

  test("the panelist votes and comments, the sign-off party approves, in zh-CN; both pages pass the en-XA check at 1440 and 375 px", async ({ browser }) => {
    test.setTimeout(420_000);
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const a = admin.page;
    const cycleName = `E2E 晋升会议 zh ${Date.now()}`;
    const cycleId = (await ok<{ cycle: { id: number } }>(await a.request.post("/api/v1/admin/cycles", { data: { name: cycleName } }), 201)).cycle.id;
    await ok(await a.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.employee.email, manager_email: DEMO.manager.email } }), 201);
    for (const step of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback"]) await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/${step}`));
    const morgan = await signedInPage(browser, DEMO.manager);
    await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale: RATIONALE } }), 201);
    await morgan.close();
    await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/progress_to_calibration`));
    const pool = await ok<{ promotion_nominations: Array<{ id: number }> }>(await a.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_nominations`));
    const nid = pool.promotion_nominations[0]!.id;
    const sessionName = `E2E 晋升评审 ${Date.now()}`;
    const harperId = await userId(a, DEMO.hrOps.email);
    const sessionId = (
      await ok<{ promotion_calibration_session: { id: number } }>(
        await a.request.post(`/api/v1/admin/cycles/${cycleId}/promotion_calibration_sessions`, {
          data: { name: sessionName, nomination_ids: [nid], panelist_ids: [harperId], sign_off_ids: [await userId(a, CEO.email)] },
        }),
        201,
      )
    ).promotion_calibration_session.id;
    const transition = (event: string) => a.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition?event=${event}`, { data: {} });
    await ok(await transition("activate"));
    const panelPath = `/app/promotions/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`;
    const signOffPath = `/app/promotions/sign-off-party/sessions/${sessionId}?cycle_id=${cycleId}`;
    // The nominee's job title and department are data (the outcome table and the nomination card show them).
    const detail = await ok<{ nominations: Array<{ nominee: { job_title: string | null; department: string | null } }> }>(
      await a.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}`),
    );
    const about = detail.nominations.flatMap((n) => [n.nominee.job_title, n.nominee.department]).filter((v): v is string => !!v);
    const people = [DEMO.employee.name, DEMO.employee.email, DEMO.manager.name, DEMO.superAdmin.name, DEMO.hrOps.name, CEO.name, sessionName, cycleName, RATIONALE, ...about];

    const zh = await browser.newContext({ locale: "zh-CN" });
    const xa = await browser.newContext({ locale: "en-XA" });
    try {
      // ── Harper votes and comments, in Chinese. ──
      const p = await zh.newPage();
      await signInThroughLoginPage(p, DEMO.hrOps, panelPath);
      await expect(p.getByTestId("meeting-title")).toHaveText(sessionName);
      await expect(p).toHaveTitle(`${sessionName} | PMR`);
      await expect(p.getByRole("heading", { name: "提名（1）" })).toBeVisible();
      await expect(p.getByTestId("my-vote-count")).toHaveText("你已对 1 项提名中的 0 项投票。");
      await expect(p.getByTestId(`my-vote-${nid}`)).toHaveText("你还没有投票");
      await expect(p.getByTestId(`vote-submit-${nid}`)).toHaveText("提交投票");
      await p.getByLabel("支持晋升", { exact: true }).check();
      await p.getByTestId(`vote-note-${nid}`).fill(NOTE);
      await p.getByTestId(`vote-submit-${nid}`).click();
      await expect(p.getByText("已投票：支持晋升")).toBeVisible();
      await expect(p.getByTestId(`my-vote-${nid}`)).toHaveText("你的投票：支持晋升");
      await expect(p.getByTestId(`vote-submit-${nid}`)).toHaveText("修改投票");
      await expect(p.getByTestId("my-vote-count")).toHaveText("你已对 1 项提名中的 1 项投票。");
      await expect(p.getByTestId(`discussion-toggle-${nid}`)).toHaveText("评论（0）· 反馈摘要");
      await p.getByTestId(`discussion-toggle-${nid}`).click();
      await expect(p).toHaveURL(new RegExp(`nomination=${nid}`));
      await hydrated(p);
      await expect(p.getByRole("heading", { name: `关于 ${DEMO.employee.name} 的评论` })).toBeVisible();
      await expect(p.getByTestId(`discussion-toggle-${nid}`)).toHaveText("收起评论");
      await p.getByTestId("nomination-comments-input").fill(COMMENT);
      await p.getByTestId("nomination-comments-submit").click();
      await expect(p.getByText("评论已添加")).toBeVisible();
      await expect(p.getByTestId("nomination-comments-thread")).toContainText(COMMENT);
      await expect(p.getByTestId("summary-toggle")).toHaveText(`${DEMO.employee.name} 的反馈摘要`);
      await p.getByTestId("summary-toggle").click();
      await expect(p.getByTestId("feedback-summary")).toBeVisible();

      // ── Harper's page in en-XA, with the nomination open. ──
      const px = await xa.newPage();
      await signInThroughLoginPage(px, DEMO.hrOps, `${panelPath}&nomination=${nid}`);
      await expect(px.getByTestId(`vote-submit-${nid}`)).toContainText("⟦");
      await checkPage(px, "the panelist's session page", [...people, NOTE, COMMENT]);

      // ── The runner decides and sends the session for review. ──
      const runner = `/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions/${sessionId}/promotion_nominations/${nid}`;
      await ok(await a.request.patch(`${runner}/decision`, { data: { decision: "PROMOTED", reason: "评审小组一致同意。" } }));
      await ok(await transition("progress_to_review"));

      // ── Carmen reads the outcome in Chinese; a send back without a comment is refused; she approves. ──
      const s = await zh.newPage();
      await signInThroughLoginPage(s, CEO, signOffPath);
      await expect(s.getByTestId("meeting-title")).toHaveText(sessionName);
      await expect(s.getByRole("heading", { name: "评审结果（1 项提名中已决定 1 项）" })).toBeVisible();
      await expect(s.getByTestId("outcome-table").locator("thead th")).toHaveText(["被提名人", "决定", "投票", "背书", "决定记录", "评论"]);
      await expect(s.getByTestId(`outcome-decision-${nid}`)).toHaveText("晋升");
      await expect(s.getByTestId(`outcome-tally-${nid}`)).toHaveText("支持晋升 1 · 不支持晋升 0 · 建议暂缓 0");
      await expect(s.getByTestId(`outcome-endorsements-${nid}`)).toHaveText("未请求背书");
      await expect(s.getByTestId(`outcome-history-${nid}`)).toContainText("评审小组一致同意。");
      await expect(s.getByTestId("approve")).toHaveText("批准");
      await hydrated(s);
      await s.getByTestId("send-back").click();
      const sendBack = s.getByTestId("send-back-dialog");
      await expect(sendBack.getByRole("heading", { name: "退回评审结果？" })).toBeVisible();
      await sendBack.getByTestId("send-back-dialog-comment").fill("   ");
      await sendBack.getByTestId("send-back-dialog-confirm").click();
      await expect(sendBack).toContainText("请说明需要修改的内容：退回评审结果时必须填写意见");
      await sendBack.getByRole("button", { name: "取消" }).click();
      await expect(sendBack).toBeHidden();

      // ── Carmen's page in en-XA while it is in review (Approve and Send back). ──
      const sx = await xa.newPage();
      await signInThroughLoginPage(sx, CEO, `${signOffPath}&nomination=${nid}`);
      await expect(sx.getByTestId("approve")).toContainText("⟦");
      await checkPage(sx, "the sign-off page", [...people, COMMENT, "评审小组一致同意。"]);

      await s.getByTestId("approve").click();
      const approve = s.getByTestId("approve-dialog");
      await expect(approve.getByRole("heading", { name: "批准评审结果？" })).toBeVisible();
      await expect(approve).toContainText("各项决定将成为被提名人的晋升决定");
      await approve.getByTestId("approve-dialog-confirm").click();
      await expect(s.getByText("评审结果已批准：会议已关闭")).toBeVisible();
      await expect(s.getByTestId("session-note")).toHaveText("评审结果已获批准：会议已关闭，各项决定均为最终结果。");
    } finally {
      await zh.close();
      await xa.close();
      await admin.close();
    }
  });
});
