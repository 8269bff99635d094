import { test, expect, DEMO, signIn } from "./fixtures";

/**
 * Issue 27: the 360 feedback form (the bench's page: Eli answering a colleague who asked them) is server-rendered with
 * static CSS only — frame and content add no emotion style tag and no MUI class; its questions are native controls.
 */
test("the 360 feedback form's server-rendered HTML holds no emotion style tag (frame and form)", async ({ page }) => {
  // A fresh cycle in the SPU feedback stage where Eli is asked for feedback (upward, for Morgan), as in spu-feedback.spec.ts.
  await signIn(page, DEMO.superAdmin, "/app/performance/spu-feedback");
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E static form ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  for (const data of [{ email: DEMO.employee.email, manager_email: DEMO.manager.email }, { email: DEMO.manager.email }]) {
    expect((await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data })).status()).toBe(201);
  }
  for (const transition of ["start", "progress_to_spu_feedback"]) {
    const res = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/${transition}`);
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.context().clearCookies();

  // Eli, the bench's user, opens the form from their list.
  await signIn(page, DEMO.employee, `/app/performance/spu-feedback?cycle_id=${cycleId}`);
  const list = await (await page.request.get(`/app/performance/spu-feedback?cycle_id=${cycleId}`)).text();
  const formPath = /href="(\/app\/performance\/spu-feedback\/feedback\/[^"/?]+)(?:\?[^"]*)?"/.exec(list)?.[1];
  expect(formPath, "a 360 feedback form link on Eli's list").toBeTruthy();

  const res = await page.request.get(`${formPath}?cycle_id=${cycleId}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('data-testid="questionnaire-form"');
  expect(html).toMatch(/<textarea[^>]*data-testid="answer-/);
  expect(html).toMatch(/<input[^>]*type="radio"/);
  // No emotion style at all: neither the frame nor the form does style work on the server (issue 27's guard).
  expect(html.match(/<style data-emotion/g) ?? []).toHaveLength(0);
  const main = html.slice(html.indexOf('data-testid="questionnaire-form"'));
  expect(main, "no MUI component in the form").not.toMatch(/class="[^"]*\bMui/);
  expect(main, "no emotion class in the form").not.toMatch(/class="[^"]*\bcss-/);
});
