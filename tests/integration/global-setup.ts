/**
 * vitest globalSetup of the `integration` project. Runs in vitest's main process before the (single)
 * test fork starts; the fork inherits process.env, so the app code under test (getDb() reads
 * DATABASE_URL) uses the test database. The values are also provided: `inject("databaseUrl")`.
 */
import type { TestProject } from "vitest/node";
import { disposeTestDatabase, prepareTestDatabase, testDbKind } from "../support/db";
import { startTestTemporal } from "../support/temporal";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bundleWorkflowCodeTo } from "../../scripts/workflow-bundle";

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

  // ── Workflow bundle ───────────────────────────────────────────────────────────────────────
  // Bundled once for the run (webpack, seconds of CPU): every worker the tests start loads it
  // (TEMPORAL_WORKFLOW_BUNDLE, worker/worker.ts workflowSource) instead of bundling workflows/ again. First, so
  // that a failed bundle leaves nothing started behind.
  const bundleStarted = Date.now();
  const bundleDir = await mkdtemp(path.join(os.tmpdir(), "pmr-workflows-"));
  const bundle = path.join(bundleDir, "workflow-bundle.js");
  await bundleWorkflowCodeTo(bundle).catch(async (err) => {
    await rm(bundleDir, { recursive: true, force: true });
    throw err;
  });
  process.env.TEMPORAL_WORKFLOW_BUNDLE = bundle;
  console.log(`[integration] workflow bundle ready in ${((Date.now() - bundleStarted) / 1000).toFixed(1)} s`);

  teardowns.push(() => rm(bundleDir, { recursive: true, force: true }));

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
  // A headless dev server (ports 7300-7399, SQLite file in a temp folder, the app's search
  // attributes registered). Test files run the app's worker in the fork (tests/support/worker.ts).
  const temporalStarted = Date.now();
  const temporal = await startTestTemporal().catch(async (err) => {
    for (const teardown of teardowns.reverse()) await teardown();
    throw err;
  });
  process.env.TEMPORAL_ADDRESS = temporal.address;
  process.env.TEMPORAL_NAMESPACE = "default";
  teardowns.push(() => temporal.stop());
  console.log(`[integration] Temporal dev server ready in ${((Date.now() - temporalStarted) / 1000).toFixed(1)} s on ${temporal.address}`);
  // <<< end Temporal


  return async () => {
    for (const teardown of teardowns.reverse()) await teardown();
  };
}
