/**
 * The Temporal test environment of the workflow tests (ADR 0027): Temporal's time-skipping test server
 * (TEMPORAL_TEST_SERVER, default `.tools/bin/temporal-test-server`, installed by scripts/setup.sh) with
 * the app's search attributes registered; without it the tests fail, unless ALLOW_NO_TIME_SKIPPING=1 runs
 * them on a local dev server (the tests that skip days are then skipped by the caller).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
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
 * The test server, started here rather than by the SDK: the SDK gives the (Java) server 5 s to answer, and on a CI
 * machine whose two cores five lanes share, the JVM took longer ten times in a row. Here it gets two minutes; the
 * environment then connects to it as the SDK's own time-skipping environment does (its `create` with an existing
 * server and time skipping on: the public `createFromExistingServer` turns time skipping off). Teardown ends the
 * server too.
 */
async function startTimeSkipping(): Promise<TestWorkflowEnvironment> {
  const [port] = await freePorts(1);
  const child = spawn(TEST_SERVER, [String(port)], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const kill = () => void child.kill("SIGKILL");
  process.once("exit", kill);
  const stop = async () => {
    process.removeListener("exit", kill);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(force);
  };
  try {
    await untilListening(port, child, START_TIMEOUT_MS);
    const env = await (TestWorkflowEnvironment as unknown as ExistingServerFactory).create({
      server: { type: "existing" },
      address: `127.0.0.1:${port}`,
      namespace: "default",
      supportsTimeSkipping: true,
    });
    const teardown = env.teardown.bind(env);
    env.teardown = async () => {
      try {
        await teardown();
      } finally {
        await stop();
      }
    };
    return env;
  } catch (err) {
    await stop();
    throw new Error(`Temporal's test server on port ${port} did not come up: ${String(err)}\n${stderr}`);
  }
}

const START_TIMEOUT_MS = 120_000;
type ExistingServerFactory = {
  create(opts: { server: { type: "existing" }; address: string; namespace: string; supportsTimeSkipping: boolean }): Promise<TestWorkflowEnvironment>;
};

/** Resolves once `port` accepts a connection; rejects when the process exits first or after `timeoutMs`. */
async function untilListening(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`it exited (${child.exitCode ?? child.signalCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => (socket.destroy(), resolve(false)));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
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
