import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the questionnaire pages (questions, the JSON builder) are server-rendered with static CSS only: frame and
 * content add no emotion style tag and no emotion class. The JSON builder's list editor (MUI) is not on the first
 * paint: it mounts when its tab is chosen. (The upload form's frame is the jobs feature's UploadJobForm, whose static
 * CSS is that feature's: its own guard, static-styles-admin-jobs.spec.ts.)
 */

async function newCycle(page: Page): Promise<number> {
  const res = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E static questionnaire ${Date.now()}` } });
  expect(res.status()).toBe(201);
  return (await res.json()).cycle.id;
}

const checkStatic = staticHtmlCheck({ from: "main" });

test("the questionnaire pages' server-rendered HTML holds no emotion style tag (default and saved questionnaire)", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await newCycle(page);
  const base = `/app/admin/cycles/${cycleId}`;
  await checkStatic(page, `${base}/questions`, 'data-testid="questions-panel"');
  await checkStatic(page, `${base}/json-builder`, 'data-testid="json-builder-editor"');
  // A saved questionnaire with every kind of question, shown on the questions page's tabs.
  const saved = await page.request.put(`/api/v1/admin/cycles/${cycleId}/questionnaire`, {
    data: {
      SELF: [{ id: "proud", kind: "text", label: "What are you proud of?", required: true, max_length: 800 }],
      PEER: [
        { id: "impact", kind: "rating", label: "Impact", required: true, scale: { min: 1, max: 5, labels: { "1": "Low", "5": "High" } } },
        { id: "again", kind: "choice", label: "Again?", required: false, options: ["Yes", "No"] },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  await checkStatic(page, `${base}/questions?type=PEER`, 'data-testid="question-again"');
  await checkStatic(page, `${base}/json-builder`, 'data-testid="json-builder-valid"');
});
