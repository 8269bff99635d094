import { test, DEMO, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the HR partner's promotion pages are server-rendered with static CSS only — frame and content add no
 * emotion style tag and no MUI class: the nominations page ('Run Promotion Calibration Session'), the create and edit
 * forms and the session page (draft, and active with a decision). The test builds its own cycle, nomination and
 * session through the API (no seeded data is touched).
 *
 * Cast: Morgan Manager nominates Eli Employee; Priya Partner (HR partner) runs the session with Morgan as panelist and
 * Carmen Chief as sign-off party.
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

test("the HR partner's promotion pages' server-rendered HTML holds no emotion style tag (nominations, create, edit, session)", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = (await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Static HR promotions ${stamp}` } }), 201)).cycle.id;
  await ok(
    await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, {
      data: { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
    }),
    201
  );
  for (const t of ["start", "progress_to_spu_feedback"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
  const [morganId, carmenId] = [await userId(admin.page, DEMO.manager.email), await userId(admin.page, CEO.email)];

  const morgan = await signedInPage(browser, DEMO.manager);
  await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale: "Led the billing migration." } }), 201);
  await morgan.close();
  const pool = await ok<{ promotion_nominations: Array<{ id: number }> }>(await admin.page.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_nominations`));
  const nominationId = pool.promotion_nominations[0]!.id;

  const priya = await signedInPage(browser, DEMO.peoplePartner);
  await expectNoEmotion(priya.page, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`, `data-testid="hr-nomination-row-${nominationId}"`);
  await expectNoEmotion(priya.page, `/app/promotions/hr-partners/create-session?cycle_id=${cycleId}`, `data-testid="session-nomination-${nominationId}"`);

  const hr = `/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions`;
  const session = await ok<{ promotion_calibration_session: { id: number } }>(
    await priya.page.request.post(hr, {
      data: { name: `E2E Static HR session ${stamp}`, nomination_ids: [nominationId], session_admin_id: null, panelist_ids: [morganId], sign_off_ids: [carmenId] },
    }),
    201
  );
  const sessionId = session.promotion_calibration_session.id;
  await expectNoEmotion(priya.page, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`, `data-testid="hr-session-row-${sessionId}"`);
  await expectNoEmotion(priya.page, `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${cycleId}`, `data-testid="request-endorsers-${nominationId}"`);
  await expectNoEmotion(priya.page, `/app/promotions/hr-partners/sessions/${sessionId}/edit?cycle_id=${cycleId}`, 'data-testid="session-save"');

  // Active: the decision form and the comments are on the page; the edit page shows the summary and the deadline.
  for (const t of ["progress_to_manager_feedback", "progress_to_calibration"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
  await ok(await priya.page.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition?event=activate`, { data: {} }));
  await expectNoEmotion(priya.page, `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${cycleId}`, `data-testid="decision-save-${nominationId}"`);
  await expectNoEmotion(priya.page, `/app/promotions/hr-partners/sessions/${sessionId}/edit?cycle_id=${cycleId}`, 'data-testid="summary-name"');
  await priya.close();
  await admin.close();
});
