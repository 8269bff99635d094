import type { CurrentUser } from "~/platform/auth.server";
import { readMeetingInsights } from "~/features/insights/service.server";
import { meetingFairness, meetingKindOf, significantGapsAfterCalibration, type AttributedGap, type MeetingFairness, type MeetingKind } from "~/features/insights/meeting-fairness";

/**
 * The calibration meeting's fairness (issue 29 §4, ADR 0114; promotion sessions ADR 0120), read through the insights
 * service's meeting rule (super admins and HR partners as on the insight pages, plus the session admin and the
 * sign-off party of this session; panelists and anyone else 403; an unknown session 404): the panel's data, and the
 * significant gaps after calibration (ratings after calibration, or promotion decisions) that make closing the
 * session ask for a written reason.
 */

/** GET /app/calibration-sessions/{id}/fairness: the session admin's and the sign-off party's panel (rating or promotion session). */
export async function readMeetingFairness(current: CurrentUser, sessionId: number): Promise<MeetingFairness> {
  const { insights, insight_page } = await readMeetingInsights(current, sessionId);
  return meetingFairness(insights, insight_page);
}

/** The session's kind and its gaps after calibration that are significant, as the closer reads them (the close's rule). */
export async function significantGapsOfSession(current: CurrentUser, sessionId: number): Promise<{ kind: MeetingKind; gaps: AttributedGap[] }> {
  const { insights } = await readMeetingInsights(current, sessionId);
  return { kind: meetingKindOf(insights), gaps: significantGapsAfterCalibration(insights) };
}
