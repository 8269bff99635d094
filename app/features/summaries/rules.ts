/**
 * Aggregating a reviewee's submitted feedback into a summary (issue [3/3] item 6), honouring what the
 * viewer may see (app/features/summaries/visibility.ts). One section per reviewer type; per question the
 * rating average and distribution, the choice distribution, and the text answers.
 *
 * Anonymised sections carry no names, no emails, no dates, and list text answers sorted by their text,
 * never in the order people answered; rating and choice answers appear only as counts.
 *
 * PURE module: the service (app/features/summaries/service.server.ts) feeds it rows from one query; the
 * pages and the PDF render its output.
 */
import { REVIEWER_TYPE_LABELS, questionsByType, scalePoints, type Question, type Questionnaire, type ReviewerType } from "~/features/questionnaires/rules";
import type { CycleStage } from "~/features/cycles/rules";
import type { ReviewerNames } from "~/features/cycles/reviewer-names";
import { SUMMARY_SECTION_ORDER, sectionVisibility, type SummaryAccess, type SummaryViewerRole } from "~/features/summaries/visibility";

/** One Feedback row about the reviewee, as the summary query returns it. */
export type SummaryFeedbackRow = {
  reviewerType: ReviewerType;
  status: "DRAFT" | "SUBMITTED";
  /** `{ [questionId]: number | string }`; only read for SUBMITTED rows. */
  answers: unknown;
  reviewerName: string;
  reviewerEmail: string;
};

export type SummaryPerson = { name: string; email: string };

export type SummaryAnswer = { value: number | string; reviewer: SummaryPerson | null };

export type SummaryDistributionPoint = { value: string; label: string; count: number };

export type SummaryQuestion = {
  id: string;
  label: string;
  kind: "rating" | "text" | "choice";
  /** How many answered this question. */
  responses: number;
  /** Rating questions: the scale and the average (2 decimals; null without answers). */
  scale: { min: number; max: number } | null;
  average: number | null;
  /** Rating: one point per scale value (low to high); choice: one per option; text: []. */
  distribution: SummaryDistributionPoint[];
  /** Text answers always; rating and choice answers too when the section is named. */
  answers: SummaryAnswer[];
};

export type SummarySection = {
  reviewer_type: Lowercase<ReviewerType>;
  label: string;
  /** Feedback rows of this type (asked), and how many of them were submitted. */
  requested: number;
  submitted: number;
  anonymised: boolean;
  /** False when the answers are withheld (fewer than the anonymity threshold); `message` says why. */
  visible: boolean;
  message: string | null;
  /** Who answered (named sections only). */
  reviewers: SummaryPerson[] | null;
  questions: SummaryQuestion[];
};

export type FeedbackSummaryData = {
  viewer: { role: SummaryViewerRole; named: boolean };
  /** Submitted feedback about the reviewee, all types. */
  total_submitted: number;
  sections: SummarySection[];
};

/** The summary as the API returns it: the aggregate plus the cycle and the reviewee. */
export type FeedbackSummary = FeedbackSummaryData & {
  cycle: { id: number; name: string; state: CycleStage; stage_label: string; reviewer_names: ReviewerNames & { rule: string[] } };
  reviewee: { email: string; name: string; job_title: string | null; department: string | null; reviewer_only: boolean };
};

type Granted = Extract<SummaryAccess, { ok: true }>;

const round2 = (n: number) => Math.round(n * 100) / 100;

function answersOf(row: SummaryFeedbackRow): Record<string, unknown> {
  return row.answers && typeof row.answers === "object" && !Array.isArray(row.answers) ? (row.answers as Record<string, unknown>) : {};
}

function summarizeQuestion(q: Question, rows: SummaryFeedbackRow[], named: boolean): SummaryQuestion {
  const given: Array<{ value: number | string; reviewer: SummaryPerson }> = [];
  for (const row of rows) {
    const v = answersOf(row)[q.id];
    if (v === undefined || v === null) continue;
    if (typeof v === "string" && v.trim() === "") continue;
    if (typeof v !== "string" && typeof v !== "number") continue;
    given.push({ value: v, reviewer: { name: row.reviewerName, email: row.reviewerEmail } });
  }
  const base = { id: q.id, label: q.label, kind: q.kind, scale: null, average: null, distribution: [] as SummaryDistributionPoint[] };
  const listed = (items: typeof given): SummaryAnswer[] =>
    named
      ? items.map((a) => ({ value: a.value, reviewer: a.reviewer }))
      : items.map((a) => ({ value: a.value, reviewer: null })).sort((a, b) => String(a.value).localeCompare(String(b.value)));

  if (q.kind === "rating" && q.scale) {
    const numbers = given.filter((a) => typeof a.value === "number" && Number.isFinite(a.value)) as Array<{ value: number; reviewer: SummaryPerson }>;
    const distribution = scalePoints(q.scale).map((p) => ({
      value: String(p.value),
      label: p.label ?? String(p.value),
      count: numbers.filter((a) => a.value === p.value).length,
    }));
    const sum = numbers.reduce((s, a) => s + a.value, 0);
    return {
      ...base,
      responses: numbers.length,
      scale: { min: q.scale.min, max: q.scale.max },
      average: numbers.length ? round2(sum / numbers.length) : null,
      distribution,
      answers: named ? listed(numbers) : [],
    };
  }
  if (q.kind === "choice") {
    const texts = given.filter((a) => typeof a.value === "string");
    const distribution = (q.options ?? []).map((o) => ({ value: o, label: o, count: texts.filter((a) => a.value === o).length }));
    return { ...base, responses: texts.length, distribution, answers: named ? listed(texts) : [] };
  }
  const texts = given.filter((a) => typeof a.value === "string");
  return { ...base, responses: texts.length, answers: listed(texts) };
}

/**
 * The summary a viewer with `access` sees, from every Feedback row about the reviewee. A section exists
 * for each reviewer type that was asked (has rows); its questions are the cycle questionnaire's for that type.
 */
export function aggregateFeedbackSummary(rows: readonly SummaryFeedbackRow[], questionnaire: Questionnaire, access: Granted): FeedbackSummaryData {
  const questions = questionsByType(questionnaire);
  const sections: SummarySection[] = [];
  let totalSubmitted = 0;
  for (const type of SUMMARY_SECTION_ORDER) {
    const ofType = rows.filter((r) => r.reviewerType === type);
    if (ofType.length === 0) continue;
    const submitted = ofType.filter((r) => r.status === "SUBMITTED");
    totalSubmitted += submitted.length;
    const vis = sectionVisibility(access, type, submitted.length);
    const named = !vis.anonymised;
    sections.push({
      reviewer_type: type.toLowerCase() as Lowercase<ReviewerType>,
      label: REVIEWER_TYPE_LABELS[type],
      requested: ofType.length,
      submitted: submitted.length,
      anonymised: vis.anonymised,
      visible: vis.visible,
      message: vis.message,
      reviewers: named ? submitted.map((r) => ({ name: r.reviewerName, email: r.reviewerEmail })) : null,
      questions: vis.visible ? questions[type].map((q) => summarizeQuestion(q, submitted, named)) : [],
    });
  }
  return { viewer: { role: access.role, named: access.named }, total_submitted: totalSubmitted, sections };
}
