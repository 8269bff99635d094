/**
 * Backup and restore of DATABASE_URL (same rules as scripts/db.ts: postgresql://... or pglite:<folder>, default
 * ./.data/pglite). See scripts/lib/backup.ts and docs/decisions/0046-backup-restore-and-audit-proof.md.
 *
 *   npm run db:backup -- <file>                        PostgreSQL: pg_dump -Fc archive; PGlite: the data folder as .tar.gz
 *   npm run db:restore -- <file> [--force]             into an empty database / a new folder; --force replaces what is there
 *   --ignore-lock                                      a PGlite folder whose postmaster.pid a killed process left behind
 *
 * A PGlite folder must not be open in another process (stop the app and the worker first); a PostgreSQL backup
 * can be taken while the app runs (pg_dump reads one consistent snapshot).
 */
import { describeTarget, databaseTarget } from "./lib/adapters";
import { BackupError, backupDatabase, restoreDatabase } from "./lib/backup";

const USAGE = "usage: tsx scripts/backup.ts <backup <file> | restore <file> [--force]> [--ignore-lock]";

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith("--")));
  const [file, ...extra] = rest.filter((a) => !a.startsWith("--"));
  const unknown = [...flags].filter((f) => f !== "--force" && f !== "--ignore-lock");
  if (!file || extra.length || unknown.length || (command !== "backup" && command !== "restore")) {
    console.error(unknown.length ? `unknown option ${unknown.join(" ")}\n${USAGE}` : USAGE);
    return 1;
  }
  const target = databaseTarget();
  const ignoreLock = flags.has("--ignore-lock");
  if (command === "backup") {
    if (flags.has("--force")) throw new BackupError("--force is for restore only");
    const format = await backupDatabase(file, { target, ignoreLock });
    console.log(`Backed up ${describeTarget(target)} to ${file} (${format === "pg_dump" ? "pg_dump custom archive" : "PGlite data folder .tar.gz"}).`);
    return 0;
  }
  const result = await restoreDatabase(file, { target, force: flags.has("--force"), ignoreLock });
  console.log(`Restored ${file} into ${describeTarget(target)}: ${result.appliedMigrations} migrations in its history.`);
  if (!result.status.upToDate)
    console.log(
      result.status.unapplied.length
        ? `The backup is older than this version: run npm run db:migrate:deploy (${result.status.unapplied.length} migration(s) to apply).`
        : "Its migration history differs from prisma/migrations: see npm run db:migrate:status.",
    );
  return 0;
}

main(process.argv.slice(2)).then(
  // PGlite and the schema engine leave timers behind: end the process explicitly.
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof BackupError ? `✗ ${err.message}` : err);
    process.exit(1);
  },
);
