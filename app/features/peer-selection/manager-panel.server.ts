import type { PageMessage } from "~/platform/i18n/page-message";
import { getDb } from "~/platform/db.server";
import { fromDbPanelStatus, fromDbPeerStatus, PANEL_STATUS_LABELS, selectionCounters, type PanelStatusValue } from "~/features/peer-selection/rules";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { requireCycle, requireDirectReport } from "~/features/cycles/context.server";
import {
  addPeer,
  applyPanelStatus,
  buildPanel,
  cycleRef,
  lockEditableSelection,
  panelAfterWrite,
  removePeer,
  type CycleRefJson,
  type PanelJson,
  type SubjectResolver,
} from "~/features/peer-selection/panels.server";

/**
 * Peer/stakeholder selection, the manager's side (docs/decisions/0020-peer-selection.md): a direct report's
 * panel (direct_reports/{email}/panel: read, add, remove, approve; any change sets Manager Approved) and the
 * manager's team list with the state of each selection.
 */

/** GET cycles/{cycle_id}/direct_reports/{email}/panel: a direct report's panel as their manager sees it (404/403). */
export async function getReportPanel(current: CurrentUser, cycleId: number, email: string): Promise<{ panel: PanelJson }> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const subject = await requireDirectReport(db, cycleId, current.user.id, email);
  return { panel: await buildPanel(db, cycle, subject, "manager") };
}

const report = (current: CurrentUser, cycleId: number, email: string): SubjectResolver => (client) => requireDirectReport(client, cycleId, current.user.id, email);

/** POST cycles/{cycle_id}/direct_reports/{email}/panel/new: the manager asks a peer for a report (→ Manager Approved). */
export async function addReportPeer(current: CurrentUser, cycleId: number, email: string, peerEmail: string): Promise<{ panel: PanelJson; warning: string | null; notice: PageMessage | null }> {
  const { warning, notice } = await addPeer(current, cycleId, report(current, cycleId, email), "manager", peerEmail);
  return { panel: await panelAfterWrite(cycleId, report(current, cycleId, email), "manager"), warning, notice };
}

/** DELETE cycles/{cycle_id}/direct_reports/{email}/panel/{peer_email}: the manager withdraws a request not yet accepted (→ Manager Approved). */
export async function removeReportPeer(current: CurrentUser, cycleId: number, email: string, peerEmail: string): Promise<{ panel: PanelJson }> {
  await removePeer(current, cycleId, report(current, cycleId, email), "manager", peerEmail);
  return { panel: await panelAfterWrite(cycleId, report(current, cycleId, email), "manager") };
}

/** PATCH cycles/{cycle_id}/direct_reports/{email}/panel/approve: the manager approves the selection as it is (→ Manager Approved). */
export async function approveReportPanel(current: CurrentUser, cycleId: number, email: string): Promise<{ panel: PanelJson }> {
  assertNotSpoofing(current);
  const resolve = report(current, cycleId, email);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { subject, state } = await lockEditableSelection(tx, cycleId, resolve, "manager");
    await applyPanelStatus(tx, current, subject, state.panelStatus, "manager_approved", cycleId);
  });
  return { panel: await panelAfterWrite(cycleId, resolve, "manager") };
}

// ---------------------------------------------------------------------------------------------
// The manager's team list

export type TeamSelectionJson = {
  email: string;
  name: string;
  job_title: string | null;
  reviewer_only: boolean;
  panel_status: PanelStatusValue;
  panel_status_label: string;
  counters: ReturnType<typeof selectionCounters>;
};

export type TeamSelectionsJson = { cycle: CycleRefJson; max_peers: number; can_edit_stage: boolean; direct_reports: TeamSelectionJson[] };

/**
 * The signed-in manager's direct reports in the cycle with the state of each one's selection, through Prisma: the
 * reference the team page's prepared read (page-reads.server.ts readTeamPeerPage) is tested against.
 */
export async function listTeamSelections(current: CurrentUser, cycleId: number): Promise<TeamSelectionsJson> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const reports = await db.participant.findMany({
    where: { cycleId, managerId: current.user.id },
    include: { user: { select: { email: true, name: true, jobTitle: true } }, peerRequests: { select: { status: true } } },
    orderBy: [{ user: { name: "asc" } }, { user: { email: "asc" } }],
  });
  return {
    cycle: cycleRef(cycle),
    max_peers: cycle.maxPeers,
    can_edit_stage: cycle.stage === "start",
    direct_reports: reports.map((r) => {
      const status = fromDbPanelStatus(r.panelStatus);
      return {
        email: r.user.email,
        name: r.user.name,
        job_title: r.user.jobTitle,
        reviewer_only: r.reviewerOnly,
        panel_status: status,
        panel_status_label: PANEL_STATUS_LABELS[status],
        counters: selectionCounters(r.peerRequests.map((p) => ({ status: fromDbPeerStatus(p.status) })), cycle.maxPeers),
      };
    }),
  };
}
