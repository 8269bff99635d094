import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, DEMO, open, signedInPage } from "./fixtures";

/**
 * The outcome of rating calibration (issue 13): a session closed by its sign-off party writes the calibrated
 * rating; the cycle cannot reach communication while a session is open; once it does, the participant reads
 * the calibrated rating on their Performance Cycle Report. Set up through the API in a cycle of the test's own
 * (the pages of each role have their own specs: calibration-setup and calibration-meeting).
 */

const CARMEN = { email: "carmen.chief@example.com", name: "Carmen Chief" };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked by the assertions
async function ok(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

async function userId(request: APIRequestContext, email: string): Promise<number> {
  const body = (await ok(await request.get(`/api/v1/users?q=${encodeURIComponent(email.split("@")[0]!.split(".")[0]!)}`))) as { users: Array<{ id: number; email: string }> };
  const user = body.users.find((u) => u.email === email);
  expect(user, `user ${email}`).toBeTruthy();
  return user!.id;
}

async function move(admin: Page, cycleId: number, name: string, status = 200) {
  return ok(await admin.request.patch(`/api/v1/admin/cycles/${cycleId}/${name}`), status);
}

test.describe("rating calibration outcome", () => {
  test.use({ allowHttpErrors: [409] });

  test("the signed-off rating becomes the participant's calibrated rating, shown in communication", async ({ browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const created = await ok(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Outcome ${stamp}` } }), 201);
    const cycleId: number = created.cycle.id;
    await ok(
      await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, {
        data: { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
      }),
      201,
    );
    for (const t of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback", "progress_to_calibration"]) await move(admin.page, cycleId, t);

    // The admin sets up and activates a session: Harper runs it, Morgan is on the panel, Carmen signs off.
    const pool = await ok(await admin.page.request.get(`/api/v1/admin/cycles/${cycleId}/calibration_sessions/all_participants`));
    const eli = (pool.participants as Array<{ participant_id: number; user: { email: string } }>).find((p) => p.user.email === DEMO.employee.email)!;
    const session = await ok(
      await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/calibration_sessions`, {
        data: {
          name: `Outcome session ${stamp}`,
          participant_ids: [eli.participant_id],
          session_admin_id: await userId(admin.page.request, DEMO.hrOps.email),
          panelist_ids: [await userId(admin.page.request, DEMO.manager.email)],
          sign_off_ids: [await userId(admin.page.request, CARMEN.email)],
          guideline: { "1": 5, "2": 15, "3": 50, "4": 20, "5": 10 },
        },
      }),
      201,
    );
    const sessionId: number = session.calibration_session.id;
    await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/calibration_sessions/${sessionId}/activate`));

    // The session admin rates Eli 4 and sends the session to review; the cycle cannot move on yet.
    const harper = await signedInPage(browser, DEMO.hrOps, `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`);
    const base = `/api/v1/cycles/${cycleId}/calibration_session_admin/calibration_sessions/${sessionId}`;
    const detail = await ok(await harper.page.request.get(base));
    const sp = (detail.participants as Array<{ id: number; user: { email: string } }>).find((p) => p.user.email === DEMO.employee.email)!;
    await ok(await harper.page.request.patch(`${base}/participants/${sp.id}`, { data: { calibrated_rating: 4, reason: "Led the billing migration end to end" } }));
    await ok(await harper.page.request.patch(`${base}/progress_to_review`));
    const refused = await move(admin.page, cycleId, "progress_to_communication", 409);
    expect(refused.error.message).toContain("not closed yet");

    // The sign-off party closes it from the page.
    const carmen = await signedInPage(browser, CARMEN, `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}`);
    await expect(carmen.page.getByText(`Outcome session ${stamp}`).first()).toBeVisible();
    const close = await ok(
      await carmen.page.request.patch(`/api/v1/cycles/${cycleId}/calibration_session_sign_off_party/calibration_sessions/${sessionId}/progress_to_close`, { data: { comment: "Agreed" } }),
    );
    expect(close.calibration_session.state).toBe("closed");

    // Communication: Eli reads the calibrated rating on the report.
    await move(admin.page, cycleId, "progress_to_communication");
    const eliPage = await signedInPage(browser, DEMO.employee, "/app/home");
    await open(eliPage.page, `/app/performance/final-assessment?cycle_id=${cycleId}`);
    await expect(eliPage.page.getByTestId("calibrated-rating")).toHaveText("4 - Exceeds Expectations");

    for (const s of [eliPage, carmen, harper, admin]) await s.close();
  });
});
