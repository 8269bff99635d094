import type { CycleRow } from "~/features/cycles/model.server";

/**
 * A cycle row inside a prepared statement's JSON (issue 27's lean reads): `cycleJsonSql("c")` builds the object of
 * the Cycle row aliased `c`; `cycleRowOf` turns it back into the row Prisma reads (dates and times as UTC `Date`s),
 * so the features' JSON helpers (toCycleJson, cycleRef, reviewerNamesOf) take it unchanged.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export function cycleJsonSql(alias: string): string {
  const c = (col: string) => `${alias}."${col}"`;
  return `json_build_object('id', ${c("id")}, 'name', ${c("name")}, 'state', ${c("state")}::text,
    'startDate', to_char(${c("startDate")}, 'YYYY-MM-DD'), 'plannedEndDate', to_char(${c("plannedEndDate")}, 'YYYY-MM-DD'),
    'maxPeers', ${c("maxPeers")}, 'endorsementRule', ${c("endorsementRule")}, 'endorsementDays', ${c("endorsementDays")},
    'peerNames', ${c("peerNames")}, 'upwardNames', ${c("upwardNames")}, 'workflowId', ${c("workflowId")},
    'createdAt', to_char(${c("createdAt")}, ${ISO}), 'updatedAt', to_char(${c("updatedAt")}, ${ISO}))`;
}

export type CycleJsonRow = Omit<CycleRow, "startDate" | "plannedEndDate" | "createdAt" | "updatedAt"> & {
  startDate: string | null;
  plannedEndDate: string | null;
  createdAt: string;
  updatedAt: string;
};

const day = (s: string | null): Date | null => (s ? new Date(`${s}T00:00:00.000Z`) : null);

export function cycleRowOf(j: CycleJsonRow): CycleRow {
  return { ...j, startDate: day(j.startDate), plannedEndDate: day(j.plannedEndDate), createdAt: new Date(j.createdAt), updatedAt: new Date(j.updatedAt) };
}
