import { Prisma } from "~/generated/prisma/client.ts";
import type { Tx } from "~/platform/db.server";
import type { Actor } from "~/platform/actor";
import type { ColumnsPresent } from "~/features/jobs/types/directory/columns";

/**
 * The writes of a directory import (ADR 0052), set-based, each in its step's transaction after the step's claim:
 *  - createChunk: the new users of a range of valid staged rows (email, name, role, plain fields, active), without
 *    their links yet (their managers may come later in the file); the staged row is marked done;
 *  - saveChunk: every valid row of a range: its user's fields and links as the file says (a column the file lacks
 *    keeps the value), then one audit record per created or changed user with the directory core's actions and
 *    snapshots (user.create, user.update, user.deactivate, user.reactivate; directorySnapshot's JSON), and for a user
 *    deactivated or whose role changed the end of every session and API token (session.revoke_all with the counts,
 *    as endAllAccess does). The rows done in the create pass are the created users.
 * Rows `from < seq <= to`.
 */

export type ChunkRange = { jobId: number; from: number; to: number };

export type SaveCounts = { rows: number; created: number; updated: number; deactivated: number; reactivated: number; unchanged: number };

/** A user row `u` as directorySnapshot (app/features/users/json.server.ts) writes it in the audit log. */
const snapshot = Prisma.sql`jsonb_build_object(
  'id', u.id, 'email', u.email, 'name', u.name, 'role', u.role::text,
  'job_title', u."jobTitle", 'department', u.department, 'level', u.level, 'location', u.location,
  'manager_email', (SELECT p.email FROM "User" p WHERE p.id = u."managerId"),
  'secondary_manager_email', (SELECT p.email FROM "User" p WHERE p.id = u."secondaryManagerId"),
  'hr_partner_email', (SELECT p.email FROM "User" p WHERE p.id = u."hrPartnerId"),
  'start_date', to_char(u."startDate", 'YYYY-MM-DD'), 'employee_number', u."employeeNumber", 'active', u.active,
  'deactivated_at', to_char(u."deactivatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'scim_managed', u."scimId" IS NOT NULL, 'scim_external_id', u."scimExternalId")`;

/**
 * The id of the user an email (a lower-case SQL expression) names: the exact email through its unique index, else,
 * only then, one whose email differs in case (the lower(email) index). No ORDER BY: a plan walking the primary key in
 * order to satisfy it would read every user per row while the table's statistics still say it is small.
 */
export function userIdByEmail(email: string): Prisma.Sql {
  return Prisma.raw(
    `coalesce((SELECT x.id FROM "User" x WHERE x.email = ${email}), (SELECT x.id FROM "User" x WHERE lower(x.email) = ${email} LIMIT 1))`,
  );
}

const inRange = (c: ChunkRange) => Prisma.sql`s."jobId" = ${c.jobId}::int AND s.seq > ${c.from}::int AND s.seq <= ${c.to}::int AND s.errors IS NULL`;

/**
 * Insert the range's new users (no links yet); returns how many. Two statements that each probe the email index per
 * row (no join between a statement's own results, whose size the planner cannot know: ADR 0038): mark the rows whose
 * person does not exist, then insert those; a row a concurrent insert beat is un-marked (it is then an update).
 */
export async function createChunk(tx: Tx, c: ChunkRange, at: Date): Promise<number> {
  const stamp = at.toISOString();
  await tx.$executeRaw`SET LOCAL jit = off`;
  const marked = await tx.$executeRaw`
    UPDATE "DirectoryStagedRow" s SET done = true
    WHERE ${inRange(c)} AND NOT s.done AND NOT EXISTS (SELECT 1 FROM "User" x WHERE lower(x.email) = s.email)`;
  if (marked === 0) return 0;
  const created = await tx.$executeRaw`
    INSERT INTO "User" (email, name, role, "jobTitle", department, level, location, "startDate", "employeeNumber", active,
      "deactivatedAt", "createdAt", "updatedAt")
    SELECT s.email, s.name, coalesce(s.role, 'EMPLOYEE'), s."jobTitle", s.department, s.level, s.location, s."startDate",
      s."employeeNumber", coalesce(s.active, true), CASE WHEN coalesce(s.active, true) THEN NULL ELSE ${stamp}::timestamp(3) END,
      ${stamp}::timestamp(3), ${stamp}::timestamp(3)
    FROM "DirectoryStagedRow" s
    WHERE ${inRange(c)} AND s.done AND NOT EXISTS (SELECT 1 FROM "User" x WHERE lower(x.email) = s.email)
    ORDER BY s.seq
    ON CONFLICT (email) DO NOTHING`;
  if (created < marked) {
    await tx.$executeRaw`
      UPDATE "DirectoryStagedRow" s SET done = false
      WHERE ${inRange(c)} AND s.done AND NOT EXISTS (SELECT 1 FROM "User" x WHERE x.email = s.email AND x."createdAt" = ${stamp}::timestamp(3))`;
  }
  return created;
}

/** Keep the user's value when the file lacks the column. */
const pick = (present: boolean, fromFile: string, current: string) => Prisma.raw(present ? fromFile : current);
const linkId = (present: boolean, emailColumn: string, current: string) => (present ? userIdByEmail(`s."${emailColumn}"`) : Prisma.raw(`u."${current}"`));

/** Write the range's users as the file says, their audit records, and the end of access of the deactivated. */
export async function saveChunk(tx: Tx, c: ChunkRange, has: ColumnsPresent, actor: Actor, at: Date): Promise<SaveCounts> {
  const stamp = at.toISOString();
  const who = Prisma.sql`${actor.userId}::int, ${actor.realUserId ?? actor.userId}::int, ${actor.source}, ${actor.label ?? null}::text`;
  await tx.$executeRaw`SET LOCAL jit = off`;
  await tx.$executeRaw`
    CREATE TEMP TABLE dir_save ON COMMIT DROP AS
    SELECT s.seq, s.done AS created, u.id AS user_id, u.role::text AS before_role, u.active AS before_active,
      CASE WHEN s.done THEN NULL ELSE ${snapshot} END AS before,
      s.email, coalesce(s.name, u.name) AS name, coalesce(s.role, u.role) AS role,
      ${pick(has.job_title, `s."jobTitle"`, `u."jobTitle"`)} AS job_title,
      ${pick(has.department, "s.department", "u.department")} AS department,
      ${pick(has.level, "s.level", "u.level")} AS level,
      ${pick(has.location, "s.location", "u.location")} AS location,
      ${pick(has.start_date, `s."startDate"`, `u."startDate"`)} AS start_date,
      ${pick(has.employee_number, `s."employeeNumber"`, `u."employeeNumber"`)} AS employee_number,
      ${linkId(has.manager_email, "managerEmail", "managerId")} AS manager_id,
      ${linkId(has.secondary_manager_email, "secondaryManagerEmail", "secondaryManagerId")} AS secondary_id,
      ${linkId(has.hr_partner_email, "hrPartnerEmail", "hrPartnerId")} AS hr_id,
      coalesce(s.active, u.active) AS active
    FROM "DirectoryStagedRow" s
    CROSS JOIN LATERAL (SELECT x.* FROM "User" x WHERE x.id = ${userIdByEmail("s.email")}) u
    WHERE ${inRange(c)}`;
  await tx.$executeRaw`ANALYZE dir_save`;
  await tx.$executeRaw`
    UPDATE "User" u SET email = d.email, name = d.name, role = d.role, "jobTitle" = d.job_title, department = d.department,
      level = d.level, location = d.location, "startDate" = d.start_date, "employeeNumber" = d.employee_number,
      "managerId" = d.manager_id, "secondaryManagerId" = d.secondary_id, "hrPartnerId" = d.hr_id, active = d.active,
      "deactivatedAt" = CASE WHEN d.active = u.active THEN u."deactivatedAt" WHEN d.active THEN NULL ELSE ${stamp}::timestamp(3) END,
      "updatedAt" = ${stamp}::timestamp(3)
    FROM dir_save d
    WHERE u.id = d.user_id AND (u.email, u.name, u.role, u."jobTitle", u.department, u.level, u.location, u."startDate", u."employeeNumber",
      u."managerId", u."secondaryManagerId", u."hrPartnerId", u.active) IS DISTINCT FROM (d.email, d.name, d.role, d.job_title, d.department,
      d.level, d.location, d.start_date, d.employee_number, d.manager_id, d.secondary_id, d.hr_id, d.active)`;
  const actions = await tx.$queryRaw<Array<{ action: string; n: number }>>`
    WITH audits AS (
      INSERT INTO "AuditRecord" ("actorId", "realActorId", source, "actorLabel", action, "entityType", "entityId", before, after, "createdAt")
      SELECT ${who},
        CASE WHEN d.created THEN 'user.create' WHEN d.before_active AND NOT u.active THEN 'user.deactivate'
          WHEN NOT d.before_active AND u.active THEN 'user.reactivate' ELSE 'user.update' END,
        'User', u.id::text, d.before, a.after, ${stamp}::timestamp(3)
      FROM dir_save d
      JOIN "User" u ON u.id = d.user_id
      CROSS JOIN LATERAL (SELECT ${snapshot} AS after) a
      WHERE d.created OR d.before IS DISTINCT FROM a.after
      ORDER BY d.seq
      RETURNING action
    )
    SELECT action, count(*)::int AS n FROM audits GROUP BY action`;
  // Deactivated, or role changed: signed out everywhere at once (ADR 0039), as the directory core does.
  await tx.$executeRaw`
    WITH affected AS (
      SELECT d.user_id, CASE WHEN d.before_active AND NOT d.active THEN 'deactivated' ELSE 'role_changed' END AS reason
      FROM dir_save d WHERE NOT d.created AND ((d.before_active AND NOT d.active) OR d.before_role <> d.role::text)
    ),
    ended AS (
      DELETE FROM "UserSession" x
      WHERE x."userId" IN (SELECT user_id FROM affected) OR x."realUserId" IN (SELECT user_id FROM affected)
      RETURNING x.id::text AS id, x."userId", x."realUserId"
    ),
    revoked AS (
      UPDATE "ApiToken" t SET "revokedAt" = ${stamp}::timestamp(3)
      WHERE (t."userId" IN (SELECT user_id FROM affected) OR t."realUserId" IN (SELECT user_id FROM affected)) AND t."revokedAt" IS NULL
      RETURNING t.id::text AS id, t."userId", t."realUserId"
    ),
    -- Per user, the sessions and tokens in which they acted or were acted as (each once), as endSessionsOfUser counts.
    hits AS (
      SELECT 's' AS kind, e.id, k.user_id FROM ended e CROSS JOIN LATERAL (VALUES (e."userId"), (e."realUserId")) AS k(user_id)
      UNION
      SELECT 't', r.id, k.user_id FROM revoked r CROSS JOIN LATERAL (VALUES (r."userId"), (r."realUserId")) AS k(user_id)
    ),
    counted AS (
      SELECT a.user_id, a.reason, count(h.id) FILTER (WHERE h.kind = 's')::int AS sessions, count(h.id) FILTER (WHERE h.kind = 't')::int AS tokens
      FROM affected a LEFT JOIN hits h ON h.user_id = a.user_id
      GROUP BY a.user_id, a.reason
    )
    INSERT INTO "AuditRecord" ("actorId", "realActorId", source, "actorLabel", action, "entityType", "entityId", after, "createdAt")
    SELECT ${who}, 'session.revoke_all', 'User', c.user_id::text,
      jsonb_build_object('reason', c.reason, 'sessions', c.sessions, 'tokens', c.tokens), ${stamp}::timestamp(3)
    FROM counted c WHERE c.sessions + c.tokens > 0 ORDER BY c.user_id`;
  const [{ rows }] = await tx.$queryRaw<Array<{ rows: number }>>`
    WITH marked AS (UPDATE "DirectoryStagedRow" s SET done = true WHERE ${inRange(c)} AND NOT s.done RETURNING 1)
    SELECT (SELECT count(*) FROM dir_save)::int AS rows, (SELECT count(*) FROM marked)::int AS marked`;
  const n = (action: string) => actions.find((a) => a.action === action)?.n ?? 0;
  const counts = { created: n("user.create"), updated: n("user.update"), deactivated: n("user.deactivate"), reactivated: n("user.reactivate") };
  return { rows, ...counts, unchanged: rows - counts.created - counts.updated - counts.deactivated - counts.reactivated };
}
