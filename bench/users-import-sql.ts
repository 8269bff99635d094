/**
 * The data and the SQL side of bench/users-import.ts: the directory CSV, the set-based SQL reference the directory
 * import job is compared with (goal ≤ 2x, as issue 16's P2 for participants), and the exactness check of the job.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { psql, withClient, writeCsvFile } from "./lib";

export type Dataset = { tag: string; csvPath: string; bytes: number; rows: number };

const HEADER = "email,name,role,job_title,department,level,location,manager_email,secondary_manager_email,hr_partner_email,start_date,employee_number,active";

/**
 * A company of `rows` new people u<i>.<tag>@bench.example.com in the import's 13 columns: person i's manager is person
 * (i-1)/10 (a tree like an organisation, six levels for 100,000 people), every 20th has a secondary manager, the first
 * 50 are People Partners and everybody else's HR partner. Written leaves first, so that every manager comes LATER in
 * the file than their reports (the harder order for the import).
 */
export async function makeDataset(rows: number, dir: string, prefix = "u"): Promise<Dataset> {
  const tag = randomUUID().slice(0, 8);
  const email = (i: number) => `${prefix}${i}.${tag}@bench.example.com`;
  const csvPath = path.join(dir, `directory-${prefix}-${rows}.csv`);
  const leavesFirst = Array.from({ length: rows }, (_, k) => rows - 1 - k);
  const bytes = await writeCsvFile(csvPath, HEADER, leavesFirst, (i) => {
    const manager = i > 0 ? email(Math.floor((i - 1) / 10)) : "";
    const secondary = i > 20 && i % 20 === 0 ? email(Math.floor((i - 1) / 10) - 1) : "";
    const hr = i < 50 ? "" : email(i % 50);
    const start = new Date(Date.UTC(2015, 0, 1) + (i % 3000) * 86_400_000).toISOString().slice(0, 10);
    return (
      `${email(i)},Person ${i} ${tag},${i < 50 ? "PEOPLE_PARTNER" : "EMPLOYEE"},Role ${i % 40},Dept ${i % 20},L${1 + (i % 7)},` +
      `City ${i % 12},${manager},${secondary},${hr},${start},E${i}-${tag},true`
    );
  });
  return { tag, csvPath, bytes, rows };
}


/**
 * The set-based SQL reference: the same users, links and audit records the job writes, without the job's checks.
 * `\copy` of the file into a staging table, then in one transaction: INSERT … SELECT of the users (emails prefixed
 * `ref.`, so that they are new people too), one UPDATE … FROM setting the three links by email, and INSERT … SELECT of
 * one `user.create` record per user with the job's JSON (directorySnapshot). Returns the seconds from the COPY to the commit.
 */
export async function timeReference(url: string, data: Dataset, actorId: number): Promise<number> {
  await withClient(url, async (c) => {
    await c.query(`DROP TABLE IF EXISTS bench_dir_stage`);
    await c.query(`CREATE UNLOGGED TABLE bench_dir_stage (email text, name text, role text, job_title text, department text, level text,
      location text, manager_email text, secondary_manager_email text, hr_partner_email text, start_date date, employee_number text, active boolean)`);
  });
  const t0 = performance.now();
  psql(url, `\\copy bench_dir_stage FROM '${data.csvPath}' WITH (FORMAT csv, HEADER true)`);
  const written = await withClient(url, async (c) => {
    await c.query("BEGIN");
    const ref = (col: string) => `CASE WHEN ${col} <> '' THEN 'ref.' || lower(${col}) END`;
    const users = await c.query(
      `INSERT INTO "User" (email, name, role, "jobTitle", department, level, location, "startDate", "employeeNumber", active, "updatedAt")
       SELECT 'ref.' || lower(b.email), b.name, coalesce(nullif(b.role, ''), 'EMPLOYEE')::"Role", b.job_title, b.department, b.level, b.location,
         b.start_date, 'ref.' || b.employee_number, coalesce(b.active, true), now()
       FROM bench_dir_stage b`,
    );
    await c.query(`ANALYZE "User"`);
    await c.query(
      `UPDATE "User" u SET "managerId" = m.id, "secondaryManagerId" = s.id, "hrPartnerId" = h.id
       FROM bench_dir_stage b
       LEFT JOIN "User" m ON m.email = ${ref("b.manager_email")}
       LEFT JOIN "User" s ON s.email = ${ref("b.secondary_manager_email")}
       LEFT JOIN "User" h ON h.email = ${ref("b.hr_partner_email")}
       WHERE u.email = 'ref.' || lower(b.email)`,
    );
    const audits = await c.query(
      `INSERT INTO "AuditRecord" ("actorId", "realActorId", source, action, "entityType", "entityId", after, "createdAt")
       SELECT $1, $1, 'workflow', 'user.create', 'User', u.id::text, jsonb_build_object(
         'id', u.id, 'email', u.email, 'name', u.name, 'role', u.role::text, 'job_title', u."jobTitle", 'department', u.department,
         'level', u.level, 'location', u.location, 'manager_email', m.email, 'secondary_manager_email', s.email, 'hr_partner_email', h.email,
         'start_date', to_char(u."startDate", 'YYYY-MM-DD'), 'employee_number', u."employeeNumber", 'active', u.active,
         'deactivated_at', NULL::text, 'scim_managed', false, 'scim_external_id', NULL::text), now()
       FROM bench_dir_stage b
       JOIN "User" u ON u.email = 'ref.' || lower(b.email)
       LEFT JOIN "User" m ON m.id = u."managerId"
       LEFT JOIN "User" s ON s.id = u."secondaryManagerId"
       LEFT JOIN "User" h ON h.id = u."hrPartnerId"`,
      [actorId],
    );
    await c.query("COMMIT");
    return { users: users.rowCount, audits: audits.rowCount };
  });
  const seconds = (performance.now() - t0) / 1000;
  if (written.users !== data.rows || written.audits !== data.rows) {
    throw new Error(`The reference wrote ${written.users} users and ${written.audits} audit records, expected ${data.rows} each`);
  }
  await withClient(url, (c) => c.query(`DROP TABLE bench_dir_stage`));
  return seconds;
}

/**
 * Whether the job's writes are exact: the tag's users, their user.create records, those whose manager link is the one
 * the file names (every person but the first), and pairs of job.rows_committed ranges that overlap (a range twice).
 */
export async function exactness(url: string, jobId: number, tag: string) {
  return withClient(url, async (c) => {
    await c.query("SET enable_nestloop = off");
    const like = `u%.${tag}@bench.example.com`;
    const r = await c.query(
      `SELECT (SELECT count(*) FROM "User" WHERE email LIKE $1)::int AS users,
         (SELECT count(*) FROM "AuditRecord" a JOIN "User" u ON a."entityType" = 'User' AND a."entityId" = u.id::text
           WHERE u.email LIKE $1 AND a.action = 'user.create')::int AS audits,
         (SELECT count(*) FROM "User" u JOIN "User" m ON m.id = u."managerId"
           WHERE u.email LIKE $1 AND m.email = 'u' || ((substring(u.email FROM '^u([0-9]+)')::int - 1) / 10) || substring(u.email FROM '\\.[^.]+@.*$'))::int AS linked`,
      [like],
    );
    const chunks = await c.query(
      `WITH r AS (
         SELECT id, (after->>'from_row')::int AS a, (after->>'to_row')::int AS b, (after->>'rows')::int AS n
         FROM "AuditRecord" WHERE "entityType" = 'Job' AND "entityId" = $1 AND action = 'job.rows_committed')
       SELECT coalesce(sum(n), 0)::int AS committed,
         (SELECT count(*)::int FROM r x JOIN r y ON x.id < y.id AND x.a <= y.b AND y.a <= x.b) AS overlaps
       FROM r`,
      [String(jobId)],
    );
    return { users: r.rows[0].users as number, audits: r.rows[0].audits as number, linked: r.rows[0].linked as number, ...chunks.rows[0] } as {
      users: number;
      audits: number;
      linked: number;
      committed: number;
      overlaps: number;
    };
  });
}
