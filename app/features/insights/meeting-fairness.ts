import type { InsightAttribute, InsightFigure, InsightGap, InsightsJson } from "~/features/insights/insight-json";

/**
 * The calibration meeting's fairness panel and the sign-off's gap rule (issue 29 §4, ADR 0114). PURE: the pages, the
 * panel and the meeting service import it. Every figure and gap comes from the insights service as it published them
 * (the session's ratings figure per attribute, under the privacy floor): nothing here computes a statistic.
 */

/** A ratings gap with the attribute whose breakdown it belongs to. */
export type AttributedGap = InsightGap & { attribute: InsightFigure["attribute"] };

/**
 * What the meeting pages' panel reads (GET /app/calibration-sessions/{id}/fairness): the session's ratings figure per
 * attribute the reader may use, and the session's significant gaps after calibration.
 */
export type MeetingFairness = {
  session_id: number;
  privacy_floor: number;
  population: number;
  /** The attributes with a ratings figure the reader may break down by (tabs), in the admin list's order. */
  attributes: InsightAttribute[];
  /** The ratings figure per attribute: each group's mean before and after calibration, the shift, the gaps. */
  figures: InsightFigure[];
  /** The attribute shown first: the first with a significant gap after calibration, else the first. */
  first_by: number | null;
  /** Every gap after calibration that is significant, over every attribute: closing then needs a written reason. */
  significant_after: AttributedGap[];
  /** Whether the reader may open the session's full insight page (/app/insights/sessions/{id}). */
  insight_page: boolean;
};

/**
 * The rule of issue 29 §4: the gaps after calibration (the calibrated ratings of a group against the rest of its view)
 * that the service found significant, in every breakdown of the session's ratings. Closing a session with any of them
 * needs a written reason.
 */
export function significantGapsAfterCalibration(insights: InsightsJson): AttributedGap[] {
  return insights.figures
    .filter((f) => f.figure === "ratings" && f.shown)
    .flatMap((f) => f.gaps.filter((g) => g.measure === "mean_after" && g.significant).map((g) => ({ ...g, attribute: f.attribute })));
}

/** Whether closing needs a reason and none is given (blank or only spaces is none). */
export function closeReasonMissing(gaps: readonly AttributedGap[], reason: string | null | undefined): boolean {
  return gaps.length > 0 && (reason ?? "").trim() === "";
}

/** The panel's data from the service's answer (the session's ratings figures over every attribute the reader may use). */
export function meetingFairness(insights: InsightsJson, insightPage: boolean): MeetingFairness {
  const significant = significantGapsAfterCalibration(insights);
  const figures = insights.figures.filter((f) => f.figure === "ratings");
  return {
    session_id: insights.scope.kind === "session" ? insights.scope.session_id : 0,
    privacy_floor: insights.privacy_floor,
    population: insights.population,
    attributes: insights.attributes.filter((a) => figures.some((f) => f.attribute.id === a.id)),
    figures,
    first_by: significant[0]?.attribute.id ?? figures[0]?.attribute.id ?? null,
    significant_after: significant,
    insight_page: insightPage,
  };
}

/** The figure the panel shows: the chosen attribute's when it has one, else the first one's. */
export function shownFigure(fairness: MeetingFairness, chosen: number | null): InsightFigure | null {
  const of = (id: number | null) => fairness.figures.find((f) => f.attribute.id === id);
  return of(chosen) ?? of(fairness.first_by) ?? null;
}

/** The panel's data path: the session's resource route (read after hydration and at every version the live stream reports). */
export const meetingFairnessPath = (sessionId: number) => `/app/calibration-sessions/${sessionId}/fairness`;
