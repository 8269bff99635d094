import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage, type Demo } from "./fixtures";
import { ok } from "./api-helpers";
import { pickPerson } from "./people-picker";

/**
 * The whole promotion journey (issue 14, Tests): a manager nominates; two endorsers accept and endorse, and a
 * third lets the request expire; the session decides; sign-off sends it back once and then approves; the
 * dashboard counts move; the participant reads the decision in communication. Every step is done in the
 * browser by the role that does it; only the setup (the cycle, its participants, the cycle's stages) goes
 * through the admin API. The third endorser's deadline is picked in the request dialog's deadline field
 * (minute precision): the first whole minute at least 20 s ahead, so the workflow's timer fires while the
 * others answer.
 *
 * Cast: manager Morgan Manager nominates Eli Employee; HR partner Priya Partner runs the session; panelist
 * Harper Ops; sign-off party Carmen Chief; three seeded employees endorse; super admin Ada Admin.
 */

const CARMEN: Demo = { email: "carmen.chief@example.com", name: "Carmen Chief" };
const RATIONALE = "Eli led the billing migration end to end and mentors two engineers.";

type Person = { id: number; email: string; name: string };

/** `datetime-local` value (the browser's time zone) of the first whole minute at least `leadMs` from now, and that instant. */
async function nearDeadline(page: Page, leadMs: number): Promise<{ local: string; at: number }> {
  return page.evaluate((lead) => {
    const at = new Date(Math.ceil((Date.now() + lead) / 60_000) * 60_000);
    const p = (n: number) => String(n).padStart(2, "0");
    return { local: `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(at.getHours())}:${p(at.getMinutes())}`, at: at.getTime() };
  }, leadMs);
}

test.describe("promotion journey", () => {
  test("nomination → endorsements (one expires) → session decision → sent back, then approved → dashboard → communication", async ({ page, browser }) => {
    test.setTimeout(420_000);
    const stamp = Date.now();
    const cycleName = `E2E Promotion journey ${stamp}`;
    const sessionName = `E2E Journey session ${stamp}`;

    // ── Setup (admin API): a cycle where Eli reports to Morgan with Priya as HR partner, in SPU feedback. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const a = admin.page;
    const { users } = await ok<{ users: Person[] }>(await a.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100"));
    const taken = new Set<string>([DEMO.employee.email, DEMO.manager.email, CARMEN.email]);
    // Active people only: another spec (the every-page walk) erases or deactivates someone of the directory.
    const usable = users.filter((u) => !taken.has(u.email) && !u.email.endsWith("@erased.invalid") && (u as { active?: boolean }).active !== false);
    const endorsers = usable.slice(30, 33);
    expect(endorsers.length).toBe(3);
    const [e1, e2, e3] = endorsers as [Person, Person, Person];
    const cycleId = (await ok<{ cycle: { id: number } }>(await a.request.post("/api/v1/admin/cycles", { data: { name: cycleName } }), 201)).cycle.id;
    await ok(
      await a.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, {
        data: { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
      }),
      201,
    );
    const move = async (t: string) => ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
    for (const t of ["start", "progress_to_spu_feedback"]) await move(t);

    // ── 1. The manager nominates Eli with a rationale. ──
    const morgan = await signedInPage(browser, DEMO.manager, `/app/my-reportees/${encodeURIComponent(DEMO.employee.email)}/promotion?cycle_id=${cycleId}`);
    const m = morgan.page;
    await expect(m.getByTestId("promotion-title")).toHaveText(`Promotion nomination: ${DEMO.employee.name}`);
    await expect(m.getByTestId("nomination-status")).toHaveText("Not nominated");
    await m.getByTestId("nomination-rationale-input").fill(RATIONALE);
    await m.getByTestId("nomination-submit").click();
    await expect(m.getByText("Nominated for promotion")).toBeVisible();
    await expect(m.getByTestId("nomination-status")).toHaveText("Nominated");
    await expect(m.getByTestId("nomination-rationale")).toHaveText(RATIONALE);

    // ── 2. Calibration: the HR partner builds a session from the nomination and asks three endorsers. ──
    for (const t of ["progress_to_manager_feedback", "progress_to_calibration"]) await move(t);
    await signIn(page, DEMO.peoplePartner, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`);
    const nominationRow = page.getByTestId("hr-nominations-table").locator("tbody tr");
    await expect(nominationRow).toHaveCount(1);
    await expect(nominationRow).toContainText(DEMO.employee.email);
    await expect(nominationRow).toContainText("Not in a session");
    await page.getByTestId("hr-create-session").click();
    await expect(page.getByRole("heading", { name: "Create promotion session" })).toBeVisible();
    await page.getByTestId("session-name").fill(sessionName);
    await page.getByRole("checkbox", { name: `Include ${DEMO.employee.name}` }).check();
    await pickPerson(page, "session-panelists-input", DEMO.hrOps, DEMO.hrOps.name);
    await pickPerson(page, "session-sign-off-input", CARMEN, CARMEN.name);
    await page.getByTestId("session-save").click();
    await expect(page).toHaveURL(/\/app\/promotions\/hr-partners\/sessions\/\d+\?cycle_id=\d+$/);
    await expect(page.getByText(`Promotion session '${sessionName}' created as a draft`)).toBeVisible();
    const sessionId = Number(/sessions\/(\d+)/.exec(page.url())![1]);
    const sessionPath = `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${cycleId}`;
    const card = page.locator("article").filter({ has: page.getByRole("heading", { name: DEMO.employee.name, exact: true }) });
    const nid = Number((await card.getAttribute("data-testid"))!.replace("nomination-", ""));
    await expect(page.getByTestId(`nomination-rationale-${nid}`)).toHaveText(RATIONALE);

    // Endorsers 1 and 2 with the cycle's default deadline.
    const ask = page.getByTestId("request-endorsers-dialog");
    await page.getByTestId(`request-endorsers-${nid}`).click();
    await pickPerson(page, "request-endorsers-input", e1, e1.name);
    await pickPerson(page, "request-endorsers-input", e2, e2.name);
    await ask.getByTestId("request-endorsers-submit").click();
    await expect(page.getByText("Asked 2 endorsers")).toBeVisible();
    await expect(ask).toBeHidden();
    // Endorser 3 with a deadline in the next minute or so (the dialog's optional deadline).
    await page.getByTestId(`request-endorsers-${nid}`).click();
    await pickPerson(page, "request-endorsers-input", e3, e3.name);
    const deadline = await nearDeadline(page, 20_000);
    await ask.getByTestId("request-endorsers-deadline").fill(deadline.local);
    await ask.getByTestId("request-endorsers-submit").click();
    await expect(page.getByText("Asked 1 endorser")).toBeVisible();
    await expect(ask).toBeHidden();
    expect(deadline.at - Date.now(), "the near deadline is still ahead").toBeGreaterThan(5_000);
    await expect(page.getByTestId(`nomination-endorsement-summary-${nid}`)).toHaveText("0 of 3 completed");

    // Activate.
    await page.getByTestId("session-activate").click();
    await page.getByTestId("activate-dialog-confirm").click();
    await expect(page.getByText("Session activated")).toBeVisible();
    await expect(page.getByTestId("session-state")).toHaveText("Active");

    // ── 3. Endorsers 1 and 2 accept and endorse; endorser 3 does nothing. ──
    for (const [who, text] of [
      [e1, "Eli carried the billing migration and raised the bar for the whole team."],
      [e2, "I reviewed Eli's design docs all year: they already work at the next level."],
    ] as const) {
      const s = await signedInPage(browser, who, "/app/promotions/endorsements");
      const p = s.page;
      await expect(p.getByRole("heading", { name: "Endorsement Requests" })).toBeVisible();
      const row = p.getByTestId("endorsements-table").locator("tbody tr").filter({ hasText: cycleName });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(DEMO.employee.name);
      await row.getByRole("link", { name: `Answer the request about ${DEMO.employee.name}` }).click();
      await expect(p.getByTestId("endorsement-title")).toHaveText(`Endorse ${DEMO.employee.name}`);
      await expect(p.getByTestId("endorsement-rationale")).toHaveText(RATIONALE);
      await p.getByTestId("endorsement-accept").click();
      await expect(p.getByText("Endorsement request accepted")).toBeVisible();
      await expect(p.getByTestId("endorsement-status")).toHaveText("Accepted");
      await p.getByTestId("endorsement-outcome-endorsed").check();
      await p.getByTestId("endorsement-text").fill(text);
      await p.getByTestId("endorsement-submit").click();
      await expect(p.getByText("Endorsement submitted")).toBeVisible();
      await expect(p.getByTestId("endorsement-status")).toHaveText("Completed");
      await expect(p.getByTestId("endorsement-outcome")).toHaveText("Endorsed");
      await s.close();
    }

    // The status dialog: 1 and 2 Completed / Endorsed; 3 Expired once the workflow's timer has fired.
    const dialog = page.getByTestId(`nomination-endorsements-${nid}-dialog`);
    const rowOf = (who: Person) => dialog.locator("tbody tr").filter({ hasText: who.email }).locator("td");
    await expect(async () => {
      await open(page, sessionPath);
      await page.getByTestId(`nomination-endorsements-${nid}`).click();
      await expect(rowOf(e3)).toHaveText([e3.name, e3.email, "Expired", "No response"], { timeout: 1_000 });
    }).toPass({ timeout: Math.max(0, deadline.at - Date.now()) + 45_000, intervals: [2_000] });
    await expect(dialog.locator("thead th")).toHaveText(["Name", "Email", "Endorsement Request Status", "Endorsement Outcome"]);
    await expect(rowOf(e1)).toHaveText([e1.name, e1.email, "Completed", "Endorsed"]);
    await expect(rowOf(e2)).toHaveText([e2.name, e2.email, "Completed", "Endorsed"]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`nomination-endorsement-summary-${nid}`)).toHaveText("2 of 3 completed");

    // ── 4. The panelist votes; the HR partner decides Promoted with a reason and progresses to review. ──
    const harper = await signedInPage(browser, DEMO.hrOps, `/app/promotions/calibration-panelist/sessions?cycle_id=${cycleId}`);
    const h = harper.page;
    await h.getByTestId(`promotion-session-link-${sessionId}`).click();
    await expect(h.getByTestId("meeting-title")).toHaveText(sessionName);
    const panelCard = h.getByTestId(`nomination-${nid}`);
    await expect(panelCard.getByTestId(`nomination-rationale-${nid}`)).toHaveText(RATIONALE);
    await expect(panelCard).toContainText("raised the bar for the whole team");
    await panelCard.getByLabel("Promote", { exact: true }).check();
    await panelCard.getByTestId(`vote-note-${nid}`).fill("Two strong endorsements; a clear case.");
    await panelCard.getByTestId(`vote-submit-${nid}`).click();
    await expect(h.getByText("Vote saved: Promote")).toBeVisible();
    await expect(panelCard.getByTestId(`nomination-tally-${nid}`)).toHaveText("Promote: 1 · Do not promote: 0 · Defer: 0");
    await harper.close();

    await open(page, sessionPath);
    await expect(page.getByTestId(`nomination-tally-${nid}`)).toHaveText("Promote: 1 · Do not promote: 0 · Defer: 0");
    await page.getByTestId(`decision-select-${nid}`).click();
    await page.getByRole("option", { name: "Promoted", exact: true }).click();
    await page.getByTestId(`decision-reason-${nid}`).fill("Endorsed twice and the panel votes to promote.");
    await page.getByTestId(`decision-save-${nid}`).click();
    await expect(page.getByTestId(`nomination-decision-${nid}`)).toHaveText("Promoted");
    await expect(page.getByTestId("session-progress")).toHaveText("1 of 1 nominations decided");
    const progressToReview = async () => {
      await page.getByTestId("progress-to-review").click();
      await page.getByTestId("progress-dialog-confirm").click();
      await expect(page.getByText("Session sent for review")).toBeVisible();
      await expect(page.getByTestId("session-state")).toHaveText("In review");
    };
    await progressToReview();

    // ── 5. The sign-off party sends it back with a comment; the HR partner sends it again; approval later. ──
    const carmen = await signedInPage(browser, CARMEN, `/app/promotions/sign-off-party/sessions?cycle_id=${cycleId}`);
    const c = carmen.page;
    await c.getByTestId(`promotion-session-link-${sessionId}`).click();
    await expect(c.getByTestId("session-state")).toHaveText("In review");
    await expect(c.getByTestId(`outcome-decision-${nid}`)).toHaveText("Promoted");
    await expect(c.getByTestId(`outcome-endorsements-${nid}`)).toHaveText("2 of 3 completed · 2 endorsed");
    await c.getByTestId("send-back").click();
    const sendBack = c.getByTestId("send-back-dialog");
    await sendBack.getByTestId("send-back-dialog-comment").fill("Add the panel's reasoning on scope before I approve.");
    await sendBack.getByTestId("send-back-dialog-confirm").click();
    await expect(c.getByText("Outcome sent back for revision")).toBeVisible();
    await expect(c.getByTestId("session-state")).toHaveText("Revision requested");
    await expect(c.getByTestId("approve")).toHaveCount(0);

    await open(page, sessionPath);
    await expect(page.getByTestId("session-state")).toHaveText("Revision requested");
    await page.getByTestId(`nomination-${nid}-comments-input`).fill("Scope: Eli already leads the billing platform across two teams.");
    await page.getByTestId(`nomination-${nid}-comments-submit`).click();
    await expect(page.getByTestId(`nomination-${nid}-comments-thread`)).toContainText("Eli already leads the billing platform");
    await progressToReview();

    // ── 6. The super admin's dashboard before the approval: nothing decided for this cycle yet. ──
    const ada = await signedInPage(browser, DEMO.superAdmin, `/app/admin/promotion-dashboard?cycle_id=${cycleId}`);
    const d = ada.page;
    const readCounts = async (decided: string, promoted: string) => {
      await expect(d.getByRole("heading", { name: "Promotion Dashboard", level: 1 })).toBeVisible();
      await d.getByTestId("nominations-per-cycle-view-table").click();
      await expect(d.getByTestId(`cycle-nominated-${cycleId}`)).toHaveText("1");
      await expect(d.getByTestId(`cycle-decided-${cycleId}`)).toHaveText(decided);
      await expect(d.getByTestId(`cycle-promoted-${cycleId}`)).toHaveText(promoted);
      await d.getByTestId("endorsement-completion-view-table").click();
      await expect(d.getByTestId("endorsement-count-endorsed")).toHaveText("2");
      await expect(d.getByTestId("endorsement-count-expired")).toHaveText("1");
    };
    await readCounts("0", "0");
    await expect(d.getByTestId(`dashboard-session-state-${sessionId}`)).toHaveText("In review");

    // The sign-off party's open page follows the session back to review; they approve.
    await expect(c.getByTestId("session-state")).toHaveText("In review", { timeout: 10_000 });
    await c.getByTestId("approve").click();
    const approve = c.getByTestId("approve-dialog");
    await approve.getByTestId("approve-dialog-comment").fill("Approved.");
    await approve.getByTestId("approve-dialog-confirm").click();
    await expect(c.getByText("Outcome approved: the session is closed")).toBeVisible();
    await expect(c.getByTestId("session-state")).toHaveText("Closed");
    await carmen.close();

    // The counts move.
    await open(d, `/app/admin/promotion-dashboard?cycle_id=${cycleId}`);
    await readCounts("1", "1");
    await expect(d.getByTestId(`dashboard-session-state-${sessionId}`)).toHaveText("Closed");
    await ada.close();

    // ── 7. Communication: Eli reads the decision on his report; Morgan sees it on the promotion page. ──
    await move("progress_to_communication");
    await admin.close();
    const eli = await signedInPage(browser, DEMO.employee, `/app/performance/final-assessment?cycle_id=${cycleId}`);
    await expect(eli.page.getByTestId("promotion-decision")).toHaveText("Promoted");
    await eli.close();
    await open(m, `/app/my-reportees/${encodeURIComponent(DEMO.employee.email)}/promotion?cycle_id=${cycleId}`);
    await expect(m.getByTestId("promotion-decision")).toHaveText("Promotion decision: Promoted");
    await morgan.close();
  });
});
