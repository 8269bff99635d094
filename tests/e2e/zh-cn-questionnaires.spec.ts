import type { Page } from "@playwright/test";
import { DEMO, expect, open, test } from "./fixtures";
import { csvText } from "./downloads";
import { layoutOffenders } from "./overflow";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { expectAllTranslated } from "./untranslated";

/**
 * Issue 28: the questionnaire pages in Simplified Chinese (questions, the JSON builder with its live problems, a
 * refusal of the save, the list editor and the preview, the upload refused and accepted), and in the pseudo-language
 * en-XA with no visible text outside ⟦ ⟧ but data (the questions an admin wrote, the JSON, ids) and no overflow at
 * 1440 and 375 px. The questions themselves are data: never translated.
 */

test.use({ allowHttpErrors: [400, 409, 422] });

async function freshCycle(page: Page, label: string): Promise<{ id: number; name: string }> {
  const name = `${label} ${Date.now()}`;
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(created.status()).toBe(201);
  return { id: (await created.json()).cycle.id as number, name };
}

/** One text question for the manager and the peers, and a choice question for the peers. */
function questionnaire(peerOptions: string[]) {
  return {
    MANAGER: [{ id: "main", kind: "text", label: "他们应该继续做什么？", required: true }],
    PEER: [
      { id: "main", kind: "text", label: "Ce ar trebui să continue?", required: true },
      { id: "again", kind: "choice", label: "Would you work with them again?", required: false, options: peerOptions },
    ],
  };
}

test.describe("the questionnaire pages in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("questions, the JSON builder (problems, a refusal, the list, the preview, a save) and the upload", async ({ page }) => {
    test.setTimeout(180_000);
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycle = await freshCycle(page, "中文问卷");
    const base = `/app/admin/cycles/${cycle.id}`;

    // Questions: the default questionnaire, each reviewer type a tab.
    await open(page, `${base}/questions`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("问题");
    await expect(page).toHaveTitle(`问题 - ${cycle.name} - PMR`);
    await expect(page.getByTestId("questionnaire-version")).toHaveText("默认问卷");
    await expect(page.getByTestId("questionnaire-default-note")).toHaveText("本周期还没有自己的问卷，评估人将使用下方的默认问卷。");
    await expect(page.getByTestId("questions-edit")).toHaveText("在 JSON 编辑器中编辑");
    await expect(page.getByRole("tablist", { name: "评估人类型" })).toBeVisible();
    await page.getByTestId("questions-tab-MANAGER").click();
    await expect(page.getByTestId("questions-tab-MANAGER")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("questions-tab-MANAGER")).toHaveText(/^经理（\d+）$/);
    await expect(page.getByTestId("questions-panel").getByRole("heading", { level: 2 })).toHaveText("经理");
    await expect(page.getByTestId("questions-panel")).toContainText("参与者的经理");
    await expect(page.getByTestId("questions-panel")).toContainText("第 1 题");
    // The keyboard moves along the tabs.
    await page.getByTestId("questions-tab-MANAGER").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("questions-tab-DIRECT_REPORT")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("questions-tab-DIRECT_REPORT")).toBeFocused();

    // The JSON builder: a problem in Chinese, then valid, the list editor, the preview.
    await page.getByTestId("questions-edit").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("问卷 JSON 编辑器");
    await expect(page).toHaveTitle(`JSON 编辑器 - ${cycle.name} - PMR`);
    await expect(page.getByTestId("questionnaire-version")).toHaveText("默认问卷（尚未为本周期保存）");
    const editor = page.getByTestId("json-builder-editor");
    await editor.fill(JSON.stringify(questionnaire(["Yes"]), null, 2));
    await expect(page.getByTestId("json-builder-issues")).toContainText("保存前需修正 1 个问题");
    await expect(page.getByTestId("json-builder-issue")).toHaveText("PEER › 第 2 题 › options：单选题至少需要 2 个选项");
    await expect(page.getByTestId("json-builder-save")).toBeDisabled();
    await editor.fill("{ 不是 JSON");
    await expect(page.getByTestId("json-builder-issue")).toContainText("不是有效的 JSON：");
    await editor.fill(JSON.stringify(questionnaire(["Yes", "No"]), null, 2));
    await expect(page.getByTestId("json-builder-valid")).toHaveText("校验通过：经理 1 题，同事/协作方 2 题");
    await page.getByTestId("json-builder-tab-list").click();
    await expect(page.getByTestId("question-list-editor")).toBeVisible();
    await expect(page.getByTestId("list-tab-PEER")).toHaveText("同事/协作方（2）");
    await page.getByTestId("list-tab-SELF").click();
    await expect(page.getByTestId("question-list-editor")).toContainText("不向自评评估人提问。");
    await page.getByTestId("list-add-type").click();
    await expect(page.getByTestId("list-question-0")).toContainText("第 1 题");
    await expect(page.getByTestId("list-question-0").getByLabel("说明文字（选填）")).toBeVisible();
    // The new question has no text yet: a problem of the document.
    await expect(page.getByTestId("json-builder-issue")).toHaveText("SELF › 第 1 题 › label：label 为必填项");
    await page.getByTestId("list-question-0").getByLabel("问题").fill("这一年你最自豪的是什么？");
    await expect(page.getByTestId("json-builder-valid")).toHaveText("校验通过：自评 1 题，经理 1 题，同事/协作方 2 题");
    await page.getByTestId("json-builder-tab-preview").click();
    await expect(page.getByRole("heading", { level: 2, name: "同事/协作方" })).toBeVisible();
    await expect(page.getByTestId("question-again")).toContainText("单选");
    await expect(page.getByTestId("question-again")).toContainText("选答");
    await expect(page.getByTestId("question-label-again")).toHaveText("Would you work with them again?");

    // A refusal: the questionnaire changed meanwhile (saved through the API), the page says so in Chinese.
    const put = await page.request.put(`/api/v1/admin/cycles/${cycle.id}/questionnaire`, { data: questionnaire(["Ja", "Nein"]) });
    expect(put.status()).toBe(200);
    await page.getByTestId("json-builder-save").click();
    await expect(page.getByTestId("json-builder-error")).toHaveText("问卷已被他人修改（当前为第 1 版），请重新加载后再试");

    // Reloaded, the save goes through: a toast in Chinese and the next version.
    await open(page, `${base}/json-builder`);
    await expect(page.getByTestId("questionnaire-version")).toHaveText("第 1 版");
    await editor.fill(JSON.stringify(questionnaire(["是", "否"]), null, 2));
    await expect(page.getByTestId("json-builder-valid")).toBeVisible();
    await page.getByTestId("json-builder-save").click();
    await expect(page.getByText("问卷已保存（第 2 版）")).toBeVisible();
    await expect(page.getByTestId("questionnaire-version")).toHaveText("第 2 版");

    // The upload: refused for its header, then the template accepted as version 3.
    await open(page, `${base}/upload-questionnaire`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("上传问卷");
    await expect(page).toHaveTitle(`上传问卷 - ${cycle.name} - PMR`);
    await expect(page.getByTestId("upload-questionnaire-all-or-nothing")).toContainText("问卷只能整体生效");
    await expect(page.getByText("用 CSV 文件替换本周期的问卷（当前为第 2 版）", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "JSON 编辑器" })).toHaveAttribute("href", `${base}/json-builder`);
    await expect(page.getByTestId("template-link")).toHaveText("将当前问卷下载为 CSV 模板");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("template-link").click()]);
    const template = await csvText(download);
    expect(template).toContain("PEER,again,choice,Would you work with them again?,,false,,,,是|否,");
    await page.getByTestId("upload-file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("type,text\nSELF,Hi\n") });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-error")).toContainText("CSV 表头无效");
    const good = template.replace("他们应该继续做什么？", "他们明年应该开始做什么？");
    await page.getByTestId("upload-file").setInputFiles({ name: "问卷.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByTestId("upload-submit").click();
    await expect(page).toHaveURL(new RegExp(`${base}/upload-questionnaire-jobs/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("已完成", { timeout: 30_000 });
    await page.getByTestId("questionnaire-job-questions").click();
    await expect(page.getByTestId("questionnaire-version")).toHaveText("第 3 版");
    await page.getByTestId("questions-tab-MANAGER").click();
    await expect(page.getByTestId("question-label-main")).toHaveText("他们明年应该开始做什么？");
  });
});

test.describe("the questionnaire pages in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  /** On a phone a table may scroll sideways in its own box while its first column is in view (layout.spec.ts). */
  const PHONE = { scrollAreas: [{ container: ":has(> table)", mustShow: "tr > :first-child" }] };

  async function checkScreen(page: Page, path: string, allow: Array<string | RegExp>, act?: () => Promise<void>) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, path);
      await expect(page.locator("main").first()).toBeVisible();
      if (act) await act();
      await expectAllTranslated(page, { allow: ["PMR", ...allow], roots: ["main"] });
      expect(await layoutOffenders(page, width < 600 ? PHONE : {}), `${path} at ${width} px`).toEqual([]);
    }
  }

  test("questions, the JSON builder's views and problems, the upload form", async ({ page }) => {
    test.setTimeout(180_000);
    await signInThroughLoginPage(page, DEMO.superAdmin, "/app/admin/cycles");
    const cycle = await freshCycle(page, "XA Questionnaire");
    const base = `/app/admin/cycles/${cycle.id}`;
    // The default questionnaire's texts are data (what reviewers are asked), as are the JSON's identifiers.
    const questions = (await (await page.request.get(`/api/v1/admin/cycles/${cycle.id}/questions`)).json()) as {
      questions: Record<string, Array<{ id: string; label: string; help?: string; options?: string[]; scale?: { labels?: Record<string, string> } }>>;
    };
    const texts = Object.values(questions.questions)
      .flat()
      .flatMap((q) => [q.label, q.help ?? "", q.id, ...(q.options ?? []), ...Object.values(q.scale?.labels ?? {})])
      .filter(Boolean);
    const allow = [cycle.name, ...texts];
    await checkScreen(page, `${base}/questions`, allow);
    await checkScreen(page, `${base}/questions?type=PEER`, allow);

    // The builder: its JSON (data), a problem shown (the place's JSON names are data), the list and the preview.
    const json = /[{}[\]":,]|\b(SELF|MANAGER|DIRECT_REPORT|PEER|MATRIX_MANAGER|MATRIX_TEAM|id|kind|label|help|required|scale|min|max|labels|options|max_length|rating|text|choice|true|false)\b/g;
    const builderAllow = [...allow, json];
    await checkScreen(page, `${base}/json-builder`, builderAllow, async () => {
      await expect(page.getByTestId("json-builder-valid")).toBeVisible();
    });
    await checkScreen(page, `${base}/json-builder`, [...builderAllow, "Yes", "Would you work with them again?"], async () => {
      const doc = JSON.parse(await page.getByTestId("json-builder-editor").inputValue()) as Record<string, unknown[]>;
      doc.PEER = [...(doc.PEER ?? []), { id: "again", kind: "choice", label: "Would you work with them again?", required: false, options: ["Yes"] }];
      await page.getByTestId("json-builder-editor").fill(JSON.stringify(doc, null, 2));
      await expect(page.getByTestId("json-builder-issue")).toHaveCount(1);
    });
    await checkScreen(page, `${base}/json-builder`, builderAllow, async () => {
      await page.getByTestId("json-builder-tab-list").click();
      await expect(page.getByTestId("question-list-editor")).toBeVisible();
    });
    await checkScreen(page, `${base}/json-builder`, builderAllow, async () => {
      await page.getByTestId("json-builder-tab-preview").click();
      await expect(page.getByTestId("json-builder-tab-preview")).toHaveAttribute("aria-selected", "true");
    });
    await checkScreen(page, `${base}/upload-questionnaire`, [...allow, json]);
  });
});
