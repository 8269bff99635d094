import { test, DEMO, signIn } from "./fixtures";
import { CEO } from "./api-helpers";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27 (ADR 0091): the meeting roles' session lists — the session admin's (/app/session-admin/calibration-sessions),
 * the panelist's (/app/ratings/calibration-panelist/sessions) and the sign-off party's
 * (/app/sign-off-party/calibration-sessions) — are server-rendered with static CSS only: frame and content add no
 * emotion style tag and no MUI class. Without cycle_id each list goes to the reader's latest cycle with a session
 * (the seeded ones, prisma/seed-calibration.ts: Harper Ops runs them, Morgan Manager sits on a panel, Carmen Chief signs off).
 */

const expectNoEmotion = staticHtmlCheck({ from: "document", markerIsTestId: true });

for (const [who, user, path] of [
  ["the session admin's", DEMO.hrOps, "/app/session-admin/calibration-sessions"],
  ["the panelist's", DEMO.manager, "/app/ratings/calibration-panelist/sessions"],
  ["the sign-off party's", CEO, "/app/sign-off-party/calibration-sessions"],
] as const) {
  test(`${who} session list holds no emotion style tag`, async ({ page }) => {
    await signIn(page, user);
    const res = await page.request.get(path, { maxRedirects: 0 });
    const to = res.headers()["location"] ?? path;
    await expectNoEmotion(page, to, "meeting-sessions");
  });
}
