import { sqlRows } from "~/platform/sql.server";
import { fromDbState } from "~/features/cycles/rules";
import { toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { deriveMandatoryPanel, type PanelMember, type PanelReviewer, type ParticipantJson } from "~/features/participants/rules";
import { toParticipantJson, type ParticipantRow } from "~/features/participants/model.server";
import { PARTICIPANT_ROW_SQL, participantRowOf, type ParticipantJsonRow } from "~/features/participants/page-reads.server";
import type { ParticipantPanelJson } from "~/features/participants/queries.server";
import { panelOf, personJson, type PanelJson, type PeerRequestJson } from "~/features/peer-selection/panels.server";
import { editRefusal, fromDbPanelStatus, fromDbPeerStatus, PANEL_STATUS_LABELS, PEER_REQUEST_STATUS_LABELS } from "~/features/peer-selection/rules";

/**
 * The admin's panel page of a participant (/app/admin/cycles/{cycleId}/participants/{email}/panel) in ONE prepared
 * statement (issue 27: at most 3 round trips a page; it made 30 — the panel and the add-reviewer form's view each read
 * the cycle, the participant with its people, the cycle's participants that report to them and the peer requests
 * with their people): the cycle, the participant, the participants whose manager or secondary manager they are, and
 * their peer requests. The panel is built by the rules getParticipantPanel uses (deriveMandatoryPanel, the peer
 * requests' JSON), and whether a super admin may add a reviewer now by peer selection's `editRefusal`; only then does
 * the page read the add-reviewer form's view (peer selection's getAdminPanelView). The integration test
 * (tests/integration/admin-cycle-pages-reads.test.ts) holds the panel equal to getParticipantPanel.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const PANEL_PAGE_SQL = `
WITH subject AS (
  SELECT p."id", p."userId" FROM "Participant" p JOIN "User" u ON u."id" = p."userId"
   WHERE p."cycleId" = $1 AND lower(u."email") = lower(btrim($2)) ORDER BY p."id" LIMIT 1
)
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1) AS "cycle",
  (SELECT ${PARTICIPANT_ROW_SQL}
     FROM subject x
     JOIN "Participant" p ON p."id" = x."id"
     JOIN "User" u ON u."id" = p."userId"
     LEFT JOIN "User" m ON m."id" = p."managerId"
     LEFT JOIN "User" s ON s."id" = p."secondaryManagerId"
     LEFT JOIN "User" h ON h."id" = p."hrPartnerId") AS "participant",
  (SELECT COALESCE(json_agg(json_build_object('userId', r."userId", 'email', ru."email", 'name', ru."name", 'managerId', r."managerId",
     'secondaryManagerId', r."secondaryManagerId", 'reviewerOnly', r."reviewerOnly")), '[]'::json)
     FROM subject x JOIN "Participant" r ON r."cycleId" = $1 AND (r."managerId" = x."userId" OR r."secondaryManagerId" = x."userId")
     JOIN "User" ru ON ru."id" = r."userId") AS "related",
  (SELECT COALESCE(json_agg(json_build_object('id', q."id", 'reviewerId', q."reviewerId", 'status', q."status"::text,
     'createdAt', to_char(q."createdAt", ${ISO}), 'respondedAt', to_char(q."respondedAt", ${ISO}),
     'email', rv."email", 'name', rv."name", 'jobTitle', rv."jobTitle", 'department', rv."department",
     'requestedBy', CASE WHEN rb."id" IS NULL THEN NULL ELSE json_build_object('email', rb."email", 'name', rb."name") END,
     'accepted', (SELECT COUNT(*)::int FROM "PeerRequest" a WHERE a."cycleId" = $1 AND a."reviewerId" = q."reviewerId" AND a."status" = 'ACCEPTED'))
     ORDER BY q."createdAt", q."id"), '[]'::json)
     FROM subject x JOIN "PeerRequest" q ON q."participantId" = x."id"
     JOIN "User" rv ON rv."id" = q."reviewerId"
     LEFT JOIN "User" rb ON rb."id" = q."requestedById") AS "requests"`;

type RequestEntry = {
  id: number;
  reviewerId: number;
  /** How many requests this reviewer accepted in the cycle (the add-reviewer view's busy-peer warning). */
  accepted: number;
  status: string;
  createdAt: string;
  respondedAt: string | null;
  email: string;
  name: string;
  jobTitle: string | null;
  department: string | null;
  requestedBy: { email: string; name: string } | null;
};
type Row = { cycle: CycleJsonRow | null; participant: ParticipantJsonRow | null; related: PanelMember[]; requests: RequestEntry[] };

export type AdminPanelPage = {
  cycle: CycleJson;
  participant: ParticipantJson;
  panel: ParticipantPanelJson;
  /** Why a super admin cannot add a reviewer now (peer selection's rule, its English for the page's mapping); null: they can. */
  adminBlocked: string | null;
  /** The panel as an admin edits it (peer selection's getAdminPanelView) while they can add a reviewer; else null. */
  editable: PanelJson | null;
};

function requestJson(r: RequestEntry): PeerRequestJson {
  const status = fromDbPeerStatus(r.status);
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    job_title: r.jobTitle,
    department: r.department,
    status,
    status_label: PEER_REQUEST_STATUS_LABELS[status],
    requested_by: personJson(r.requestedBy),
    requested_at: r.createdAt,
    responded_at: r.respondedAt,
  };
}

function mandatoryOf(subject: ParticipantRow, related: PanelMember[]): PanelReviewer[] {
  const member: PanelMember = {
    userId: subject.userId,
    email: subject.user.email,
    name: subject.user.name,
    managerId: subject.managerId,
    secondaryManagerId: subject.secondaryManagerId,
    reviewerOnly: subject.reviewerOnly,
  };
  const person = (u: { id: number; email: string; name: string } | null) => (u ? { userId: u.id, email: u.email, name: u.name } : null);
  return deriveMandatoryPanel(member, related, { manager: person(subject.manager), secondaryManager: person(subject.secondaryManager) });
}

/** The panel page's data; null when the cycle is unknown or has no participant with this email (the page's 404). */
export async function readAdminPanelPage(cycleId: number, email: string): Promise<AdminPanelPage | null> {
  const [row] = await sqlRows<Row>("admin_participant_panel", PANEL_PAGE_SQL, [cycleId, email]);
  if (!row?.cycle || !row.participant) return null;
  const cycleRow = cycleRowOf(row.cycle);
  const stage = fromDbState(cycleRow.state);
  const subject = participantRowOf(row.participant);
  const participant = toParticipantJson(subject);
  const panelStatus = fromDbPanelStatus(subject.panelStatus);
  const mandatory = mandatoryOf(subject, row.related).map((r) => ({ reviewer_type: r.reviewerType, reviewer_type_label: r.label, email: r.email, name: r.name }));
  const requests = row.requests.map(requestJson);
  const panel: ParticipantPanelJson = {
    participant,
    receives_feedback: !subject.reviewerOnly,
    reviewers: mandatory,
    panel_status: panelStatus,
    panel_status_label: PANEL_STATUS_LABELS[panelStatus],
    peer_requests: requests,
  };
  const refusal = editRefusal({ stage, reviewerOnly: subject.reviewerOnly, panelStatus }, "admin");
  const editable =
    refusal === null
      ? panelOf(
          {
            cycle: { ...cycleRow, stage },
            subject: { reviewerOnly: subject.reviewerOnly, panelStatus: subject.panelStatus, user: subject.user, manager: subject.manager },
            mandatory: subject.reviewerOnly ? [] : mandatoryOf(subject, row.related),
            requests: row.requests.map((r) => ({ ...requestJson(r), reviewerId: r.reviewerId })),
            accepted: new Map(row.requests.map((r) => [r.reviewerId, r.accepted])),
          },
          "admin",
        )
      : null;
  return { cycle: toCycleJson(cycleRow), participant, panel, adminBlocked: refusal?.message ?? null, editable };
}
