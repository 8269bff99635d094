import type { APIRequestContext } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";

/**
 * The Attributes section of the directory's admin user page (issue 29 §1, ADR 0109) in the browser: a super admin sets
 * a person's gender and a custom number attribute, sees them saved (the number in its stored form) and read back by
 * the API; a refused value is marked with its reason and saves nothing; the built-in column attributes are read only;
 * a browser asking for Chinese gets the section in Simplified Chinese.
 */

type UserRow = { id: number; email: string };
type PersonAttribute = { attribute_id: number; key: string | null; value: string | null };

async function someEmployee(request: APIRequestContext): Promise<UserRow> {
  const res = await request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100");
  expect(res.status()).toBe(200);
  const users = (await res.json()).users as UserRow[];
  const demo = new Set(Object.values(DEMO).map((d) => d.email));
  return users.filter((u) => !demo.has(u.email)).at(-2)!;
}

// The refused value's post answers 400 (the page marks the field): expected, not a console error of the page.
test.use({ allowHttpErrors: [400] });

const valuesOf = async (request: APIRequestContext, id: number) => {
  const res = await request.get(`/api/v1/admin/users/${id}/attributes`);
  expect(res.status()).toBe(200);
  return (await res.json()).attributes as PersonAttribute[];
};

test("a super admin sets a person's attribute values on their page; a refused value saves nothing", async ({ page, browser }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/users");
  const person = await someEmployee(page.request);
  const tag = Date.now().toString(36);
  const created = await page.request.post("/api/v1/admin/attributes", { data: { name: `E2E score ${tag}`, kind: "number" } });
  expect(created.status()).toBe(201);
  const score = (await created.json()).attribute as { id: number };
  const gender = (await valuesOf(page.request, person.id)).find((a) => a.key === "gender")!;
  try {
    await open(page, `/app/admin/users/${person.id}`);
    const section = page.getByTestId("user-attributes");
    await expect(section.getByRole("heading", { name: "Attributes" })).toBeVisible();
    // Level, location, department and start date are the details form's: shown, not editable here.
    await expect(section.getByTestId("user-attribute-level")).toContainText("Edited with the fields above");
    await expect(section.getByTestId("user-attribute-input-level")).toHaveCount(0);

    await section.getByTestId("user-attribute-input-gender").fill(`Zeta-E2E-${tag}`);
    await section.getByTestId(`user-attribute-input-${score.id}`).fill("007.50");
    await section.getByTestId("user-attributes-save").click();
    await expect(page.getByText("Attributes saved.")).toBeVisible();
    await expect(section.getByTestId(`user-attribute-input-${score.id}`)).toHaveValue("7.5");
    let stored = await valuesOf(page.request, person.id);
    expect(stored.find((a) => a.attribute_id === gender.attribute_id)?.value).toBe(`Zeta-E2E-${tag}`);
    expect(stored.find((a) => a.attribute_id === score.id)?.value).toBe("7.5");

    // A refused number: its reason under the field, the page's notice, nothing saved (the gender change neither).
    await section.getByTestId("user-attribute-input-gender").fill(`Other-E2E-${tag}`);
    await section.getByTestId(`user-attribute-input-${score.id}`).fill("1e3");
    await section.getByTestId("user-attributes-save").click();
    await expect(section.getByText("Enter a number, e.g. 12 or 37.5")).toBeVisible();
    await expect(page.getByTestId("user-error")).toContainText("The attributes were not saved");
    await expect(section.getByTestId(`user-attribute-input-${score.id}`)).toHaveValue("1e3");
    stored = await valuesOf(page.request, person.id);
    expect(stored.find((a) => a.attribute_id === gender.attribute_id)?.value).toBe(`Zeta-E2E-${tag}`);
    expect(stored.find((a) => a.attribute_id === score.id)?.value).toBe("7.5");

    // After a reload the saved values are in the fields.
    await open(page, `/app/admin/users/${person.id}`);
    await expect(section.getByTestId("user-attribute-input-gender")).toHaveValue(`Zeta-E2E-${tag}`);

    // The same section in Simplified Chinese; names and values are data, as they are.
    const context = await browser.newContext({ locale: "zh-CN" });
    try {
      const zh = await context.newPage();
      await signIn(zh, DEMO.superAdmin, `/app/admin/users/${person.id}`);
      const zhSection = zh.getByTestId("user-attributes");
      await expect(zhSection.getByRole("heading", { name: "属性" })).toBeVisible();
      await expect(zhSection.getByTestId("user-attributes-save")).toHaveText("保存属性");
      await expect(zhSection.getByText("在上方的字段中编辑").first()).toBeVisible();
      await expect(zhSection.getByTestId("user-attribute-input-gender")).toHaveValue(`Zeta-E2E-${tag}`);
    } finally {
      await context.close();
    }
  } finally {
    await page.request.put(`/api/v1/admin/users/${person.id}/attributes`, { data: { values: [{ attribute_id: gender.attribute_id, value: gender.value }] } });
    await page.request.delete(`/api/v1/admin/attributes/${score.id}`);
  }
});
