import { test, expect, DEMO, signIn, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";
import { pickPerson } from "./people-picker";
import { helpStillWorks, pageTakesClicks, pointerClick } from "./pointer";

/**
 * Issue 26 §1 (ADR 0056), the promotion calibration meeting page: each of its dialog and menu actions 20 times in a
 * row with real pointer clicks — "Request endorsers" (the dialog, a person picked in its suggestion list, Cancel), a
 * decision picked in its select's menu and saved with a reason, and "Progress to review" confirmed, after which the
 * sign-off party sends the session back through the API (a live update of the open page). After each, real clicks on
 * unrelated controls must land (the nomination's comment field and the title; in review, where nobody comments, the
 * floating Help button and its dialog) and no modal layer may be left. Its own cycle, nomination and session, built
 * through the API (no seeded session is touched).
 */

const ROUNDS = Number(process.env.DIALOG_STRESS_ROUNDS) || 20;
const DECISIONS = ["Promoted", "Not Promoted", "Deferred"] as const;

test("every dialog and menu of the promotion meeting page closes for good, 20 times each", async ({ page, browser }) => {
  test.setTimeout(600_000);
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const created = await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Promotion stress ${Date.now()}` } }), 201);
  const cycleId = created.cycle.id;
  await ok(
    await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, {
      data: { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
    }),
    201,
  );
  const step = async (name: string) => ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${name}`));
  await step("start");
  await step("progress_to_spu_feedback");
  const morgan = await signedInPage(browser, DEMO.manager);
  await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale: "Leads the billing work." } }), 201);
  await morgan.close();
  await step("progress_to_manager_feedback");
  await step("progress_to_calibration");
  const pool = await ok<{ promotion_nominations: Array<{ id: number }> }>(await admin.page.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_nominations`));
  const nominationId = pool.promotion_nominations[0]!.id;
  const people = { panelist_ids: [await userId(admin.page, DEMO.hrOps.email)], sign_off_ids: [await userId(admin.page, CEO.email)] };
  await admin.close();

  await signIn(page, DEMO.peoplePartner, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`);
  const session = await ok<{ promotion_calibration_session: { id: number } }>(
    await page.request.post(`/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions`, { data: { name: "E2E promotion stress", nomination_ids: [nominationId], ...people } }),
    201,
  );
  const sessionId = session.promotion_calibration_session.id;
  const transition = `/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition`;
  await ok(await page.request.patch(`${transition}?event=activate`, { data: {} }));
  await page.goto(`/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${cycleId}`);
  await expect(page.getByTestId("session-state")).toHaveText("Active");
  const comments = `nomination-${nominationId}-comments-input`;

  // "Request endorsers": the dialog, a person from its suggestion list, then Cancel, 20 times.
  const ask = page.getByTestId("request-endorsers-dialog");
  for (let i = 0; i < ROUNDS; i++) {
    const round = `request endorsers, round ${i + 1}`;
    await pointerClick(page, page.getByTestId(`request-endorsers-${nominationId}`));
    await expect(ask, round).toBeVisible();
    await pickPerson(page, "request-endorsers-input", DEMO.hrOps);
    await expect(page.getByRole("listbox"), round).toBeHidden();
    await pointerClick(page, ask.getByRole("button", { name: "Cancel" }));
    await expect(ask, round).toBeHidden();
    await pageTakesClicks(page, round, comments);
  }

  // A decision through the select's menu, with a reason, 20 times.
  for (let i = 0; i < ROUNDS; i++) {
    const round = `decision, round ${i + 1}`;
    const label = DECISIONS[i % DECISIONS.length]!;
    await pointerClick(page, page.getByTestId(`decision-select-${nominationId}`));
    await pointerClick(page, page.getByRole("option", { name: label, exact: true }));
    await expect(page.getByRole("listbox"), round).toBeHidden();
    await page.getByTestId(`decision-reason-${nominationId}`).fill(`Stress round ${i + 1}.`);
    await pointerClick(page, page.getByTestId(`decision-save-${nominationId}`));
    await expect(page.getByTestId(`nomination-decision-${nominationId}`), round).toHaveText(label);
    await pageTakesClicks(page, round, comments);
  }

  // Progress to review (confirmation; the state changes under the closing dialog), then the sign-off party sends
  // it back through the API (a live update of the open page), 20 times.
  const ceo = await signedInPage(browser, CEO);
  for (let i = 0; i < ROUNDS; i++) {
    const round = `progress to review, round ${i + 1}`;
    await pointerClick(page, page.getByTestId("progress-to-review"));
    await pointerClick(page, page.getByTestId("progress-dialog-confirm"));
    await expect(page.getByTestId("progress-dialog"), round).toBeHidden();
    await expect(page.getByTestId("session-state"), round).toHaveText("In review");
    await helpStillWorks(page, round);
    await ok(await ceo.page.request.patch(`${transition}?event=progress_to_revision_requested`, { data: { comment: `Round ${i + 1}: look again.` } }));
    await expect(page.getByTestId("session-state"), round).toHaveText("Revision requested", { timeout: 10_000 });
    await pageTakesClicks(page, `${round}, sent back`, comments);
  }
  await ceo.close();
});
