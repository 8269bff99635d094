import type { InsightAttribute, InsightFigure, InsightFigureKind, InsightGap, InsightMeasureKey, InsightsJson } from "~/features/insights/insight-json";

/**
 * The calibration meeting's fairness panel and the sign-off's gap rule (issue 29 §4, ADR 0114; promotion sessions
 * ADR 0120). PURE: the pages, the panel and the meeting services import it. Every figure and gap comes from the
 * insights service as it published them (the session's figure per attribute, under the privacy floor: ratings for a
 * rating session, promotions for a promotion session): nothing here computes a statistic.
 */

/** The kind of session a meeting's fairness is about (the insights' scope). */
export type MeetingKind = "rating" | "promotion";

/** A gap with the attribute whose breakdown it belongs to. */
export type AttributedGap = InsightGap & { attribute: InsightFigure["attribute"] };

/** A close's significant gap as its 422, its history and its audit record name it (the workflow's CloseGapNote). */
export type GapNote = { attribute: string; group: string | null; p: number; effect: number };

/** A session a forced close (close_all, close_in_review) finds with a significant gap (ADR 0120): its 422 lists them. */
export type GapSession = { session_id: number; name: string; significant_gaps: GapNote[] };

/** The figure each kind of session's meeting reads. */
const MEETING_FIGURE: Record<MeetingKind, InsightFigureKind> = { rating: "ratings", promotion: "promotions" };

/**
 * The measure of the session's outcome, whose significant gaps make closing ask for a reason: the ratings after
 * calibration (a rating session), the promotion decisions (a promotion session: the share of nominees decided
 * PROMOTED, the outcome the close makes the nominees' decisions; nominations, endorsements and panel votes are the
 * meeting's inputs, shown but not the rule's business).
 */
export const CLOSE_MEASURE: Record<MeetingKind, InsightMeasureKey> = { rating: "mean_after", promotion: "promoted_rate" };

/** The kind of the session the insights are about (a cycle's insights are no meeting's: rating). */
export const meetingKindOf = (insights: InsightsJson): MeetingKind => (insights.scope.kind === "session" ? insights.scope.session_kind : "rating");

/**
 * What the meeting pages' panel reads (GET /app/calibration-sessions/{id}/fairness): the session's ratings figure per
 * attribute the reader may use, and the session's significant gaps after calibration.
 */
export type MeetingFairness = {
  session_id: number;
  /** A rating session's figures are its ratings, a promotion session's its promotions. */
  kind: MeetingKind;
  privacy_floor: number;
  population: number;
  /** The attributes with a ratings figure the reader may break down by (tabs), in the admin list's order. */
  attributes: InsightAttribute[];
  /** The session's figure per attribute: each group's ratings before and after calibration and the shift (rating), or
   *  its nomination, endorsement, panel vote and decision rates (promotion); the gaps. */
  figures: InsightFigure[];
  /** The attribute shown first: the first with a significant gap after calibration, else the first. */
  first_by: number | null;
  /** Every significant gap of the outcome (CLOSE_MEASURE), over every attribute: closing then needs a written reason. */
  significant_after: AttributedGap[];
  /** Whether the reader may open the session's full insight page (/app/insights/sessions/{id}). */
  insight_page: boolean;
};

/**
 * The rule of issue 29 §4: the gaps after calibration (a group's calibrated ratings, or its promotion decisions, against
 * the rest of its view: CLOSE_MEASURE) that the service found significant, in every breakdown of the session's figure.
 * Closing a session with any of them needs a written reason.
 */
export function significantGapsAfterCalibration(insights: InsightsJson): AttributedGap[] {
  const kind = meetingKindOf(insights);
  return insights.figures
    .filter((f) => f.figure === MEETING_FIGURE[kind] && f.shown)
    .flatMap((f) => f.gaps.filter((g) => g.measure === CLOSE_MEASURE[kind] && g.significant).map((g) => ({ ...g, attribute: f.attribute })));
}

/** Whether closing needs a reason and none is given (blank or only spaces is none). */
export function closeReasonMissing(gaps: readonly AttributedGap[], reason: string | null | undefined): boolean {
  return gaps.length > 0 && (reason ?? "").trim() === "";
}

/** The panel's data from the service's answer (the session's figures over every attribute the reader may use). */
export function meetingFairness(insights: InsightsJson, insightPage: boolean): MeetingFairness {
  const kind = meetingKindOf(insights);
  const significant = significantGapsAfterCalibration(insights);
  const figures = insights.figures.filter((f) => f.figure === MEETING_FIGURE[kind]);
  return {
    session_id: insights.scope.kind === "session" ? insights.scope.session_id : 0,
    kind,
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
