/**
 * Backup and restore of the app's database (docs/decisions/0046-backup-restore-and-audit-proof.md), used by
 * scripts/backup.ts (`npm run db:backup` / `npm run db:restore`) and by tests/integration/backup-restore.test.ts.
 *
 *  - PostgreSQL: `pg_dump -Fc` (one compressed archive, consistent: one snapshot), restored with `pg_restore` in
 *    one transaction. The binaries are the newest /usr/lib/postgresql/<v>/bin (where scripts/ensure-postgres.sh
 *    installs the server) or else the ones on PATH; missing ones are reported, never guessed.
 *  - PGlite: PGlite's own data-folder dump (`dumpDataDir("gzip")`, a .tar.gz of the folder) restored with its
 *    `loadDataDir` option into a new folder. A PGlite folder is open in one process at a time: both refuse while
 *    the folder's postmaster.pid shows it open (the app or the worker running).
 * A restore never overwrites a database that has anything in it unless `force` is given.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPGlite } from "~/platform/pglite.server";
import { databaseTarget, describeTarget, type DatabaseTarget } from "./adapters";
import { migrationStatus, resetDatabase, type MigrationStatus } from "./migrate";

export class BackupError extends Error {}

export type BackupFormat = "pg_dump" | "pglite";

export type RestoreResult = { format: BackupFormat; appliedMigrations: number; status: MigrationStatus };

/** The format a backup file is in, from its first bytes: pg_dump's custom archives begin with "PGDMP", gzip with 1f 8b. */
export function backupFormat(file: string): BackupFormat {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head.toString("latin1") === "PGDMP") return "pg_dump";
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  } finally {
    fs.closeSync(fd);
  }
  throw new BackupError(`${file} is neither a pg_dump custom archive (PostgreSQL) nor a PGlite .tar.gz`);
}

/** pg_dump / pg_restore: the newest /usr/lib/postgresql/<v>/bin, else PATH; a clear error when neither has it. */
export function findPgTool(tool: "pg_dump" | "pg_restore"): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, "bin", tool);
    if (fs.existsSync(bin)) return bin;
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const bin = path.join(dir, tool);
    if (fs.existsSync(bin)) return bin;
  }
  throw new BackupError(
    `${tool} not found (looked in ${root}/<version>/bin and PATH): install the PostgreSQL client tools of the server's version or newer ` +
      `(on Debian: apt-get install postgresql-client, or bash scripts/ensure-postgres.sh)`,
  );
}

/** The URL without its password, and the password for PGPASSWORD (not on the command line, where `ps` shows it). */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${path.basename(bin)} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

function pidFile(dir: string) {
  return path.join(dir, "postmaster.pid");
}

/** Refuse a PGlite folder that a process has open (PGlite writes postmaster.pid while open, removes it on close). */
function assertPGliteClosed(dir: string, ignoreLock: boolean) {
  if (fs.existsSync(pidFile(dir)) && !ignoreLock)
    throw new BackupError(
      `${dir} is open in another process (${pidFile(dir)} exists): stop the app and the worker first. ` +
        `If nothing uses it (a process was killed), pass --ignore-lock.`,
    );
}

async function countRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Write a backup of the database (DATABASE_URL rules) to `file`. Returns the format written. */
export async function backupDatabase(file: string, opts: { target?: DatabaseTarget; ignoreLock?: boolean } = {}): Promise<BackupFormat> {
  const target = opts.target ?? databaseTarget();
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    if (target.kind === "postgres") {
      const { url, env } = connection(target.url);
      await run(findPgTool("pg_dump"), ["--format=custom", "--file", partial, "--dbname", url], env);
    } else {
      if (target.dir === "memory://") throw new BackupError("an in-memory PGlite database has nothing to back up");
      if (!fs.existsSync(path.join(target.dir, "PG_VERSION"))) throw new BackupError(`${target.dir} is not a PGlite data folder`);
      assertPGliteClosed(target.dir, opts.ignoreLock ?? false);
      const pglite = await openPGlite(target.dir);
      try {
        const dump = await pglite.dumpDataDir("gzip");
        fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      } finally {
        await pglite.close();
      }
    }
    fs.renameSync(partial, file); // a failed backup never leaves a file that looks complete
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return target.kind === "postgres" ? "pg_dump" : "pglite";
}

/**
 * Restore `file` into the database (DATABASE_URL rules). Refuses a database that has any table (PostgreSQL) or a
 * folder that has anything in it (PGlite) unless `force`: then the old contents are dropped first. The file's
 * format must match the database kind. Returns the migration status of the restored database.
 */
export async function restoreDatabase(file: string, opts: { target?: DatabaseTarget; force?: boolean; ignoreLock?: boolean } = {}): Promise<RestoreResult> {
  const target = opts.target ?? databaseTarget();
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  const format = backupFormat(file);
  const where = describeTarget(target);
  if (target.kind === "postgres") {
    if (format !== "pg_dump") throw new BackupError(`${file} is a PGlite backup; ${where} needs a pg_dump archive`);
    const relations = await countRelations(target.url);
    if (relations > 0) {
      if (!opts.force) throw new BackupError(`${where} is not empty (${relations} relations): restore into a new database, or pass --force to replace its contents`);
      await resetDatabase(target.url);
    }
    const { url, env } = connection(target.url);
    await run(findPgTool("pg_restore"), ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname", url, file], env);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const appliedMigrations = (await client.query<{ n: number }>(APPLIED_SQL)).rows[0]!.n;
      return { format, appliedMigrations, status: await migrationStatus(target.url) };
    } finally {
      await client.end();
    }
  }
  if (format !== "pglite") throw new BackupError(`${file} is a pg_dump archive; ${where} needs a PGlite .tar.gz`);
  if (target.dir === "memory://") throw new BackupError("restore into a PGlite data folder, not memory://");
  const occupied = fs.existsSync(target.dir) && fs.readdirSync(target.dir).length > 0;
  if (occupied) {
    if (!opts.force) throw new BackupError(`${where} is not empty: restore into a new folder, or pass --force to replace it`);
    assertPGliteClosed(target.dir, opts.ignoreLock ?? false);
  }
  // Load into a new folder beside it, then swap: a failed load leaves the old folder as it was.
  const fresh = `${target.dir}.restoring-${process.pid}`;
  fs.rmSync(fresh, { recursive: true, force: true });
  let appliedMigrations: number;
  try {
    const pglite = await openPGlite(fresh, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      appliedMigrations = (await pglite.query<{ n: number }>(APPLIED_SQL)).rows[0]!.n;
    } finally {
      await pglite.close();
    }
    if (occupied) fs.rmSync(target.dir, { recursive: true, force: true });
    fs.renameSync(fresh, target.dir);
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
  return { format, appliedMigrations, status: await migrationStatus(`pglite:${target.dir}`) };
}

/** The restored database's migration history (which also shows the restore is a database of this app). */
const APPLIED_SQL = `SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
