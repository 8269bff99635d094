import { sqlRows } from "~/platform/sql.server";
import { sessionNominationJson } from "~/features/promotions/nomination-json.server";
import { personJson, toEndorsementJson, type EndorsementRow } from "~/features/promotions/model.server";
import type { CommentJson } from "~/features/calibration/types";
import type { SessionNominationJson } from "~/features/promotions/types";
import type { StoredMessage } from "~/platform/i18n/stored-text";

/**
 * A promotion session's nominations as the page of whoever runs it shows them, in ONE prepared statement (issue 27,
 * lean reads; ADR 0063): each session participant with its nominee, manager, nomination (who nominated, rationale,
 * status), the endorsements of this session or of the cycle's rule with what the endorsers wrote, the panel's
 * votes, the decision's history and the comments. The JSON is what getPromotionSessionDetail and
 * listNominationComments answer (tests/integration/promotion-hr-reads.test.ts compares them). The caller has checked
 * that the viewer may read the session. Times inside JSON are written as ISO strings in UTC.
 */

const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const person = (alias: string) => `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'email', ${alias}.email)`;

type Person = { id: number; name: string; email: string };
type Flat = {
  id: number;
  decision: string | null;
  terminated: boolean;
  participantId: number;
  cycleId: number;
  cycleName: string;
  nominee: { id: number; name: string; email: string; jobTitle: string | null; department: string | null; level: string | null };
  manager: Person | null;
  nominationId: number;
  nominationStatus: string;
  rationale: string | null;
  nominatedBy: Person | null;
  endorsements: Array<{
    id: number;
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
  }>;
  votes: Array<{ vote: string; note: string | null; updatedAt: string; panelist: Person }>;
  changes: Array<{ id: number; oldText: string | null; newText: string | null; reason: string; createdAt: string; changedBy: Person | null }>;
  comments: Array<{ id: number; body: string; bodyKey: StoredMessage | null; createdAt: string; author: Person }>;
};

const SQL = `
SELECT sp.id, sp.decision, sp."terminatedAt" IS NOT NULL AS terminated, p.id AS "participantId", p."cycleId", c.name AS "cycleName",
  json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'jobTitle', u."jobTitle", 'department', u.department, 'level', u.level) AS nominee,
  CASE WHEN mu.id IS NULL THEN NULL ELSE ${person("mu")} END AS manager,
  n.id AS "nominationId", n.status AS "nominationStatus", n.rationale,
  CASE WHEN nb.id IS NULL THEN NULL ELSE ${person("nb")} END AS "nominatedBy",
  (SELECT coalesce(json_agg(json_build_object('id', e.id, 'endorserId', e."endorserId", 'status', e.status, 'outcome', e.outcome, 'body', e.body,
            'rejectReason', e."rejectReason", 'sessionId', e."sessionId", 'source', e.source, 'deadline', ${iso('e.deadline')},
            'respondedAt', ${iso('e."respondedAt"')}, 'endorsedAt', ${iso('e."endorsedAt"')}, 'createdAt', ${iso('e."createdAt"')}, 'endorser', ${person("eu")}) ORDER BY e.id), '[]'::json)
     FROM "Endorsement" e JOIN "User" eu ON eu.id = e."endorserId"
    WHERE e."nominationId" = n.id AND (e."sessionId" = $1::int OR e."sessionId" IS NULL)) AS endorsements,
  (SELECT coalesce(json_agg(json_build_object('vote', v.vote, 'note', v.note, 'updatedAt', ${iso('v."updatedAt"')}, 'panelist', ${person("vu")}) ORDER BY v."updatedAt", v.id), '[]'::json)
     FROM "PromotionVote" v JOIN "User" vu ON vu.id = v."panelistId" WHERE v."sessionParticipantId" = sp.id) AS votes,
  (SELECT coalesce(json_agg(json_build_object('id', ch.id, 'oldText', ch."oldText", 'newText', ch."newText", 'reason', ch.reason, 'createdAt', ${iso('ch."createdAt"')},
            'changedBy', CASE WHEN cu.id IS NULL THEN NULL ELSE ${person("cu")} END) ORDER BY ch."createdAt" DESC, ch.id DESC), '[]'::json)
     FROM "CalibrationRatingChange" ch LEFT JOIN "User" cu ON cu.id = ch."changedById" WHERE ch."sessionParticipantId" = sp.id AND ch.field = 'decision') AS changes,
  (SELECT coalesce(json_agg(json_build_object('id', cm.id, 'body', cm.body, 'bodyKey', CASE WHEN cm."bodyCode"->>'en' = cm.body THEN cm."bodyCode" - 'en' END, 'createdAt', ${iso('cm."createdAt"')}, 'author', ${person("au")}) ORDER BY cm."createdAt", cm.id), '[]'::json)
     FROM "CalibrationComment" cm JOIN "User" au ON au.id = cm."authorId" WHERE cm."sessionParticipantId" = sp.id) AS comments
FROM "CalibrationSessionParticipant" sp
  JOIN "Participant" p ON p.id = sp."participantId"
  JOIN "Cycle" c ON c.id = p."cycleId"
  JOIN "User" u ON u.id = p."userId"
  JOIN "PromotionNomination" n ON n."participantId" = p.id
  LEFT JOIN "User" mu ON mu.id = p."managerId"
  LEFT JOIN "User" nb ON nb.id = n."nominatedById"
WHERE sp."sessionId" = $1::int
ORDER BY u.name, sp.id`;

const date = (v: string | null): Date | null => (v === null ? null : new Date(v));

function endorsementRow(r: Flat, e: Flat["endorsements"][number]): EndorsementRow {
  return {
    id: e.id,
    nominationId: r.nominationId,
    endorserId: e.endorserId,
    status: e.status,
    outcome: e.outcome,
    body: e.body,
    rejectReason: e.rejectReason,
    sessionId: e.sessionId,
    source: e.source,
    deadline: date(e.deadline),
    respondedAt: date(e.respondedAt),
    endorsedAt: date(e.endorsedAt),
    createdAt: date(e.createdAt)!,
    updatedAt: date(e.createdAt)!,
    endorser: e.endorser,
    nomination: { id: r.nominationId, participant: { id: r.participantId, cycleId: r.cycleId, cycle: { id: r.cycleId, name: r.cycleName }, user: r.nominee } },
  };
}

function toNominationJson(r: Flat, viewerId: number): SessionNominationJson {
  const facts = { ...r, spId: r.id, commentCount: r.comments.length };
  return sessionNominationJson(facts, r.endorsements.map((e) => toEndorsementJson(endorsementRow(r, e), true)), viewerId);
}

/** The session's nominations (by nominee name) and each nomination's comments (oldest first), for `viewerId`. */
export async function readSessionNominations(sessionId: number, viewerId: number): Promise<{ nominations: SessionNominationJson[]; comments: Record<number, CommentJson[]> }> {
  const rows = await sqlRows<Flat>("promotions.session-nominations", SQL, [sessionId]);
  const comments: Record<number, CommentJson[]> = {};
  for (const r of rows) {
    comments[r.nominationId] = r.comments.map((c) => ({ id: c.id, session_participant_id: r.id, author: personJson(c.author), body: c.body, body_key: c.bodyKey, created_at: c.createdAt }));
  }
  return { nominations: rows.map((r) => toNominationJson(r, viewerId)), comments };
}
