import { DEMO, expect, hydrated, open, test } from "./fixtures";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { untranslatedTexts } from "./untranslated";

/**
 * Issue 28 / ADR 0108: a refusal of the participants service and of the user directory is shown by its key, in the
 * reader's language: a participant edit refused by the service (an HR partner who is nobody) and a new user refused
 * for an email already taken, read in Chinese with no English on the page but the data (names, emails, the cycle).
 */

// 409: the email already taken; 422: the edit refused by the participants service.
test.use({ allowHttpErrors: [409, 422], locale: "zh-CN" });

test("a refused participant edit and a users form field error, in Chinese", async ({ page }) => {
  await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleName = `拒绝 ${Date.now()}`;
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: cycleName } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  const added = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.employee.email, manager_email: DEMO.manager.email } });
  expect(added.status(), await added.text()).toBe(201);
  const data = [cycleName, DEMO.employee.name, DEMO.employee.email, DEMO.manager.email, DEMO.superAdmin.name, DEMO.superAdmin.email, "PMR"];

  // The participant's HR partner is nobody: the service refuses (422), the field says so in Chinese.
  const ghost = `nobody.${Date.now()}@example.com`;
  await open(page, `/app/admin/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.employee.email)}/edit`);
  await hydrated(page);
  await page.getByTestId("participant-field-hr-partner-email").fill(ghost);
  await page.keyboard.press("Escape");
  await page.getByTestId("participant-save").click();
  await expect(page.getByText(`没有邮箱为 ${ghost} 的用户`)).toBeVisible();
  expect(await untranslatedTexts(page, { english: true, roots: ["main"], allow: [...data, ghost] }), "English on the participant's edit page").toEqual([]);
  // Nothing was changed.
  const participant = await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.employee.email)}`);
  expect((await participant.json()).participant.hr_partner_email).toBeNull();

  // A new user with an email already taken: the email field says so in Chinese (409).
  await open(page, "/app/admin/users/new");
  await hydrated(page);
  await page.getByTestId("new-user-email").fill(DEMO.employee.email.toUpperCase());
  await page.getByTestId("new-user-name").fill("重复的人");
  await page.getByTestId("new-user-submit").click();
  await expect(page.getByText(`邮箱为 ${DEMO.employee.email} 的用户已存在`)).toBeVisible();
  expect(await untranslatedTexts(page, { english: true, roots: ["main"], allow: data }), "English on the new user form").toEqual([]);
});
