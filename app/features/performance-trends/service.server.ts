import { getDb } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import { managesAnyone, personJson, readableCycles, requireRelated, viewerOf, type Client, type Related } from "~/features/performance-trends/model.server";
import type { TrendsHeader, TrendsPageData } from "~/features/performance-trends/types";

/**
 * Performance trends (issue 15 item 2; docs/decisions/0030-performance-trends.md): the dashboard's header
 * (users/{email}) and the people a viewer may pick. Ratings: ratings.server.ts; peer and upward statistics:
 * stats.server.ts; relationships and cycles: model.server.ts.
 */

export { getMyRatings, getTeamRatings } from "~/features/performance-trends/ratings.server";
export { getStatsTrend } from "~/features/performance-trends/stats.server";

/** users/{email}: who the person is, how the caller relates to them, and the cycles the caller may read. */
export async function getTrendsHeader(current: Pick<CurrentUser, "user">, email: string, client?: Client): Promise<TrendsHeader> {
  const db = client ?? (await getDb());
  const related = await requireRelated(db, current, email);
  return trendsHeaderOf(current, related, await managesAnyone(db, related.person.id));
}

/** The header from what was read (the person, how the caller relates to them, whether they manage anyone). PURE. */
export function trendsHeaderOf(current: Pick<CurrentUser, "user">, { person, participations, relationship }: Related, managesSomeone: boolean): TrendsHeader {
  return {
    user: {
      ...personJson(person),
      job_title: person.jobTitle,
      department: person.department,
      level: person.level,
      location: person.location,
      profile_image_url: person.profileImageUrl,
      manager: person.manager ? personJson(person.manager) : null,
    },
    relationship,
    has_direct_reports: managesSomeone,
    cycles: readableCycles(viewerOf(current), participations).map((r) => r.cycle),
  };
}

/** The viewer, then their direct reports, then their secondary reports (now or in any cycle), by name. */
export async function peopleOf(current: Pick<CurrentUser, "user">, client?: Client): Promise<TrendsPageData["people"]> {
  const db = client ?? (await getDb());
  const me = current.user.id;
  const reportsWhere = (field: "managerId" | "secondaryManagerId") => ({
    id: { not: me },
    OR: [{ [field]: me }, { participations: { some: { [field]: me, cycle: { state: { not: "DRAFT" as const } } } } }],
  });
  const [direct, secondary] = await Promise.all([
    db.user.findMany({ where: reportsWhere("managerId"), select: { email: true, name: true }, orderBy: [{ name: "asc" }, { email: "asc" }] }),
    db.user.findMany({ where: reportsWhere("secondaryManagerId"), select: { email: true, name: true }, orderBy: [{ name: "asc" }, { email: "asc" }] }),
  ]);
  return peopleFrom(current, direct, secondary);
}

type Named = { email: string; name: string };

/** peopleOf from the viewer's direct and secondary reports, each read by name then email. PURE. */
export function peopleFrom(current: Pick<CurrentUser, "user">, direct: readonly Named[], secondary: readonly Named[]): TrendsPageData["people"] {
  const directEmails = new Set(direct.map((u) => u.email));
  return [
    { ...personJson(current.user), relation: "self" },
    ...direct.map((u) => ({ ...personJson(u), relation: "direct_report" as const })),
    ...secondary.filter((u) => !directEmails.has(u.email)).map((u) => ({ ...personJson(u), relation: "secondary_report" as const })),
  ];
}
