import { test, DEMO, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the promotion pages are server-rendered with static CSS only — frame and content add no emotion style
 * tag and no MUI class: the endorser's list, endorse and view pages, the admin Promotion Dashboard (charts drawn after
 * hydration into boxes of their final size) and the panelist's and sign-off party's session lists. The test builds its
 * own cycle, nomination, session and endorsement request through the API (no seeded data is touched).
 *
 * Cast: Morgan Manager nominates Eli Employee; Priya Partner (HR partner) runs the session with Morgan as panelist and
 * Ada Admin as sign-off party, and asks Carmen Chief to endorse.
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

test("the promotion pages' server-rendered HTML holds no emotion style tag (endorser, dashboard, session lists)", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = (await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Static promotions ${stamp}` } }), 201)).cycle.id;
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
      data: {
        name: `E2E Static session ${stamp}`,
        nomination_ids: [nominationId],
        session_admin_id: null,
        panelist_ids: [morganId],
        sign_off_ids: [adaId],
      },
    }),
    201
  );
  const sessionId = session.promotion_calibration_session.id;
  const asked = await ok<{ endorsements: Array<{ id: number }> }>(
    await priya.page.request.post(`${hr}/${sessionId}/promotion_nominations/${nominationId}/endorsements`, { data: { endorser_ids: [carmenId] } }),
    201
  );
  const endorsementId = asked.endorsements[0]!.id;
  await priya.close();

  const carmen = await signedInPage(browser, CEO);
  await expectNoEmotion(carmen.page, "/app/promotions/endorsements", 'data-testid="endorsements-table"');
  await expectNoEmotion(carmen.page, `/app/promotions/endorsements/${endorsementId}/endorse?cycle_id=${cycleId}`, 'data-testid="endorsement-accept"');
  await expectNoEmotion(carmen.page, `/app/promotions/endorsements/${endorsementId}/view?cycle_id=${cycleId}`, 'data-testid="endorsement-facts"');
  await carmen.close();

  await expectNoEmotion(admin.page, `/app/admin/promotion-dashboard?cycle_id=${cycleId}`, 'data-testid="dashboard-sessions-table"');
  await expectNoEmotion(admin.page, `/app/promotions/sign-off-party/sessions?cycle_id=${cycleId}`, `data-testid="promotion-session-link-${sessionId}"`);
  await expectNoEmotion(morgan.page, `/app/promotions/calibration-panelist/sessions?cycle_id=${cycleId}`, `data-testid="promotion-session-link-${sessionId}"`);
  await morgan.close();
  await admin.close();
});
