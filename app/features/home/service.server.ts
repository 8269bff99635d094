import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import { requireCycle } from "~/features/cycles/context.server";
import { formatDate } from "~/features/cycles/model.server";
import { stageLabel } from "~/features/cycles/rules";
import { isSessionState } from "~/features/calibration/rules";
import { OPEN_ENDORSEMENT_STATUSES } from "~/features/promotions/rules";
import { feedbackOwed, peerChoicesOwed, peerRequestsOwed, sessionsToRun, STAGE_WORK, CLOSED_SESSION_STATE } from "~/features/nudges/pending-work.server";
import { buildHomeItems, dateOf, nextStep, nominationsToDecide, sessionWaitsOn, type HomeFacts, type WaitingRole } from "~/features/home/rules";
import { teamProgressOf } from "~/features/home/team.server";
import type { HomeItemKind, HomeJson, HomeOverview } from "~/features/home/types";

/**
 * Home as a to-do list (ADR 0036): what waits for the signed-in user in one cycle, for the page
 * (/app/home?cycle_id=) and the API (GET /api/v1/cycles/{cycle_id}/home). The work the nudges remind of
 * (peer choices, peer requests, feedback, sessions to run) comes from the nudges' own functions limited to
 * the viewer, so the list and the nudges never disagree; endorsements, nominations and the sessions that
 * wait on HR partners, panelists and sign-off parties are added here. Everything is limited to the viewer's
 * own work (and, for a manager, the statuses of their own direct reports).
 */

type Client = Db | Tx;
type Person = { name: string; email: string };

const today = () => new Date().toISOString().slice(0, 10);

/** The viewer's open endorsement requests for nominations of this cycle. */
async function openEndorsements(client: Client, cycleId: number, userId: number): Promise<HomeFacts["endorsements"]> {
  const rows = await client.endorsement.findMany({
    where: { endorserId: userId, status: { in: [...OPEN_ENDORSEMENT_STATUSES] }, nomination: { participant: { cycleId } } },
    select: { id: true, status: true, deadline: true, nomination: { select: { participant: { select: { user: { select: { name: true, email: true } } } } } } },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({ id: r.id, status: r.status === "accepted" ? "accepted" : "requested", deadline: dateOf(r.deadline), nominee: r.nomination.participant.user }));
}

/** Sessions that wait on the viewer as session admin (the nudges' rule), HR partner, panelist or sign-off party. */
async function sessionsWaiting(client: Client, cycleId: number, userId: number): Promise<HomeFacts["sessions"]> {
  const [runs, mine] = await Promise.all([
    sessionsToRun(client, cycleId, { userIds: [userId] }),
    client.calibrationSession.findMany({
      where: { cycleId, state: { not: CLOSED_SESSION_STATE }, OR: [{ createdById: userId }, { members: { some: { userId, role: { in: ["PANELIST", "SIGN_OFF"] } } } }] },
      select: { id: true, name: true, kind: true, state: true, deadline: true, createdById: true, members: { where: { userId }, select: { role: true } } },
    }),
  ]);
  return waitingSessions(runs, mine, userId);
}

type SessionRow = { id: number; name: string; kind: "RATING" | "PROMOTION"; state: string; deadline: Date | string | null };

/** sessionsWaiting's rule on the rows it read (pure): the nudges' sessions to run, then the HR partner's, panelists' and sign-off's. */
export function waitingSessions(
  runs: ReadonlyArray<{ session: SessionRow }>,
  mine: ReadonlyArray<SessionRow & { createdById: number | null; members: ReadonlyArray<{ role: string }> }>,
  userId: number,
): HomeFacts["sessions"] {
  const out: HomeFacts["sessions"] = runs.map((r) => ({ id: r.session.id, name: r.session.name, kind: r.session.kind, role: "session_admin", deadline: dateOf(r.session.deadline) }));
  for (const s of mine) {
    if (!isSessionState(s.state)) continue;
    const roles: Array<Exclude<WaitingRole, "session_admin">> = [];
    if (s.createdById === userId) roles.push("hr_partner");
    if (s.members.some((m) => m.role === "PANELIST")) roles.push("panelist");
    if (s.members.some((m) => m.role === "SIGN_OFF")) roles.push("sign_off");
    for (const role of roles) {
      if (sessionWaitsOn(s.kind, s.state, role)) out.push({ id: s.id, name: s.name, kind: s.kind, role, deadline: dateOf(s.deadline) });
    }
  }
  return out;
}

/** The home of `current` in cycle `cycleId` (404 'Cycle n not found' for an unknown cycle). `kinds` keeps only those items. */
export async function getHome(current: CurrentUser, cycleId: number, kinds?: readonly HomeItemKind[], client?: Client): Promise<HomeJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const stage = cycle.stage;
  const me = current.user.id;
  const scope = { userIds: [me] };
  const work = STAGE_WORK[stage];
  const feedbackStage = stage === "spu_feedback" || stage === "manager_feedback" ? stage : null;
  const [choosing, requests, owed, endorsements, sessions, team, notNominated, own] = await Promise.all([
    work.includes("peer_choice") ? peerChoicesOwed(db, cycleId, scope) : Promise.resolve([]),
    work.includes("peer_request") ? peerRequestsOwed(db, cycleId, scope) : Promise.resolve([]),
    work.includes("feedback") && feedbackStage ? feedbackOwed(db, cycleId, feedbackStage, scope) : Promise.resolve([]),
    openEndorsements(db, cycleId, me),
    // Sessions wait on people in the stage whose nudges remind their admins (calibration).
    work.includes("session_to_run") ? sessionsWaiting(db, cycleId, me) : Promise.resolve([]),
    teamProgressOf(db, me, cycleId),
    stage === "manager_feedback"
      ? db.participant.count({ where: { cycleId, managerId: me, reviewerOnly: false, nominations: { none: { status: "nominated" } } } })
      : Promise.resolve(0),
    db.participant.findUnique({ where: { cycleId_userId: { cycleId, userId: me } }, select: { reviewerOnly: true } }),
  ]);
  const reviewees = new Map<number, Person>(
    owed.length ? (await db.user.findMany({ where: { id: { in: owed.map((o) => o.revieweeUserId) } }, select: { id: true, name: true, email: true } })).map((u) => [u.id, u]) : [],
  );
  const json = { id: cycle.id, name: cycle.name, state: stage, stage_label: stageLabel(stage), start_date: formatDate(cycle.startDate), planned_end_date: formatDate(cycle.plannedEndDate) };
  return assembleHome(json, { name: current.user.name, email: current.user.email }, { choosing: choosing.length > 0, requests, owed, reviewees, notNominated, endorsements, sessions, team, receives: !!own && !own.reviewerOnly }, kinds);
}

/** What getHome read for one cycle (the page's one-statement read gives the same). */
export type HomeParts = {
  choosing: boolean;
  requests: ReadonlyArray<{ id: number; participant: Person }>;
  owed: ReadonlyArray<{ revieweeUserId: number; reviewerType: HomeFacts["feedback"][number]["reviewerType"] }>;
  reviewees: ReadonlyMap<number, Person>;
  notNominated: number;
  endorsements: HomeFacts["endorsements"];
  sessions: HomeFacts["sessions"];
  team: HomeJson["team"];
  /** The viewer takes part and receives feedback (the report link of the next step). */
  receives: boolean;
};

/** The home of one cycle from what was read (pure; ONE assembly for the API and the page). */
export function assembleHome(cycle: HomeJson["cycle"], viewer: Person, parts: HomeParts, kinds?: readonly HomeItemKind[]): HomeJson {
  const stage = cycle.state;
  const { owed, reviewees } = parts;
  const facts: HomeFacts = {
    cycle: { id: cycle.id, stage, planned_end_date: cycle.planned_end_date },
    viewer,
    choosePeers: parts.choosing,
    peerRequests: parts.requests.map((r) => ({ id: r.id, participant: r.participant })),
    feedback: owed.flatMap((o) => {
      const reviewee = reviewees.get(o.revieweeUserId);
      return reviewee ? [{ reviewee: { name: reviewee.name, email: reviewee.email }, reviewerType: o.reviewerType }] : [];
    }),
    notNominated: nominationsToDecide(stage, owed.some((o) => o.reviewerType === "manager"), parts.notNominated),
    endorsements: parts.endorsements,
    sessions: parts.sessions,
  };
  const all = buildHomeItems(facts, today());
  const items = kinds?.length ? all.filter((i) => kinds.includes(i.kind)) : all;
  const json = { id: cycle.id, name: cycle.name, state: stage, stage_label: cycle.stage_label, start_date: cycle.start_date, planned_end_date: cycle.planned_end_date };
  return {
    cycle: json,
    items,
    counts: { total: items.length, overdue: items.filter((i) => i.overdue).length },
    team: parts.team,
    next_step: nextStep(json, parts.receives),
  };
}

/** The viewer's part in the cycle, for the page's cycle card: participation, manager, HR partner, reports. */
export async function cycleOverviewFor(client: Client, userId: number, cycleId: number): Promise<HomeOverview> {
  const [participant, directReports, secondaryReports, participants] = await Promise.all([
    client.participant.findUnique({
      where: { cycleId_userId: { cycleId, userId } },
      select: { reviewerOnly: true, manager: { select: { name: true, email: true } }, hrPartner: { select: { name: true, email: true } } },
    }),
    client.participant.count({ where: { cycleId, managerId: userId } }),
    client.participant.count({ where: { cycleId, secondaryManagerId: userId } }),
    client.participant.count({ where: { cycleId } }),
  ]);
  return {
    participant: participant ? { reviewer_only: participant.reviewerOnly, manager: participant.manager, hr_partner: participant.hrPartner } : null,
    direct_reports: directReports,
    secondary_reports: secondaryReports,
    participants,
  };
}
