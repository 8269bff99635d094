/**
 * vitest globalSetup of the `integration` project. Runs in vitest's main process before the (single)
 * test fork starts; the fork inherits process.env, so the app code under test (getDb() reads
 * DATABASE_URL) uses the test database. The values are also provided: `inject("databaseUrl")`.
 */
import type { TestProject } from "vitest/node";
import { disposeTestDatabase, prepareTestDatabase, testDbKind } from "../support/db";

declare module "vitest" {
  export interface ProvidedContext {
    /** DATABASE_URL of the migrated test database. */
    databaseUrl: string;
    /** "pglite" | "postgres" (env TEST_DB). */
    testDb: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const teardowns: Array<() => Promise<void> | void> = [];

  // ── Database ──────────────────────────────────────────────────────────────────────────────
  // A fresh, fully migrated database (tests/support/db.ts). The test fork must be the only one to
  // open it: nothing in this process keeps a handle on it.
  const started = Date.now();
  const databaseUrl = await prepareTestDatabase();
  process.env.DATABASE_URL = databaseUrl;
  project.provide("databaseUrl", databaseUrl);
  project.provide("testDb", testDbKind());
  teardowns.push(() => disposeTestDatabase(databaseUrl));
  console.log(`[integration] ${testDbKind()} test database ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${databaseUrl.replace(/:[^:@/]+@/, ":***@")}`);

  // ── Temporal dev server ───────────────────────────────────────────────────────────────────
  // >>> Temporal: start the test server here (startTestTemporal from tests/support/temporal.ts),
  // >>> set process.env.TEMPORAL_ADDRESS and push its stop() onto `teardowns`.
  // <<< end Temporal

  return async () => {
    for (const teardown of teardowns.reverse()) await teardown();
  };
}
