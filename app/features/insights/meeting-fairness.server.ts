import { notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { readMeetingInsights } from "~/features/insights/service.server";
import { meetingFairness, significantGapsAfterCalibration, type AttributedGap, type MeetingFairness } from "~/features/insights/meeting-fairness";
import type { InsightsJson } from "~/features/insights/insight-json";

/**
 * The rating calibration meeting's fairness (issue 29 §4, ADR 0114), read through the insights service's meeting rule
 * (super admins and HR partners as on the insight pages, plus the session admin and the sign-off party of this
 * session; panelists and anyone else 403; not a rating session 404): the panel's data, and the significant gaps after
 * calibration that make closing the session ask for a written reason.
 */

async function ratingSessionInsights(current: CurrentUser, sessionId: number): Promise<{ insights: InsightsJson; insight_page: boolean }> {
  const read = await readMeetingInsights(current, sessionId);
  if (read.insights.scope.kind !== "session" || read.insights.scope.session_kind !== "rating") throw notFound(`Rating calibration session ${sessionId} not found`);
  return read;
}

/** GET /app/calibration-sessions/{id}/fairness: the session admin's and the sign-off party's panel. */
export async function readMeetingFairness(current: CurrentUser, sessionId: number): Promise<MeetingFairness> {
  const { insights, insight_page } = await ratingSessionInsights(current, sessionId);
  return meetingFairness(insights, insight_page);
}

/** The gaps after calibration that are significant in the session, as the closer reads them (the close's rule). */
export async function significantGapsOfSession(current: CurrentUser, sessionId: number): Promise<AttributedGap[]> {
  const { insights } = await ratingSessionInsights(current, sessionId);
  return significantGapsAfterCalibration(insights);
}
