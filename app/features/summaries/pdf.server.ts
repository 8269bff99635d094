import PDFDocument from "pdfkit";
import type { SummaryQuestion, SummarySection } from "~/features/summaries/rules";
import type { FeedbackSummary } from "~/features/summaries/service.server";

/**
 * A feedback summary as a PDF (pdfkit, standard Helvetica fonts: no font files to ship). The document shows
 * exactly what the summary object holds, so the visibility rules applied to the summary apply to the PDF.
 * Characters outside the fonts' WinAnsi set are replaced by '?'.
 */

const MARGIN = 50;
const COLORS = { text: "#1f2933", muted: "#616e7c", accent: "#2e7d32", bar: "#81c784", barBg: "#e8f5e9", rule: "#cbd2d9" };

// WinAnsi characters beyond Latin-1 that the standard fonts can print.
const WIN_ANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]);

/** Text the standard PDF fonts can print: Latin-1 and WinAnsi punctuation; anything else becomes '?'. */
export function pdfSafeText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (ch === "\n" || ch === "\t") out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += " ";
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += "?";
  }
  return out;
}

export function summaryPdfFileName(summary: Pick<FeedbackSummary, "reviewee" | "cycle">): string {
  const who = summary.reviewee.email.split("@")[0]!.replace(/[^\w.-]+/g, "_");
  return `feedback-summary-${who}-cycle-${summary.cycle.id}.pdf`;
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

function writeQuestion(doc: PDFKit.PDFDocument, q: SummaryQuestion, width: number) {
  ensureSpace(doc, 60);
  doc.font("Helvetica-Bold").fontSize(10.5).fillColor(COLORS.text).text(pdfSafeText(q.label), { width });
  doc.moveDown(0.2);
  if (q.responses === 0) {
    doc.font("Helvetica-Oblique").fontSize(9.5).fillColor(COLORS.muted).text("No answers", { width });
    doc.moveDown(0.6);
    return;
  }
  if (q.kind === "rating" && q.scale) {
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(COLORS.text)
      .text(`Average ${q.average?.toFixed(2) ?? "-"} on a scale of ${q.scale.min} to ${q.scale.max} (${q.responses} ${q.responses === 1 ? "answer" : "answers"})`, { width });
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
      doc.font("Helvetica").fontSize(9).fillColor(COLORS.muted).text(pdfSafeText(label), x, y, { width: labelWidth, lineBreak: false, ellipsis: true });
      doc.rect(x + labelWidth, y, barWidth, 9).fill(COLORS.barBg);
      if (d.count > 0) doc.rect(x + labelWidth, y, (barWidth * d.count) / max, 9).fill(COLORS.bar);
      doc.fillColor(COLORS.text).text(String(d.count), x + labelWidth + barWidth + 6, y, { lineBreak: false });
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
      doc.font("Helvetica").fontSize(9.5).fillColor(COLORS.text).text(pdfSafeText(`•  ${String(a.value)}`), { width, continued: by !== "" });
      if (by) doc.font("Helvetica-Oblique").fillColor(COLORS.muted).text(pdfSafeText(by));
      doc.moveDown(0.15);
    }
  }
  doc.moveDown(0.6);
}

function writeSection(doc: PDFKit.PDFDocument, s: SummarySection, width: number) {
  ensureSpace(doc, 80);
  doc.moveDown(0.4);
  doc.font("Helvetica-Bold").fontSize(14).fillColor(COLORS.accent).text(pdfSafeText(`${s.label} feedback`), { width });
  const status = `${s.submitted} of ${s.requested} answered${s.anonymised ? " · anonymised" : ""}`;
  doc.font("Helvetica").fontSize(9).fillColor(COLORS.muted).text(pdfSafeText(status), { width });
  if (s.reviewers && s.reviewers.length > 0) doc.text(pdfSafeText(`From: ${s.reviewers.map((r) => r.name).join(", ")}`), { width });
  const y = doc.y + 4;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.margins.left + width, y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  doc.y = y + 8;
  if (!s.visible) {
    doc.font("Helvetica-Oblique").fontSize(10).fillColor(COLORS.text).text(pdfSafeText(s.message ?? "Not shown"), { width });
    doc.moveDown(0.8);
    return;
  }
  if (s.submitted === 0) {
    doc.font("Helvetica-Oblique").fontSize(10).fillColor(COLORS.muted).text("No feedback submitted yet", { width });
    doc.moveDown(0.8);
    return;
  }
  for (const q of s.questions) writeQuestion(doc, q, width);
}

/** Render the summary; resolves with the whole PDF. */
export function renderFeedbackSummaryPdf(summary: FeedbackSummary, generatedAt = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: pdfSafeText(`Feedback summary - ${summary.reviewee.name} - ${summary.cycle.name}`),
      Author: "PMR",
      Subject: "Feedback summary",
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

  doc.font("Helvetica-Bold").fontSize(20).fillColor(COLORS.text).text("Feedback Summary", { width });
  doc.moveDown(0.2);
  doc.font("Helvetica-Bold").fontSize(13).text(pdfSafeText(summary.reviewee.name), { width });
  const role = [summary.reviewee.job_title, summary.reviewee.department].filter(Boolean).join(", ");
  doc.font("Helvetica").fontSize(10).fillColor(COLORS.muted).text(pdfSafeText(`${summary.reviewee.email}${role ? ` · ${role}` : ""}`), { width });
  doc.text(pdfSafeText(`${summary.cycle.name} · ${summary.cycle.stage_label}`), { width });
  doc.text(`Generated ${generatedAt.toISOString().slice(0, 10)} · ${summary.total_submitted} feedback ${summary.total_submitted === 1 ? "answer" : "answers"} submitted`, { width });
  if (!summary.viewer.named) {
    doc.moveDown(0.3);
    doc.font("Helvetica-Oblique").text("Peer and upward feedback is anonymised and shown only when at least 3 people of a group have answered.", { width });
  }
  doc.moveDown(0.6);
  if (summary.sections.length === 0) {
    doc.font("Helvetica-Oblique").fontSize(11).fillColor(COLORS.text).text("No feedback was requested for this participant in this cycle.", { width });
  }
  for (const s of summary.sections) writeSection(doc, s, width);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the bottom margin must not add a page
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(pdfSafeText(`${summary.reviewee.name} · ${summary.cycle.name} · Page ${i - range.start + 1} of ${range.count}`), MARGIN, doc.page.height - 35, {
        width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The summary PDF as a download response. */
export async function summaryPdfResponse(summary: FeedbackSummary): Promise<Response> {
  const pdf = await renderFeedbackSummaryPdf(summary);
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
