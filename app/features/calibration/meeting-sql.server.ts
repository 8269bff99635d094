/**
 * The prepared statements of the calibration meeting pages (issue 27, lean reads; ADR 0063): their SQL text and the
 * shapes of their rows. meeting-reads.server.ts runs them and builds the pages' JSON. Times inside JSON columns are
 * written in toISOString's form (UTC, milliseconds, "Z") by ISO, so they read as the API's times.
 */
import type { RatingChangeJson, CommentJson, SessionParticipantJson } from "~/features/calibration/types";
import { nameKeySql } from "~/platform/db/name-order.server";

type Person = { id: number; name: string; email: string };

/** A timestamp column (UTC, as Prisma stores it) as toISOString writes it; null stays null. */
const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const person = (alias: string) => `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'email', ${alias}.email)`;

/** The session row's columns, its creator, members and head counts (what toSessionJson reads), from `s` and its cycle `c`. */
export const SESSION_COLUMNS = `
  s.id, s."cycleId", c.name AS "cycleName", s.name, s.state, s.guideline, s.deadline, s.version, s."closedAt", s."createdAt", s."updatedAt",
  s."createdById",
  (SELECT ${person("u")} FROM "User" u WHERE u.id = s."createdById") AS "createdBy",
  (SELECT coalesce(json_agg(json_build_object('role', m.role, 'user', ${person("u")}) ORDER BY m.id), '[]'::json)
     FROM "CalibrationSessionMember" m JOIN "User" u ON u.id = m."userId" WHERE m."sessionId" = s.id) AS members,
  (SELECT json_build_object(
       'live', count(*) FILTER (WHERE sp."terminatedAt" IS NULL),
       'changed', count(*) FILTER (WHERE sp."terminatedAt" IS NULL AND sp.rating IS DISTINCT FROM p."proposedRating"),
       'all', count(*))
     FROM "CalibrationSessionParticipant" sp JOIN "Participant" p ON p.id = sp."participantId" WHERE sp."sessionId" = s.id) AS counts`;

/** One session participant's row of the grid (SessionParticipantJson) from `sp`, its participant `p` and user `u`. */
const PARTICIPANT_JSON = `json_build_object(
  'id', sp.id, 'participant_id', p.id,
  'user', json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'job_title', u."jobTitle", 'department', u.department),
  'manager', (SELECT ${person("mu")} FROM "User" mu WHERE mu.id = p."managerId"),
  'proposed_rating', p."proposedRating", 'rating', sp.rating, 'proposed_potential', p."proposedPotential", 'potential', sp.potential,
  'terminated', sp."terminatedAt" IS NOT NULL, 'terminated_at', ${iso('sp."terminatedAt"')},
  'proposals', (SELECT coalesce(json_agg(json_build_object('panelist', ${person("pu")}, 'rating', l.rating, 'justification', l.justification, 'created_at', ${iso('l."createdAt"')})
                                ORDER BY l."createdAt" DESC, l.id DESC), '[]'::json)
                FROM (SELECT DISTINCT ON (pr."panelistId") pr.* FROM "CalibrationProposal" pr WHERE pr."sessionParticipantId" = sp.id
                      ORDER BY pr."panelistId", pr."createdAt" DESC, pr.id DESC) l
                JOIN "User" pu ON pu.id = l."panelistId"),
  'comment_count', (SELECT count(*)::int FROM "CalibrationComment" cc WHERE cc."sessionParticipantId" = sp.id),
  'promotion_nomination', (SELECT json_build_object('status', n.status, 'rationale', n.rationale,
                                    'nominated_by', (SELECT ${person("nu")} FROM "User" nu WHERE nu.id = n."nominatedById"), 'created_at', ${iso('n."createdAt"')})
                           FROM "PromotionNomination" n WHERE n."participantId" = p.id ORDER BY (n.status = 'withdrawn'), n.id LIMIT 1))`;

/**
 * The rating history (newest first) of the changes `where` picks (alias h), each with its participant and who changed
 * it, the latest `limit` of them (an SQL expression; "ALL" for every one). A change is superseded when a later one of
 * the same field of the same person exists among ALL the changes `where` picks (the window runs before the limit).
 */
const historyColumn = (where: string, limit: string) => `
  (SELECT coalesce(json_agg(json_build_object('id', rc.id, 'session_participant_id', rc."sessionParticipantId", 'participant', ${person("hu")},
            'field', rc.field, 'old_value', rc."oldValue", 'new_value', rc."newValue", 'reason', rc.reason,
            'changed_by', (SELECT ${person("cu")} FROM "User" cu WHERE cu.id = rc."changedById"), 'created_at', ${iso('rc."createdAt"')},
            'superseded', rc.rn > 1)
          ORDER BY rc."createdAt" DESC, rc.id DESC), '[]'::json)
     FROM (SELECT h.*, row_number() OVER (PARTITION BY h."sessionParticipantId", h.field ORDER BY h."createdAt" DESC, h.id DESC) AS rn
             FROM "CalibrationRatingChange" h WHERE ${where} ORDER BY h."createdAt" DESC, h.id DESC LIMIT ${limit}) rc
     JOIN "CalibrationSessionParticipant" hsp ON hsp.id = rc."sessionParticipantId"
     JOIN "Participant" hp ON hp.id = hsp."participantId" JOIN "User" hu ON hu.id = hp."userId") AS history`;

/** The comment thread (oldest first) `where` picks (alias cm), with each author. */
const commentsColumn = (where: string) => `
  (SELECT coalesce(json_agg(json_build_object('id', cm.id, 'session_participant_id', cm."sessionParticipantId", 'author', ${person("au")}, 'body', cm.body,
            'body_key', CASE WHEN cm."bodyCode"->>'en' = cm.body THEN cm."bodyCode" - 'en' END, 'created_at', ${iso('cm."createdAt"')}) ORDER BY cm."createdAt", cm.id), '[]'::json)
     FROM "CalibrationComment" cm JOIN "User" au ON au.id = cm."authorId" WHERE ${where}) AS comments`;

/** A session read as its rows come from the statements below. */
export type SessionSqlRow = {
  id: number;
  cycleId: number;
  cycleName: string;
  name: string;
  state: string;
  guideline: unknown;
  deadline: Date | null;
  version: number;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  createdById: number | null;
  createdBy: Person | null;
  members: Array<{ role: "ADMIN" | "PANELIST" | "SIGN_OFF"; user: Person }>;
  counts: { live: number; changed: number; all: number };
};

/** A rating change as the statements give it: the stored field name. */
export type HistorySqlRow = Omit<RatingChangeJson, "field"> & { field: string };

/** The session page's statement: the session and what describes the WHOLE session (distribution, outlier groups, company mean). */
export type SessionPageSqlRow = SessionSqlRow & {
  /** Live participants per calibrated rating (null: none yet). */
  ratings: Array<{ r: number | null; n: number }>;
  /** Manager and department groups of live participants with a proposed rating, in the order the grid meets them first. */
  groups: Array<{ kind: "manager" | "department"; key: string; label: string; ratings: number[] }>;
  /** The cycle's mean proposed rating (null: none proposed). */
  companyMean: number | null;
  moveTargets: Array<{ id: number; name: string; state: string }>;
  /** The latest $3 changes of the session's history (all when $3 is null). */
  history: HistorySqlRow[];
  /** How many changes the session's history holds. */
  historyTotal: number;
  comments: CommentJson[];
};

/** $1 session, $2 cycle, $3 how many of the history's latest changes (null: all), $4 the names' key language (ADR 0101: the grid's order). */
export const SESSION_PAGE_SQL = `
WITH live AS (
  SELECT row_number() OVER (ORDER BY ${nameKeySql("u", "$4")}, sp.id) AS pos, sp.rating, p."proposedRating" AS proposed, mu.email AS "managerEmail", mu.name AS "managerName", u.department
  FROM "CalibrationSessionParticipant" sp
  JOIN "Participant" p ON p.id = sp."participantId" JOIN "User" u ON u.id = p."userId" LEFT JOIN "User" mu ON mu.id = p."managerId"
  WHERE sp."sessionId" = $1::int AND sp."terminatedAt" IS NULL
), grouped AS (
  SELECT 0 AS k, 'manager' AS kind, "managerEmail" AS key, "managerName" AS label, pos, proposed FROM live WHERE proposed IS NOT NULL AND "managerEmail" IS NOT NULL
  UNION ALL
  SELECT 1, 'department', department, department, pos, proposed FROM live WHERE proposed IS NOT NULL AND department IS NOT NULL AND department <> ''
)
SELECT ${SESSION_COLUMNS},
  (SELECT coalesce(json_agg(json_build_object('r', r.rating, 'n', r.n)), '[]'::json) FROM (SELECT rating, count(*)::int AS n FROM live GROUP BY rating) r) AS ratings,
  (SELECT coalesce(json_agg(json_build_object('kind', g.kind, 'key', g.key, 'label', g.label, 'ratings', g.ratings) ORDER BY g.first, g.k), '[]'::json)
     FROM (SELECT k, kind, key, min(label) AS label, min(pos) AS first, array_agg(proposed ORDER BY pos) AS ratings FROM grouped GROUP BY k, kind, key) g) AS groups,
  (SELECT avg(cp."proposedRating")::float8 FROM "Participant" cp WHERE cp."cycleId" = s."cycleId" AND cp."reviewerOnly" = false AND cp."proposedRating" IS NOT NULL) AS "companyMean",
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'state', t.state) ORDER BY t.id), '[]'::json)
     FROM "CalibrationSession" t
     WHERE t."cycleId" = s."cycleId" AND t.kind = 'RATING' AND t.id <> s.id AND t.state IN ('draft', 'active', 'revision_requested')) AS "moveTargets",
  ${historyColumn(`h."sessionId" = s.id`, "$3::int")},
  (SELECT count(*)::int FROM "CalibrationRatingChange" h WHERE h."sessionId" = s.id) AS "historyTotal",
  ${commentsColumn(`cm."sessionId" = s.id AND cm."sessionParticipantId" IS NULL`)}
FROM "CalibrationSession" s JOIN "Cycle" c ON c.id = s."cycleId"
WHERE s.id = $1::int AND s."cycleId" = $2::int AND s.kind = 'RATING'`;

/** A person of the 9-box as the statement gives them. */
type BoardSqlPerson = { id: number; user: { name: string }; rating: number | null; potential: number | null; proposed_rating: number | null; terminated: boolean };

/** The participants' statement: how many, the rows of one page (or all), and the 9-box's boxes. */
export type ParticipantsSqlRow = {
  total: number;
  rows: SessionParticipantJson[];
  /** Per box ("band-potential" or "unplaced"; live people only): the head count and the first people (every one of the open box). */
  board: Record<string, { count: number; people: BoardSqlPerson[] }> | null;
};

/** A live person's box: the performance band of the calibrated rating (rules.ts performanceBand) and the potential. */
const BOX_KEY = `CASE WHEN e.rating IS NULL OR e.potential IS NULL THEN 'unplaced'
  ELSE (CASE WHEN e.rating <= 2 THEN 1 WHEN e.rating = 3 THEN 2 ELSE 3 END) || '-' || e.potential END`;

/**
 * $1 session, $2 page (from 1; past the last = the last), $3 page size (null: every row), $4 with the 9-box,
 * $5 how many people of each box (in the grid's order), $6 the box whose people all come (null: none), $7 the names'
 * key language (nameKeyLanguage of the reader's). The grid's one order: name in the reader's collation (ADR 0101), then id.
 */
export const PARTICIPANTS_SQL = `
WITH everyone AS (
  SELECT sp.id, u.name, sp."terminatedAt", sp.rating, sp.potential, p."proposedRating", row_number() OVER (ORDER BY ${nameKeySql("u", "$7")}, sp.id) AS pos
  FROM "CalibrationSessionParticipant" sp JOIN "Participant" p ON p.id = sp."participantId" JOIN "User" u ON u.id = p."userId"
  WHERE sp."sessionId" = $1::int
), n AS (
  SELECT count(*)::int AS total FROM everyone
), win AS (
  SELECT CASE WHEN $3::int IS NULL THEN 0 ELSE (least(greatest($2::int, 1), greatest(1, ceil(total / $3::numeric)::int)) - 1) * $3::int END AS skip,
         coalesce($3::int, total) AS take
  FROM n
)
SELECT (SELECT total FROM n) AS total,
  (SELECT coalesce(json_agg(${PARTICIPANT_JSON} ORDER BY e.pos), '[]'::json)
     FROM everyone e CROSS JOIN win
     JOIN "CalibrationSessionParticipant" sp ON sp.id = e.id JOIN "Participant" p ON p.id = sp."participantId" JOIN "User" u ON u.id = p."userId"
     WHERE e.pos > win.skip AND e.pos <= win.skip + win.take) AS rows,
  CASE WHEN $4::boolean THEN
    (SELECT coalesce(json_object_agg(b.key, json_build_object('count', b.n, 'people', b.people)), '{}'::json)
       FROM (SELECT k.key, count(*)::int AS n,
                    json_agg(json_build_object('id', k.id, 'user', json_build_object('name', k.name), 'rating', k.rating, 'potential', k.potential,
                               'proposed_rating', k."proposedRating", 'terminated', false) ORDER BY k.pos) FILTER (WHERE k.rn <= $5::int OR k.key = $6::text) AS people
               FROM (SELECT keyed.*, row_number() OVER (PARTITION BY keyed.key ORDER BY keyed.pos) AS rn
                       FROM (SELECT e.*, ${BOX_KEY} AS key FROM everyone e WHERE e."terminatedAt" IS NULL) keyed) k
              GROUP BY k.key) b)
  END AS board`;

/** The panelist's participant page: the session, the participant's row, thread and history, and what their summary needs. */
export type ParticipantPageSqlRow = SessionSqlRow & {
  cycleState: string;
  peerNames: string;
  upwardNames: string;
  participant: SessionParticipantJson | null;
  reviewee: {
    id: number;
    userId: number;
    managerId: number | null;
    secondaryManagerId: number | null;
    reviewerOnly: boolean;
    user: { email: string; name: string; jobTitle: string | null; department: string | null };
  } | null;
  history: HistorySqlRow[];
  comments: CommentJson[];
};

/** $1 session, $2 cycle, $3 session participant. */
export const PARTICIPANT_PAGE_SQL = `
SELECT ${SESSION_COLUMNS}, c.state::text AS "cycleState", c."peerNames", c."upwardNames",
  (SELECT ${PARTICIPANT_JSON}
     FROM "CalibrationSessionParticipant" sp JOIN "Participant" p ON p.id = sp."participantId" JOIN "User" u ON u.id = p."userId"
     WHERE sp.id = $3::int AND sp."sessionId" = s.id) AS participant,
  (SELECT json_build_object('id', p.id, 'userId', p."userId", 'managerId', p."managerId", 'secondaryManagerId', p."secondaryManagerId", 'reviewerOnly', p."reviewerOnly",
            'user', json_build_object('email', u.email, 'name', u.name, 'jobTitle', u."jobTitle", 'department', u.department))
     FROM "CalibrationSessionParticipant" sp JOIN "Participant" p ON p.id = sp."participantId" JOIN "User" u ON u.id = p."userId"
     WHERE sp.id = $3::int AND sp."sessionId" = s.id) AS reviewee,
  ${historyColumn(`h."sessionParticipantId" = $3::int`, "ALL")},
  ${commentsColumn(`cm."sessionParticipantId" = $3::int`)}
FROM "CalibrationSession" s JOIN "Cycle" c ON c.id = s."cycleId"
WHERE s.id = $1::int AND s."cycleId" = $2::int AND s.kind = 'RATING'`;
