import type { Cycle } from "~/generated/prisma/client.ts";
import type { Db, Tx } from "~/platform/db.server";
import { fromDbState, sortCycles, stageLabel, type CycleStage } from "~/features/cycles/rules";
import { parseEndorsementRule, type EndorsementRule } from "~/features/promotions/rules";
import { parseNameVisibility, type NameVisibility } from "~/features/cycles/reviewer-names";

/** Data access for review cycles. Stage changes and deletes go through the cycle workflow (features/cycles/service.server.ts). */

export type CycleRow = Cycle;

/** JSON shape used by the API and the pages (snake_case, dates as YYYY-MM-DD). */
export type CycleJson = {
  id: number;
  name: string;
  state: CycleStage;
  stage_label: string;
  start_date: string | null;
  planned_end_date: string | null;
  max_peers: number;
  /** Endorsers picked automatically when a nomination joins a promotion session (ADR 0028). */
  endorsement_rule: EndorsementRule;
  /** Days an endorsement request stays open unless its deadline is set. */
  endorsement_days: number;
  /** Who sees peer / upward reviewers' names besides super admins (ADR 0058). */
  peer_names: NameVisibility;
  upward_names: NameVisibility;
  workflow_id: string;
  created_at: string;
  updated_at: string;
};

/** Temporal workflow id of a cycle. */
export function cycleWorkflowId(cycleId: number): string {
  return `cycle-${cycleId}`;
}

/** A `@db.Date` column value as 'YYYY-MM-DD' (UTC, as stored). */
export function formatDate(d: Date | null): string | null {
  return d ? d.toISOString().slice(0, 10) : null;
}

/** 'YYYY-MM-DD' to the Date Prisma stores in a `@db.Date` column. */
export function parseDate(s: string | null | undefined): Date | null {
  return s ? new Date(`${s}T00:00:00.000Z`) : null;
}

export function toCycleJson(row: CycleRow): CycleJson {
  const state = fromDbState(row.state);
  return {
    id: row.id,
    name: row.name,
    state,
    stage_label: stageLabel(state),
    start_date: formatDate(row.startDate),
    planned_end_date: formatDate(row.plannedEndDate),
    max_peers: row.maxPeers,
    endorsement_rule: parseEndorsementRule(row.endorsementRule),
    endorsement_days: row.endorsementDays,
    peer_names: parseNameVisibility(row.peerNames),
    upward_names: parseNameVisibility(row.upwardNames),
    workflow_id: row.workflowId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The fields an audit record keeps for a cycle. */
export function cycleAuditSnapshot(row: CycleRow) {
  return {
    name: row.name,
    state: fromDbState(row.state),
    start_date: formatDate(row.startDate),
    planned_end_date: formatDate(row.plannedEndDate),
    max_peers: row.maxPeers,
    endorsement_rule: row.endorsementRule,
    endorsement_days: row.endorsementDays,
    peer_names: row.peerNames,
    upward_names: row.upwardNames,
  };
}

/** All cycles as JSON, in list order (spec §4) or by start date. */
export async function listCyclesJson(db: Db | Tx, opts: { byStartDate?: boolean } = {}): Promise<CycleJson[]> {
  const rows = await db.cycle.findMany();
  return sortCycles(rows.map(toCycleJson), opts);
}

export async function findCycle(db: Db | Tx, id: number): Promise<CycleRow | null> {
  return db.cycle.findUnique({ where: { id } });
}

/** Reserve the next cycle id, so the row can be inserted with its workflow id in one statement. */
export async function nextCycleId(tx: Tx): Promise<number> {
  const rows = await tx.$queryRaw<Array<{ id: bigint | number | string }>>`SELECT nextval(pg_get_serial_sequence('"Cycle"', 'id')) AS id`;
  return Number(rows[0]!.id);
}

export type CycleFields = {
  name: string;
  startDate: Date | null;
  plannedEndDate: Date | null;
  maxPeers: number;
  endorsementRule?: EndorsementRule;
  endorsementDays?: number;
  peerNames?: NameVisibility;
  upwardNames?: NameVisibility;
};

export async function insertCycle(tx: Tx, fields: CycleFields): Promise<CycleRow> {
  const id = await nextCycleId(tx);
  return tx.cycle.create({ data: { id, workflowId: cycleWorkflowId(id), state: "DRAFT", ...fields } });
}
