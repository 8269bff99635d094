import { parseParams, parseQuery } from "~/platform/api.server";
import { reader } from "~/platform/api-routes.server";
import { EmailParams, HeaderResponse, RatingsResponse, StatsResponse, TeamRatingsQuery, TeamRatingsResponse, TrendsQuery } from "~/features/performance-trends/contract.server";
import { getMyRatings, getStatsTrend, getTeamRatings, getTrendsHeader } from "~/features/performance-trends/service.server";
import type { StatsKind } from "~/features/performance-trends/types";

/** The /api/v1/performance_dashboard handlers (ADR 0030); route modules export them. Reads only: allowed while spoofing. */

export { only } from "~/platform/api-routes.server";

/** GET users/{email} */
export const headerLoader = reader(async (current, _request, params) => {
  const { email } = parseParams(params, EmailParams);
  return HeaderResponse.parse(await getTrendsHeader(current, email));
});

/** GET performance_ratings?limit= */
export const ratingsLoader = reader(async (current, request) => {
  const { limit } = parseQuery(request, TrendsQuery);
  return RatingsResponse.parse(await getMyRatings(current, limit));
});

/** GET direct_reports_performance_ratings?limit=&email= */
export const teamRatingsLoader = reader(async (current, request) => {
  const query = parseQuery(request, TeamRatingsQuery);
  return TeamRatingsResponse.parse(await getTeamRatings(current, query));
});

/** GET peer_stats/{email}?limit= and upward_stats/{email}?limit= */
export const statsLoader = (kind: StatsKind) =>
  reader(async (current, request, params) => {
    const { email } = parseParams(params, EmailParams);
    const { limit } = parseQuery(request, TrendsQuery);
    return StatsResponse.parse(await getStatsTrend(current, email, kind, limit));
  });
