import { z } from "zod";
import { requireUser } from "~/platform/auth.server";
import { notFoundPage, pageRead } from "~/platform/page-errors.server";
import { TREND_CYCLES_DEFAULT } from "~/features/performance-trends/rules";
import { getMyRatings, getStatsTrend, getTeamRatings, getTrendsHeader, peopleOf } from "~/features/performance-trends/service.server";
import type { TrendsPageData } from "~/features/performance-trends/types";

/**
 * /app/performance-dashboard?email= 'Performance Trends Report' (ADR 0030): the signed-in person's trends, or with
 * ?email= those of a direct or secondary report (or anyone, for a super admin). The same services as the API, so
 * the page shows exactly what the calls answer: a malformed or unknown email is the 404 page, someone else's the 403 page.
 */

const EmailParam = z.string().trim().toLowerCase().pipe(z.email());

export async function loadTrendsPage(request: Request): Promise<TrendsPageData> {
  const current = await requireUser(request);
  const raw = new URL(request.url).searchParams.get("email");
  let email = current.user.email.toLowerCase();
  if (raw !== null && raw !== "") {
    const parsed = EmailParam.safeParse(raw);
    if (!parsed.success) throw notFoundPage();
    email = parsed.data;
  }
  const limit = TREND_CYCLES_DEFAULT;
  const header = await pageRead(() => getTrendsHeader(current, email));
  const self = header.relationship === "self";
  const [peer, upward, people] = await Promise.all([
    pageRead(() => getStatsTrend(current, email, "peer", limit)),
    pageRead(() => getStatsTrend(current, email, "upward", limit)),
    peopleOf(current),
  ]);
  let ratings: TrendsPageData["ratings"] = null;
  let team: TrendsPageData["team"] = null;
  if (self) {
    ratings = (await getMyRatings(current, limit)).ratings;
    if (people.some((p) => p.relation === "direct_report")) team = await pageRead(() => getTeamRatings(current, { limit }));
  } else if (header.relationship === "manager") {
    ratings = (await pageRead(() => getTeamRatings(current, { limit, email }))).direct_reports[0]?.ratings ?? [];
  }
  return { viewer: { email: current.user.email, name: current.user.name }, people, header, ratings, peer, upward, team };
}
