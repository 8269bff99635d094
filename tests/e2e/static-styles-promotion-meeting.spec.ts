import { test, DEMO, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the promotion panelist's and sign-off party's session pages are server-rendered with static CSS only —
 * frame and content add no emotion style tag and no MUI class: the panelist's page (active, with the vote form, and with
 * a nomination open: its comments and the summary's closed disclosure) and the sign-off party's page (in review, with
 * Approve and Send back, the outcome table and an open nomination). The HR partner's session page with the decision
 * form is static too (its own spec, static-styles-promotion-hr). The test builds its own cycle, nomination and session
 * through the API (no seeded data is touched).
 *
 * Cast: Morgan Manager nominates Eli Employee; Priya Partner (HR partner) runs the session with Morgan as panelist and
 * Carmen Chief as sign-off party, and asks Ada Admin to endorse.
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

test("the promotion panelist's and sign-off party's session pages' server-rendered HTML holds no emotion style tag", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = (await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Static meeting ${stamp}` } }), 201)).cycle.id;
  await ok(
    await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, {
      data: { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
    }),
    201
  );
  for (const t of ["start", "progress_to_spu_feedback"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
  const [morganId, adaId, carmenId] = [await userId(admin.page, DEMO.manager.email), await userId(admin.page, DEMO.superAdmin.email), await userId(admin.page, CEO.email)];

  const morgan = await signedInPage(browser, DEMO.manager);
  await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale: "Led the billing migration." } }), 201);
  const pool = await ok<{ promotion_nominations: Array<{ id: number }> }>(await admin.page.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_nominations`));
  const nominationId = pool.promotion_nominations[0]!.id;
  const priya = await signedInPage(browser, DEMO.peoplePartner);
  const hr = `/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions`;
  const session = await ok<{ promotion_calibration_session: { id: number } }>(
    await priya.page.request.post(hr, {
      data: { name: `E2E Static meeting ${stamp}`, nomination_ids: [nominationId], session_admin_id: null, panelist_ids: [morganId], sign_off_ids: [carmenId] },
    }),
    201
  );
  const sessionId = session.promotion_calibration_session.id;
  await ok(await priya.page.request.post(`${hr}/${sessionId}/promotion_nominations/${nominationId}/endorsements`, { data: { endorser_ids: [adaId] } }), 201);
  for (const t of ["progress_to_manager_feedback", "progress_to_calibration"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
  await ok(await priya.page.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition?event=activate`, { data: {} }));

  // The panelist: the vote form, then with a vote, a comment and the nomination open.
  const panel = `/app/promotions/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`;
  await expectNoEmotion(morgan.page, panel, `data-testid="vote-submit-${nominationId}"`);
  const nom = `/api/v1/cycles/${cycleId}/promotion_calibration_session_panelist/promotion_calibration_sessions/${sessionId}/promotion_nominations/${nominationId}`;
  await ok(await morgan.page.request.post(`${nom}/vote`, { data: { vote: "PROMOTED", note: "Ready." } }));
  await ok(await morgan.page.request.post(`${nom}/comments`, { data: { body: "Strong case." } }), 201);
  await expectNoEmotion(morgan.page, `${panel}&nomination=${nominationId}`, 'data-testid="summary-toggle"');

  // The sign-off party in review: Approve and Send back, the outcome, the open nomination's thread.
  await ok(await priya.page.request.patch(`${hr}/${sessionId}/promotion_nominations/${nominationId}/decision`, { data: { decision: "PROMOTED", reason: "Ready now." } }));
  await ok(await priya.page.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition?event=progress_to_review`, { data: {} }));
  const carmen = await signedInPage(browser, CEO);
  const signOff = `/app/promotions/sign-off-party/sessions/${sessionId}?cycle_id=${cycleId}`;
  await expectNoEmotion(carmen.page, signOff, 'data-testid="approve"');
  await expectNoEmotion(carmen.page, `${signOff}&nomination=${nominationId}`, `data-testid="discussion-${nominationId}"`);
  await carmen.close();
  await priya.close();
  await morgan.close();
  await admin.close();
});
