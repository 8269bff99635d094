import fs from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage } from "./fixtures";

/**
 * The whole review cycle in the browser (issue [3/3]): an employee picks peers, a peer accepts, the admin
 * moves the stage, reviewers submit, the manager writes feedback and nominates, the admin moves to
 * communication, and the employee reads the summary and downloads the PDF. Each person acts in their own
 * browser session; the admin's stage moves go through the cycle page (Close & Proceed with the confirmation),
 * so the cycle workflow runs the stage effects for real. Two of the three peers answer through the API
 * (the same calls the pages make) to keep the journey short; the first peer does it all in the page.
 */

type Person = { email: string; name: string };
const CARMEN: Person = { email: "carmen.chief@example.com", name: "Carmen Chief" };
const ELI = DEMO.employee;
const MORGAN = DEMO.manager;
const PEERS: Person[] = [DEMO.peoplePartner, DEMO.hrOps, CARMEN];

/** The admin moves the cycle one stage on with Close & Proceed and the confirmation dialog. */
async function closeAndProceed(admin: Page, cycleId: number, expected: string) {
  await open(admin, "/app/admin/cycles");
  await admin.getByTestId(`cycle-proceed-${cycleId}`).click();
  const dialog = admin.getByTestId("cycle-confirm-dialog");
  await expect(dialog).toContainText("Are you sure you would like to move the cycle to the next stage?");
  await admin.getByTestId("cycle-confirm-submit").click();
  await expect(admin.getByTestId(`cycle-stage-${cycleId}`)).toHaveText(expected);
  await expect(dialog).toBeHidden();
}

test.describe("the review cycle, end to end", () => {
  test.use({ allowHttpErrors: [400, 422] });

  test("peers, 360 feedback, manager feedback and nomination, then the employee's summary and PDF", async ({ page, browser }) => {
    test.setTimeout(420_000);
    const name = `E2E Journey ${Date.now()}`;
    const eli = encodeURIComponent(ELI.email);

    // ── The admin creates the cycle with Eli (reporting to Morgan) and Morgan, and starts it. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    // Peer names shown to the reviewee's managers (issue 26 §3, ADR 0058): the manager reads each reviewer's answers below.
    const created = await admin.page.request.post("/api/v1/admin/cycles", { data: { name, start_date: "2027-01-04", planned_end_date: "2027-03-31", peer_names: "managers" } });
    expect(created.status(), await created.text()).toBe(201);
    const cycleId: number = (await created.json()).cycle.id;
    for (const data of [{ email: MORGAN.email }, { email: ELI.email, manager_email: MORGAN.email }]) {
      const added = await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
      expect(added.status(), await added.text()).toBe(201);
    }
    await open(admin.page, "/app/admin/cycles");
    await admin.page.getByTestId(`cycle-start-${cycleId}`).click();
    await admin.page.getByTestId("cycle-start-confirm").click();
    await expect(admin.page.getByTestId(`cycle-stage-${cycleId}`)).toHaveText("Stage 1 - Start stage");

    // ── Eli picks three peers; a mandatory reviewer is refused. ──
    await signIn(page, ELI, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { name: "Peer/Stakeholder Selection" })).toBeVisible();
    const input = page.getByTestId("peer-add-input");
    await input.fill(MORGAN.email);
    await page.getByTestId("peer-add-submit").click();
    await expect(page.getByTestId("peer-add-error")).toHaveText(`${MORGAN.email} is already a mandatory reviewer`);
    for (const peer of PEERS) {
      await input.fill(peer.email);
      await page.getByTestId("peer-add-submit").click();
      await expect(page.getByTestId(`peer-status-${peer.email}`)).toHaveText("Requested");
    }
    await expect(page.getByTestId("peer-counters")).toContainText("3 of 10 peers selected");

    // ── The peers accept: Priya in the page, the other two through the API. ──
    const priya = await signedInPage(browser, DEMO.peoplePartner, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    await priya.page.getByTestId(`incoming-accept-${ELI.email}`).click();
    await expect(priya.page.getByTestId(`incoming-status-${ELI.email}`)).toHaveText("Accepted");
    const others: Array<{ page: Page; close: () => Promise<void> }> = [];
    for (const peer of PEERS.slice(1)) {
      const s = await signedInPage(browser, peer, "/app/home");
      const { requests } = (await (await s.page.request.get(`/api/v1/cycles/${cycleId}/peers`)).json()) as {
        requests: Array<{ id: number; participant: { email: string } }>;
      };
      const request = requests.find((r) => r.participant.email === ELI.email)!;
      const accepted = await s.page.request.post(`/api/v1/cycles/${cycleId}/peers/${request.id}/accept`);
      expect(accepted.status(), await accepted.text()).toBe(200);
      others.push(s);
    }
    await open(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    for (const peer of PEERS) await expect(page.getByTestId(`peer-status-${peer.email}`)).toHaveText("Accepted");

    // ── The admin moves the cycle to SPU feedback: feedback requests open for every accepted reviewer. ──
    await closeAndProceed(admin.page, cycleId, "Stage 2 - SPU Feedback stage");

    // ── Eli writes the self review in the page. ──
    await open(page, `/app/performance/spu-feedback?cycle_id=${cycleId}`);
    await expect(page.getByTestId(`spu-status-${ELI.email}`)).toHaveText("Not started");
    await page.getByTestId(`spu-give-${ELI.email}`).click();
    await expect(page.getByTestId("feedback-reviewer-type")).toHaveText("Self");
    await page.getByTestId("answer-accomplishments").fill("Shipped the billing migration without downtime.");
    await page.getByTestId("answer-strengths").fill("Careful planning and clear updates.");
    await page.getByTestId("answer-growth_areas").fill("Delegate more of the routine work.");
    await page.getByTestId("question-overall_impact").getByRole("radio", { name: /^4 - / }).check();
    await page.getByTestId("feedback-submit").click();
    await page.getByTestId("feedback-submit-confirm").click();
    await expect(page.getByTestId("feedback-status")).toHaveText("Submitted");

    // ── Priya gives peer feedback in the page; Harper and Carmen through the API. ──
    await open(priya.page, `/app/performance/spu-feedback?cycle_id=${cycleId}`);
    await priya.page.getByTestId(`spu-give-${ELI.email}`).click();
    await expect(priya.page.getByTestId("feedback-reviewer-type")).toHaveText("Peer/Stakeholder");
    await priya.page.getByTestId("answer-strengths").fill("Priya: explains trade-offs clearly to every stakeholder.");
    await priya.page.getByTestId("answer-growth_areas").fill("Priya: could share plans earlier.");
    await priya.page.getByTestId("question-collaboration").getByRole("radio", { name: "Often", exact: true }).check();
    await priya.page.getByTestId("question-overall_impact").getByRole("radio", { name: /^4 - / }).check();
    await priya.page.getByTestId("feedback-submit").click();
    await priya.page.getByTestId("feedback-submit-confirm").click();
    await expect(priya.page.getByTestId("feedback-status")).toHaveText("Submitted");
    await priya.close();
    for (const [i, s] of others.entries()) {
      const answers = { strengths: `Peer ${i + 2}: dependable and calm.`, growth_areas: `Peer ${i + 2}: delegate more.`, collaboration: "Almost always", overall_impact: 5 };
      const submitted = await s.page.request.post(`/api/v1/cycles/${cycleId}/participants/${eli}/feedback/submit`, { data: { answers } });
      expect(submitted.status(), await submitted.text()).toBe(200);
      await s.close();
    }

    // ── The admin moves to manager feedback; Morgan reads the feedback, writes manager feedback and nominates Eli. ──
    await closeAndProceed(admin.page, cycleId, "Stage 3 - Manager Feedback stage");
    const morgan = await signedInPage(browser, MORGAN, `/app/my-reportees/feedbacks?cycle_id=${cycleId}`);
    const m = morgan.page;
    await expect(m.getByTestId(`reportee-received-${ELI.email}`)).toHaveText("4 of 4 given");
    await m.getByTestId(`reportee-feedback-link-${ELI.email}`).click();
    await expect(m.getByTestId("report-feedback-title")).toHaveText(`Feedback for ${ELI.name}`);
    await expect(m.getByTestId(`reviewer-row-${DEMO.peoplePartner.email}`)).toContainText(DEMO.peoplePartner.name);
    await expect(m.getByTestId(`reviewer-status-${DEMO.peoplePartner.email}`)).toHaveText("Submitted");
    await m.getByTestId("answer-strengths").fill("Owns hard problems end to end and keeps everyone informed.");
    await m.getByTestId("answer-growth_areas").fill("Delegate routine work to grow the team.");
    await m.getByTestId("question-overall_impact").getByRole("radio", { name: "4 - Exceeds expectations" }).check();
    await m.getByTestId("question-trajectory").getByRole("radio", { name: "Ready for more scope" }).check();
    await m.getByTestId("manager-feedback-submit").click();
    await expect(m.getByTestId("manager-feedback-state")).toHaveText("Submitted");
    await m.getByTestId("report-promotion-link").click();
    const rationale = "Led the billing migration end to end and mentors two engineers.";
    await m.getByTestId("nomination-rationale-input").fill(rationale);
    await m.getByTestId("nomination-submit").click();
    await expect(m.getByTestId("nomination-status")).toHaveText("Nominated");
    await morgan.close();

    // ── Before communication Eli cannot read the summary. ──
    await open(page, `/app/performance/final-assessment/summary?cycle_id=${cycleId}`);
    await expect(page.getByTestId("summary-message")).toContainText("opens in the communication stage");

    // ── The admin moves through calibration to communication. ──
    await closeAndProceed(admin.page, cycleId, "Stage 4 - Calibration stage");
    await closeAndProceed(admin.page, cycleId, "Stage 5 - Communication stage");
    await admin.close();

    // ── Eli reads the report and the summary: peers without names (three answered), the manager named. ──
    // The User Feedback dialog's own journey is covered in final-assessment.spec.ts; dismiss it up front here.
    const dismissed = await page.request.post("/api/v1/coachmarks", { data: { coachmark_type: "user_feedback", is_dismissed: true } });
    expect(dismissed.status(), await dismissed.text()).toBeLessThan(300);
    await open(page, `/app/performance/final-assessment?cycle_id=${cycleId}`);
    await expect(page.getByTestId("cycle-report")).toContainText(name);
    await expect(page.getByTestId("manager-feedback-given")).toHaveText("Manager feedback given");
    await page.getByTestId("view-summary").click();
    await expect(page.getByTestId("summary-reviewee")).toHaveText(ELI.name);
    const peers = page.getByTestId("summary-section-peer");
    await expect(page.getByTestId("section-count-peer")).toHaveText("3 of 3 answered");
    await expect(peers).toContainText("Priya: explains trade-offs clearly to every stakeholder.");
    await expect(peers).not.toContainText(DEMO.peoplePartner.name);
    await expect(page.getByTestId("section-reviewers-peer")).toHaveCount(0);
    await expect(page.getByTestId("section-reviewers-manager")).toHaveText(`From: ${MORGAN.name}`);
    await expect(page.getByTestId("summary-section-manager")).toContainText("Owns hard problems end to end");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^feedback-summary-.+-cycle-${cycleId}\\.pdf$`));
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.byteLength).toBeGreaterThan(2000);
  });
});
