import { test, DEMO, signedInPage } from "./fixtures";
import { ok } from "./api-helpers";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the manager's promotion nomination page (/app/my-reportees/{email}/promotion) is server-rendered with
 * static CSS only — frame and content add no emotion style tag and no MUI class — before a nomination (the form) and
 * with an active one (its status, rationale, Update and Withdraw; the withdraw dialog is mounted on first open). The
 * test builds its own cycle through the API (no seeded data is touched).
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

test("the manager's promotion nomination page's server-rendered HTML holds no emotion style tag (before and after nominating)", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = (await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Static nomination ${Date.now()}` } }), 201)).cycle.id;
  await ok(await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.employee.email, manager_email: DEMO.manager.email } }), 201);
  for (const t of ["start", "progress_to_spu_feedback"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
  await admin.close();

  const morgan = await signedInPage(browser, DEMO.manager);
  const path = `/app/my-reportees/${encodeURIComponent(DEMO.employee.email)}/promotion?cycle_id=${cycleId}`;
  await expectNoEmotion(morgan.page, path, 'data-testid="nomination-rationale-input"');
  await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale: "Led the billing migration and mentors two engineers." } }), 201);
  await expectNoEmotion(morgan.page, path, 'data-testid="nomination-withdraw"');
  await morgan.close();
});
