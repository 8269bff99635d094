import type { Tx } from "~/platform/db.server";
import { Prisma } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";

/**
 * The participant upload job's chunks, set-based (ADR 0038): one statement checks a range of the rows the
 * job staged ("JobStagedBatch") and records their row errors; in the save phase the same statement
 * also inserts the valid rows into "Participant" and writes one `participant.create` audit record per
 * inserted participant (INSERT … SELECT). The checks and messages are planRows' and importParticipantRows'
 * (rows/plan.server.ts, rows/import.server.ts), in the same order within a row:
 *  - the row's own errors found while staging (cell count, ParticipantRowSchema);
 *  - "No user with email …" for the email, then the manager, secondary manager and HR partner emails
 *    (active users: the exact lower-case email first, else case-insensitively, the oldest);
 *  - on the values after the merge with the current participant (a column left out of the file keeps its
 *    value): manager, secondary manager and HR partner must differ from the participant, the secondary
 *    manager from the manager;
 *  - insert-only: the user already is a participant of the cycle.
 * Rows that already have a row error (emails listed twice, found while staging) are skipped, as before.
 */

export type StagedChunk = {
  jobId: number;
  cycleId: number;
  /** Staged rows `from < seq <= to`. */
  from: number;
  to: number;
  /** The optional columns the file has (a column it lacks keeps the participant's value). */
  has: { manager: boolean; secondary: boolean; hr: boolean };
};

export type StagedChunkResult = {
  rows: number;
  firstRow: number | null;
  lastRow: number | null;
  /** Rows with a row error: earlier ones (duplicates) and the ones this statement found. */
  failed: number;
  /** Participants inserted (save phase). */
  created: number;
  createdIds: number[];
};

const ALREADY = " is already a participant of this cycle (use the upsert job to change participants)";
/** The row errors' keys (ADR 0100): each error's code is stored beside its English. */
const ALREADY_KEY = "storedTexts.jobs.rows.alreadyParticipant";
const NO_USER = Prisma.sql`'participants.result.noUser'`;

/**
 * The active user a (lower-case) email names, for a row still to be checked (findActiveUsersByEmails' rule):
 * the one stored with exactly this email (the unique index), else, only then, the oldest whose email differs only
 * in case (the index on lower(email)). LATERAL subqueries with LIMIT, so every row probes an index, whatever the
 * planner guesses about the size of the chunk: no plan reads every user per row or per chunk.
 */
function activeUser(alias: string, email: Prisma.Sql): Prisma.Sql {
  const exact = Prisma.raw(`${alias}_exact`);
  const folded = Prisma.raw(`${alias}_folded`);
  return Prisma.sql`
      LEFT JOIN LATERAL (
        SELECT x.id, x.email FROM "User" x
        WHERE ${email} IS NOT NULL AND NOT k.earlier AND k.errors IS NULL AND x.email = ${email} AND x.active LIMIT 1
      ) ${exact} ON true
      LEFT JOIN LATERAL (
        SELECT x.id, x.email FROM "User" x
        WHERE ${exact}.id IS NULL AND ${email} IS NOT NULL AND NOT k.earlier AND k.errors IS NULL
          AND lower(x.email) = lower(${email}) AND x.active
        ORDER BY x.id LIMIT 1
      ) ${folded} ON true`;
}

/** The chunk's rows resolved (users, current participant, merged values) and their issues, as CTEs. */
function checkCtes(c: StagedChunk): Prisma.Sql {
  return Prisma.sql`
    chunk AS MATERIALIZED (
      SELECT b."firstSeq" + x.i::int - 1 AS seq, x."rowNumber", x.email, x.m_email, x.s_email, x.h_email, x."reviewerOnly",
        b.errors -> (b."firstSeq" + x.i::int - 1)::text AS errors,
        EXISTS (SELECT 1 FROM "JobRowError" e WHERE e."jobId" = b."jobId" AND e."rowNumber" = x."rowNumber") AS earlier
      FROM "JobStagedBatch" b
      CROSS JOIN LATERAL unnest(b."rowNumbers", b.emails, b."managerEmails", b."secondaryManagerEmails", b."hrPartnerEmails", b."reviewerOnly")
        WITH ORDINALITY AS x("rowNumber", email, m_email, s_email, h_email, "reviewerOnly", i)
      WHERE b."jobId" = ${c.jobId}::int AND b."lastSeq" > ${c.from}::int AND b."firstSeq" <= ${c.to}::int
        AND b."firstSeq" + x.i::int - 1 > ${c.from}::int AND b."firstSeq" + x.i::int - 1 <= ${c.to}::int
    ),
    looked_up AS (
      SELECT k.*, coalesce(u_exact.id, u_folded.id) AS uid, coalesce(u_exact.email, u_folded.email) AS u_email,
        coalesce(m_exact.id, m_folded.id) AS mid, coalesce(s_exact.id, s_folded.id) AS sid, coalesce(h_exact.id, h_folded.id) AS hid
      FROM chunk k
      ${activeUser("u", Prisma.sql`k.email`)}
      ${activeUser("m", Prisma.sql`k.m_email`)}
      ${activeUser("s", Prisma.sql`k.s_email`)}
      ${activeUser("h", Prisma.sql`k.h_email`)}
    ),
    resolved AS (
      SELECT r.*, p.id AS pid, p."managerId" AS p_manager, p."secondaryManagerId" AS p_secondary, p."hrPartnerId" AS p_hr
      FROM looked_up r
      LEFT JOIN LATERAL (
        SELECT x.id, x."managerId", x."secondaryManagerId", x."hrPartnerId" FROM "Participant" x
        WHERE r.uid IS NOT NULL AND x."cycleId" = ${c.cycleId}::int AND x."userId" = r.uid
        LIMIT 1 -- keeps it a per-row probe of the (cycleId, userId) index: a flattened join may read the whole cycle per row
      ) p ON true
    ),
    merged AS (
      SELECT r.*,
        (r.uid IS NULL OR (r.m_email IS NOT NULL AND r.mid IS NULL) OR (r.s_email IS NOT NULL AND r.sid IS NULL)
          OR (r.h_email IS NOT NULL AND r.hid IS NULL)) AS unknown,
        CASE WHEN ${c.has.manager}::boolean THEN r.mid ELSE r.p_manager END AS mm,
        CASE WHEN ${c.has.secondary}::boolean THEN r.sid ELSE r.p_secondary END AS ms,
        CASE WHEN ${c.has.hr}::boolean THEN r.hid ELSE r.p_hr END AS mh
      FROM resolved r
    ),
    rules AS (
      SELECT m.*,
        CASE WHEN NOT m.unknown AND m.mm = m.uid THEN 'Manager must differ from the participant' END AS manager_rule,
        CASE WHEN NOT m.unknown AND m.ms = m.uid THEN 'Secondary manager must differ from the participant'
             WHEN NOT m.unknown AND m.ms = m.mm THEN 'Secondary manager must differ from the manager' END AS secondary_rule,
        CASE WHEN NOT m.unknown AND m.mh = m.uid THEN 'HR partner must differ from the participant' END AS hr_rule,
        -- Their keys (ADR 0100: JobRowError.messageCode), beside the English.
        CASE WHEN NOT m.unknown AND m.mm = m.uid THEN 'participants.result.managerSelf' END AS manager_key,
        CASE WHEN NOT m.unknown AND m.ms = m.uid THEN 'participants.result.secondarySelf'
             WHEN NOT m.unknown AND m.ms = m.mm THEN 'participants.result.secondaryManager' END AS secondary_key,
        CASE WHEN NOT m.unknown AND m.mh = m.uid THEN 'participants.result.hrSelf' END AS hr_key
      FROM merged m
    ),
    judged AS (
      SELECT r.*, (r.errors IS NOT NULL OR r.unknown OR r.pid IS NOT NULL
        OR r.manager_rule IS NOT NULL OR r.secondary_rule IS NOT NULL OR r.hr_rule IS NOT NULL) AS has_issue
      FROM rules r
    ),
    issues AS (
      SELECT r.seq, r."rowNumber", i.ord, i.col, i.msg, i.code
      FROM judged r
      CROSS JOIN LATERAL (
        SELECT e.ord, e.value->>'column' AS col, e.value->>'message' AS msg, nullif(e.value->'code', 'null'::jsonb) AS code
        FROM jsonb_array_elements(r.errors) WITH ORDINALITY AS e(value, ord)
        UNION ALL
        SELECT v.ord, v.col, v.msg, jsonb_build_object('key', v.key, 'values', v.vals)
        FROM (VALUES
          (101::bigint, 'email', CASE WHEN r.uid IS NULL THEN 'No user with email ' || r.email END, ${NO_USER}, jsonb_build_object('email', r.email)),
          (102, 'manager_email', CASE WHEN r.m_email IS NOT NULL AND r.mid IS NULL THEN 'No user with email ' || r.m_email END, ${NO_USER}, jsonb_build_object('email', r.m_email)),
          (103, 'secondary_manager_email', CASE WHEN r.s_email IS NOT NULL AND r.sid IS NULL THEN 'No user with email ' || r.s_email END, ${NO_USER}, jsonb_build_object('email', r.s_email)),
          (104, 'hr_partner_email', CASE WHEN r.h_email IS NOT NULL AND r.hid IS NULL THEN 'No user with email ' || r.h_email END, ${NO_USER}, jsonb_build_object('email', r.h_email)),
          (201, 'manager_email', r.manager_rule, r.manager_key, '{}'::jsonb),
          (202, 'secondary_manager_email', r.secondary_rule, r.secondary_key, '{}'::jsonb),
          (203, 'hr_partner_email', r.hr_rule, r.hr_key, '{}'::jsonb),
          (301, 'email', CASE WHEN NOT r.unknown AND r.manager_rule IS NULL AND r.secondary_rule IS NULL AND r.hr_rule IS NULL
                                AND r.pid IS NOT NULL THEN lower(r.u_email) || ${ALREADY} END, ${ALREADY_KEY}::text, jsonb_build_object('email', lower(r.u_email)))
        ) AS v(ord, col, msg, key, vals)
        WHERE r.errors IS NULL AND v.msg IS NOT NULL
      ) AS i
      WHERE NOT r.earlier AND r.has_issue
    ),
    new_errors AS (
      INSERT INTO "JobRowError" ("jobId", "rowNumber", "column", message, "messageCode")
      SELECT ${c.jobId}::int, i."rowNumber", i.col, i.msg, i.code || jsonb_build_object('en', i.msg) FROM issues i ORDER BY i."rowNumber", i.ord
      RETURNING "rowNumber"
    )`;
}

/** The save phase's writes: the valid rows into "Participant", their audit records, and rows lost to a concurrent insert. */
function writeCtes(c: StagedChunk, actor: Actor, at: Date): Prisma.Sql {
  const stamp = at.toISOString();
  return Prisma.sql`,
    ok AS (
      SELECT r.* FROM judged r WHERE NOT r.earlier AND NOT r.has_issue
    ),
    inserted AS (
      INSERT INTO "Participant" ("cycleId", "userId", "managerId", "secondaryManagerId", "hrPartnerId", "reviewerOnly", "createdAt", "updatedAt")
      SELECT ${c.cycleId}::int, o.uid, o.mid, o.sid, o.hid, coalesce(o."reviewerOnly", false), ${stamp}::timestamp(3), ${stamp}::timestamp(3)
      FROM ok o ORDER BY o."rowNumber"
      ON CONFLICT ("cycleId", "userId") DO NOTHING
      RETURNING id, "userId", "managerId", "secondaryManagerId", "hrPartnerId", "reviewerOnly"
    ),
    audits AS (
      INSERT INTO "AuditRecord" ("actorId", "realActorId", source, action, "entityType", "entityId", after, "createdAt")
      SELECT ${actor.userId}::int, ${actor.realUserId ?? actor.userId}::int, ${actor.source}, 'participant.create', 'Participant', n.id::text,
        jsonb_build_object('cycle_id', ${c.cycleId}::int, 'cycle_participant_id', n.id, 'email', u.email, 'manager_email', m.email,
          'secondary_manager_email', s.email, 'hr_partner_email', h.email, 'reviewer_only', n."reviewerOnly",
          'calibrated_rating', NULL::int, 'promotion_decision', NULL::text),
        ${stamp}::timestamp(3)
      FROM inserted n
      CROSS JOIN LATERAL (SELECT x.email FROM "User" x WHERE x.id = n."userId" LIMIT 1) u
      LEFT JOIN LATERAL (SELECT x.email FROM "User" x WHERE x.id = n."managerId" LIMIT 1) m ON true
      LEFT JOIN LATERAL (SELECT x.email FROM "User" x WHERE x.id = n."secondaryManagerId" LIMIT 1) s ON true
      LEFT JOIN LATERAL (SELECT x.email FROM "User" x WHERE x.id = n."hrPartnerId" LIMIT 1) h ON true
      ORDER BY n.id
    ),
    lost AS (
      INSERT INTO "JobRowError" ("jobId", "rowNumber", "column", message, "messageCode")
      SELECT ${c.jobId}::int, o."rowNumber", 'email', lower(o.u_email) || ${ALREADY},
        jsonb_build_object('key', ${ALREADY_KEY}::text, 'values', jsonb_build_object('email', lower(o.u_email)), 'en', lower(o.u_email) || ${ALREADY})
      FROM ok o
      WHERE (SELECT count(*) FROM inserted) < (SELECT count(*) FROM ok) AND o.uid NOT IN (SELECT n."userId" FROM inserted n)
      ORDER BY o."rowNumber"
      RETURNING 1
    )`;
}

type Counts = { rows: number; first_row: number | null; last_row: number | null; earlier: number; failed: number; created: number; lost: number; ids: number[] | null };

async function run(tx: Tx, c: StagedChunk, write: Prisma.Sql | null): Promise<StagedChunkResult> {
  const writes = write
    ? Prisma.sql`(SELECT count(*) FROM inserted)::int AS created, (SELECT count(*) FROM lost)::int AS lost,
        (SELECT array_agg(id ORDER BY id) FROM inserted) AS ids`
    : Prisma.sql`0 AS created, 0 AS lost, NULL::int[] AS ids`;
  // The statement's estimated cost passes the JIT threshold, and compiling it cost more than running it
  // (about 1 s per 20,000-row chunk on PostgreSQL 15): off for the rest of this transaction.
  await tx.$executeRaw`SET LOCAL jit = off`;
  const [row] = await tx.$queryRaw<Counts[]>`
    WITH ${checkCtes(c)}${write ?? Prisma.empty}
    SELECT (SELECT count(*) FROM chunk)::int AS rows, (SELECT min("rowNumber") FROM chunk) AS first_row,
      (SELECT max("rowNumber") FROM chunk) AS last_row, (SELECT count(*) FROM chunk WHERE earlier)::int AS earlier,
      (SELECT count(DISTINCT "rowNumber") FROM new_errors)::int AS failed, ${writes}`;
  const r = row!;
  return {
    rows: r.rows,
    firstRow: r.first_row,
    lastRow: r.last_row,
    failed: r.earlier + r.failed + r.lost,
    created: r.created,
    createdIds: (r.ids ?? []).map(Number),
  };
}

/** Check a chunk of staged rows and record its row errors (the check phase: nothing else is written). */
export function checkStagedChunk(tx: Tx, chunk: StagedChunk): Promise<StagedChunkResult> {
  return run(tx, chunk, null);
}

/**
 * Check a chunk of staged rows, record its row errors, insert its valid rows as participants (ON CONFLICT
 * DO NOTHING on (cycle, user): a row a concurrent insert beat is a row error, as an existing participant is)
 * and write one `participant.create` audit record per inserted participant, with the JSON of
 * participantAuditSnapshot (model.server.ts); all in one statement, in the caller's transaction.
 */
export function insertStagedChunk(tx: Tx, chunk: StagedChunk, actor: Actor, at = new Date()): Promise<StagedChunkResult> {
  return run(tx, chunk, writeCtes(chunk, actor, at));
}
