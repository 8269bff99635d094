/**
 * The Temporal test environment of the workflow tests (ADR 0027): Temporal's time-skipping test server
 * (TEMPORAL_TEST_SERVER, default `.tools/bin/temporal-test-server`, installed by scripts/setup.sh) with
 * the app's search attributes registered; without it the tests fail, unless ALLOW_NO_TIME_SKIPPING=1 runs
 * them on a local dev server (the tests that skip days are then skipped by the caller).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TestWorkflowEnvironment } from "@temporalio/testing";
import { CUSTOM_SEARCH_ATTRIBUTE_KEYS } from "../../workflows/search-attributes-contract";
import { temporalCliPath } from "../../scripts/lib/temporal-dev";
import { freePorts } from "./temporal";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TEST_SERVER = process.env.TEMPORAL_TEST_SERVER ?? path.join(root, ".tools/bin/temporal-test-server");

export const timeSkipping = fs.existsSync(TEST_SERVER);
if (!timeSkipping && process.env.ALLOW_NO_TIME_SKIPPING !== "1") {
  throw new Error(`Temporal's time-skipping test server is missing at ${TEST_SERVER}: run bash scripts/setup.sh`);
}

/**
 * The SDK gives the (Java) test server 5 s to answer; on a loaded machine the JVM can take longer to start, so a
 * start that timed out is tried again on a new port after a pause (ten tries: CI machines run four lanes at once).
 */
async function startTimeSkipping(): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    const [port] = await freePorts(1);
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: "existing-path", path: TEST_SERVER }, port } });
    } catch (err) {
      if (attempt >= 10 || !/did not start within/.test(String(err))) throw err;
      console.warn(`Temporal's test server did not start in time (try ${attempt} of 10), trying again`);
      await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
    }
  }
}

/** The time-skipping environment (or, allowed without it, a local dev server), search attributes registered. */
export async function createWorkflowTestEnv(): Promise<TestWorkflowEnvironment> {
  if (timeSkipping) {
    const env = await startTimeSkipping();
    // Register the app's search attributes (the test server has no list call, so no ensureSearchAttributes).
    const KEYWORD = 2; // temporal.api.enums.v1.IndexedValueType
    await env.connection.operatorService.addSearchAttributes({
      namespace: env.namespace ?? "default",
      searchAttributes: Object.fromEntries(CUSTOM_SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, KEYWORD])),
    });
    return env;
  }
  const [port, httpPort, metricsPort] = await freePorts(3);
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: "existing-path", path: temporalCliPath() },
      ip: "127.0.0.1",
      port,
      searchAttributes: [...CUSTOM_SEARCH_ATTRIBUTE_KEYS],
      extraArgs: ["--http-port", String(httpPort), "--metrics-port", String(metricsPort)],
    },
  });
}
