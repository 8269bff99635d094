import PDFDocument from "pdfkit";
import { fontRuns, pdfFonts, type PdfFace } from "~/features/summaries/pdf-fonts.server";
import type { SummaryQuestion, SummarySection } from "~/features/summaries/rules";
import type { FeedbackSummary } from "~/features/summaries/service.server";
import type { TFunction } from "i18next";
import { pdfTranslator, requestLanguage } from "~/features/summaries/pdf-text.server";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";
import { sectionHiddenMessage, STAGE_KEYS } from "~/features/summaries/summary-messages";
import { ANONYMITY_THRESHOLD } from "~/features/summaries/visibility";

/**
 * A feedback summary as a PDF (pdfkit). The document shows exactly what the summary object holds, so the visibility
 * rules applied to the summary apply to the PDF. Every character prints (issue 28): the text goes out in runs of the
 * font that draws it (pdf-fonts.server.ts: DejaVu Sans, Noto Sans CJK), each embedded subset to what the document uses.
 * Its headings and labels are in the reader's language (the translations' summaryPdf section); what people wrote,
 * names and the questionnaire's questions are data and print as they are.
 */

const MARGIN = 50;
const COLORS = { text: "#1f2933", muted: "#616e7c", accent: "#2e7d32", bar: "#81c784", barBg: "#e8f5e9", rule: "#cbd2d9" };

type TextOptions = PDFKit.Mixins.TextOptions;

/** Writes `text` in `face`, switching fonts where a character needs another (wrapping as one paragraph). */
function write(doc: PDFKit.PDFDocument, text: string, face: PdfFace, options: TextOptions) {
  const runs = fontRuns(text, face);
  if (runs.length === 0) runs.push({ font: pdfFonts()[face].latin, text: "" });
  runs.forEach((run, i) => {
    doc.font(run.font.name).text(run.text, { ...options, continued: i < runs.length - 1 || options.continued === true });
  });
}

/**
 * One line of `text` at (x, y) within `width`, aligned left or centred, cut with '…' where it does not fit: each run
 * placed after the one before (pdfkit would align each continued run on its own).
 */
function writeLine(doc: PDFKit.PDFDocument, text: string, face: PdfFace, at: { x: number; y: number; width: number; align?: "left" | "center" }) {
  const runs = fontRuns(text, face);
  const widths = runs.map((r) => doc.font(r.font.name).widthOfString(r.text));
  const ellipsis = doc.font(pdfFonts()[face].latin.name).widthOfString("…");
  let total = widths.reduce((a, b) => a + b, 0);
  if (total > at.width) {
    // Drop characters from the end until the text and '…' fit.
    let room = at.width - ellipsis;
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i]!;
      doc.font(run.font.name);
      if (widths[i]! <= room) {
        room -= widths[i]!;
        continue;
      }
      let kept = [...run.text];
      while (kept.length > 0 && doc.widthOfString(kept.join("")) > room) kept = kept.slice(0, -1);
      run.text = kept.join("");
      widths[i] = doc.widthOfString(run.text);
      runs.splice(i + 1);
      widths.splice(i + 1);
      runs.push({ font: pdfFonts()[face].latin, text: "…" });
      widths.push(ellipsis);
      break;
    }
    total = widths.reduce((a, b) => a + b, 0);
  }
  let x = at.align === "center" ? at.x + (at.width - total) / 2 : at.x;
  runs.forEach((run, i) => {
    doc.font(run.font.name).text(run.text, x, at.y, { lineBreak: false });
    x += widths[i]!;
  });
}

type FontMetrics = { ascender: number; descender: number; lineGap: number };

/**
 * The document with every font of the set registered under its name. The CJK font takes the Latin font's line metrics
 * in this document, so that runs of both share one baseline and one line height (pdfkit places each run by its own
 * font's ascender).
 */
function newDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  const current = () => (doc as unknown as { _font: FontMetrics })._font;
  for (const faces of Object.values(pdfFonts())) {
    // pdfkit takes a parsed fontkit font as a source too (its types list only files and buffers).
    for (const f of [faces.latin, faces.cjk]) doc.registerFont(f.name, f.font as unknown as Buffer);
    doc.font(faces.latin.name);
    const { ascender, descender, lineGap } = current();
    doc.font(faces.cjk.name);
    Object.assign(current(), { ascender, descender, lineGap });
  }
  return doc;
}

export function summaryPdfFileName(summary: Pick<FeedbackSummary, "reviewee" | "cycle">): string {
  const who = summary.reviewee.email.split("@")[0]!.replace(/[^\w.-]+/g, "_");
  return `feedback-summary-${who}-cycle-${summary.cycle.id}.pdf`;
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

function writeQuestion(doc: PDFKit.PDFDocument, t: TFunction, q: SummaryQuestion, width: number) {
  ensureSpace(doc, 60);
  doc.fontSize(10.5).fillColor(COLORS.text);
  write(doc, q.label, "bold", { width });
  doc.moveDown(0.2);
  if (q.responses === 0) {
    doc.fontSize(9.5).fillColor(COLORS.muted);
    write(doc, t("summary.noAnswers"), "italic", { width });
    doc.moveDown(0.6);
    return;
  }
  if (q.kind === "rating" && q.scale) {
    doc.fontSize(9.5).fillColor(COLORS.text);
    const values = { average: q.average?.toFixed(2) ?? "-", min: q.scale.min, max: q.scale.max, count: q.responses };
    write(doc, t("summaryPdf.average", values), "regular", { width });
  }
  if (q.distribution.length > 0) {
    const max = Math.max(1, ...q.distribution.map((d) => d.count));
    const labelWidth = 200;
    const barWidth = Math.min(220, width - labelWidth - 40);
    for (const d of q.distribution) {
      ensureSpace(doc, 16);
      const y = doc.y + 2;
      const x = doc.page.margins.left;
      const label = q.kind === "rating" && d.label !== d.value ? `${d.value} - ${d.label}` : d.label;
      doc.fontSize(9).fillColor(COLORS.muted);
      writeLine(doc, label, "regular", { x, y, width: labelWidth });
      doc.rect(x + labelWidth, y, barWidth, 9).fill(COLORS.barBg);
      if (d.count > 0) doc.rect(x + labelWidth, y, (barWidth * d.count) / max, 9).fill(COLORS.bar);
      doc.fillColor(COLORS.text);
      writeLine(doc, String(d.count), "regular", { x: x + labelWidth + barWidth + 6, y, width: 40 });
      doc.x = x;
      doc.y = y + 13;
    }
  }
  const shown = q.kind === "text" ? q.answers : q.answers.filter((a) => a.reviewer);
  if (shown.length > 0) {
    doc.moveDown(0.2);
    for (const a of shown) {
      ensureSpace(doc, 28);
      const by = a.reviewer ? `  - ${a.reviewer.name}` : "";
      doc.fontSize(9.5).fillColor(COLORS.text);
      write(doc, `•  ${String(a.value)}`, "regular", { width, continued: by !== "" });
      if (by) {
        doc.fillColor(COLORS.muted);
        write(doc, by, "italic", {});
      }
      doc.moveDown(0.15);
    }
  }
  doc.moveDown(0.6);
}

function writeSection(doc: PDFKit.PDFDocument, t: TFunction, s: SummarySection, width: number) {
  ensureSpace(doc, 80);
  doc.moveDown(0.4);
  doc.fontSize(14).fillColor(COLORS.accent);
  const typeKey = reviewerTypeKey(s.reviewer_type);
  write(doc, t("summary.sectionTitle", { label: typeKey ? t(typeKey) : s.label }), "bold", { width });
  const status = t(s.anonymised ? "summaryPdf.statusAnonymised" : "summaryPdf.status", { submitted: s.submitted, requested: s.requested });
  doc.fontSize(9).fillColor(COLORS.muted);
  write(doc, status, "regular", { width });
  if (s.reviewers && s.reviewers.length > 0) write(doc, t("summary.from", { names: s.reviewers.map((r) => r.name).join(", ") }), "regular", { width });
  const y = doc.y + 4;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.margins.left + width, y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  doc.y = y + 8;
  if (!s.visible) {
    doc.fontSize(10).fillColor(COLORS.text);
    const hidden = sectionHiddenMessage(s);
    write(doc, hidden ? t(hidden.key, hidden.values) : t("summaryPdf.notShown"), "italic", { width });
    doc.moveDown(0.8);
    return;
  }
  if (s.submitted === 0) {
    doc.fontSize(10).fillColor(COLORS.muted);
    write(doc, t("summaryPdf.noneSubmitted"), "italic", { width });
    doc.moveDown(0.8);
    return;
  }
  for (const q of s.questions) writeQuestion(doc, t, q, width);
}

/** Render the summary with its texts in `language` (en, zh-CN, ...); resolves with the whole PDF. */
export async function renderFeedbackSummaryPdf(summary: FeedbackSummary, generatedAt = new Date(), language = "en"): Promise<Buffer> {
  const t = await pdfTranslator(language);
  const doc = newDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: t("summaryPdf.documentTitle", { name: summary.reviewee.name, cycle: summary.cycle.name }),
      Author: "PMR",
      Subject: t("summaryPdf.subject"),
      CreationDate: generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - MARGIN * 2;

  doc.fontSize(20).fillColor(COLORS.text);
  write(doc, t("summaryPdf.title"), "bold", { width });
  doc.moveDown(0.2);
  doc.fontSize(13);
  write(doc, summary.reviewee.name, "bold", { width });
  const role = [summary.reviewee.job_title, summary.reviewee.department].filter(Boolean).join(", ");
  doc.fontSize(10).fillColor(COLORS.muted);
  write(doc, `${summary.reviewee.email}${role ? ` · ${role}` : ""}`, "regular", { width });
  write(doc, `${summary.cycle.name} · ${t(STAGE_KEYS[summary.cycle.state])}`, "regular", { width });
  write(doc, t("summaryPdf.generated", { date: generatedAt.toISOString().slice(0, 10), count: summary.total_submitted }), "regular", { width });
  if (!summary.viewer.named) {
    doc.moveDown(0.3);
    write(doc, t("summaryPdf.anonymisedNote", { threshold: ANONYMITY_THRESHOLD }), "italic", { width });
  }
  doc.moveDown(0.6);
  if (summary.sections.length === 0) {
    doc.fontSize(11).fillColor(COLORS.text);
    write(doc, t("summaryPdf.noneRequested"), "italic", { width });
  }
  for (const s of summary.sections) writeSection(doc, t, s, width);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the bottom margin must not add a page
    doc.fontSize(8).fillColor(COLORS.muted);
    const footer = t("summaryPdf.footer", { name: summary.reviewee.name, cycle: summary.cycle.name, page: i - range.start + 1, pages: range.count });
    writeLine(doc, footer, "regular", { x: MARGIN, y: doc.page.height - 35, width, align: "center" });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The summary PDF as a download response, in the language of the request's reader. */
export async function summaryPdfResponse(summary: FeedbackSummary, request: Request): Promise<Response> {
  const pdf = await renderFeedbackSummaryPdf(summary, new Date(), await requestLanguage(request));
  const name = summaryPdfFileName(summary);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
