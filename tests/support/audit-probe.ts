/**
 * The audit proof's probe (issue 17 §6, ADR 0046): a trigger on every table of the public schema logs each row
 * written (table, operation, the row as JSON, the columns an UPDATE changed, and the transaction id) into
 * audit_probe.writes, a side schema that the test installs and drops again. Works the same on PostgreSQL and PGlite.
 * `compareWithAudit` then checks every logged write of an audited table against the AuditRecord rows inserted in
 * the same transaction.
 */
import { getDb } from "~/platform/db.server";

export type Write = { seq: number; tx: string; tbl: string; op: "INSERT" | "UPDATE" | "DELETE"; row: Record<string, unknown>; changed: string[] | null };

/**
 * A table's rows that the app audits through their owning entity (the aggregate whose audit record lists or counts
 * them): the audit's entityType, the column of this table that holds the owner's id, and the audit actions that do.
 */
export type CoveredBy = Record<string, Array<{ entityType: string; column: string; actions: string[] }>>;

export type Rules = {
  /** Tables not audited by design, each with its reason. */
  exempt: Record<string, string>;
  /** Columns whose change alone is bookkeeping, not a change of state (e.g. a token's last use): table → columns. */
  bookkeeping: Record<string, string[]>;
  coveredBy: CoveredBy;
};

export type Missing = { tbl: string; op: string; id: unknown; changed: string[] | null; actionsInTx: string[] };

const run = async (sql: string) => (await getDb()).$executeRawUnsafe(sql);

export async function installProbe(): Promise<void> {
  await run(`DROP SCHEMA IF EXISTS audit_probe CASCADE`);
  await run(`CREATE SCHEMA audit_probe`);
  await run(`CREATE TABLE audit_probe.writes (seq bigserial PRIMARY KEY, tx bigint NOT NULL, tbl text NOT NULL, op text NOT NULL, row jsonb NOT NULL, changed text[])`);
  await run(`CREATE FUNCTION audit_probe.log() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed text[];
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        SELECT array_agg(n.key ORDER BY n.key) INTO changed FROM jsonb_each(to_jsonb(NEW)) n WHERE n.value IS DISTINCT FROM to_jsonb(OLD) -> n.key;
        IF changed IS NULL THEN RETURN NULL; END IF; -- nothing changed
      END IF;
      INSERT INTO audit_probe.writes (tx, tbl, op, row, changed)
        VALUES (txid_current(), TG_TABLE_NAME, TG_OP, to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END), changed);
      RETURN NULL;
    END $$`);
  const db = await getDb();
  const tables = await db.$queryRawUnsafe<Array<{ t: string }>>(
    `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
  );
  for (const { t } of tables) await run(`CREATE TRIGGER audit_probe AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION audit_probe.log()`);
}

/** Drops the probe (the triggers go with the function). */
export async function removeProbe(): Promise<void> {
  await run(`DROP SCHEMA IF EXISTS audit_probe CASCADE`);
}

export async function lastSeq(): Promise<number> {
  const [row] = await (await getDb()).$queryRawUnsafe<Array<{ n: bigint | number | null }>>(`SELECT max(seq) AS n FROM audit_probe.writes`);
  return Number(row?.n ?? 0);
}

export async function writesSince(seq: number): Promise<Write[]> {
  const rows = await (await getDb()).$queryRawUnsafe<Array<Omit<Write, "seq" | "tx"> & { seq: bigint | number; tx: bigint | number | string }>>(
    `SELECT seq, tx::text AS tx, tbl, op, row, changed FROM audit_probe.writes WHERE seq > ${Number(seq)} ORDER BY seq`,
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq), tx: String(r.tx) }));
}

/** Sources of the system's own acts (timers, schedules, a workflow's deliveries): their audit records name no user. */
const SYSTEM_SOURCES = ["system", "workflow"];

/**
 * Every write of an audited table must have, in the same transaction, an audit record naming that row (entityType =
 * table, entityId = its id) or its owning entity (`coveredBy`), with an actor: a user, or no user only for the
 * system's own acts (source system / workflow), never for a person's request (api, web). Returns the count of writes
 * checked, of entities written, and what is missing.
 */
export function compareWithAudit(writes: Write[], rules: Rules): { checked: number; entities: number; missing: Missing[]; noActor: Missing[] } {
  const auditsByTx = new Map<string, Array<Record<string, unknown>>>();
  for (const w of writes) if (w.tbl === "AuditRecord" && w.op === "INSERT") auditsByTx.set(w.tx, [...(auditsByTx.get(w.tx) ?? []), w.row]);
  let checked = 0;
  const entities = new Set<string>();
  const missing: Missing[] = [];
  const noActor: Missing[] = [];
  for (const w of writes) {
    if (w.tbl in rules.exempt) continue;
    const quiet = rules.bookkeeping[w.tbl];
    if (w.op === "UPDATE" && quiet && w.changed?.every((c) => quiet.includes(c) || c === "updatedAt")) continue;
    checked++;
    entities.add(`${w.tbl}:${String(w.row.id)}`);
    const audits = auditsByTx.get(w.tx) ?? [];
    const owners = (rules.coveredBy[w.tbl] ?? []).filter((o) => w.row[o.column] != null);
    const naming = audits.filter(
      (a) =>
        (a.entityType === w.tbl && a.entityId === String(w.row.id)) ||
        owners.some((o) => a.entityType === o.entityType && a.entityId === String(w.row[o.column]) && o.actions.includes(String(a.action))),
    );
    const entry = { tbl: w.tbl, op: w.op, id: w.row.id, changed: w.changed, actionsInTx: audits.map((a) => `${String(a.action)} ${String(a.entityType)}:${String(a.entityId)}`) };
    if (!naming.length) missing.push(entry);
    else if (!naming.some((a) => a.actorId != null || SYSTEM_SOURCES.includes(String(a.source)))) noActor.push(entry);
  }
  return { checked, entities: entities.size, missing, noActor };
}
