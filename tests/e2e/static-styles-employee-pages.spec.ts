import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn, signedInPage } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the employee's and the manager's other pages are server-rendered with static CSS only — frame and content
 * add no emotion style tag, no emotion class and no MUI component: the sign-in page (anonymous, the most served), Peer
 * selection (the participant's panel and the requests to them, the manager's team list and a report's panel, in a cycle
 * in the start stage where every form is open), Check your profile, the Performance Cycle Report, Preferences and the
 * General Guideline.
 */

const wholeDocument = staticHtmlCheck({ from: "document", markerIsTestId: false });
const mainPart = staticHtmlCheck({ from: "main" });

test("the sign-in page holds no emotion style", async ({ page }) => {
  await wholeDocument(page, "/app/login", 'action="/auth/google"');
  // The error flash and a redirect target keep it static too.
  await wholeDocument(page, "/app/login?redirectTo=%2Fapp%2Fanytime-feedback", 'name="redirectTo"');
});

async function startedCycle(page: Page): Promise<number> {
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E static peers ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const cycleId: number = (await created.json()).cycle.id;
  for (const data of [{ email: DEMO.manager.email }, { email: DEMO.employee.email, manager_email: DEMO.manager.email }, { email: DEMO.peoplePartner.email }]) {
    const added = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
    expect(added.status(), await added.text()).toBe(201);
  }
  const started = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/start`);
  expect(started.status(), await started.text()).toBe(200);
  return cycleId;
}

test("peer selection's pages hold no emotion style (participant, requested reviewer, manager)", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/home");
  const cycleId = await startedCycle(admin.page);
  await admin.close();

  // Eli asks Priya: his panel has a peer row with its remove button, Priya has a request with Accept/Decline.
  await signIn(page, DEMO.employee);
  const asked = await page.request.post(`/api/v1/cycles/${cycleId}/panels/new`, { data: { peer_email: DEMO.peoplePartner.email } });
  expect(asked.status(), await asked.text()).toBe(201);
  await mainPart(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`, `data-testid="peer-remove-${DEMO.peoplePartner.email}"`);
  await mainPart(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`, 'data-testid="peer-add-input"');
  // Check your profile, the Performance Cycle Report, Preferences and the General Guideline of the same employee.
  await mainPart(page, `/app/performance/prep?cycle_id=${cycleId}`, 'data-testid="profile-participation"');
  await mainPart(page, `/app/performance/final-assessment?cycle_id=${cycleId}`, 'data-testid="cycle-report"');
  await mainPart(page, "/app/preferences", 'name="locale"');
  await mainPart(page, "/app/guides/general-guideline", `data-testid="guideline-cycle-${cycleId}"`);

  await page.context().clearCookies();
  await signIn(page, DEMO.peoplePartner);
  await mainPart(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`, `data-testid="incoming-accept-${DEMO.employee.email}"`);

  await page.context().clearCookies();
  await signIn(page, DEMO.manager);
  await mainPart(page, `/app/my-reportees/peer-finalization?cycle_id=${cycleId}`, `data-testid="team-row-${DEMO.employee.email}"`);
  const eli = encodeURIComponent(DEMO.employee.email);
  await mainPart(page, `/app/my-reportees/${eli}/peer-finalization?cycle_id=${cycleId}`, 'data-testid="panel-approve"');
});
