import { test, expect, DEMO, signIn, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";
import { pageTakesClicks, pointerClick } from "./pointer";

/**
 * Issue 26 §1 (ADR 0056): the session admin page froze mid-meeting. After a 9-box move or the "Progress to
 * review" confirmation the dialog faded out, but an invisible layer stayed over the page and took every click
 * and Escape. This performs each dialog and menu action of the meeting page 20 times in a row with real pointer
 * clicks (the mouse at the element's centre; no force, no dispatched events) and after each checks that a click
 * on an unrelated control (the session comment field) still reaches it and that no modal layer is left.
 * The actions: the 9-box card menu and its rating dialog, the menu closed with Escape, a move to another session
 * through the grid's checkbox and the target select's menu (moved back through the API, live), Terminate's
 * confirmation (cancelled 19 times, then confirmed), Progress to review (sent back live) and Set rating.
 * It builds its own cycle and two sessions through the admin API (no seeded session is touched).
 */

const ROUNDS = Number(process.env.DIALOG_STRESS_ROUNDS) || 20;

test("every dialog and menu of the session admin page closes for good, 20 times each", async ({ page, browser }) => {
  test.setTimeout(600_000);
  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
  const { users } = await ok<{ users: Array<{ email: string }> }>(await admin.page.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100"));
  const taken = new Set<string>([DEMO.manager.email, CEO.email, DEMO.peoplePartner.email]);
  const picked = users.map((u) => u.email).filter((e) => !taken.has(e)).slice(0, 3);
  const created = await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Dialog stress ${Date.now()}`, start_date: "2027-01-04", planned_end_date: "2027-03-31" } }), 201);
  const cycleId = created.cycle.id;
  for (const email of picked) await ok(await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email } }), 201);
  for (const step of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback", "progress_to_calibration"]) {
    await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${step}`));
  }
  const pool = await ok<{ participants: Array<{ participant_id: number }> }>(await admin.page.request.get(`/api/v1/admin/cycles/${cycleId}/calibration_sessions/all_participants`));
  const base = `/api/v1/admin/cycles/${cycleId}/calibration_sessions`;
  const people = {
    session_admin_id: await userId(admin.page, DEMO.peoplePartner.email),
    panelist_ids: [await userId(admin.page, DEMO.manager.email)],
    sign_off_ids: [await userId(admin.page, CEO.email)],
    guideline: { 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 },
  };
  // Two people in the session under test, a third in a second session (the target of the moves).
  const ids = pool.participants.map((p) => p.participant_id);
  const session = async (name: string, participantIds: number[]) => {
    const made = await ok<{ calibration_session: { id: number } }>(await admin.page.request.post(base, { data: { name, participant_ids: participantIds, ...people } }), 201);
    await ok(await admin.page.request.patch(`${base}/${made.calibration_session.id}/activate`));
    return made.calibration_session.id;
  };
  const sessionId = await session("E2E dialog stress", ids.slice(0, 2));
  const otherId = await session("E2E dialog stress, second session", ids.slice(2));
  await admin.close();

  await signIn(page, DEMO.peoplePartner, `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`);
  await expect(page.getByTestId("meeting-title")).toHaveText("E2E dialog stress");
  const { participants } = await ok<{ participants: Array<{ id: number }> }>(
    await page.request.get(`/api/v1/cycles/${cycleId}/calibration_session_admin/calibration_sessions/${sessionId}/participants`),
  );
  const sp = participants[0]!.id;
  const leaving = participants[1]!.id;
  const dialog = page.getByTestId("rating-dialog");

  // The 9-box: the card's menu → a box → the rating dialog → save, between two boxes; then the menu closed with Escape.
  for (let i = 0; i < ROUNDS; i++) {
    const round = `9-box move ${i + 1}`;
    const [b, p] = i % 2 ? [1, 1] : [3, 3];
    await pointerClick(page, page.getByTestId(`ninebox-menu-${sp}`));
    await pointerClick(page, page.getByTestId(`ninebox-menu-${sp}-${b}-${p}`));
    await dialog.getByTestId("rating-dialog-reason").fill(`9-box move, round ${i + 1}.`);
    await pointerClick(page, dialog.getByTestId("rating-dialog-save"));
    await expect(dialog, round).toBeHidden();
    await expect(page.getByTestId(`ninebox-cell-${b}-${p}`).getByTestId(`ninebox-card-${sp}`), round).toBeVisible();
    await pageTakesClicks(page, round);
    await pointerClick(page, page.getByTestId(`ninebox-menu-${sp}`));
    await expect(page.getByRole("menu"), round).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu"), round).toBeHidden();
    await pageTakesClicks(page, `${round}, menu closed with Escape`);
  }

  // Move: the row's checkbox, the other session from the select's menu, Move; the session admin moves the person
  // back through the API (a live update of the open page).
  const moveBack = `/api/v1/cycles/${cycleId}/calibration_session_admin/calibration_sessions/${otherId}/move_participants_to/${sessionId}`;
  for (let i = 0; i < ROUNDS; i++) {
    const round = `move ${i + 1}`;
    await pointerClick(page, page.getByRole("row").filter({ has: page.getByTestId(`sp-name-${sp}`) }).getByRole("checkbox"));
    await pointerClick(page, page.getByTestId("move-target"));
    await pointerClick(page, page.getByTestId(`move-target-${otherId}`));
    await expect(page.getByRole("listbox"), round).toBeHidden();
    await pointerClick(page, page.getByTestId("move-submit"));
    await expect(page.getByTestId(`sp-name-${sp}`), round).toHaveCount(0);
    await pageTakesClicks(page, round);
    await ok(await page.request.post(moveBack, { data: { participant_ids: [sp] } }));
    await expect(page.getByTestId(`sp-name-${sp}`), `${round}, moved back`).toBeVisible({ timeout: 10_000 });
    await pageTakesClicks(page, `${round}, moved back`);
  }

  // Terminate: the confirmation opened and cancelled, 19 times, then confirmed (a person can be terminated once).
  const terminate = page.getByTestId("terminate-dialog");
  for (let i = 0; i < ROUNDS; i++) {
    const round = `terminate ${i + 1}`;
    await pointerClick(page, page.getByTestId(`sp-terminate-${leaving}`));
    await expect(terminate, round).toBeVisible();
    await pointerClick(page, i < ROUNDS - 1 ? terminate.getByRole("button", { name: "Cancel" }) : terminate.getByTestId("terminate-dialog-confirm"));
    await expect(terminate, round).toBeHidden();
    await pageTakesClicks(page, round);
  }
  await expect(page.getByTestId(`sp-terminated-${leaving}`)).toBeVisible();

  // Progress to review (confirmation; the state changes under the closing dialog), then the sign-off party
  // sends it back through the API (a live update of the open page).
  const ceo = await signedInPage(browser, CEO, "/app/home");
  const revision = `/api/v1/cycles/${cycleId}/calibration_session_sign_off_party/calibration_sessions/${sessionId}/progress_to_revision_requested`;
  for (let i = 0; i < ROUNDS; i++) {
    const round = `progress to review ${i + 1}`;
    await pointerClick(page, page.getByTestId("progress-to-review"));
    await pointerClick(page, page.getByTestId("progress-dialog-confirm"));
    await expect(page.getByTestId("progress-dialog"), round).toBeHidden();
    await expect(page.getByTestId("session-state"), round).toHaveText("In review");
    await pageTakesClicks(page, round);
    await ok(await ceo.page.request.patch(revision, { data: { comment: `Round ${i + 1}: look again.` } }));
    await expect(page.getByTestId("session-state"), round).toHaveText("Revision requested", { timeout: 10_000 });
    await pageTakesClicks(page, `${round}, sent back`);
  }
  await ceo.close();

  // Set rating: the dialog's two selects (menus), then the dialog.
  for (let i = 0; i < ROUNDS; i++) {
    const round = `set rating ${i + 1}`;
    await pointerClick(page, page.getByTestId(`sp-set-rating-${sp}`));
    await pointerClick(page, dialog.getByTestId("rating-dialog-rating"));
    await pointerClick(page, page.getByRole("option", { name: i % 2 ? "4 - Exceeds Expectations" : "3 - Meets Expectations" }));
    await pointerClick(page, dialog.getByTestId("rating-dialog-potential"));
    await pointerClick(page, page.getByRole("option", { name: i % 2 ? "High potential" : "Medium potential" }));
    await dialog.getByTestId("rating-dialog-reason").fill(`Set rating, round ${i + 1}.`);
    await pointerClick(page, dialog.getByTestId("rating-dialog-save"));
    await expect(dialog, round).toBeHidden();
    await pageTakesClicks(page, round);
  }
});

test("'reduce motion' is honoured: transitions end at once with it and play without it (ADR 0047, ADR 0056)", async ({ page, browser }) => {
  // A transition set inline, as MUI's Fade and Grow set theirs; its computed duration is what the browser plays.
  const probe = () => {
    const el = document.createElement("div");
    el.style.transition = "opacity 250ms";
    document.body.append(el);
    const duration = getComputedStyle(el).transitionDuration;
    el.remove();
    return duration;
  };
  await signIn(page, DEMO.employee); // the suite's browser asks for reduced motion (playwright.config.ts)
  expect(await page.evaluate(probe)).toBe("1e-05s");
  const context = await browser.newContext({ reducedMotion: "no-preference" });
  const other = await context.newPage();
  await other.goto("/api/v1/config");
  expect(await other.evaluate(probe)).toBe("0.25s");
  await context.close();
});
