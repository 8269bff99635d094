import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage, type Demo } from "./fixtures";
import { ok } from "./api-helpers";
import { csvText } from "./downloads";
import { expectMail } from "./mail-sink";

/**
 * Issue 28 "Done when", first bullet: every script survives the whole way. A super admin creates 张伟, who reports to
 * Łukasz Żółć, and a cycle with both; 张伟 writes the self review in the 360 feedback form and Łukasz the manager
 * feedback in his page, both in Chinese, Polish, Greek and an emoji; then the same exact strings are read back from
 * the summary page, the summary PDF (text extracted with poppler's `pdftotext -enc UTF-8`), the directory CSV export
 * (a browser download that starts with the UTF-8 BOM, csvText) and the audit log (its page and its API). A character
 * turned into '?' or dropped anywhere fails the test, as every check compares the exact strings.
 * Last, the notification email: 张伟 chooses 简体中文, Łukasz gives him anytime feedback on its page, and the email the
 * suite's SMTP sink received (tests/e2e/mail-sink.ts) names both exactly, in 张伟's language, the message parsed as a
 * mail client would (mailparser: the subject's RFC 2047 words, the text and HTML parts' transfer encoding).
 */

const ZHANG_NAME = "张伟";
const LUKASZ_NAME = "Łukasz Żółć";
const SELF_TEXT = "张伟：做得很好 · świetna robota · καλή δουλειά · 😀";
const MANAGER_TEXT = "Łukasz: 做得很好 · świetna robota · καλή δουλειά · 😀";

/** The admin moves the cycle one stage on with Close & Proceed and the confirmation dialog (as review-journey does). */
async function closeAndProceed(admin: Page, cycleId: number, expected: string) {
  await open(admin, "/app/admin/cycles");
  await admin.getByTestId(`cycle-proceed-${cycleId}`).click();
  await expect(admin.getByTestId("cycle-confirm-dialog")).toBeVisible();
  await admin.getByTestId("cycle-confirm-submit").click();
  await expect(admin.getByTestId(`cycle-stage-${cycleId}`)).toHaveText(expected);
  await expect(admin.getByTestId("cycle-confirm-dialog")).toBeHidden();
}

type Audit = { id: number; action: string; entity_type: string; actor: { name: string } | null; before: unknown; after: unknown };

async function audits(admin: Page, searchQuery: string): Promise<Audit[]> {
  const res = await admin.request.get(`/api/v1/admin/audits?limit=100&search_query=${encodeURIComponent(searchQuery)}`);
  return (await ok<{ audits: Audit[] }>(res)).audits;
}

test.describe("every script, end to end", () => {
  test.use({ allowHttpErrors: [400, 422] });

  test("张伟 and Łukasz Żółć write feedback in four scripts; the summary, PDF, CSV and audit log keep every character", async ({ page, browser }) => {
    test.setTimeout(300_000);
    const stamp = Date.now();
    const zhang: Demo = { email: `zhang.wei.${stamp}@example.com`, name: ZHANG_NAME };
    const lukasz: Demo = { email: `lukasz.zolc.${stamp}@example.com`, name: LUKASZ_NAME };
    const cycleName = `年终评估 Ω ${stamp}`;

    // ── The super admin creates both people (the API the Users page uses) and the cycle, and starts it. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const a = admin.page;
    const created = await ok<{ user: { name: string } }>(await a.request.post("/api/v1/admin/users", { data: { email: lukasz.email, name: lukasz.name } }), 201);
    expect(created.user.name).toBe(LUKASZ_NAME);
    const reports = await ok<{ user: { name: string; manager: { name: string } | null } }>(
      await a.request.post("/api/v1/admin/users", { data: { email: zhang.email, name: zhang.name, manager_email: lukasz.email } }),
      201,
    );
    expect(reports.user.name).toBe(ZHANG_NAME);
    const cycle = await ok<{ cycle: { id: number } }>(
      await a.request.post("/api/v1/admin/cycles", { data: { name: cycleName, start_date: "2027-01-04", planned_end_date: "2027-03-31" } }),
      201,
    );
    const cycleId = cycle.cycle.id;
    for (const data of [{ email: lukasz.email }, { email: zhang.email, manager_email: lukasz.email }]) {
      await ok(await a.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data }), 201);
    }
    await open(a, "/app/admin/cycles");
    await a.getByTestId(`cycle-start-${cycleId}`).click();
    await a.getByTestId("cycle-start-confirm").click();
    await expect(a.getByTestId(`cycle-stage-${cycleId}`)).toHaveText("Stage 1 - Start stage");
    await closeAndProceed(a, cycleId, "Stage 2 - SPU Feedback stage");

    // ── 张伟 signs in (the local OpenID provider's picker) and writes the self review in the 360 feedback form. ──
    await signIn(page, zhang, `/app/performance/spu-feedback?cycle_id=${cycleId}`);
    await expect(page.getByTestId("current-user-name")).toHaveText(ZHANG_NAME);
    await page.getByTestId(`spu-give-${zhang.email}`).click();
    await expect(page.getByTestId("feedback-reviewer-type")).toHaveText("Self");
    await page.getByTestId("answer-accomplishments").fill(SELF_TEXT);
    await page.getByTestId("answer-strengths").fill(SELF_TEXT);
    await page.getByTestId("answer-growth_areas").fill(SELF_TEXT);
    await page.getByTestId("question-overall_impact").getByRole("radio", { name: /^4 - / }).check();
    await page.getByTestId("feedback-submit").click();
    await page.getByTestId("feedback-submit-confirm").click();
    await expect(page.getByTestId("feedback-status")).toHaveText("Submitted");

    // ── Manager feedback: Łukasz reads 张伟's self review and writes his own in the page. ──
    await closeAndProceed(a, cycleId, "Stage 3 - Manager Feedback stage");
    const manager = await signedInPage(browser, lukasz, `/app/my-reportees/feedbacks?cycle_id=${cycleId}`);
    const m = manager.page;
    await m.getByTestId(`reportee-feedback-link-${zhang.email}`).click();
    await expect(m.getByTestId("report-feedback-title")).toHaveText(`Feedback for ${ZHANG_NAME}`);
    await m.getByTestId("answer-strengths").fill(MANAGER_TEXT);
    await m.getByTestId("answer-growth_areas").fill(MANAGER_TEXT);
    await m.getByTestId("question-overall_impact").getByRole("radio", { name: "4 - Exceeds expectations" }).check();
    await m.getByTestId("question-trajectory").getByRole("radio", { name: "Ready for more scope" }).check();
    await m.getByTestId("manager-feedback-submit").click();
    await expect(m.getByTestId("manager-feedback-state")).toHaveText("Submitted");
    await manager.close();

    await closeAndProceed(a, cycleId, "Stage 4 - Calibration stage");
    await closeAndProceed(a, cycleId, "Stage 5 - Communication stage");

    // ── The summary page: names and both texts exactly. ──
    const dismissed = await page.request.post("/api/v1/coachmarks", { data: { coachmark_type: "user_feedback", is_dismissed: true } });
    expect(dismissed.status(), await dismissed.text()).toBeLessThan(300);
    await open(page, `/app/performance/final-assessment/summary?cycle_id=${cycleId}`);
    await expect(page.getByTestId("summary-reviewee")).toHaveText(ZHANG_NAME);
    await expect(page.getByTestId("section-reviewers-manager")).toHaveText(`From: ${LUKASZ_NAME}`);
    await expect(page.getByTestId("summary-section-manager")).toContainText(MANAGER_TEXT);
    await expect(page.getByTestId("summary-section-self")).toContainText(SELF_TEXT);

    // ── The summary PDF, its text extracted by pdftotext. ──
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
    const pdfText = execFileSync("pdftotext", ["-enc", "UTF-8", (await download.path())!, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    for (const part of [ZHANG_NAME, LUKASZ_NAME, SELF_TEXT, MANAGER_TEXT, cycleName]) expect(pdfText, `the PDF holds ${part}`).toContain(part);

    // ── The directory CSV export (a browser download with the BOM): both names, 张伟's manager by email. ──
    await open(a, "/app/admin/users/import");
    const [csvDownload] = await Promise.all([a.waitForEvent("download"), a.getByTestId("directory-export-link").click()]);
    const lines = (await csvText(csvDownload)).split(/\r?\n/);
    const zhangLine = lines.find((l) => l.startsWith(`${zhang.email},`));
    const lukaszLine = lines.find((l) => l.startsWith(`${lukasz.email},`));
    expect(zhangLine, "张伟's row").toContain(`,${ZHANG_NAME},`);
    expect(zhangLine, "张伟's manager").toContain(lukasz.email);
    expect(lukaszLine, "Łukasz's row").toContain(`,${LUKASZ_NAME},`);

    // ── The audit log: the users' creation and both feedback submissions, in the API and on the page. ──
    const userCreated = (await audits(a, zhang.email)).find((r) => r.entity_type === "User" && JSON.stringify(r.after).includes(zhang.email));
    expect(userCreated, "张伟's creation is audited").toBeTruthy();
    expect((userCreated!.after as { name?: string }).name).toBe(ZHANG_NAME);
    const lukaszCreated = (await audits(a, lukasz.email)).find((r) => r.entity_type === "User" && JSON.stringify(r.after).includes(lukasz.email));
    expect((lukaszCreated?.after as { name?: string } | undefined)?.name).toBe(LUKASZ_NAME);
    const selfSubmit = (await audits(a, zhang.email)).find((r) => r.entity_type === "Feedback" && JSON.stringify(r.after).includes(SELF_TEXT));
    expect(selfSubmit, "张伟's self review is audited with its text").toBeTruthy();
    expect(selfSubmit!.actor?.name).toBe(ZHANG_NAME);
    const managerSubmit = (await audits(a, lukasz.email)).find((r) => r.action === "manager_feedback.submit");
    expect(managerSubmit, "Łukasz's manager feedback is audited").toBeTruthy();
    expect(managerSubmit!.actor?.name).toBe(LUKASZ_NAME);
    expect(JSON.stringify(managerSubmit!.after)).toContain(JSON.stringify(MANAGER_TEXT).slice(1, -1));

    await open(a, `/app/admin/audits?search_query=${encodeURIComponent(lukasz.email)}`);
    await expect(a.getByTestId(`audit-row-${managerSubmit!.id}`)).toContainText(LUKASZ_NAME);
    await a.getByTestId(`audit-expand-${managerSubmit!.id}`).click();
    await expect(a.getByTestId(`audit-detail-${managerSubmit!.id}`)).toContainText(MANAGER_TEXT);
    await admin.close();

    // ── The notification email, in the recipient's language: 张伟 reads Chinese; Łukasz gives him anytime feedback. ──
    await ok(await page.request.patch("/api/v1/me/preferences", { data: { locale: "zh-CN" } }));
    const giver = await signedInPage(browser, lukasz, "/app/anytime-feedback");
    await giver.page.getByTestId("give-feedback-person").fill(zhang.email);
    await giver.page.getByTestId("give-feedback-body").fill(MANAGER_TEXT);
    await giver.page.getByTestId("give-feedback-submit").click();
    await expect(giver.page.getByText(`Feedback sent to ${ZHANG_NAME}`)).toBeVisible();
    await giver.close();
    const mail = await expectMail(zhang.email, `${LUKASZ_NAME} 给你发送了新反馈`);
    expect(mail.text).toContain(`${ZHANG_NAME}，你好：`);
    expect(mail.text).toContain(`${LUKASZ_NAME} 给了你一条随时反馈，请前往“随时反馈”查看。`);
    expect(mail.html).toContain(`${ZHANG_NAME}，你好：`);
    // What was written stays in the app: the email only says that there is feedback.
    expect(mail.text + mail.html).not.toContain(MANAGER_TEXT);
  });
});
