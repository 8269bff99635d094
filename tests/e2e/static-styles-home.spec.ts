import { test, expect, DEMO, signIn } from "./fixtures";

/**
 * Issue 27: the home page (the bench's page: Eli in "2026 Year-End Review", 360 feedback) is server-rendered with static
 * CSS only — frame, cycle switcher, cycle card, to-do list and other cycles add no emotion style and no MUI class; so
 * is a manager's home with the team's progress table (Morgan).
 */
async function homeHtml(page: import("@playwright/test").Page, who: (typeof DEMO)[keyof typeof DEMO]): Promise<string> {
  await signIn(page, who);
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  const running = cycles.find((c) => c.name === "2026 Year-End Review")!.id;
  const res = await page.request.get(`/app/home?cycle_id=${running}`);
  expect(res.status()).toBe(200);
  return res.text();
}

function expectNoRuntimeStyles(html: string) {
  // The document stream writes emotion's one tag for the render's cache; it must stay empty (no style id, no CSS).
  const emotion = [...html.matchAll(/<style data-emotion="([^"]*)"[^>]*>([^<]*)<\/style>/g)].map((m) => ({ ids: m[1]!.trim().split(/\s+/).slice(1), css: m[2]! }));
  expect(emotion.filter((t) => t.ids.length > 0 || t.css !== "")).toEqual([]);
  expect(emotion.length).toBeLessThanOrEqual(1);
  expect(html, "no MUI component on the page").not.toMatch(/class="[^"]*\bMui/);
  expect(html, "no emotion class on the page").not.toMatch(/class="[^"]*\bcss-/);
}

test("Eli's home (the bench's page): no emotion style tag, no MUI class; the switcher is a labelled native select before hydration", async ({ page }) => {
  const html = await homeHtml(page, DEMO.employee);
  expect(html).toContain('data-testid="home-todo"');
  expect(html).toContain('data-testid="home-todo-item"');
  expect(html).toMatch(/<select[^>]*id="cycle-switcher-native"/);
  expectNoRuntimeStyles(html);
});

test("Morgan's home with the team's progress: no emotion style tag, no MUI class", async ({ page }) => {
  const html = await homeHtml(page, DEMO.manager);
  expect(html).toContain('data-testid="home-team"');
  expectNoRuntimeStyles(html);
});
