import { getDb } from "~/platform/db.server";
import { forbidden, notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { fromDbState } from "~/features/cycles/rules";
import { parseStoredRating, ratingText } from "~/features/participants/rules";
import { chronological, isRatingFinal, latest, ratingVisible } from "~/features/performance-trends/rules";
import { cycleRef, participationsOf, personJson, type Client, type Participation } from "~/features/performance-trends/model.server";
import type { RatingPoint, RatingsTrend, TeamRatingsTrend } from "~/features/performance-trends/types";

/**
 * performance_ratings and direct_reports_performance_ratings (ADR 0030): calibrated ratings across cycles, with the
 * rule of the rest of the app: the person reads a rating once the cycle is in communication (the Performance Cycle
 * Report's rule), their manager in that cycle from calibration on (canSeeOutcome), marked provisional until then.
 */

export function ratingPoints(rows: readonly Participation[], role: "reviewee" | "manager"): RatingPoint[] {
  const points: RatingPoint[] = [];
  for (const p of rows) {
    const stage = fromDbState(p.cycle.state);
    if (p.reviewerOnly || !ratingVisible(role, stage)) continue;
    const value = parseStoredRating(p.calibratedRating);
    points.push({ cycle: cycleRef(p.cycle), rating: value ? { value, label: ratingText(value) } : null, final: isRatingFinal(stage) });
  }
  const order = new Map(chronological(points.map((r) => r.cycle)).map((c, i) => [c.id, i]));
  return points.sort((a, b) => order.get(a.cycle.id)! - order.get(b.cycle.id)!);
}

/** The signed-in person's calibrated ratings, cycle by cycle (the latest `limit` cycles whose report is open). */
export async function getMyRatings(current: Pick<CurrentUser, "user">, limit: number, client?: Client): Promise<RatingsTrend> {
  const db = client ?? (await getDb());
  const rows = await participationsOf(db, current.user.id);
  return { user: personJson(current.user), ratings: latest(ratingPoints(rows, "reviewee"), limit) };
}

/**
 * The calibrated ratings of the caller's direct reports, in the cycles in which the caller was their manager
 * (Participant.managerId), from calibration on. `email` narrows it to one report (404 unknown person, 403 not
 * the caller's report). 403 for someone who manages nobody.
 */
export async function getTeamRatings(current: Pick<CurrentUser, "user">, opts: { limit: number; email?: string }, client?: Client): Promise<TeamRatingsTrend> {
  const db = client ?? (await getDb());
  const me = current.user.id;
  const email = opts.email?.trim().toLowerCase();
  const userFilter = email ? { email } : {};
  const [rows, currentReports] = await Promise.all([
    db.participant.findMany({
      where: { managerId: me, userId: { not: me }, cycle: { state: { not: "DRAFT" } }, user: userFilter },
      select: { id: true, userId: true, managerId: true, secondaryManagerId: true, reviewerOnly: true, calibratedRating: true, cycle: true },
    }),
    db.user.findMany({ where: { managerId: me, id: { not: me }, ...userFilter }, select: { id: true } }),
  ]);
  if (email && rows.length === 0 && currentReports.length === 0) {
    const exists = await db.user.findUnique({ where: { email }, select: { id: true } });
    if (!exists) throw notFound(`No user ${email}`);
    throw forbidden(`${email} is not your direct report`);
  }
  if (!email && rows.length === 0 && currentReports.length === 0) throw forbidden("You have no direct reports");
  const userIds = [...new Set([...rows.map((r) => r.userId), ...currentReports.map((u) => u.id)])];
  const users = await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true, name: true, jobTitle: true } });
  return teamRatingsOf(rows, users, opts.limit);
}

/**
 * The team's trend from what was read: the participations in which the caller was the manager and the people they
 * belong to (each participation's person and each current report). PURE.
 */
export function teamRatingsOf(
  rows: readonly Participation[],
  users: ReadonlyArray<{ id: number; email: string; name: string; jobTitle: string | null }>,
  limit: number,
): TeamRatingsTrend {
  const perReport = users.map((u) => ({ user: u, points: ratingPoints(rows.filter((r) => r.userId === u.id), "manager") }));
  const cycles = latest(
    chronological([...new Map(perReport.flatMap((r) => r.points.map((p) => [p.cycle.id, p.cycle] as const))).values()]),
    limit,
  );
  const shown = new Set(cycles.map((c) => c.id));
  return {
    cycles,
    direct_reports: perReport
      .map((r) => ({ ...personJson(r.user), job_title: r.user.jobTitle, ratings: r.points.filter((p) => shown.has(p.cycle.id)) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email)),
  };
}
