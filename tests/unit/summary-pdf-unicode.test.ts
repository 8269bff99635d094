import { describe, expect, it } from "vitest";
import { renderFeedbackSummaryPdf } from "~/features/summaries/pdf.server";
import { fontRuns, MISSING_GLYPH, pdfFonts } from "~/features/summaries/pdf-fonts.server";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { pdfText } from "../support/files";

/**
 * Issue 28 §1: every character of names and feedback survives into the PDF. pdftotext (poppler-utils, installed by
 * scripts/setup.sh) reads the text back.
 */
const WRITTEN = "张伟的反馈：做得很好 · Łukasz Żółć napisał: świetna robota · Ελληνικά: καλή δουλειά · Привет · 😀";

function summary(): FeedbackSummary {
  return {
    viewer: { role: "manager", named: true },
    total_submitted: 1,
    cycle: { id: 7, name: "2026 年终评估 Ω", state: "communication", stage_label: "Communicated", reviewer_names: { peer: "nobody", upward: "nobody", rule: [] } },
    reviewee: { email: "zhang.wei@example.com", name: "张伟", job_title: "Инженер", department: "Ελλάδα", reviewer_only: false },
    sections: [
      {
        reviewer_type: "manager",
        label: "Manager",
        requested: 1,
        submitted: 1,
        anonymised: false,
        visible: true,
        message: null,
        reviewers: [{ name: "Łukasz Żółć", email: "lukasz@example.com" }],
        questions: [
          { id: "q1", label: "What went well 哪些做得好", kind: "text", responses: 1, scale: null, average: null, distribution: [], answers: [{ value: WRITTEN, reviewer: { name: "Łukasz Żółć", email: "lukasz@example.com" } }] },
          { id: "q2", label: "Rating", kind: "rating", responses: 1, scale: { min: 1, max: 2 }, average: 2, distribution: [{ value: "1", label: "Низко", count: 0 }, { value: "2", label: "高", count: 1 }], answers: [] },
        ],
      },
    ],
  };
}

describe("the summary PDF in every script", () => {
  it("prints Chinese, Polish, Greek, Cyrillic and an emoji exactly, no '?'", async () => {
    const pdf = await renderFeedbackSummaryPdf(summary(), new Date("2026-11-29T00:00:00Z"));
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const part of ["张伟", "Łukasz Żółć", "张伟的反馈：做得很好", "świetna robota", "Ελληνικά: καλή δουλειά", "Привет", "😀", "2026 年终评估 Ω", "Инженер", "Ελλάδα", "哪些做得好", "Низко", "高"]) {
      expect(text, part).toContain(part);
    }
    expect(text).not.toContain("?");
    // Fonts embedded as subsets: a one-page report stays small although the CJK font file is ~20 MB.
    expect(pdf.byteLength).toBeLessThan(200_000);
    expect(pdf.toString("latin1")).toMatch(/\/FontFile[23]?/);
  }, 60_000); // the first render reads and subsets the ~20 MB CJK font: seconds on a loaded machine

  it("writes its headings and labels in the reader's language (zh-CN), the data as written", async () => {
    const data = summary();
    data.viewer = { role: "reviewee", named: false };
    data.sections.push({
      reviewer_type: "peer",
      label: "Peer/Stakeholder",
      requested: 4,
      submitted: 2,
      anonymised: true,
      visible: false,
      message: "Peer feedback is shown when at least 3 peers have answered (2 so far)",
      reviewers: null,
      questions: [],
    });
    const zh = pdfText(await renderFeedbackSummaryPdf(data, new Date("2026-11-29T00:00:00Z"), "zh-CN")).replace(/\s+/g, " ");
    for (const part of [
      "反馈汇总",
      "经理反馈",
      "反馈人：Łukasz Żółć",
      "已回答 1/1",
      "平均分 2.00（1 至 2 分制，共 1 个回答）",
      "同事/协作方反馈",
      "已回答 2/4 · 已匿名",
      "至少 3 位同事回答后才会显示同事反馈（目前 2 位）",
      "2026 年终评估 Ω · 第 5 阶段 - 结果沟通阶段",
      "生成于 2026-11-29 · 已提交 1 份反馈",
      "同事和向上反馈已匿名处理",
      "第 1 页，共 1 页",
      "What went well 哪些做得好",
      "świetna robota",
    ]) {
      expect(zh, part).toContain(part);
    }
    for (const english of ["Feedback Summary", "Manager feedback", "answered", "Average", "Page 1", "Generated"]) expect(zh).not.toContain(english);

    // English stays the default, with the spec's texts (the italic notes are left out: pdftotext reads DejaVu Sans
    // Oblique's 'c' and 'o' as gaps, a font matter of its own).
    const en = pdfText(await renderFeedbackSummaryPdf(data, new Date("2026-11-29T00:00:00Z"))).replace(/\s+/g, " ");
    for (const part of ["Feedback Summary", "Manager feedback", "1 of 1 answered", "Average 2.00 on a scale of 1 to 2 (1 answer)", "Peer/Stakeholder feedback", "2 of 4 answered · anonymised", "Stage 5 - Communication stage", "Generated 2026-11-29 · 1 feedback answer submitted", "Page 1 of 1"]) {
      expect(en, part).toContain(part);
    }
  }, 60_000);

  it("cuts text into runs of the font that draws each character, and marks what no font draws", () => {
    const runs = fontRuns("Zoë 张伟 ok", "regular");
    const fonts = pdfFonts().regular;
    expect(runs.map((r) => [r.font.name, r.text])).toEqual([
      [fonts.latin.name, "Zoë "],
      [fonts.cjk.name, "张伟 "],
      [fonts.latin.name, "ok"],
    ]);
    // U+1FAE0 (melting face) is in neither font; a control character becomes a space; a variation selector goes.
    expect(fontRuns("a\u{1FAE0}b\u0007c\u2764\uFE0F", "bold").map((r) => r.text).join("")).toBe(`a${MISSING_GLYPH}b c\u2764`);
  });
});
