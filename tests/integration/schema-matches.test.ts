/**
 * prisma/schema.prisma, prisma/migrations and the migrated test database must agree:
 *  - the live test database (migrated by global-setup with the deploy code) has no drift from schema.prisma
 *    and no unapplied migration;
 *  - `npm run db:migrate:check` (no database) finds schema.prisma fully covered by the migrations,
 *    and does report a schema that the migrations do not cover (negative control on a copy).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { checkDrift, checkMigrations, defaultPaths, projectRoot } from "../../scripts/lib/migrate";

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

  it("db:migrate:check: schema.prisma is fully covered by prisma/migrations (exit 0)", () => {
    const result = spawnSync("npx", ["tsx", "scripts/db.ts", "check"], { cwd: projectRoot, encoding: "utf8", timeout: 100_000 });
    expect(result.stderr).not.toMatch(/no migration covers/);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("schema.prisma is fully covered by prisma/migrations.");
  });

  it("the check does notice a schema that no migration covers", async () => {
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
