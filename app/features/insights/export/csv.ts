import type { InsightFigure, InsightGap, InsightGroupRow, InsightMeasureKey, InsightScope, InsightsJson } from "~/features/insights/insight-json";

/**
 * The fairness insights as one CSV table (issue 29 §5, ADR 0115). PURE: the records of the export job's file from the
 * insights JSON exactly as the API answers it (app/features/insights/service.server.ts), so the file holds the same
 * figures, under the same privacy floor, as the pages and GET /api/v1/insights/…; nothing is computed here.
 *
 * One line per figure × attribute × row × measure ("long" form: the figures have different measures), the row's gap
 * for that measure beside it (test, p-value, significance, effect, Cliff's band, the words); a figure the floor hides
 * is one line saying why. Ratings add each rating's count before and after calibration (`before_rating_<r>`,
 * `after_rating_<r>`). The CSV writer (app/platform/csv.ts) neutralises cells that start like a formula.
 */

export const INSIGHTS_EXPORT_COLUMNS = [
  "scope",
  "cycle_id",
  "session_id",
  "filters",
  "privacy_floor",
  "figure",
  "attribute_id",
  "attribute",
  "shown",
  "suppressed_reason",
  "row",
  "group",
  "people",
  "measure",
  "measure_kind",
  "value",
  "gap_test",
  "gap_p_value",
  "gap_significant",
  "gap_effect",
  "gap_effect_band",
  "gap_words",
] as const;

/** What a line's row is: everyone in the (filtered) view, a published group, the unset value, or the merged Other. */
export type ExportRowKind = "everyone" | "group" | "not_set" | "other";

export const exportRowKind = (row: Pick<InsightGroupRow, "group" | "other">, total: boolean): ExportRowKind =>
  total ? "everyone" : row.other ? "other" : row.group === null ? "not_set" : "group";

/** The filters in effect as one cell: `<attribute name>=<value>` joined by "; " (an unset value is empty). */
export function filtersCell(insights: Pick<InsightsJson, "filters" | "attributes">): string {
  return insights.filters
    .map((f) => `${insights.attributes.find((a) => a.id === f.attribute_id)?.name ?? f.attribute_id}=${f.value ?? ""}`)
    .join("; ");
}

/** The file's name: `insights-cycle-<id>-job-<job>.csv` or `insights-session-<id>-job-<job>.csv`. */
export function insightsExportFileName(scope: InsightScope, jobId: number): string {
  return scope.kind === "cycle" ? `insights-cycle-${scope.cycle_id}-job-${jobId}.csv` : `insights-session-${scope.session_id}-job-${jobId}.csv`;
}

type Line = Record<(typeof INSIGHTS_EXPORT_COLUMNS)[number], string | number | boolean | null>;

function measureLines(figure: InsightFigure, row: InsightGroupRow, total: boolean, gapText: (gap: InsightGap) => string): Array<Partial<Line>> {
  const kind = exportRowKind(row, total);
  const head = { row: kind, group: kind === "group" ? row.group : null, people: row.people };
  const gapOf = (measure: InsightMeasureKey) => (total ? undefined : figure.gaps.find((g) => g.measure === measure && g.other === row.other && g.group === row.group));
  const lines: Array<Partial<Line>> = figure.measures.map((m) => {
    const gap = gapOf(m.key);
    const value = row.values[m.key];
    return {
      ...head,
      measure: m.key,
      measure_kind: m.kind,
      value: value ?? null,
      ...(gap
        ? { gap_test: gap.test, gap_p_value: gap.p, gap_significant: gap.significant, gap_effect: gap.effect, gap_effect_band: gap.band, gap_words: gapText(gap) }
        : {}),
    };
  });
  if (row.distribution) {
    for (const [when, counts] of [["before", row.distribution.before], ["after", row.distribution.after]] as const) {
      for (const rating of Object.keys(counts).sort((a, b) => Number(a) - Number(b))) {
        lines.push({ ...head, measure: `${when}_rating_${rating}`, measure_kind: "count", value: counts[rating]! });
      }
    }
  }
  return lines;
}

/**
 * The records (in INSIGHTS_EXPORT_COLUMNS' order) of every figure of `insights`; `gapText` says a gap's words (the
 * job passes the words in the language of who started it).
 */
export function insightsCsvRecords(insights: InsightsJson, gapText: (gap: InsightGap) => string): unknown[][] {
  const scope = insights.scope;
  const common: Partial<Line> = {
    scope: scope.kind,
    cycle_id: scope.cycle_id,
    session_id: scope.kind === "session" ? scope.session_id : null,
    filters: filtersCell(insights),
    privacy_floor: insights.privacy_floor,
  };
  const lines: Array<Partial<Line>> = [];
  for (const figure of insights.figures) {
    const of = { ...common, figure: figure.figure, attribute_id: figure.attribute.id, attribute: figure.attribute.name, shown: figure.shown };
    if (!figure.shown || !figure.total) {
      lines.push({ ...of, suppressed_reason: figure.suppressed_reason ?? null });
      continue;
    }
    for (const row of figure.rows) for (const line of measureLines(figure, row, false, gapText)) lines.push({ ...of, ...line });
    for (const line of measureLines(figure, figure.total, true, gapText)) lines.push({ ...of, ...line });
  }
  // true/false as words (the CSV writer would write a boolean as 1 or nothing).
  return lines.map((line) => INSIGHTS_EXPORT_COLUMNS.map((c) => (typeof line[c] === "boolean" ? String(line[c]) : (line[c] ?? ""))));
}
