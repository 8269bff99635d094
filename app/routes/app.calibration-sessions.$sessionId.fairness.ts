import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/platform/auth.server";
import { api } from "~/platform/api.server";
import { pageIdParam } from "~/platform/page-errors.server";
import { readMeetingFairness } from "~/features/insights/meeting-fairness.server";

/**
 * GET /app/calibration-sessions/{sessionId}/fairness: the rating or promotion session's fairness panel (ADR 0114, 0120)
 * as JSON, for its session admin and sign-off party (and super admins and its HR partners, as the insights rule has
 * it); a panelist or anyone else gets 403, an unknown session 404 (the JSON error, so the page's fetcher keeps the
 * page). The meeting pages read it after hydration and again at every version of the session's live stream.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.sessionId);
  return api(() => readMeetingFairness(current, sessionId));
}
