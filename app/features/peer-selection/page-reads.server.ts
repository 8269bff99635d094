import { sqlRows } from "~/platform/sql.server";
import type { CurrentUser } from "~/platform/auth.server";
import type { CycleStage } from "~/features/cycles/rules";
import { deriveMandatoryPanel, type PanelMember } from "~/features/participants/rules";
import { fromDbPanelStatus, fromDbPeerStatus, PANEL_STATUS_LABELS, PEER_REQUEST_STATUS_LABELS, respondRefusal, selectionCounters } from "~/features/peer-selection/rules";
import { cycleRef, panelOf, type PanelJson, type PeerRequestJson } from "~/features/peer-selection/panels.server";
import type { TeamSelectionsJson } from "~/features/peer-selection/manager-panel.server";
import { incomingListOf, type IncomingRequestJson, type IncomingRequestsJson } from "~/features/peer-selection/peer-requests.server";

/**
 * The peer selection pages' own reads, each ONE prepared statement (issue 27: at most 3 round trips per page; the cycle
 * list is the other). The participant's page (/app/performance/peer-finalization): the viewer's participant record with their
 * managers, the cycle's participants they manage (the mandatory reviewers' facts), their peer requests with each
 * reviewer's accepted count, and the requests addressed to them. Built by the same pure functions as the API's reads
 * (panelOf, deriveMandatoryPanel, incomingListOf: GET cycles/{id}/panels and cycles/{id}/peers). The manager's team
 * list (/app/my-reportees/peer-finalization): their direct reports with the statuses of their requests, as
 * listTeamSelections (the Prisma read it replaced). tests/integration/employee-pages-reads.test.ts compares them.
 */

export type Person = { id: number; email: string; name: string };
export type Member = { user_id: number; email: string; name: string; manager_id: number | null; secondary_manager_id: number | null; reviewer_only: boolean };
type Subject = Member & { panel_status: string; manager: Person | null; secondary_manager: Person | null };
export type Request = {
  id: number;
  reviewer_id: number;
  status: string;
  created_at: string;
  responded_at: string | null;
  email: string;
  name: string;
  job_title: string | null;
  department: string | null;
  requested_by: { email: string; name: string } | null;
  accepted: number;
};
type Incoming = Omit<Request, "accepted" | "reviewer_id"> & { reviewer_id: number };
type PageRow = { subject: Subject | null; related: Member[]; requests: Request[]; incoming: Incoming[] };

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
export const PERSON = (alias: string) => `json_build_object('id', ${alias}."id", 'email', ${alias}."email", 'name', ${alias}."name")`;
export const BY = `(SELECT json_build_object('email', b."email", 'name', b."name") FROM "User" b WHERE b."id" = r."requestedById")`;
/** A participant of cycle $1 (p) with their user (u) as a panel member's facts: the mandatory reviewers' rule. */
export const RELATED_JSON = `json_build_object(
      'user_id', p."userId", 'email', u."email", 'name', u."name", 'manager_id', p."managerId",
      'secondary_manager_id', p."secondaryManagerId", 'reviewer_only', p."reviewerOnly")`;
/** A peer request (r) with its reviewer (u), who asked for it, and the reviewer's accepted requests in cycle $1. */
export const REQUEST_JSON = `json_build_object(
      'id', r."id", 'reviewer_id', r."reviewerId", 'status', r."status"::text,
      'created_at', to_char(r."createdAt", ${ISO}), 'responded_at', to_char(r."respondedAt", ${ISO}),
      'email', u."email", 'name', u."name", 'job_title', u."jobTitle", 'department', u."department", 'requested_by', ${BY},
      'accepted', (SELECT COUNT(*)::int FROM "PeerRequest" a WHERE a."cycleId" = $1 AND a."reviewerId" = r."reviewerId" AND a."status" = 'ACCEPTED'))`;
const PAGE_SQL = `
WITH me AS (SELECT * FROM "Participant" WHERE "cycleId" = $1 AND "userId" = $2)
SELECT
  (SELECT json_build_object(
      'user_id', me."userId", 'email', u."email", 'name', u."name", 'manager_id', me."managerId",
      'secondary_manager_id', me."secondaryManagerId", 'reviewer_only', me."reviewerOnly", 'panel_status', me."panelStatus"::text,
      'manager', (SELECT ${PERSON("m")} FROM "User" m WHERE m."id" = me."managerId"),
      'secondary_manager', (SELECT ${PERSON("s")} FROM "User" s WHERE s."id" = me."secondaryManagerId"))
     FROM me JOIN "User" u ON u."id" = me."userId") AS "subject",
  (SELECT COALESCE(json_agg(${RELATED_JSON}), '[]'::json)
     FROM "Participant" p JOIN "User" u ON u."id" = p."userId"
     WHERE p."cycleId" = $1 AND (p."managerId" = $2 OR p."secondaryManagerId" = $2)) AS "related",
  (SELECT COALESCE(json_agg(${REQUEST_JSON}
      ORDER BY r."createdAt", r."id"), '[]'::json)
     FROM "PeerRequest" r JOIN me ON r."participantId" = me."id" JOIN "User" u ON u."id" = r."reviewerId") AS "requests",
  (SELECT COALESCE(json_agg(json_build_object(
      'id', r."id", 'reviewer_id', r."reviewerId", 'status', r."status"::text,
      'created_at', to_char(r."createdAt", ${ISO}), 'responded_at', to_char(r."respondedAt", ${ISO}),
      'email', u."email", 'name', u."name", 'job_title', u."jobTitle", 'department', u."department", 'requested_by', ${BY})
      ORDER BY r."createdAt", r."id"), '[]'::json)
     FROM "PeerRequest" r JOIN "Participant" p ON p."id" = r."participantId" JOIN "User" u ON u."id" = p."userId"
     WHERE r."cycleId" = $1 AND r."reviewerId" = $2) AS "incoming"`;

export const member = (m: Member): PanelMember => ({
  userId: m.user_id,
  email: m.email,
  name: m.name,
  managerId: m.manager_id,
  secondaryManagerId: m.secondary_manager_id,
  reviewerOnly: m.reviewer_only,
});
export const person = (p: Person | null) => (p ? { userId: p.id, email: p.email, name: p.name } : null);

export function requestJson(r: Request): PeerRequestJson & { reviewerId: number } {
  const status = fromDbPeerStatus(r.status);
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    job_title: r.job_title,
    department: r.department,
    status,
    status_label: PEER_REQUEST_STATUS_LABELS[status],
    requested_by: r.requested_by,
    requested_at: r.created_at,
    responded_at: r.responded_at,
    reviewerId: r.reviewer_id,
  };
}

function incomingJson(r: Incoming, userId: number, stage: CycleStage): IncomingRequestJson {
  const status = fromDbPeerStatus(r.status);
  return {
    id: r.id,
    status,
    status_label: PEER_REQUEST_STATUS_LABELS[status],
    participant: { email: r.email, name: r.name, job_title: r.job_title, department: r.department },
    requested_by: r.requested_by,
    requested_at: r.created_at,
    responded_at: r.responded_at,
    can_respond: respondRefusal({ reviewerId: r.reviewer_id, status }, userId, stage) === null,
  };
}

/**
 * The page's panel (null when the viewer takes no part in the cycle, as GET cycles/{id}/panels answers 404) and the
 * requests to the viewer, for `cycle` (already resolved from ?cycle_id=).
 */
export async function readMyPeerPage(
  current: CurrentUser,
  cycle: { id: number; name: string; stage: CycleStage; maxPeers: number },
): Promise<{ panel: PanelJson | null; incoming: IncomingRequestsJson }> {
  const [row] = await sqlRows<PageRow>("peer_selection_my_page", PAGE_SQL, [cycle.id, current.user.id]);
  const { subject, related, requests, incoming } = row!;
  const panel = subject
    ? panelOf(
        {
          cycle,
          subject: { reviewerOnly: subject.reviewer_only, panelStatus: subject.panel_status, user: subject, manager: subject.manager },
          mandatory: subject.reviewer_only
            ? []
            : deriveMandatoryPanel(member(subject), related.map(member), { manager: person(subject.manager), secondaryManager: person(subject.secondary_manager) }),
          requests: requests.map(requestJson),
          accepted: new Map(requests.map((r) => [r.reviewer_id, r.accepted])),
        },
        "participant",
      )
    : null;
  return { panel, incoming: incomingListOf(cycle, incoming.map((r) => incomingJson(r, current.user.id, cycle.stage))) };
}

type TeamRow = { email: string; name: string; job_title: string | null; reviewer_only: boolean; panel_status: string; statuses: string[] };
const TEAM_SQL = `
SELECT u."email", u."name", u."jobTitle" AS "job_title", p."reviewerOnly" AS "reviewer_only", p."panelStatus"::text AS "panel_status",
  COALESCE((SELECT json_agg(r."status"::text) FROM "PeerRequest" r WHERE r."participantId" = p."id"), '[]'::json) AS "statuses"
FROM "Participant" p JOIN "User" u ON u."id" = p."userId"
WHERE p."cycleId" = $1 AND p."managerId" = $2
ORDER BY u."name", u."email"`;

/** The manager's direct reports in `cycle` with the state of each one's peer selection (as listTeamSelections). */
export async function readTeamPeerPage(current: CurrentUser, cycle: { id: number; name: string; stage: CycleStage; maxPeers: number }): Promise<TeamSelectionsJson> {
  const rows = await sqlRows<TeamRow>("peer_selection_team_page", TEAM_SQL, [cycle.id, current.user.id]);
  return {
    cycle: cycleRef(cycle),
    max_peers: cycle.maxPeers,
    can_edit_stage: cycle.stage === "start",
    direct_reports: rows.map((r) => {
      const status = fromDbPanelStatus(r.panel_status);
      return {
        email: r.email,
        name: r.name,
        job_title: r.job_title,
        reviewer_only: r.reviewer_only,
        panel_status: status,
        panel_status_label: PANEL_STATUS_LABELS[status],
        counters: selectionCounters(r.statuses.map((s) => ({ status: fromDbPeerStatus(s) })), cycle.maxPeers),
      };
    }),
  };
}
