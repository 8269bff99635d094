import { sqlRows } from "~/platform/sql.server";
import { toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { toParticipantJson, type ParticipantRow } from "~/features/participants/model.server";
import type { ParticipantJson } from "~/features/participants/rules";

/**
 * The participant pages' read (/app/admin/cycles/{cycleId}/participants/{email}/…: edit, rating, promotion decision,
 * panel) in ONE prepared statement (issue 27: at most 3 round trips a page; it made 7 — the cycle, the cycle again,
 * the participant and its four people one by one): the cycle and the participant whose user has this email
 * (case-insensitive, as findParticipantByEmail), with the people it names. The JSON is the API's own (toCycleJson,
 * toParticipantJson), which tests/integration/admin-cycle-pages-reads.test.ts compares with getCycle/getParticipant.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const person = (alias: string) => `CASE WHEN ${alias}."id" IS NULL THEN NULL ELSE json_build_object('id', ${alias}."id", 'email', ${alias}."email", 'name', ${alias}."name") END`;

/** The participant row (as Prisma reads it with participantInclude) of `p`, joined with `u` (its user), `m`, `s`, `h`. */
export const PARTICIPANT_ROW_SQL = `json_build_object('id', p."id", 'cycleId', p."cycleId", 'userId', p."userId", 'managerId', p."managerId",
  'secondaryManagerId', p."secondaryManagerId", 'hrPartnerId', p."hrPartnerId", 'reviewerOnly', p."reviewerOnly",
  'panelStatus', p."panelStatus"::text, 'calibratedRating', p."calibratedRating", 'promotionDecision', p."promotionDecision",
  'proposedRating', p."proposedRating", 'proposedPotential', p."proposedPotential",
  'createdAt', to_char(p."createdAt", ${ISO}), 'updatedAt', to_char(p."updatedAt", ${ISO}),
  'user', json_build_object('id', u."id", 'email', u."email", 'name', u."name"),
  'manager', ${person("m")}, 'secondaryManager', ${person("s")}, 'hrPartner', ${person("h")})`;

export type ParticipantJsonRow = Omit<ParticipantRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

export const participantRowOf = (j: ParticipantJsonRow): ParticipantRow => ({ ...j, createdAt: new Date(j.createdAt), updatedAt: new Date(j.updatedAt) });

const PARTICIPANT_PAGE_SQL = `
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1) AS "cycle",
  (SELECT ${PARTICIPANT_ROW_SQL}
     FROM "Participant" p
     JOIN "User" u ON u."id" = p."userId"
     LEFT JOIN "User" m ON m."id" = p."managerId"
     LEFT JOIN "User" s ON s."id" = p."secondaryManagerId"
     LEFT JOIN "User" h ON h."id" = p."hrPartnerId"
    WHERE p."cycleId" = $1 AND lower(u."email") = lower(btrim($2))
    ORDER BY p."id" LIMIT 1) AS "participant"`;

type Row = { cycle: CycleJsonRow | null; participant: ParticipantJsonRow | null };

/** The cycle (null: unknown) and, if it has one with this email, the participant (null: none). */
export async function readParticipantPage(cycleId: number, email: string): Promise<{ cycle: CycleJson | null; participant: ParticipantJson | null; row: ParticipantRow | null }> {
  const [row] = await sqlRows<Row>("admin_participant_page", PARTICIPANT_PAGE_SQL, [cycleId, email]);
  const participant = row?.cycle && row.participant ? participantRowOf(row.participant) : null;
  return {
    cycle: row?.cycle ? toCycleJson(cycleRowOf(row.cycle)) : null,
    participant: participant ? toParticipantJson(participant) : null,
    row: participant,
  };
}
