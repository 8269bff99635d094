import { sqlRows } from "~/platform/sql.server";
import { getDb } from "~/platform/db.server";
import { forbidden, notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { rolesIn, stateOf } from "~/features/calibration/model.server";
import type { SessionRole } from "~/features/calibration/rules";
import type { CommentJson } from "~/features/calibration/types";
import { fromDbState } from "~/features/cycles/rules";
import { calibrationSummaryOf } from "~/features/summaries/service.server";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { sessionNominationJson } from "~/features/promotions/nomination-json.server";
import { personJson, promotionAllowed, toEndorsementJson, toPromotionSessionJson, type EndorsementRow, type PromotionSessionRow } from "~/features/promotions/model.server";
import type { PromotionSessionDetailJson, SessionNominationJson } from "~/features/promotions/types";
import type { StoredMessage } from "~/platform/i18n/stored-text";

/**
 * The promotion panelist's and sign-off party's session pages in at most two round trips (issue 27, ADR 0063; the
 * Prisma reads made 72 and 38): ONE prepared statement reads the session with its cycle and people, every nomination
 * with its nominee, manager, endorsements, votes, decision history and comment count, the session's comments and the
 * comments of the nomination the page has open; for a panelist with a nomination open, the nominee's feedback summary
 * is the second (calibrationSummaryOf's one statement). The JSON comes from the API's own functions
 * (toPromotionSessionJson, toEndorsementJson, decisionJson, tallyVotes), and the same role check answers 404/403
 * with the API's messages (requirePromotionSessionAs).
 */

type Person = { id: number; name: string; email: string };
type NomineeUser = Person & { jobTitle: string | null; department: string | null; level: string | null };
type EndorsementFlat = {
  id: number;
  nominationId: number;
  endorserId: number;
  status: string;
  outcome: string | null;
  body: string | null;
  rejectReason: string | null;
  sessionId: number | null;
  source: string;
  deadline: string | null;
  respondedAt: string | null;
  endorsedAt: string | null;
  createdAt: string;
  endorser: Person;
};
type NominationFlat = {
  spId: number;
  decision: string | null;
  terminatedAt: string | null;
  participantId: number;
  user: NomineeUser;
  manager: Person | null;
  nominationId: number;
  rationale: string | null;
  nominationStatus: string;
  nominatedBy: Person | null;
  endorsements: EndorsementFlat[];
  votes: Array<{ vote: string; note: string | null; updatedAt: string; panelist: Person }>;
  changes: Array<{ id: number; oldText: string | null; newText: string | null; reason: string; createdAt: string; changedBy: Person | null }>;
  commentCount: number;
};
type CommentFlat = { id: number; spId: number | null; body: string; bodyKey: StoredMessage | null; createdAt: string; author: Person };
type OpenNomineeFlat = {
  id: number;
  userId: number;
  managerId: number | null;
  secondaryManagerId: number | null;
  reviewerOnly: boolean;
  email: string;
  name: string;
  jobTitle: string | null;
  department: string | null;
};
type Row = {
  id: number;
  cycleId: number;
  name: string;
  state: string;
  version: number;
  createdById: number | null;
  deadline: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
  cycleName: string;
  cycleState: string;
  peerNames: string;
  upwardNames: string;
  createdBy: Person | null;
  members: Array<{ id: number; userId: number; role: "ADMIN" | "PANELIST" | "SIGN_OFF"; user: Person }>;
  participants: Array<{ id: number; decision: string | null; terminatedAt: string | null }>;
  nominations: NominationFlat[];
  sessionComments: CommentFlat[];
  openComments: CommentFlat[] | null;
  openNominee: OpenNomineeFlat | null;
};

/** A timestamp(3) column (stored UTC) as Date.toISOString() writes it. */
const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const person = (alias: string) => `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'email', ${alias}.email)`;
const comments = (where: string) => `(SELECT coalesce(json_agg(json_build_object('id', cc.id, 'spId', cc."sessionParticipantId", 'body', cc.body, 'bodyKey', CASE WHEN cc."bodyCode"->>'en' = cc.body THEN cc."bodyCode" - 'en' END,
       'createdAt', ${iso("cc.\"createdAt\"")}, 'author', ${person("ca")}) ORDER BY cc."createdAt", cc.id), '[]'::json)
     FROM "CalibrationComment" cc JOIN "User" ca ON ca.id = cc."authorId" WHERE ${where})`;

/** The sp of the open nomination ($3) in the session, or null. */
const OPEN_SP = `(SELECT osp.id FROM "CalibrationSessionParticipant" osp JOIN "PromotionNomination" onm ON onm."participantId" = osp."participantId"
     WHERE osp."sessionId" = s.id AND onm.id = $3::int LIMIT 1)`;

const SQL = `
SELECT s.id, s."cycleId", s.name, s.state, s.version, s."createdById",
  ${iso("s.deadline")} AS deadline, ${iso('s."closedAt"')} AS "closedAt", ${iso('s."createdAt"')} AS "createdAt", ${iso('s."updatedAt"')} AS "updatedAt",
  c.name AS "cycleName", c.state::text AS "cycleState", c."peerNames", c."upwardNames",
  (SELECT ${person("u")} FROM "User" u WHERE u.id = s."createdById") AS "createdBy",
  (SELECT coalesce(json_agg(json_build_object('id', m.id, 'userId', m."userId", 'role', m.role, 'user', ${person("u")}) ORDER BY m.id), '[]'::json)
     FROM "CalibrationSessionMember" m JOIN "User" u ON u.id = m."userId" WHERE m."sessionId" = s.id) AS members,
  (SELECT coalesce(json_agg(json_build_object('id', sp.id, 'decision', sp.decision, 'terminatedAt', ${iso('sp."terminatedAt"')})), '[]'::json)
     FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = s.id) AS participants,
  (SELECT coalesce(json_agg(json_build_object(
       'spId', sp.id, 'decision', sp.decision, 'terminatedAt', ${iso('sp."terminatedAt"')}, 'participantId', p.id,
       'user', json_build_object('id', nu.id, 'name', nu.name, 'email', nu.email, 'jobTitle', nu."jobTitle", 'department', nu.department, 'level', nu.level),
       'manager', CASE WHEN mu.id IS NULL THEN NULL ELSE ${person("mu")} END,
       'nominationId', n.id, 'rationale', n.rationale, 'nominationStatus', n.status,
       'nominatedBy', CASE WHEN nb.id IS NULL THEN NULL ELSE ${person("nb")} END,
       'endorsements', (SELECT coalesce(json_agg(json_build_object('id', e.id, 'nominationId', e."nominationId", 'endorserId', e."endorserId", 'status', e.status,
            'outcome', e.outcome, 'body', e.body, 'rejectReason', e."rejectReason", 'sessionId', e."sessionId", 'source', e.source,
            'deadline', ${iso("e.deadline")}, 'respondedAt', ${iso('e."respondedAt"')}, 'endorsedAt', ${iso('e."endorsedAt"')}, 'createdAt', ${iso('e."createdAt"')},
            'endorser', ${person("eu")}) ORDER BY e.id), '[]'::json)
          FROM "Endorsement" e JOIN "User" eu ON eu.id = e."endorserId"
          WHERE e."nominationId" = n.id AND (e."sessionId" = s.id OR e."sessionId" IS NULL)),
       'votes', (SELECT coalesce(json_agg(json_build_object('vote', v.vote, 'note', v.note, 'updatedAt', ${iso('v."updatedAt"')}, 'panelist', ${person("vu")})
            ORDER BY v."updatedAt", v.id), '[]'::json)
          FROM "PromotionVote" v JOIN "User" vu ON vu.id = v."panelistId" WHERE v."sessionParticipantId" = sp.id),
       'changes', (SELECT coalesce(json_agg(json_build_object('id', ch.id, 'oldText', ch."oldText", 'newText', ch."newText", 'reason', ch.reason,
            'createdAt', ${iso('ch."createdAt"')}, 'changedBy', CASE WHEN chu.id IS NULL THEN NULL ELSE ${person("chu")} END)
            ORDER BY ch."createdAt" DESC, ch.id DESC), '[]'::json)
          FROM "CalibrationRatingChange" ch LEFT JOIN "User" chu ON chu.id = ch."changedById"
          WHERE ch."sessionParticipantId" = sp.id AND ch.field = 'decision'),
       'commentCount', (SELECT count(*)::int FROM "CalibrationComment" k WHERE k."sessionParticipantId" = sp.id)
     ) ORDER BY nu.name, sp.id), '[]'::json)
     FROM "CalibrationSessionParticipant" sp
       JOIN "Participant" p ON p.id = sp."participantId"
       JOIN "User" nu ON nu.id = p."userId"
       LEFT JOIN "User" mu ON mu.id = p."managerId"
       JOIN "PromotionNomination" n ON n."participantId" = p.id
       LEFT JOIN "User" nb ON nb.id = n."nominatedById"
     WHERE sp."sessionId" = s.id) AS nominations,
  ${comments('cc."sessionId" = s.id AND cc."sessionParticipantId" IS NULL')} AS "sessionComments",
  CASE WHEN $3::int IS NULL THEN NULL ELSE ${comments(`cc."sessionParticipantId" = ${OPEN_SP}`)} END AS "openComments",
  CASE WHEN $3::int IS NULL OR NOT $4::boolean THEN NULL ELSE (
    SELECT json_build_object('id', op.id, 'userId', op."userId", 'managerId', op."managerId", 'secondaryManagerId', op."secondaryManagerId",
      'reviewerOnly', op."reviewerOnly", 'email', ou.email, 'name', ou.name, 'jobTitle', ou."jobTitle", 'department', ou.department)
    FROM "CalibrationSessionParticipant" osp JOIN "Participant" op ON op.id = osp."participantId" JOIN "User" ou ON ou.id = op."userId"
    WHERE osp.id = ${OPEN_SP}) END AS "openNominee"
FROM "CalibrationSession" s
JOIN "Cycle" c ON c.id = s."cycleId"
WHERE s.id = $1::int AND s."cycleId" = $2::int AND s.kind = 'PROMOTION'`;

const date = (v: string | null): Date | null => (v === null ? null : new Date(v));

function sessionRow(r: Row): PromotionSessionRow {
  return {
    id: r.id,
    cycleId: r.cycleId,
    name: r.name,
    state: r.state,
    deadline: date(r.deadline),
    version: r.version,
    closedAt: date(r.closedAt),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    createdById: r.createdById,
    cycle: { id: r.cycleId, name: r.cycleName, state: r.cycleState },
    createdBy: r.createdBy,
    members: r.members.map((m) => ({ id: m.id, sessionId: r.id, userId: m.userId, role: m.role, user: m.user })),
    participants: r.participants.map((p) => ({ id: p.id, decision: p.decision, terminatedAt: date(p.terminatedAt) })),
  } as unknown as PromotionSessionRow;
}

function endorsementRow(e: EndorsementFlat, n: NominationFlat, r: Row): EndorsementRow {
  return {
    ...e,
    deadline: date(e.deadline),
    respondedAt: date(e.respondedAt),
    endorsedAt: date(e.endorsedAt),
    createdAt: new Date(e.createdAt),
    updatedAt: new Date(e.createdAt),
    nomination: { id: n.nominationId, participant: { id: n.participantId, cycleId: r.cycleId, cycle: { id: r.cycleId, name: r.cycleName }, user: n.user } },
  };
}

function nominationJson(n: NominationFlat, r: Row, current: CurrentUser): SessionNominationJson {
  const facts = { ...n, nominee: n.user, terminated: n.terminatedAt !== null };
  return sessionNominationJson(facts, n.endorsements.map((e) => toEndorsementJson(endorsementRow(e, n, r), true)), current.user.id);
}

const commentJson = (c: CommentFlat): CommentJson => ({ id: c.id, session_participant_id: c.spId, author: personJson(c.author), body: c.body, body_key: c.bodyKey, created_at: c.createdAt });

/** The nomination a page has open (?nomination=): its comment thread and, for panelists, the nominee's feedback summary. */
export type OpenNominationRead = { nomination_id: number; comments: CommentJson[]; summary: FeedbackSummary | null };

export type PromotionMeetingRead = { detail: PromotionSessionDetailJson; sessionComments: CommentJson[]; open: OpenNominationRead | null };

/**
 * The session as `role` reads it (what getPromotionSessionDetail answers), its comments (listComments) and the open
 * nomination's comments and, `withSummary`, its nominee's summary (listNominationComments, nomineeFeedbackSummary).
 * 404 when the cycle has no such promotion session, 403 when `current` does not hold `role` in it.
 */
export async function readPromotionMeeting(
  current: CurrentUser,
  role: SessionRole,
  cycleId: number,
  sessionId: number,
  nominationId: number | null,
  withSummary: boolean,
): Promise<PromotionMeetingRead> {
  const [r] = await sqlRows<Row>("promotions.meeting-page", SQL, [sessionId, cycleId, nominationId, withSummary]);
  if (!r) throw notFound(`Promotion calibration session ${sessionId} not found in cycle ${cycleId}`);
  const roles = rolesIn(r, current);
  if (!roles.includes(role)) throw forbidden(`You have no part in promotion calibration session ${sessionId}`);
  const nominations = r.nominations.map((n) => nominationJson(n, r, current));
  const detail: PromotionSessionDetailJson = {
    session: toPromotionSessionJson(sessionRow(r)),
    my_roles: roles,
    allowed: promotionAllowed(roles, stateOf(r)),
    nominations,
  };
  const sessionComments = r.sessionComments.map(commentJson);
  if (nominationId === null || !nominations.some((n) => n.nomination_id === nominationId)) return { detail, sessionComments, open: null };
  const p = r.openNominee;
  const summary =
    withSummary && p
      ? await calibrationSummaryOf(
          await getDb(),
          { id: r.cycleId, name: r.cycleName, stage: fromDbState(r.cycleState), peerNames: r.peerNames, upwardNames: r.upwardNames } as Parameters<typeof calibrationSummaryOf>[1],
          { ...p, user: { email: p.email, name: p.name, jobTitle: p.jobTitle, department: p.department } } as unknown as Parameters<typeof calibrationSummaryOf>[2],
        )
      : null;
  return { detail, sessionComments, open: { nomination_id: nominationId, comments: (r.openComments ?? []).map(commentJson), summary } };
}
