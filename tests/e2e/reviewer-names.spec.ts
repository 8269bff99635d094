import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage } from "./fixtures";
import { CEO } from "./api-helpers";

/**
 * Who sees reviewers' names, per cycle (issue 26 §3, docs/decisions/0058-per-cycle-reviewer-names.md): chosen when
 * the cycle is created, told to the reviewer on the form, applied to the reviewee's manager, fixed once feedback opened.
 * Each cycle: the super admin (reporting to Morgan) gives upward feedback about Morgan, whose manager is Carmen.
 */

// A change after feedback opened is an expected 409.
test.use({ allowHttpErrors: [409] });

async function chooseNames(page: Page, label: RegExp, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The cycle, its two participants, opened for 360 feedback (start, then SPU feedback). */
async function openForFeedback(page: Page, cycleId: number) {
  for (const data of [
    { email: DEMO.superAdmin.email, manager_email: DEMO.manager.email },
    { email: DEMO.manager.email, manager_email: CEO.email },
  ]) {
    const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
    expect(res.status(), await res.text()).toBe(201);
  }
  for (const t of ["start", "progress_to_spu_feedback"]) {
    const res = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`);
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The super admin's upward feedback about Morgan, after reading the cycle's rule on the form. */
async function giveUpwardFeedback(page: Page, cycleId: number, rule: string) {
  await open(page, `/app/performance/spu-feedback/feedback/${encodeURIComponent(DEMO.manager.email)}?cycle_id=${cycleId}`);
  await expect(page.getByTestId("feedback-names-rule")).toHaveText(rule);
  await page.getByTestId("answer-strengths").fill("Clear priorities every week");
  await page.getByTestId("answer-growth_areas").fill("Share the roadmap earlier");
  await page.getByTestId("question-clear_expectations").getByLabel("4 - Agree").check();
  await page.getByTestId("question-support_growth").getByLabel("3 - Neutral").check();
  await page.getByTestId("feedback-submit").click();
  await page.getByRole("dialog", { name: "Submit your feedback?" }).getByTestId("feedback-submit-confirm").click();
  await expect(page.getByTestId("feedback-status")).toHaveText("Submitted");
}

test("a cycle that shows upward names to managers: chosen on create, told on the form, Morgan's manager reads the name; fixed once feedback opened", async ({ page, browser }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles/create");
  const name = `E2E Names ${Date.now()}`;
  await page.getByTestId("cycle-field-name").fill(name);
  await chooseNames(page, /Who sees upward reviewers' names/, "The reviewee's manager");
  await page.getByTestId("cycle-create-submit").click();
  await expect(page).toHaveURL(/\/app\/admin\/cycles\/\d+/);
  const cycleId = Number(/\/app\/admin\/cycles\/(\d+)/.exec(page.url())![1]);
  const api = (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}`)).json()) as { cycle: { peer_names: string; upward_names: string } };
  expect(api.cycle).toMatchObject({ peer_names: "nobody", upward_names: "managers" });

  await openForFeedback(page, cycleId);
  await giveUpwardFeedback(page, cycleId, "Your name will be visible to the reviewee's manager and super admins; everyone else sees your answers without your name, once at least 3 people have answered.");

  // Feedback has opened: the settings page refuses a change and says why; the API answers 409.
  await open(page, `/app/admin/cycles/${cycleId}`);
  await chooseNames(page, /Who sees upward reviewers' names/, "Nobody (anonymous to everyone but super admins)");
  await page.getByTestId("cycle-save").click();
  await expect(page.getByText("Who sees reviewers' names cannot change once feedback has opened")).toBeVisible();
  const refused = await page.request.patch(`/api/v1/admin/cycles/${cycleId}`, { data: { upward_names: "nobody" } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe("reviewer_names_fixed");

  const carmen = await signedInPage(browser, CEO, `/app/my-reportees/${encodeURIComponent(DEMO.manager.email)}/feedback/summary?cycle_id=${cycleId}`);
  await expect(carmen.page.getByTestId("section-reviewers-direct_report")).toHaveText(`From: ${DEMO.superAdmin.name}`);
  await expect(carmen.page.getByTestId("names-rule")).toContainText("Upward feedback (from direct reports and matrix team): reviewers' names are visible to the reviewee's manager and super admins");
  await carmen.close();
});

test("a cycle left at the default: the form says the answers are anonymous, Morgan's manager sees neither the name nor 1 answer of a group", async ({ page, browser }) => {
  await signIn(page, DEMO.superAdmin, "/app/home");
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Anonymous ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  await openForFeedback(page, cycleId);
  await giveUpwardFeedback(page, cycleId, "Your answers are anonymous: only super admins see your name; everyone else sees your answers without your name, once at least 3 people have answered.");

  const carmen = await signedInPage(browser, CEO, `/app/my-reportees/${encodeURIComponent(DEMO.manager.email)}/feedback/summary?cycle_id=${cycleId}`);
  const section = carmen.page.getByTestId("summary-section-direct_report");
  await expect(section).toContainText("Anonymous");
  await expect(section).toContainText("Direct report feedback is shown when at least 3 direct reports have answered (1 so far)");
  await expect(carmen.page.getByTestId("section-reviewers-direct_report")).toHaveCount(0);
  const data = await (await carmen.page.request.get(`/app/my-reportees/${encodeURIComponent(DEMO.manager.email)}/feedback/summary.data?cycle_id=${cycleId}`)).text();
  expect(data).not.toContain(DEMO.superAdmin.email);
  expect(data).not.toContain("Clear priorities every week");
  await carmen.close();
});

test("the General Guideline: styled under the CSP, states the rule, and the GENERAL_GUIDELINE_URL note is for super admins only", async ({ page, browser }) => {
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Content-Security-Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await signIn(page, DEMO.employee, "/app/guides/general-guideline");
  await expect(page.getByRole("heading", { name: "General Guideline" })).toBeVisible();
  await expect(page.getByTestId("general-guideline")).toContainText("Who sees the names of peer and upward reviewers is chosen for each cycle");
  await expect(page.getByTestId("guideline-names-rule").first()).toContainText("reviewers' names are visible to");
  await expect(page.getByText("GENERAL_GUIDELINE_URL")).toHaveCount(0);
  await expect(page.getByTestId("guideline-admin-note")).toHaveCount(0);
  expect(cspErrors).toEqual([]);

  const admin = await signedInPage(browser, DEMO.superAdmin, "/app/guides/general-guideline");
  await expect(admin.page.getByTestId("guideline-admin-note")).toContainText("GENERAL_GUIDELINE_URL");
  await admin.close();
});
