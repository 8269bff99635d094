/**
 * The data and the SQL side of bench/participants-import.ts: the dataset (users and CSV), `\copy` of the file,
 * the set-based SQL reference the upload job is compared with (issue 16 goal P2), and where the job's time went
 * (from its audit trail).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { psql, withClient, writeCsvFile } from "./lib";

// ---------------------------------------------------------------------------------------------
// Data

export type Dataset = { tag: string; csvPath: string; bytes: number; rows: number };

/**
 * `rows` participant users b<i>.<tag>@bench.example.com (row i's manager is user (i-1)/10, a tree
 * like an organisation; every 20th row has a secondary manager; every 13th is reviewer-only) and
 * 50 HR partners. Users are inserted in batches (setup, not timed).
 */
export async function makeDataset(url: string, rows: number, dir: string): Promise<Dataset> {
  const tag = randomUUID().slice(0, 8);
  const email = (i: number) => `b${i}.${tag}@bench.example.com`;
  const hr = (k: number) => `hr${k}.${tag}@bench.example.com`;
  await withClient(url, async (c) => {
    const all: Array<[string, string, string]> = [];
    for (let k = 0; k < 50; k++) all.push([hr(k), `HR ${k} ${tag}`, "PEOPLE_PARTNER"]);
    for (let i = 0; i < rows; i++) all.push([email(i), `Bench ${i} ${tag}`, "EMPLOYEE"]);
    for (let i = 0; i < all.length; i += 10_000) {
      const part = all.slice(i, i + 10_000);
      await c.query(
        `INSERT INTO "User" (email, name, role, "updatedAt")
         SELECT e, n, r::"Role", now() FROM unnest($1::text[], $2::text[], $3::text[]) AS t(e, n, r)`,
        [part.map((u) => u[0]), part.map((u) => u[1]), part.map((u) => u[2])],
      );
    }
    await c.query(`ANALYZE "User"`);
  });
  const csvPath = path.join(dir, `participants-${rows}.csv`);
  const bytes = await writeCsvFile(csvPath, "email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only", Array.from({ length: rows }, (_, i) => i), (i) => {
    const manager = i > 0 ? email(Math.floor((i - 1) / 10)) : "";
    const secondary = i > 20 && i % 20 === 0 ? email(Math.floor((i - 1) / 10) - 1) : "";
    return `${email(i)},${manager},${secondary},${hr(i % 50)},${i % 13 === 0 ? "true" : "false"}`;
  });
  return { tag, csvPath, bytes, rows };
}

// ---------------------------------------------------------------------------------------------
// COPY

const COPY_COLUMNS = "email, manager_email, secondary_manager_email, hr_partner_email, reviewer_only";

/** Seconds for `\copy` of the file into a fresh table shaped like the participant rows (timed around psql). */
export async function timeCopy(url: string, data: Dataset): Promise<number> {
  await withClient(url, async (c) => {
    await c.query(`DROP TABLE IF EXISTS bench_copy`);
    await c.query(`CREATE TABLE bench_copy (
      id serial PRIMARY KEY, email text NOT NULL UNIQUE, manager_email text, secondary_manager_email text,
      hr_partner_email text, reviewer_only boolean NOT NULL DEFAULT false,
      "createdAt" timestamp(3) NOT NULL DEFAULT now())`);
    await c.query(`CREATE INDEX ON bench_copy (manager_email)`);
  });
  const t0 = performance.now();
  psql(url, `\\copy bench_copy (${COPY_COLUMNS}) FROM '${data.csvPath}' WITH (FORMAT csv, HEADER true)`);
  const seconds = (performance.now() - t0) / 1000;
  const n = await withClient(url, async (c) => Number((await c.query(`SELECT count(*) AS n FROM bench_copy`)).rows[0].n));
  if (n !== data.rows) throw new Error(`COPY loaded ${n} rows, expected ${data.rows}`);
  await withClient(url, (c) => c.query(`DROP TABLE bench_copy`));
  return seconds;
}

/**
 * The set-based SQL reference (goal P2 of issue 16: the job within 2x of it): the same rows the job
 * writes, without the job's row checks. COPY of the file into a staging table, then in one transaction
 * one `INSERT … SELECT` resolving the emails into "Participant" of a fresh cycle and one
 * `INSERT … SELECT` writing a `participant.create` audit record per inserted participant, with the
 * job's columns and JSON (app/features/participants/rows: actor, source "workflow", entity
 * Participant/<id>, after = { cycle_id, cycle_participant_id, email, manager_email,
 * secondary_manager_email, hr_partner_email, reviewer_only, calibrated_rating, promotion_decision }).
 * Returns the seconds from the COPY to the commit.
 */
export async function timeReference(url: string, data: Dataset, actorId: number): Promise<number> {
  const cycleId = await withClient(url, async (c) => {
    await c.query(`DROP TABLE IF EXISTS bench_stage`);
    await c.query(`CREATE UNLOGGED TABLE bench_stage (email text, manager_email text, secondary_manager_email text, hr_partner_email text, reviewer_only boolean)`);
    const r = await c.query(`INSERT INTO "Cycle" (name, "workflowId", "updatedAt") VALUES ($1, $2, now()) RETURNING id`, [
      `bench copy ${data.tag}`,
      `bench-copy-${data.tag}`,
    ]);
    return Number(r.rows[0].id);
  });
  const t0 = performance.now();
  psql(url, `\\copy bench_stage FROM '${data.csvPath}' WITH (FORMAT csv, HEADER true)`);
  const written = await withClient(url, async (c) => {
    await c.query("BEGIN");
    const p = await c.query(
      `INSERT INTO "Participant" ("cycleId", "userId", "managerId", "secondaryManagerId", "hrPartnerId", "reviewerOnly", "updatedAt")
       SELECT $1, u.id, m.id, s.id, h.id, coalesce(b.reviewer_only, false), now()
       FROM bench_stage b
       JOIN "User" u ON u.email = lower(b.email)
       LEFT JOIN "User" m ON m.email = lower(b.manager_email)
       LEFT JOIN "User" s ON s.email = lower(b.secondary_manager_email)
       LEFT JOIN "User" h ON h.email = lower(b.hr_partner_email)
       ON CONFLICT ("cycleId", "userId") DO NOTHING`,
      [cycleId],
    );
    const a = await c.query(
      `INSERT INTO "AuditRecord" ("actorId", "realActorId", source, action, "entityType", "entityId", after, "createdAt")
       SELECT $2, $2, 'workflow', 'participant.create', 'Participant', p.id::text,
         jsonb_build_object('cycle_id', p."cycleId", 'cycle_participant_id', p.id, 'email', u.email, 'manager_email', m.email,
           'secondary_manager_email', s.email, 'hr_partner_email', h.email, 'reviewer_only', p."reviewerOnly",
           'calibrated_rating', p."calibratedRating", 'promotion_decision', p."promotionDecision"),
         p."createdAt"
       FROM "Participant" p
       JOIN "User" u ON u.id = p."userId"
       LEFT JOIN "User" m ON m.id = p."managerId"
       LEFT JOIN "User" s ON s.id = p."secondaryManagerId"
       LEFT JOIN "User" h ON h.id = p."hrPartnerId"
       WHERE p."cycleId" = $1
       ORDER BY p.id`,
      [cycleId, actorId],
    );
    await c.query("COMMIT");
    return { participants: p.rowCount, audits: a.rowCount };
  });
  const seconds = (performance.now() - t0) / 1000;
  if (written.participants !== data.rows || written.audits !== data.rows) {
    throw new Error(`The reference wrote ${written.participants} participants and ${written.audits} audit records, expected ${data.rows} each`);
  }
  await withClient(url, (c) => c.query(`DROP TABLE bench_stage`));
  return seconds;
}

/**
 * Where the job's time went, from its audit trail (each record's createdAt is set when it is written, at the
 * end of its transaction's work): createJob (file stored, workflow started), job.start (the file staged),
 * the first and the last chunk saved, and the end.
 */
export async function jobTiming(url: string, jobId: number, createdSeconds: number): Promise<string> {
  const rows = await withClient(url, async (c) =>
    (
      await c.query(
        `SELECT action, extract(epoch FROM "createdAt") AS at FROM "AuditRecord" WHERE "entityType" = 'Job' AND "entityId" = $1 ORDER BY id`,
        [String(jobId)],
      )
    ).rows as Array<{ action: string; at: string }>,
  );
  const at = (action: string, last = false) => {
    const hits = rows.filter((r) => r.action === action);
    const hit = last ? hits[hits.length - 1] : hits[0];
    return hit ? Number(hit.at) : NaN;
  };
  const wall = (t: number) => (t - at("job.create")).toFixed(2);
  const end = rows.some((r) => r.action === "job.succeed") ? at("job.succeed") : at("job.fail");
  return (
    `createJob ${createdSeconds.toFixed(2)} s; recorded at: job.start ${wall(at("job.start"))} s, ` +
    `first chunk saved ${wall(at("job.rows_committed"))} s, last ${wall(at("job.rows_committed", true))} s, end ${wall(end)} s`
  );
}

/**
 * Whether the job's writes are exact: participant.create audit records of the cycle's participants, rows the
 * job.rows_committed records say were committed, and pairs of those records whose row ranges overlap (a chunk
 * committed twice).
 */
export async function exactness(url: string, jobId: number, cycleId: number): Promise<{ auditRecords: number; committed: number; overlaps: number }> {
  return withClient(url, async (c) => {
    // The tables were just filled and have no statistics yet: without this the planner nests loops over 100,000 x 100,000 rows.
    await c.query("SET enable_nestloop = off");
    const audits = await c.query(
      `SELECT count(*)::int AS n FROM "AuditRecord" a JOIN "Participant" p ON a."entityType" = 'Participant' AND a."entityId" = p.id::text
       WHERE p."cycleId" = $1 AND a.action = 'participant.create'`,
      [cycleId],
    );
    const chunks = await c.query(
      `WITH r AS (
         SELECT id, (after->>'from_row')::int AS a, (after->>'to_row')::int AS b, (after->>'committed')::int AS n
         FROM "AuditRecord" WHERE "entityType" = 'Job' AND "entityId" = $1 AND action = 'job.rows_committed')
       SELECT coalesce(sum(n), 0)::int AS committed,
         (SELECT count(*)::int FROM r x JOIN r y ON x.id < y.id AND x.a <= y.b AND y.a <= x.b) AS overlaps
       FROM r`,
      [String(jobId)],
    );
    return { auditRecords: audits.rows[0].n, committed: chunks.rows[0].committed, overlaps: chunks.rows[0].overlaps };
  });
}
