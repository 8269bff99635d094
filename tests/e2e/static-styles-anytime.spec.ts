import { test, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the Anytime Feedback page (frame and content) is server-rendered with static CSS only — no emotion style
 * tag and no MUI class — on each of its tabs (Received with its unread count, Sent, and a manager's My team filtered
 * and paged), whatever the list holds (items, or the empty text).
 */

const checkStatic = staticHtmlCheck({ from: "document" });

test("the Anytime Feedback page's server-rendered HTML holds no emotion style tag, on every tab", async ({ page }) => {
  await signIn(page, DEMO.manager);
  // Something unread for Morgan, so the Received tab shows its count and a "New" chip.
  const given = await page.request.post("/api/v1/realtime_feedbacks", { data: { reviewee_email: DEMO.employee.email, body: `Static check ${Date.now()}` } });
  test.expect(given.status()).toBe(201);
  await checkStatic(page, "/app/anytime-feedback", 'data-testid="anytime-tab-received"');
  await checkStatic(page, "/app/anytime-feedback?tab=sent", 'data-testid="feedback-list"');
  await checkStatic(page, `/app/anytime-feedback?tab=team&person=${encodeURIComponent(DEMO.employee.email)}&days=365`, 'data-testid="anytime-tab-team"');
  await checkStatic(page, "/app/anytime-feedback?tab=team&offset=20", 'data-testid="anytime-tab-team"');
});

test("an employee's page holds none either", async ({ page }) => {
  await signIn(page, DEMO.employee);
  await checkStatic(page, "/app/anytime-feedback", 'data-testid="give-feedback-form"');
});
