/**
 * A fresh, fully migrated database for the integration tests.
 *   TEST_DB=pglite (default)  a new PGlite folder in the temp directory
 *   TEST_DB=postgres          TEST_DATABASE_URL (default postgresql://app:app@127.0.0.1:5432/app_test), emptied first
 *                             (scripts/ensure-postgres.sh sets that server up)
 * Migrations are applied with the same code as `npm run db:migrate:deploy`, so the tests run on
 * exactly the schema that prisma/migrations produces.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deployMigrations, resetDatabase } from "../../scripts/lib/migrate";

export const DEFAULT_TEST_DATABASE_URL = "postgresql://app:app@127.0.0.1:5432/app_test";

export type TestDbKind = "pglite" | "postgres";

export function testDbKind(value = process.env.TEST_DB): TestDbKind {
  const kind = (value ?? "pglite").trim().toLowerCase() || "pglite";
  if (kind !== "pglite" && kind !== "postgres") throw new Error(`TEST_DB must be "pglite" or "postgres", not "${value}"`);
  return kind;
}

/** Creates the test database, applies every migration and returns its DATABASE_URL. */
export async function prepareTestDatabase(): Promise<string> {
  if (testDbKind() === "postgres") {
    const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
    try {
      await resetDatabase(url);
    } catch (err) {
      throw new Error(`Cannot prepare the PostgreSQL test database (run scripts/ensure-postgres.sh?): ${(err as Error).message}`, { cause: err });
    }
    await deployMigrations(url);
    return url;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-test-pglite-"));
  const url = `pglite:${dir}`;
  await deployMigrations(url);
  return url;
}

/** Removes a PGlite test folder made by prepareTestDatabase (a PostgreSQL test database is kept for inspection). */
export function disposeTestDatabase(url: string): void {
  if (!url.startsWith("pglite:")) return;
  const dir = url.slice("pglite:".length);
  if (path.basename(dir).startsWith("pmr-test-pglite-")) fs.rmSync(dir, { recursive: true, force: true });
}
