import type { Tx } from "~/platform/db.server";
import { participantAuditSnapshot, participantInclude, toParticipantJson, type ParticipantRow, type Person } from "~/features/participants/model.server";
import type { Actor } from "~/platform/audit.server";
import { openWorkOfCurrentStage, type OpenWorkResult } from "~/features/cycles/stage-effects.server";
import type { Plan } from "~/features/participants/rows/plan.server";

/**
 * Applying planned participant rows (rows/plan.server.ts): the inserts, updates and audit records in
 * a handful of statements per call, and the opening of the current feedback stage's work.
 */

// ---------------------------------------------------------------------------------------------
// Applying plans

type Applied = {
  created: ParticipantRow[];
  updated: ParticipantRow[];
  unchanged: number;
  /** The work of the current feedback stage opened for the created and re-managed participants (null: none). */
  opened: OpenWorkResult | null;
};

type AuditRow = {
  actorId: number | null;
  realActorId: number | null;
  source: string;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

function auditData(actor: Actor, action: string, entityId: number, before: unknown, after: unknown): AuditRow {
  return {
    actorId: actor.userId,
    realActorId: actor.realUserId ?? actor.userId,
    source: actor.source,
    action,
    entityType: "Participant",
    entityId: String(entityId),
    before: before === null || before === undefined ? undefined : before,
    after: after === null || after === undefined ? undefined : after,
  };
}

/**
 * Audit records in one statement (bulk jobs write up to thousands per chunk; Prisma's createMany
 * spent most of a chunk's time on them). Same columns and values as recordAudit; `createdAt` is
 * the given instant (UTC, like the timestamps Prisma writes). Ids follow the array order.
 */
async function insertAuditRows(tx: Tx, rows: AuditRow[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "AuditRecord" ("actorId", "realActorId", source, action, "entityType", "entityId", before, after, "createdAt")
    SELECT x."actorId", x."realActorId", x.source, x.action, x."entityType", x."entityId", x.before, x.after, ${at.toISOString()}::timestamp(3)
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((r, n) => ({ ...r, n })))}::jsonb) AS x("actorId" int, "realActorId" int, source text,
      action text, "entityType" text, "entityId" text, before jsonb, after jsonb, n int)
    ORDER BY x.n`;
}

function changesOf(plan: Plan, existing: ParticipantRow) {
  const data: { managerId?: number | null; secondaryManagerId?: number | null; hrPartnerId?: number | null; reviewerOnly?: boolean } = {};
  if (plan.managerId !== undefined && plan.managerId !== existing.managerId) data.managerId = plan.managerId;
  if (plan.secondaryManagerId !== undefined && plan.secondaryManagerId !== existing.secondaryManagerId) data.secondaryManagerId = plan.secondaryManagerId;
  if (plan.hrPartnerId !== undefined && plan.hrPartnerId !== existing.hrPartnerId) data.hrPartnerId = plan.hrPartnerId;
  if (plan.reviewerOnly !== undefined && plan.reviewerOnly !== existing.reviewerOnly) data.reviewerOnly = plan.reviewerOnly;
  return data;
}

type ParticipantScalars = Omit<ParticipantRow, "user" | "manager" | "secondaryManager" | "hrPartner">;

/**
 * Insert the new participants in one statement (ON CONFLICT DO NOTHING on (cycle, user), so a
 * concurrent insert of the same participant never doubles it); returns the inserted rows.
 */
async function insertParticipants(tx: Tx, cycleId: number, plans: Plan[], at: Date): Promise<ParticipantScalars[]> {
  const data = plans.map((p, n) => ({
    n,
    u: p.user.id,
    m: p.managerId ?? null,
    s: p.secondaryManagerId ?? null,
    h: p.hrPartnerId ?? null,
    r: p.reviewerOnly ?? false,
  }));
  const stamp = at.toISOString();
  return tx.$queryRaw<ParticipantScalars[]>`
    INSERT INTO "Participant" ("cycleId", "userId", "managerId", "secondaryManagerId", "hrPartnerId", "reviewerOnly", "createdAt", "updatedAt")
    SELECT ${cycleId}::int, x.u, x.m, x.s, x.h, x.r, ${stamp}::timestamp(3), ${stamp}::timestamp(3)
    FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS x(n int, u int, m int, s int, h int, r boolean)
    ORDER BY x.n
    ON CONFLICT ("cycleId", "userId") DO NOTHING
    RETURNING *`;
}

/**
 * Change the given fields of existing participants in one statement; a field a row does not
 * change keeps whatever value the database holds (`c*` flags), as a per-row update would.
 */
async function updateParticipants(tx: Tx, changes: Array<{ id: number; data: ReturnType<typeof changesOf> }>, at: Date): Promise<number[]> {
  const data = changes.map(({ id, data: d }) => ({
    id,
    cm: d.managerId !== undefined,
    m: d.managerId ?? null,
    cs: d.secondaryManagerId !== undefined,
    s: d.secondaryManagerId ?? null,
    ch: d.hrPartnerId !== undefined,
    h: d.hrPartnerId ?? null,
    cr: d.reviewerOnly !== undefined,
    r: d.reviewerOnly ?? false,
  }));
  const rows = await tx.$queryRaw<Array<{ id: number }>>`
    UPDATE "Participant" AS p SET
      "managerId" = CASE WHEN x.cm THEN x.m ELSE p."managerId" END,
      "secondaryManagerId" = CASE WHEN x.cs THEN x.s ELSE p."secondaryManagerId" END,
      "hrPartnerId" = CASE WHEN x.ch THEN x.h ELSE p."hrPartnerId" END,
      "reviewerOnly" = CASE WHEN x.cr THEN x.r ELSE p."reviewerOnly" END,
      "updatedAt" = ${at.toISOString()}::timestamp(3)
    FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS x(id int, cm boolean, m int, cs boolean, s int, ch boolean, h int, cr boolean, r boolean)
    WHERE p.id = x.id
    RETURNING p.id`;
  return rows.map((r) => Number(r.id));
}

/**
 * Insert the new participants, update the changed ones, and write one audit record per created
 * or changed participant: a handful of statements per call whatever the number of rows (bulk jobs
 * call this with a whole chunk). A new participant that a concurrent insert created meanwhile is
 * updated instead. `people` holds every user the plans name (planRows), so created rows are not
 * read back. While a feedback stage is open, the created participants and those whose manager,
 * secondary manager or reviewer-only flag changed get that stage's requests (openWorkOfCurrentStage,
 * scoped to them, idempotent): a single create/update and a bulk job's chunk open exactly the same rows.
 */
export async function applyPlans(tx: Tx, cycleId: number, plans: Plan[], actor: Actor, people: Map<number, Person>): Promise<Applied> {
  const at = new Date();
  const toCreate = plans.filter((p) => !p.existing);
  let toUpdate = plans.filter((p) => p.existing);
  const created: ParticipantRow[] = [];
  if (toCreate.length) {
    const inserted = await insertParticipants(tx, cycleId, toCreate, at);
    const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
    for (const row of inserted) {
      const user = people.get(row.userId);
      if (!user) throw new Error(`Participant ${row.id}: user ${row.userId} was not planned`);
      created.push({
        ...row,
        user,
        manager: person(row.managerId),
        secondaryManager: person(row.secondaryManagerId),
        hrPartner: person(row.hrPartnerId),
      });
    }
    const insertedUsers = new Set(inserted.map((r) => r.userId));
    const lost = toCreate.filter((p) => !insertedUsers.has(p.user.id));
    if (lost.length) {
      const now = await tx.participant.findMany({ where: { cycleId, userId: { in: lost.map((p) => p.user.id) } }, include: participantInclude });
      const byUser = new Map(now.map((r) => [r.userId, r]));
      toUpdate = [...toUpdate, ...lost.map((p) => ({ ...p, existing: byUser.get(p.user.id) ?? null })).filter((p) => p.existing)];
    }
  }
  const changes: Array<{ id: number; data: ReturnType<typeof changesOf> }> = [];
  const beforeById = new Map<number, ParticipantRow>();
  let unchanged = 0;
  for (const plan of toUpdate) {
    const existing = plan.existing!;
    const data = changesOf(plan, existing);
    if (Object.keys(data).length === 0) {
      unchanged++;
      continue;
    }
    beforeById.set(existing.id, existing);
    changes.push({ id: existing.id, data });
  }
  let updated: ParticipantRow[] = [];
  const reopen = changes
    .filter(({ data }) => data.managerId !== undefined || data.secondaryManagerId !== undefined || data.reviewerOnly !== undefined)
    .map((c) => c.id);
  if (changes.length) {
    const ids = await updateParticipants(tx, changes, at);
    const rows = await tx.participant.findMany({ where: { id: { in: ids } }, include: participantInclude });
    const byId = new Map(rows.map((r) => [r.id, r]));
    updated = changes.map((c) => byId.get(c.id)).filter((r): r is ParticipantRow => !!r);
  }
  await insertAuditRows(
    tx,
    [
      ...created.map((row) => auditData(actor, "participant.create", row.id, null, { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) })),
      ...updated.map((row) =>
        auditData(
          actor,
          "participant.update",
          row.id,
          { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(beforeById.get(row.id)!)) },
          { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) },
        ),
      ),
    ],
    at,
  );
  const opened = await openWorkOfCurrentStage(tx, cycleId, [...created.map((r) => r.id), ...reopen], actor);
  return { created, updated, unchanged, opened };
}
