import { Prisma } from "~/generated/prisma/client.ts";
import type { Tx } from "~/platform/db.server";
import { DEACTIVATE_SELF_MESSAGE, OWN_SUPER_ADMIN_ROLE_MESSAGE } from "~/features/users/directory.server";
import type { ColumnsPresent } from "~/features/jobs/types/directory/columns";
import { userIdByEmail } from "~/features/jobs/types/directory/write.server";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * The whole-file check of a directory import (ADR 0052), set-based, in the check step's one transaction. What a row
 * shows by itself was found while staging; here, on the staged rows and the directory:
 *  - round 0 (does not depend on other rows' validity): an email or employee number listed twice in the file (every
 *    occurrence after the first), an employee number another user holds, a new user without a name, the importer
 *    deactivating themselves or removing their own Super Admin role (the directory core's rules);
 *  - then rounds until nothing changes: each manager / secondary manager / HR partner email must name a person of the
 *    directory or of the file's valid rows (a row later in the file counts), and a person newly linked must be active
 *    after the file (a link the user already has is kept, as the core does); a row whose new manager makes a loop in
 *    the management chain, after applying every valid row (a recursive walk up the chain), is refused. A row refused
 *    in one round can make others invalid (its person is then unknown, or the chain changes): the next round sees it.
 * Every row error is then stored on its staged row (errors) and as a JobRowError, in row order.
 */


/** The lower-case email of the user `idColumn` of the row `alias` points to. */
const emailOf = (alias: string, idColumn: string) => Prisma.raw(`(SELECT lower(p.email) FROM "User" p WHERE p.id = ${alias}."${idColumn}")`);

/**
 * A row error's code as SQL (ADR 0100): the key and its values (`values`: jsonb_build_object's arguments), stored
 * beside the English the same statement builds; a TranslationKey, so a renamed key fails the type check.
 */
function code(key: TranslationKey, values?: Prisma.Sql): Prisma.Sql {
  return values ? Prisma.sql`jsonb_build_object('key', ${key}::text, 'values', jsonb_build_object(${values}))` : Prisma.sql`jsonb_build_object('key', ${key}::text)`;
}

/** Adds the errors of `source` (rows: seq, errs jsonb array) to dir_rows and marks those rows invalid; returns how many. */
async function addErrors(tx: Tx, source: Prisma.Sql): Promise<number> {
  return tx.$executeRaw`
    UPDATE dir_rows r SET found = r.found || x.errs, valid = false
    FROM (${source}) x WHERE r.seq = x.seq AND jsonb_array_length(x.errs) > 0`;
}

function roundZero(has: ColumnsPresent, importer: { email: string; role: string } | null): Prisma.Sql {
  const me = importer?.email ?? null;
  const admin = importer?.role === "SUPER_ADMIN";
  return Prisma.sql`
    SELECT d.seq, jsonb_path_query_array(jsonb_build_array(
      CASE WHEN d.dup_k > 1 THEN jsonb_build_object('column', 'email', 'message',
        d.email || ' is listed more than once in the file (first on row ' || d.dup_first || ')',
        'code', ${code("storedTexts.jobs.rows.listedTwiceInFile", Prisma.sql`'email', d.email, 'first', d.dup_first`)}) END,
      CASE WHEN d.valid AND d.num_k > 1 THEN jsonb_build_object('column', 'employee_number', 'message',
        'Employee number ' || d.employee_number || ' is listed more than once in the file (first on row ' || d.num_first || ')',
        'code', ${code("storedTexts.jobs.rows.directory.employeeNumberTwice", Prisma.sql`'number', d.employee_number, 'first', d.num_first`)}) END,
      CASE WHEN d.valid AND d.num_k = 1 AND d.num_holder IS NOT NULL THEN jsonb_build_object('column', 'employee_number', 'message',
        'Another user (' || d.num_holder || ') already has the employee number ' || d.employee_number,
        'code', ${code("storedTexts.jobs.rows.directory.employeeNumberTaken", Prisma.sql`'holder', d.num_holder, 'number', d.employee_number`)}) END,
      CASE WHEN d.valid AND d.ex_id IS NULL AND d.name IS NULL THEN jsonb_build_object('column', 'name', 'message', 'Name is required for a new user',
        'code', ${code("storedTexts.jobs.rows.directory.nameRequired")}) END,
      CASE WHEN d.valid AND d.email = ${me}::text AND d.active = false THEN jsonb_build_object('column', 'active', 'message', ${DEACTIVATE_SELF_MESSAGE}::text,
        'code', ${code("users.statusDialog.cannotDeactivateSelf")}) END,
      CASE WHEN d.valid AND ${admin}::boolean AND d.email = ${me}::text AND d.role IS NOT NULL AND d.role <> 'SUPER_ADMIN'
        THEN jsonb_build_object('column', 'role', 'message', ${OWN_SUPER_ADMIN_ROLE_MESSAGE}::text, 'code', ${code("users.refusal.ownSuperAdminRole")}) END
    ), '$[*] ? (@ != null)') AS errs
    FROM (
      SELECT r.*,
        row_number() OVER (PARTITION BY r.email ORDER BY r.row_number) AS dup_k,
        min(r.row_number) OVER (PARTITION BY r.email) AS dup_first,
        CASE WHEN ${has.employee_number}::boolean AND r.valid AND r.employee_number IS NOT NULL
          THEN row_number() OVER (PARTITION BY r.valid AND ${has.employee_number}::boolean, r.employee_number ORDER BY r.row_number) END AS num_k,
        min(r.row_number) OVER (PARTITION BY r.valid AND ${has.employee_number}::boolean, r.employee_number) AS num_first,
        CASE WHEN ${has.employee_number}::boolean AND r.valid AND r.employee_number IS NOT NULL THEN
          (SELECT lower(x.email) FROM "User" x WHERE x."employeeNumber" = r.employee_number AND lower(x.email) <> r.email LIMIT 1) END AS num_holder
      FROM dir_rows r
      WHERE r.email IS NOT NULL
    ) d`;
}

/** Unknown people, and people newly linked who are deactivated after the file. */
function referenceCheck(has: ColumnsPresent): Prisma.Sql {
  return Prisma.sql`
    SELECT t.seq, jsonb_agg(jsonb_build_object('column', t.col, 'message', t.msg,
      'code', jsonb_build_object('key', t.key, 'values', jsonb_build_object('email', t.email))) ORDER BY t.ord) AS errs
    FROM (
      SELECT r.seq, v.ord, v.col, v.email,
        CASE
          WHEN tr.seq IS NULL AND tu.id IS NULL THEN v.label || ' not found: no user with the email ' || v.email || ' in the directory or in the file'
          WHEN NOT (CASE WHEN tr.seq IS NOT NULL THEN coalesce(tr.active, tr.ex_active, true) ELSE tu.active END)
            AND v.email IS DISTINCT FROM v.current THEN v.email || ' is deactivated and cannot be set as ' || v.what
        END AS msg,
        CASE WHEN tr.seq IS NULL AND tu.id IS NULL THEN v.unknown_key ELSE v.inactive_key END AS key
      FROM dir_rows r
      CROSS JOIN LATERAL (VALUES
        (1, 'manager_email', 'Manager', 'manager', r.m, r.ex_m, ${has.manager_email}::boolean,
          'storedTexts.jobs.rows.directory.managerNotFound', 'users.refusal.inactivePerson.manager_email'),
        (2, 'secondary_manager_email', 'Secondary manager', 'secondary manager', r.sm, r.ex_sm, ${has.secondary_manager_email}::boolean,
          'storedTexts.jobs.rows.directory.secondaryNotFound', 'users.refusal.inactivePerson.secondary_manager_email'),
        (3, 'hr_partner_email', 'HR partner', 'HR partner', r.h, r.ex_h, ${has.hr_partner_email}::boolean,
          'storedTexts.jobs.rows.directory.hrNotFound', 'users.refusal.inactivePerson.hr_partner_email')
      ) AS v(ord, col, label, what, email, current, present, unknown_key, inactive_key)
      LEFT JOIN dir_rows tr ON tr.valid AND tr.email = v.email
      LEFT JOIN LATERAL (
        SELECT x.id, x.active FROM "User" x WHERE tr.seq IS NULL AND x.id = ${userIdByEmail("v.email")}
      ) tu ON true
      WHERE r.valid AND v.present AND v.email IS NOT NULL
    ) t
    WHERE t.msg IS NOT NULL
    GROUP BY t.seq`;
}

/**
 * Rows whose new manager would close a loop: from each valid row that changes its manager, walk up the chain as it
 * will be after the file (a valid row's manager, else the directory's) and see whether the walk comes back.
 */
const cycleCheck = Prisma.sql`
  SELECT c.seq, jsonb_build_array(jsonb_build_object('column', 'manager_email', 'message',
    c.m || ' reports (directly or not) to ' || c.email || '; a management chain cannot loop',
    'code', ${code("storedTexts.jobs.rows.directory.chainLoop", Prisma.sql`'manager', c.m, 'email', c.email`)})) AS errs
  FROM dir_rows c
  WHERE c.seq IN (
    WITH RECURSIVE walk(start_seq, start_email, node, path) AS (
      SELECT r.seq, r.email, r.m, ARRAY[r.email]
      FROM dir_rows r WHERE r.valid AND r.m IS NOT NULL AND r.m IS DISTINCT FROM r.ex_m
      UNION ALL
      SELECT w.start_seq, w.start_email, nx.m, w.path || w.node
      FROM walk w
      LEFT JOIN dir_rows f ON f.valid AND f.email = w.node
      CROSS JOIN LATERAL (
        SELECT CASE WHEN f.seq IS NOT NULL THEN f.m
          ELSE (SELECT lower(mm.email) FROM "User" x JOIN "User" mm ON mm.id = x."managerId" WHERE x.id = ${userIdByEmail("w.node")})
        END AS m
      ) nx
      WHERE w.node <> w.start_email AND NOT (w.node = ANY (w.path)) AND nx.m IS NOT NULL
    )
    SELECT start_seq FROM walk WHERE node = start_email
  )`;

/**
 * Check the job's staged rows and record their row errors (staged errors and JobRowError). `importer`: the job's
 * creator (the directory core refuses their own deactivation and the loss of their own Super Admin role).
 * Returns the number of rows with errors.
 */
export async function checkDirectoryRows(
  tx: Tx,
  jobId: number,
  has: ColumnsPresent,
  importer: { email: string; role: string } | null,
  heartbeat: () => void,
): Promise<number> {
  await tx.$executeRaw`SET LOCAL jit = off`;
  await tx.$executeRaw`
    CREATE TEMP TABLE dir_rows ON COMMIT DROP AS
    SELECT s.seq, s."rowNumber" AS row_number, s.email, s.name, s.role::text AS role, s.active, s."employeeNumber" AS employee_number,
      CASE WHEN ${has.manager_email}::boolean THEN s."managerEmail" ELSE ${emailOf("ex", "managerId")} END AS m,
      CASE WHEN ${has.secondary_manager_email}::boolean THEN s."secondaryManagerEmail" ELSE ${emailOf("ex", "secondaryManagerId")} END AS sm,
      CASE WHEN ${has.hr_partner_email}::boolean THEN s."hrPartnerEmail" ELSE ${emailOf("ex", "hrPartnerId")} END AS h,
      ex.id AS ex_id, ex.active AS ex_active,
      ${emailOf("ex", "managerId")} AS ex_m, ${emailOf("ex", "secondaryManagerId")} AS ex_sm, ${emailOf("ex", "hrPartnerId")} AS ex_h,
      (s.errors IS NULL) AS valid, '[]'::jsonb AS found
    FROM "DirectoryStagedRow" s
    LEFT JOIN LATERAL (
      SELECT x.id, x.active, x."managerId", x."secondaryManagerId", x."hrPartnerId" FROM "User" x
      WHERE x.id = ${userIdByEmail("s.email")}
    ) ex ON true
    WHERE s."jobId" = ${jobId}::int`;
  await tx.$executeRaw`CREATE INDEX ON dir_rows (email)`;
  await tx.$executeRaw`CREATE UNIQUE INDEX ON dir_rows (seq)`;
  await tx.$executeRaw`ANALYZE dir_rows`;

  await addErrors(tx, roundZero(has, importer));
  heartbeat();
  // Each round refuses at least one more row or ends the loop; a long cascade is rare (a refused new manager's reports).
  for (;;) {
    let added = await addErrors(tx, referenceCheck(has));
    if (has.manager_email) added += await addErrors(tx, cycleCheck);
    heartbeat();
    if (added === 0) break;
  }

  await tx.$executeRaw`
    UPDATE "DirectoryStagedRow" s SET errors = coalesce(s.errors, '[]'::jsonb) || d.found
    FROM dir_rows d WHERE s."jobId" = ${jobId}::int AND s.seq = d.seq AND jsonb_array_length(d.found) > 0`;
  await tx.$executeRaw`
    INSERT INTO "JobRowError" ("jobId", "rowNumber", "column", message, "messageCode")
    SELECT ${jobId}::int, s."rowNumber", e.value->>'column', e.value->>'message',
      CASE WHEN e.value->'code' IS NOT NULL THEN (e.value->'code') || jsonb_build_object('en', e.value->>'message') END
    FROM "DirectoryStagedRow" s CROSS JOIN LATERAL jsonb_array_elements(s.errors) WITH ORDINALITY AS e(value, ord)
    WHERE s."jobId" = ${jobId}::int AND s.errors IS NOT NULL
    ORDER BY s."rowNumber", e.ord`;
  const [{ failed }] = await tx.$queryRaw<Array<{ failed: number }>>`
    SELECT count(*)::int AS failed FROM "DirectoryStagedRow" WHERE "jobId" = ${jobId}::int AND errors IS NOT NULL`;
  return failed;
}
