/**
 * prisma/schema.prisma, prisma/migrations and the migrated test database must agree:
 *  - the live test database (migrated by global-setup with the deploy code) has no drift from schema.prisma
 *    and no unapplied migration;
 *  - the migrations check (`npm run db:migrate:check`, no database; CI runs it as a step of its own) does report a schema that the migrations do not cover (negative control on a copy).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { checkDrift, checkMigrations, defaultPaths } from "../../scripts/lib/migrate";

describe("schema.prisma, migrations and the test database agree", () => {
  it("the test database has every migration and no drift from schema.prisma", async () => {
    const url = inject("databaseUrl");
    expect(url).toBe(process.env.DATABASE_URL);
    expect(url.startsWith(inject("testDb") === "postgres" ? "postgresql://" : "pglite:")).toBe(true);

    const migrations = fs.readdirSync(defaultPaths.migrationsDir).filter((d) => fs.statSync(path.join(defaultPaths.migrationsDir, d)).isDirectory());
    expect(migrations.length).toBeGreaterThan(0);

    const report = await checkDrift(url);
    expect(report.unapplied).toEqual([]);
    expect(report.status).toMatchObject({ failed: [], edited: [], unknown: [], hasMigrationsTable: true, upToDate: true });
    expect(report.sql).toBe("");
    expect(report.drift).toBe(false);
  });

  // That schema.prisma is covered is CI's step `npm run db:migrate:check` (scripts/test.sh). Here, once (the check
  // needs no database, so in the PGlite pass only): the check does notice a schema no migration covers.
  const noDatabase = inject("testDb") === "postgres";

  it.skipIf(noDatabase)("the check does notice a schema that no migration covers", async () => {
    // Negative control on a copy of prisma/ without any migration (the lock file kept).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-migrations-"));
    try {
      const migrationsDir = path.join(dir, "migrations");
      fs.mkdirSync(migrationsDir);
      fs.copyFileSync(path.join(defaultPaths.migrationsDir, "migration_lock.toml"), path.join(migrationsDir, "migration_lock.toml"));
      const schemaPath = path.join(dir, "schema.prisma");
      fs.copyFileSync(defaultPaths.schemaPath, schemaPath);

      const result = await checkMigrations({ paths: { schemaPath, migrationsDir } });
      expect(result.covered).toBe(false);
      expect(result.sql).toContain('CREATE TABLE "User"');
      expect(result.sql).toContain('CREATE TYPE "CycleState" AS ENUM');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
