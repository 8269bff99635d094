import { test, expect, DEMO, signedInPage } from "./fixtures";

/**
 * A double click on a form's submit button changes state once (issue 17 §3, ADR 0045). Eli double-clicks
 * "Send feedback"; so that the server surely gets the submission twice (the button turns disabled as soon as React
 * re-renders, which may be before the second click), the test also sends a copy of the browser's submission at the
 * same moment, as a browser that does not stop the second click would. One feedback item is stored; both
 * submissions are answered.
 */
test("a double click on Send feedback gives the feedback once", async ({ browser }) => {
  test.setTimeout(90_000);
  const text = `Double click ${Date.now()}: thanks for the demo.`;
  const eli = await signedInPage(browser, DEMO.employee, "/app/anytime-feedback");
  const { page } = eli;
  const person = page.getByTestId("give-feedback-person");
  await person.click();
  await person.fill("Morgan");
  await page.getByRole("option", { name: `${DEMO.manager.name} <${DEMO.manager.email}>` }).click();
  await page.getByTestId("give-feedback-body").fill(text);

  let browserPosts = 0;
  let copy: Promise<{ status: number; replayed: boolean }> | null = null;
  await page.route(/\/app\/anytime-feedback\.data/, async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    browserPosts++;
    copy ??= page.request
      .post(request.url(), { headers: { "content-type": request.headers()["content-type"]! }, data: request.postDataBuffer()! })
      .then((res) => ({ status: res.status(), replayed: res.headers()["idempotent-replayed"] === "true" }));
    await route.continue();
  });
  await page.getByTestId("give-feedback-submit").dblclick();
  await expect(page.getByText(`Feedback sent to ${DEMO.manager.name}`)).toBeVisible();
  expect(copy, "the submission reached the network").not.toBeNull();
  const copied = await copy!;
  expect(copied.status).toBe(200);

  const sent = await page.request.get(`/api/v1/realtime_feedbacks/sent?days=1&limit=50&email=${encodeURIComponent(DEMO.manager.email)}`);
  expect(sent.status()).toBe(200);
  const items = ((await sent.json()) as { realtime_feedbacks: Array<{ body: string | null }> }).realtime_feedbacks;
  expect(items.filter((i) => i.body === text)).toHaveLength(1);
  expect(browserPosts).toBeGreaterThanOrEqual(1);
  console.log(`double click: ${browserPosts} submission(s) from the browser + 1 copy → 1 feedback item (the copy ${copied.replayed ? "replayed" : "ran first"})`);
  await eli.close();
});
