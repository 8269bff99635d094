import { sqlRows } from "~/platform/sql.server";
import type { FeedbackStatus, ReviewerType } from "~/generated/prisma/client.ts";
import { CLOSED_SESSION_STATE, owedFeedbackFrom, STAGE_WORK } from "~/features/nudges/pending-work.server";
import { OPEN_ENDORSEMENT_STATUSES } from "~/features/promotions/rules";
import { dateOf } from "~/features/home/rules";
import { assembleHome, waitingSessions } from "~/features/home/service.server";
import { teamOf } from "~/features/home/team.server";
import type { HomeJson, HomeOverview } from "~/features/home/types";

/**
 * The home page's own reads in ONE statement (issue 27: at most 3 round trips per page): for the selected cycle and
 * every other started cycle, the rows getHome reads with Prisma — the nudges' pending work limited to the viewer
 * (peer choice, peer requests, feedbackOwed's participants / feedback rows / accepted requests, sessions to run), the
 * endorsements, the sessions waiting on the viewer, the nominations count, the team's rows and the cycle card's
 * counts. The rules run on those rows in the same pure functions getHome uses (owedFeedbackFrom, waitingSessions,
 * teamOf, assembleHome), so the page and GET /api/v1/cycles/{id}/home agree (tests/integration/home.test.ts compares
 * them for every user and cycle).
 */

type Person = { name: string; email: string };
type Status = FeedbackStatus;
type SessionRow = { id: number; name: string; kind: "RATING" | "PROMOTION"; state: string; deadline: string | null };

type HomeRow = {
  cycle_id: number;
  own: { reviewerOnly: boolean; choosing: boolean; manager: Person | null; hrPartner: Person | null } | null;
  requests: Array<{ id: number; name: string; email: string }>;
  fb_participants: Array<{ id: number; userId: number; managerId: number | null; secondaryManagerId: number | null; reviewerOnly: boolean; name: string; email: string }>;
  fb_rows: Array<{ revieweeId: number; reviewerId: number; reviewerType: ReviewerType; status: Status }>;
  fb_accepted: Array<{ participantId: number; reviewerId: number }>;
  endorsements: Array<{ id: number; status: string; deadline: string | null; name: string; email: string }>;
  runs: SessionRow[];
  mine: Array<SessionRow & { createdById: number | null; members: Array<{ role: string }> }>;
  not_nominated: number;
  team: Array<{
    id: number;
    userId: number;
    reviewerOnly: boolean;
    email: string;
    name: string;
    jobTitle: string | null;
    notChosen: boolean;
    peers: Array<{ status: "REQUESTED" | "ACCEPTED" | "DECLINED"; count: number }>;
    self: { status: Status; answers: unknown } | null;
    manager: { status: Status; answers: unknown } | null;
  }>;
  direct_reports: number;
  secondary_reports: number;
  participants: number;
};

const list = (select: string, from: string, order = "") => `(SELECT coalesce(json_agg(${select}${order ? ` ORDER BY ${order}` : ""}), '[]'::json) FROM ${from})`;
// $1 viewer (user id), $2 cycle ids, $3 open endorsement statuses, $4 peer request statuses that mean "has chosen",
// $5 the closed session state, $6 the selected cycle (the team and the card's counts are read for it only).
const CHOSEN = `r.status::text = ANY($4::text[])`;
const HOME_SQL = `
WITH c AS (SELECT DISTINCT unnest($2::int[]) AS id),
     me AS (SELECT * FROM "Participant" WHERE "userId" = $1::int AND "cycleId" = ANY($2::int[]))
SELECT c.id AS cycle_id,
  (SELECT json_build_object('reviewerOnly', p."reviewerOnly",
     'choosing', NOT p."reviewerOnly" AND NOT EXISTS (SELECT 1 FROM "PeerRequest" r WHERE r."participantId" = p.id AND ${CHOSEN}),
     'manager', (SELECT json_build_object('name', u.name, 'email', u.email) FROM "User" u WHERE u.id = p."managerId"),
     'hrPartner', (SELECT json_build_object('name', u.name, 'email', u.email) FROM "User" u WHERE u.id = p."hrPartnerId"))
   FROM me p WHERE p."cycleId" = c.id) AS own,
  ${list(`json_build_object('id', r.id, 'name', u.name, 'email', u.email)`, `"PeerRequest" r JOIN "Participant" p ON p.id = r."participantId" JOIN "User" u ON u.id = p."userId" WHERE r."cycleId" = c.id AND r.status = 'REQUESTED' AND r."reviewerId" = $1`, `r."createdAt", r.id`)} AS requests,
  ${list(
    `json_build_object('id', p.id, 'userId', p."userId", 'managerId', p."managerId", 'secondaryManagerId', p."secondaryManagerId", 'reviewerOnly', p."reviewerOnly", 'name', u.name, 'email', u.email)`,
    `"Participant" p JOIN "User" u ON u.id = p."userId" WHERE p."cycleId" = c.id AND (
       p."userId" = $1 OR p."managerId" = $1 OR p."secondaryManagerId" = $1
       OR p."userId" IN (SELECT m."managerId" FROM me m WHERE m."cycleId" = c.id UNION SELECT m."secondaryManagerId" FROM me m WHERE m."cycleId" = c.id)
       OR EXISTS (SELECT 1 FROM "Feedback" f WHERE f."revieweeId" = p.id AND f."reviewerId" = $1)
       OR EXISTS (SELECT 1 FROM "PeerRequest" r WHERE r."participantId" = p.id AND r."reviewerId" = $1 AND r.status = 'ACCEPTED'))`,
  )} AS fb_participants,
  ${list(`json_build_object('revieweeId', f."revieweeId", 'reviewerId', f."reviewerId", 'reviewerType', f."reviewerType", 'status', f.status)`, `"Feedback" f WHERE f."cycleId" = c.id AND f."reviewerId" = $1`)} AS fb_rows,
  ${list(`json_build_object('participantId', r."participantId", 'reviewerId', r."reviewerId")`, `"PeerRequest" r WHERE r."cycleId" = c.id AND r.status = 'ACCEPTED' AND r."reviewerId" = $1`)} AS fb_accepted,
  ${list(
    `json_build_object('id', e.id, 'status', e.status, 'deadline', e.deadline, 'name', u.name, 'email', u.email)`,
    `"Endorsement" e JOIN "PromotionNomination" n ON n.id = e."nominationId" JOIN "Participant" p ON p.id = n."participantId" JOIN "User" u ON u.id = p."userId"
     WHERE e."endorserId" = $1 AND e.status = ANY($3::text[]) AND p."cycleId" = c.id`,
    `e.id`,
  )} AS endorsements,
  ${list(
    `json_build_object('id', s.id, 'name', s.name, 'kind', s.kind, 'state', s.state, 'deadline', s.deadline)`,
    `"CalibrationSessionMember" m JOIN "CalibrationSession" s ON s.id = m."sessionId" WHERE m.role = 'ADMIN' AND m."userId" = $1 AND s."cycleId" = c.id AND s.state <> $5::text`,
    `s.name, m.id`,
  )} AS runs,
  ${list(
    `json_build_object('id', s.id, 'name', s.name, 'kind', s.kind, 'state', s.state, 'deadline', s.deadline, 'createdById', s."createdById",
       'members', ${list(`json_build_object('role', m.role)`, `"CalibrationSessionMember" m WHERE m."sessionId" = s.id AND m."userId" = $1`)})`,
    `"CalibrationSession" s WHERE s."cycleId" = c.id AND s.state <> $5::text AND (s."createdById" = $1
       OR EXISTS (SELECT 1 FROM "CalibrationSessionMember" m WHERE m."sessionId" = s.id AND m."userId" = $1 AND m.role IN ('PANELIST', 'SIGN_OFF')))`,
    `s.id`,
  )} AS mine,
  (SELECT count(*)::int FROM "Participant" p WHERE p."cycleId" = c.id AND p."managerId" = $1 AND NOT p."reviewerOnly"
     AND NOT EXISTS (SELECT 1 FROM "PromotionNomination" n WHERE n."participantId" = p.id AND n.status = 'nominated')) AS not_nominated,
  ${list(
    `json_build_object('id', p.id, 'userId', p."userId", 'reviewerOnly', p."reviewerOnly", 'email', u.email, 'name', u.name, 'jobTitle', u."jobTitle",
       'notChosen', NOT p."reviewerOnly" AND NOT EXISTS (SELECT 1 FROM "PeerRequest" r WHERE r."participantId" = p.id AND ${CHOSEN}),
       'peers', ${list(`json_build_object('status', g.status, 'count', g.n)`, `(SELECT r.status, count(*)::int AS n FROM "PeerRequest" r WHERE r."cycleId" = c.id AND r."participantId" = p.id GROUP BY r.status) g`)},
       'self', (SELECT json_build_object('status', f.status, 'answers', f.answers) FROM "Feedback" f
                WHERE f."cycleId" = c.id AND f."reviewerType" = 'SELF' AND f."revieweeId" = p.id AND f."reviewerId" = p."userId" ORDER BY f.id LIMIT 1),
       'manager', (SELECT json_build_object('status', f.status, 'answers', f.answers) FROM "Feedback" f
                WHERE f."cycleId" = c.id AND f."reviewerType" = 'MANAGER' AND f."reviewerId" = $1 AND f."revieweeId" = p.id ORDER BY f.id LIMIT 1))`,
    `"Participant" p JOIN "User" u ON u.id = p."userId" WHERE p."cycleId" = c.id AND p."managerId" = $1 AND c.id = $6::int`,
  )} AS team,
  (SELECT count(*)::int FROM "Participant" p WHERE c.id = $6::int AND p."cycleId" = c.id AND p."managerId" = $1) AS direct_reports,
  (SELECT count(*)::int FROM "Participant" p WHERE c.id = $6::int AND p."cycleId" = c.id AND p."secondaryManagerId" = $1) AS secondary_reports,
  (SELECT count(*)::int FROM "Participant" p WHERE c.id = $6::int AND p."cycleId" = c.id) AS participants
FROM c`;

const CHOSEN_STATUSES = ["REQUESTED", "ACCEPTED"];

/** The cycle card's facts and the home of each cycle in `cycles` (the first is the selected one). */
export async function readHomes(
  viewer: { id: number; name: string; email: string },
  cycles: ReadonlyArray<HomeJson["cycle"]>,
): Promise<{ homes: HomeJson[]; overview: HomeOverview }> {
  const selected = cycles[0]!;
  const rows = await sqlRows<HomeRow>("home_page_reads", HOME_SQL, [viewer.id, cycles.map((c) => c.id), [...OPEN_ENDORSEMENT_STATUSES], CHOSEN_STATUSES, CLOSED_SESSION_STATE, selected.id]);
  const byId = new Map(rows.map((r) => [r.cycle_id, r]));
  const me = { name: viewer.name, email: viewer.email };
  const homes = cycles.map((cycle) => {
    const row = byId.get(cycle.id)!;
    const work = STAGE_WORK[cycle.state];
    const feedbackStage = cycle.state === "spu_feedback" || cycle.state === "manager_feedback" ? cycle.state : null;
    const accepted = feedbackStage === "spu_feedback" ? row.fb_accepted : [];
    const owed = work.includes("feedback") && feedbackStage ? owedFeedbackFrom(feedbackStage, row.fb_participants, row.fb_rows, accepted, [viewer.id]) : [];
    const reviewees = new Map(row.fb_participants.map((p) => [p.userId, { name: p.name, email: p.email }]));
    const team = cycle.id === selected.id
      ? teamOf(
          row.team.map((t) => ({ id: t.id, userId: t.userId, reviewerOnly: t.reviewerOnly, user: { email: t.email, name: t.name, jobTitle: t.jobTitle } })),
          new Set(row.team.filter((t) => t.notChosen).map((t) => t.id)),
          row.team.flatMap((t) => t.peers.map((p) => ({ participantId: t.id, status: p.status, count: p.count }))),
          row.team.flatMap((t) => (t.self ? [{ revieweeId: t.id, reviewerId: t.userId, ...t.self }] : [])),
          row.team.flatMap((t) => (t.manager ? [{ revieweeId: t.id, ...t.manager }] : [])),
          cycle.id,
        )
      : null;
    return assembleHome(cycle, me, {
      choosing: work.includes("peer_choice") && !!row.own?.choosing,
      requests: work.includes("peer_request") ? row.requests.map((r) => ({ id: r.id, participant: { name: r.name, email: r.email } })) : [],
      owed,
      reviewees,
      notNominated: cycle.state === "manager_feedback" ? row.not_nominated : 0,
      endorsements: row.endorsements.map((e) => ({ id: e.id, status: e.status === "accepted" ? "accepted" : "requested", deadline: dateOf(e.deadline), nominee: { name: e.name, email: e.email } })),
      sessions: work.includes("session_to_run") ? waitingSessions(row.runs.map((session) => ({ session })), row.mine, viewer.id) : [],
      team,
      receives: !!row.own && !row.own.reviewerOnly,
    });
  });
  const sel = byId.get(selected.id)!;
  const overview: HomeOverview = {
    participant: sel.own ? { reviewer_only: sel.own.reviewerOnly, manager: sel.own.manager, hr_partner: sel.own.hrPartner } : null,
    direct_reports: sel.direct_reports,
    secondary_reports: sel.secondary_reports,
    participants: sel.participants,
  };
  return { homes, overview };
}
