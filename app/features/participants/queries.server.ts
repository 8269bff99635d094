import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { PanelReviewer, ParticipantJson } from "~/features/participants/rules";
import { findParticipantByEmail, listParticipantRows, toParticipantJson, type ParticipantRow } from "~/features/participants/model.server";
import type { ParticipantListQuery } from "~/features/participants/schemas";
import { ApiError, cycleNotFound } from "~/platform/api.server";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { fromDbPanelStatus, PANEL_STATUS_LABELS, type PanelStatusValue } from "~/features/peer-selection/rules";
import { derivedReviewersOf, peerRequestsOf, type PeerRequestJson } from "~/features/peer-selection/panels.server";

/**
 * Reading the participants of a cycle: the list, one participant, their panel; and the 404 checks
 * (cycle, participant) the writes share.
 */

export async function assertCycle(tx: Db | Tx, cycleId: number) {
  const cycle = await tx.cycle.findUnique({ where: { id: cycleId }, select: { id: true } });
  if (!cycle) throw cycleNotFound(cycleId);
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function listParticipants(cycleId: number, query: ParticipantListQuery): Promise<{ participants: ParticipantJson[]; total: number }> {
  await assertCycle(await getDb(), cycleId);
  return listParticipantsOf(cycleId, query);
}

/**
 * As listParticipants, for a cycle the caller has just read (the list page): one statement, no second check that it
 * exists. `language`: the reader's, whose collation orders the names (ADR 0101); the API's list (none) has en's.
 */
export async function listParticipantsOf(cycleId: number, query: ParticipantListQuery, language?: string): Promise<{ participants: ParticipantJson[]; total: number }> {
  const db = await getDb();
  const { rows, total } = await listParticipantRows(db, cycleId, {
    language,
    q: query.q,
    skip: (query.page - 1) * query.page_size,
    take: query.page_size,
  });
  return { participants: rows.map(toParticipantJson), total };
}

export async function requireParticipant(tx: Db | Tx, cycleId: number, email: string): Promise<ParticipantRow> {
  await assertCycle(tx, cycleId);
  const row = await findParticipantByEmail(tx, cycleId, email);
  if (!row) {
    throw new ApiError(404, "not_found", `${email} is not a participant of cycle ${cycleId}`, refusalDetails({ key: "participants.result.notParticipant", values: { email, cycle: cycleId } }));
  }
  return row;
}

export async function getParticipant(cycleId: number, email: string): Promise<ParticipantJson> {
  return toParticipantJson(await requireParticipant(await getDb(), cycleId, email));
}

export type PanelReviewerJson = { reviewer_type: PanelReviewer["reviewerType"]; reviewer_type_label: string; email: string; name: string };
export type ParticipantPanelJson = {
  participant: ParticipantJson;
  receives_feedback: boolean;
  reviewers: PanelReviewerJson[];
  panel_status: PanelStatusValue;
  panel_status_label: string;
  peer_requests: PeerRequestJson[];
};

/**
 * The participant's mandatory reviewers in this cycle, derived from the participant records, and the
 * peers asked through peer selection with their status (app/features/peer-selection/panels.server.ts).
 */
export async function getParticipantPanel(cycleId: number, email: string): Promise<ParticipantPanelJson> {
  const db = await getDb();
  const subject = await requireParticipant(db, cycleId, email);
  const reviewers = await derivedReviewersOf(db, subject);
  const panelStatus = fromDbPanelStatus(subject.panelStatus);
  return {
    participant: toParticipantJson(subject),
    receives_feedback: !subject.reviewerOnly,
    reviewers: reviewers.map((r) => ({ reviewer_type: r.reviewerType, reviewer_type_label: r.label, email: r.email, name: r.name })),
    panel_status: panelStatus,
    panel_status_label: PANEL_STATUS_LABELS[panelStatus],
    peer_requests: await peerRequestsOf(db, subject.id),
  };
}
