import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";
import { CEO } from "./api-helpers";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the calibration meeting pages — the session admin's (the bench's "calibration" page), the panelist's
 * session and participant pages and the sign-off party's — are server-rendered with static CSS only: frame and
 * content add no emotion style tag and no MUI class (dialogs, menus and the move's select are MUI's, mounted when
 * they open or once hydrated). The seeded sessions (prisma/seed-calibration.ts): Harper Ops runs them, Morgan
 * Manager is a panelist of "Engineering calibration", Carmen Chief signs "Sales calibration" off.
 */

type Sessions = { calibration_sessions: Array<{ id: number; name: string; cycle_id?: number }> };

async function seededSession(page: Page, ns: string, name: string): Promise<{ cycleId: number; sessionId: number }> {
  const { cycles } = (await (await page.request.get(`/api/v1/${ns}/cycles`)).json()) as { cycles: Array<{ id: number }> };
  for (const c of cycles) {
    const res = await page.request.get(`/api/v1/cycles/${c.id}/${ns}/calibration_sessions`);
    if (res.status() !== 200) continue;
    const found = ((await res.json()) as Sessions).calibration_sessions.find((s) => s.name === name);
    if (found) return { cycleId: c.id, sessionId: found.id };
  }
  throw new Error(`no session ${name} for ${ns}`);
}

const expectNoEmotion = staticHtmlCheck({ from: { text: 'data-testid="meeting-title"' } });

test("the session admin's page holds no emotion style tag (frame, participants, distribution, 9-box, history, comments)", async ({ page }) => {
  await signIn(page, DEMO.hrOps);
  const { cycleId, sessionId } = await seededSession(page, "calibration_session_admin", "Engineering calibration");
  await expectNoEmotion(page, `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`, 'data-testid="participants-grid"');
});

test("the panelist's session and participant pages hold no emotion style tag", async ({ page }) => {
  await signIn(page, DEMO.manager);
  const { cycleId, sessionId } = await seededSession(page, "calibration_session_panelist", "Engineering calibration");
  const path = `/app/ratings/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`;
  await expectNoEmotion(page, path, 'data-testid="participants-grid"');
  const html = await (await page.request.get(path)).text();
  const participant = html.match(/href="(\/app\/ratings\/calibration-panelist\/sessions\/\d+\/participants\/\d+\/calibration-rating\?cycle_id=\d+)"/);
  expect(participant, "a participant link").toBeTruthy();
  await expectNoEmotion(page, participant![1]!, 'data-testid="feedback-summary"');
});

test("the sign-off party's page holds no emotion style tag", async ({ page }) => {
  await signIn(page, CEO);
  const { cycleId, sessionId } = await seededSession(page, "calibration_session_sign_off_party", "Sales calibration");
  await expectNoEmotion(page, `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}`, 'data-testid="outcome-table"');
});
