/**
 * Database migrations without Prisma's native engine (offline): Prisma's schema engine compiled to Wasm,
 * driven through the driver adapters. See docs/decisions/0002-prisma-offline-migrations.md.
 *
 *   npm run db:migrate:create -- <name> [--empty]   new prisma/migrations/<ts>_<name>/migration.sql from schema.prisma
 *   npm run db:migrate:check                        exit 2 if schema.prisma has changes no migration covers (no database)
 *   npm run db:migrate:deploy                       apply pending migrations to DATABASE_URL
 *   npm run db:migrate:status                       exit 1 unless the database's history matches the folder
 *   npm run db:drift                                exit 2 if the database differs from schema.prisma (prints the SQL to undo it)
 *   npm run db:migrate:resolve -- --rolled-back <migration> | --applied <migration>
 *   npm run db:reset                                drop everything in DATABASE_URL, then apply all migrations
 *
 * DATABASE_URL: postgresql://... (server) or pglite:<folder> (default ./.data/pglite). A PGlite folder
 * must not be open in another process (e.g. a running app server) meanwhile.
 */
import { describeTarget, databaseTarget } from "./lib/adapters";
import {
  checkDrift,
  checkMigrations,
  createMigration,
  deployMigrations,
  migrationStatus,
  resetDatabase,
  resolveMigration,
  type MigrationStatus,
} from "./lib/migrate";
import { isEnginePanic, isHandledPanic, takePanicMessage } from "./lib/schema-engine";

const USAGE = `usage: tsx scripts/db.ts <create <name> [--empty] | check | deploy | status | drift | resolve (--applied|--rolled-back) <migration> | reset --force>`;

class UsageError extends Error {}

// A panic inside an engine callback escapes every promise chain: report the engine's own message.
process.on("uncaughtException", (err) => {
  if (isHandledPanic(err)) return; // rejected in withSchemaEngine, reported below
  const panic = isEnginePanic(err) ? takePanicMessage() : undefined;
  console.error(panic ? `The Prisma schema engine panicked: ${panic}` : err);
  process.exit(1);
});

function printStatus(status: MigrationStatus) {
  if (!status.hasMigrationsTable) console.log("The database has no migration history yet (_prisma_migrations).");
  if (status.unapplied.length) console.log(`Not yet applied (${status.unapplied.length}):\n  ${status.unapplied.join("\n  ")}`);
  if (status.unknown.length) console.log(`Applied but missing from prisma/migrations (${status.unknown.length}):\n  ${status.unknown.join("\n  ")}`);
  if (status.failed.length)
    console.log(
      `Failed (${status.failed.length}), fix it and run db:migrate:resolve -- --rolled-back <name>:\n  ${status.failed.join("\n  ")}`,
    );
  if (status.edited.length) console.log(`Changed after they were applied (${status.edited.length}):\n  ${status.edited.join("\n  ")}`);
  if (status.upToDate) console.log("The migration history is up to date.");
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith("--")));
  const args = rest.filter((a) => !a.startsWith("--"));
  const target = () => describeTarget(databaseTarget());

  switch (command) {
    case "create": {
      const name = args[0];
      if (!name) throw new UsageError("create needs a migration name: npm run db:migrate:create -- <name>");
      const { created, sql } = await createMigration(name, { empty: flags.has("--empty") });
      if (!created) {
        console.log("schema.prisma is already covered by the migrations: no migration created (use --empty for hand-written SQL).");
        return 0;
      }
      console.log(`Created prisma/migrations/${created}/migration.sql\n\n${sql}`);
      return 0;
    }
    case "check": {
      const { covered, sql } = await checkMigrations();
      if (covered) {
        console.log("schema.prisma is fully covered by prisma/migrations.");
        return 0;
      }
      console.error("schema.prisma has changes that no migration covers; run npm run db:migrate:create -- <name>. Missing SQL:\n");
      console.error(sql);
      return 2;
    }
    case "deploy": {
      console.log(`Applying migrations to ${target()}`);
      const { applied } = await deployMigrations();
      console.log(applied.length ? `Applied ${applied.length}:\n  ${applied.join("\n  ")}` : "No pending migrations.");
      return 0;
    }
    case "status": {
      console.log(`Migration status of ${target()}`);
      const status = await migrationStatus();
      printStatus(status);
      return status.upToDate ? 0 : 1;
    }
    case "drift": {
      console.log(`Comparing ${target()} with prisma/schema.prisma`);
      const report = await checkDrift();
      printStatus(report.status);
      if (report.drift) {
        console.log("\nThe database differs from schema.prisma. SQL that would bring it back in line:\n");
        console.log(report.sql);
        return 2;
      }
      console.log("No drift: the database matches schema.prisma.");
      return report.status.upToDate ? 0 : 1;
    }
    case "resolve": {
      const name = args[0];
      const as = flags.has("--applied") ? "applied" : flags.has("--rolled-back") ? "rolled-back" : undefined;
      if (!name || !as || (flags.has("--applied") && flags.has("--rolled-back")))
        throw new UsageError("resolve needs --applied <migration> or --rolled-back <migration>");
      await resolveMigration(undefined, name, as);
      console.log(`Recorded ${name} as ${as} in ${target()}.`);
      return 0;
    }
    case "reset": {
      if (!flags.has("--force")) throw new UsageError("reset destroys all data; pass --force");
      console.log(`Resetting ${target()}`);
      await resetDatabase();
      const { applied } = await deployMigrations();
      console.log(`Database reset; applied ${applied.length} migration(s).`);
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  }
}

main(process.argv.slice(2)).then(
  // The Wasm engine and PGlite leave timers behind: end the process explicitly.
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError) console.error(`${err.message}\n${USAGE}`);
    else console.error(err instanceof Error && err.name === "SchemaEnginePanic" ? err.message : err);
    process.exit(1);
  },
);
