import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";
import { csvText } from "./downloads";

/** A fresh cycle through the API (the signed-in super admin's session). */
async function newCycle(page: Page, name: string): Promise<number> {
  const res = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(res.status()).toBe(201);
  return (await res.json()).cycle.id;
}

const TYPES = [
  { key: "SELF", label: "Self" },
  { key: "MANAGER", label: "Manager" },
  { key: "DIRECT_REPORT", label: "Direct Report" },
  { key: "PEER", label: "Peer/Stakeholder" },
  { key: "MATRIX_MANAGER", label: "Matrix Manager" },
  { key: "MATRIX_TEAM", label: "Matrix Team" },
] as const;

/** One text question per reviewer type, and a choice question for peers. */
function questionnaire(peerOptions: string[]) {
  const q: Record<string, unknown[]> = {};
  for (const t of TYPES) q[t.key] = [{ id: "main", kind: "text", label: `Main question for ${t.label}`, required: true }];
  q.PEER!.push({ id: "again", kind: "choice", label: "Would you work with them again?", required: false, options: peerOptions });
  return q;
}

test.describe("questionnaire admin", () => {
  // The bad-header upload answers 400 or 422 (ADR 0060) (shown on the form).
  test.use({ allowHttpErrors: [400, 422] });

  test("edit in the JSON builder, read per reviewer type, upload a file through a job", async ({ page }) => {
    test.setTimeout(180_000); // a long journey, with a job and the accessibility scan of each page
    await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycleId = await newCycle(page, `E2E questionnaire ${Date.now()}`);
    const base = `/app/admin/cycles/${cycleId}`;

    // JSON builder: a validation error blocks saving, the fix saves version 1.
    await open(page, `${base}/json-builder`);
    await expect(page.getByRole("heading", { name: "Questionnaire JSON builder" })).toBeVisible();
    await expect(page.getByTestId("questionnaire-version")).toHaveText("Default questionnaire (not saved for this cycle yet)");
    const editor = page.getByTestId("json-builder-editor");
    await editor.fill(JSON.stringify(questionnaire(["Yes"]), null, 2));
    await expect(page.getByTestId("json-builder-issues")).toContainText("1 problem to fix before saving");
    await expect(page.getByTestId("json-builder-issue")).toHaveText("PEER › question 2 › options: A choice question needs at least 2 options");
    await expect(page.getByTestId("json-builder-save")).toBeDisabled();
    await editor.fill(JSON.stringify(questionnaire(["Yes", "No"]), null, 2));
    await expect(page.getByTestId("json-builder-valid")).toHaveText(
      "Valid: Self 1, Manager 1, Direct Report 1, Peer/Stakeholder 2, Matrix Manager 1, Matrix Team 1",
    );
    await page.getByTestId("json-builder-save").click();
    await expect(page.getByText("Questionnaire saved (version 1)")).toBeVisible();
    await expect(page.getByTestId("questionnaire-version")).toHaveText("Version 1");

    // Questions: every reviewer type in its own tab.
    await open(page, `${base}/questions`);
    await expect(page.getByTestId("questionnaire-version")).toHaveText("Version 1");
    for (const t of TYPES) {
      const tab = page.getByTestId(`questions-tab-${t.key}`);
      await expect(tab).toHaveText(`${t.label} (${t.key === "PEER" ? 2 : 1})`);
      // The tab strip scrolls the chosen tab into view: on a loaded machine a click on a half-hidden tab can land while
      // the strip is still moving and miss it, so the click is repeated until the tab is selected.
      await expect(async () => {
        await tab.click();
        await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      const panel = page.getByTestId("questions-panel");
      await expect(panel.getByRole("heading", { name: t.label, exact: true })).toBeVisible();
      await expect(panel.getByTestId("question-label-main")).toHaveText(`Main question for ${t.label}`);
    }
    await expect(page.getByTestId("questions-panel").getByTestId("question-label-again")).toHaveCount(0); // Matrix Team is shown
    await page.getByTestId("questions-tab-PEER").click();
    await expect(page.getByTestId("question-label-again")).toHaveText("Would you work with them again?");

    // Upload form: all or nothing, no error-mode choice; the template is the current questionnaire.
    await page.getByTestId("questions-upload").click();
    await expect(page).toHaveURL(`${base}/upload-questionnaire`);
    await expect(page.getByRole("heading", { name: "Upload questionnaire" })).toBeVisible();
    await expect(page.getByTestId("upload-questionnaire-all-or-nothing")).toContainText("A questionnaire is all-or-nothing");
    await expect(page.getByLabel("Commit only the valid rows")).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("template-link").click()]);
    const template = await csvText(download);
    const lines = template.trim().split(/\r\n/);
    expect(lines[0]).toBe("reviewer_type,question_id,kind,label,help,required,scale_min,scale_max,scale_labels,options,max_length");
    expect(lines).toHaveLength(8);
    expect(lines).toContain("PEER,again,choice,Would you work with them again?,,false,,,,Yes|No,");

    // A bad header is refused at once.
    await page.getByTestId("upload-file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("type,text\nSELF,Hi\n") });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-error")).toContainText(
      "Invalid CSV header: missing columns reviewer_type, question_id, kind, label; unknown columns type, text",
    );

    // A file with a bad row: the job fails with the row error and nothing changes.
    const badRow = [lines[0], lines[1], "MANAGER,main,stars,How many stars?,,true,,,,,"].join("\n");
    await page.getByTestId("upload-file").setInputFiles({ name: "bad-row.csv", mimeType: "text/csv", buffer: Buffer.from(badRow) });
    await expect(page.getByTestId("upload-file-name")).toHaveText("bad-row.csv");
    await page.getByTestId("upload-submit").click();
    await expect(page).toHaveURL(new RegExp(`${base}/upload-questionnaire-jobs/\\d+$`));
    await expect(page.getByRole("heading", { name: /Upload questionnaire job #\d+/ })).toBeVisible();
    await expect(page.getByTestId("questionnaire-job-note")).toContainText("A questionnaire is all-or-nothing");
    await expect(page.getByTestId("job-status")).toHaveText("Failed", { timeout: 30_000 });
    await expect(page.getByTestId("job-message")).toHaveText(
      "1 of 2 rows have errors; the questionnaire was not changed (it is applied only when every row is valid)",
    );
    const errors = page.getByTestId("row-error");
    await expect(errors).toHaveCount(1);
    await expect(errors.first().locator("td")).toHaveText(["3", "kind", "Unknown kind 'stars' (use rating, text or choice)"]);

    // The list, then a good file (the template with one question changed) becomes version 2.
    await page.getByTestId("job-list-link").click();
    await expect(page).toHaveURL(`${base}/upload-questionnaire-jobs`);
    await expect(page.getByTestId("job-row")).toHaveCount(1);
    await page.getByTestId("new-upload").click();
    await expect(page).toHaveURL(`${base}/upload-questionnaire`);
    const good = template.replace("Main question for Manager", "What should they keep doing?");
    await page.getByTestId("upload-file").setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await expect(page.getByTestId("upload-file-name")).toHaveText("questions.csv");
    await page.getByTestId("upload-submit").click();
    await expect(page).toHaveURL(new RegExp(`${base}/upload-questionnaire-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("job-message")).toHaveText(
      "Questionnaire saved as version 2 (7 questions: Self 1, Manager 1, Direct Report 1, Peer/Stakeholder 2, Matrix Manager 1, Matrix Team 1)",
    );
    await expect(page.getByTestId("row-errors-empty")).toBeVisible();

    await page.getByTestId("questionnaire-job-questions").click();
    await expect(page).toHaveURL(`${base}/questions`);
    await expect(page.getByTestId("questionnaire-version")).toHaveText("Version 2");
    await page.getByTestId("questions-tab-MANAGER").click();
    await expect(page.getByTestId("question-label-main")).toHaveText("What should they keep doing?");

    // The cycle page links to the upload jobs.
    await open(page, base);
    await expect(page.getByTestId("cycle-section-upload-questionnaire-jobs")).toHaveAttribute("href", `${base}/upload-questionnaire-jobs`);
  });
});
