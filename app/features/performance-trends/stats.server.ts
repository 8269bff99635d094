import { getDb } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import { QuestionnaireSchema, type Questionnaire } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { aggregateFeedbackSummary, type SummaryFeedbackRow } from "~/features/summaries/rules";
import { ANONYMITY_THRESHOLD, STATS_LABEL, STATS_REVIEWER_TYPE, latest, statsPoint } from "~/features/performance-trends/rules";
import { personJson, readableCycles, requireRelated, viewerOf, type Client, type Related } from "~/features/performance-trends/model.server";
import type { StatsKind, StatsPoint, StatsTrend } from "~/features/performance-trends/types";

/**
 * peer_stats/{email} and upward_stats/{email} (ADR 0030): per cycle the viewer may read, the counts and rating
 * averages of the feedback the person received from peers, or from their direct reports. Each cycle is aggregated
 * by the feedback summaries' own code with the viewer's access, so what is hidden there (fewer than
 * ANONYMITY_THRESHOLD answers for an anonymised viewer) is hidden here, with the same message.
 */
export async function getStatsTrend(current: Pick<CurrentUser, "user">, email: string, kind: StatsKind, limit: number, client?: Client): Promise<StatsTrend> {
  const db = client ?? (await getDb());
  const related = await requireRelated(db, current, email);
  const readable = readableCycles(viewerOf(current), related.participations);
  const type = STATS_REVIEWER_TYPE[kind];
  const ids = readable.map((r) => r.participation.id);
  const [rows, questionnaires] = ids.length
    ? await Promise.all([
        // Answers of submitted rows only; no reviewer is read, so no name can leave this function.
        db.feedback.findMany({ where: { revieweeId: { in: ids }, reviewerType: type }, select: { revieweeId: true, status: true, answers: true } }),
        db.questionnaire.findMany({ where: { cycleId: { in: readable.map((r) => r.cycle.id) } }, select: { cycleId: true, definition: true } }),
      ])
    : [[], []];
  return statsTrendOf(current, related, kind, limit, rows, questionnaires);
}

export type StatsFeedbackRow = { revieweeId: number; status: "DRAFT" | "SUBMITTED"; answers: unknown };

/**
 * The trend from what was read: the feedback rows received (any reviewer type: those of `kind` are taken) and the
 * questionnaires of the person's cycles. PURE.
 */
export function statsTrendOf(
  current: Pick<CurrentUser, "user">,
  { person, participations }: Related,
  kind: StatsKind,
  limit: number,
  allRows: ReadonlyArray<StatsFeedbackRow & { reviewerType?: string }>,
  questionnaires: ReadonlyArray<{ cycleId: number; definition: unknown }>,
): StatsTrend {
  const readable = readableCycles(viewerOf(current), participations);
  const type = STATS_REVIEWER_TYPE[kind];
  const rows = allRows.filter((f) => f.reviewerType === undefined || f.reviewerType === type);
  const questionnaireOf = new Map<number, Questionnaire>(questionnaires.map((q) => [q.cycleId, QuestionnaireSchema.parse(q.definition)]));
  const points: StatsPoint[] = [];
  for (const r of readable) {
    const ofCycle: SummaryFeedbackRow[] = rows
      .filter((f) => f.revieweeId === r.participation.id)
      .map((f) => ({ reviewerType: type, status: f.status, answers: f.status === "SUBMITTED" ? f.answers : null, reviewerName: "", reviewerEmail: "" }));
    if (ofCycle.length === 0) continue; // nobody of this type was asked in that cycle
    const summary = aggregateFeedbackSummary(ofCycle, questionnaireOf.get(r.cycle.id) ?? DEFAULT_QUESTIONNAIRE, r.access);
    const section = summary.sections.find((s) => s.reviewer_type === type.toLowerCase());
    if (section) points.push(statsPoint(r.cycle, section));
  }
  return {
    user: personJson(person),
    kind,
    reviewer_type: kind === "peer" ? "peer" : "direct_report",
    label: STATS_LABEL[kind],
    threshold: ANONYMITY_THRESHOLD,
    cycles: latest(points, limit),
  };
}
