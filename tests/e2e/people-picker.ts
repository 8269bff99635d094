import type { Page } from "@playwright/test";

/** Pick `who` in the people picker `testId`: type `search` (their first name unless given), click the suggestion. */
export async function pickPerson(page: Page, testId: string, who: { name: string; email: string }, search = who.name.split(" ")[0]!) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(search);
  await page.getByRole("option", { name: new RegExp(`${who.name} <${who.email.replace(/[.]/g, "\\.")}>`) }).click();
}
