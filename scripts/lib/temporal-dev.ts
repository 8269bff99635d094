/**
 * Start the Temporal CLI's development server (`temporal server start-dev`) as a child process,
 * with the app's custom search attributes registered, and wait until its frontend answers.
 * Used by the one-command start script and by the integration tests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Connection } from "@temporalio/client";
import { searchAttributeCliPairs } from "../../workflows/search-attributes-contract";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The pinned Temporal CLI (override with TEMPORAL_CLI). */
export function temporalCliPath(): string {
  return process.env.TEMPORAL_CLI ?? path.join(root, ".tools/bin/temporal");
}

export type TemporalDevServerOptions = {
  /** Front-end gRPC port. */
  port: number;
  /** Web UI port (ignored when headless); the CLI's default is port + 1000. */
  uiPort?: number;
  /** SQLite file that keeps workflows across restarts; `:memory:` keeps nothing. */
  dbFile: string;
  /** No Web UI. */
  headless?: boolean;
  /** Address to bind (default 127.0.0.1). */
  ip?: string;
  /** HTTP API and /metrics ports (default: random free ports chosen by the CLI). */
  httpPort?: number;
  metricsPort?: number;
  /** Extra CLI arguments, e.g. ["--dynamic-config-value", "limit.historyCount.suggestContinueAsNew=20"]. */
  extraArgs?: string[];
  /** Give up waiting for the frontend after this long (default 60 s). */
  startTimeoutMs?: number;
  /** Where the server's output goes (default: kept in memory and shown if it fails to start). */
  logFile?: string;
};

export type TemporalDevServer = { address: string; uiUrl?: string; pid: number; stop(): Promise<void> };

export async function startTemporalDevServer(opts: TemporalDevServerOptions): Promise<TemporalDevServer> {
  const ip = opts.ip ?? "127.0.0.1";
  const address = `${ip}:${opts.port}`;
  const args = ["server", "start-dev", "--ip", ip, "--port", String(opts.port), "--log-level", "warn"];
  if (opts.dbFile !== ":memory:") {
    fs.mkdirSync(path.dirname(path.resolve(opts.dbFile)), { recursive: true });
    args.push("--db-filename", opts.dbFile);
  }
  if (opts.headless) args.push("--headless");
  else if (opts.uiPort) args.push("--ui-port", String(opts.uiPort));
  if (opts.httpPort) args.push("--http-port", String(opts.httpPort));
  if (opts.metricsPort) args.push("--metrics-port", String(opts.metricsPort));
  for (const pair of searchAttributeCliPairs()) args.push("--search-attribute", pair);
  args.push(...(opts.extraArgs ?? []));

  const logFd = opts.logFile ? fs.openSync(opts.logFile, "a") : undefined;
  const child: ChildProcess = spawn(temporalCliPath(), args, {
    stdio: ["ignore", logFd ?? "pipe", logFd ?? "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      if (logFd !== undefined) fs.closeSync(logFd);
      resolve();
    });
  });
  // Never leave the server behind if this process ends abruptly.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exitPromise;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      throw new Error(`temporal server start-dev exited (${JSON.stringify(exited)}) before answering on ${address}:\n${output}`);
    }
    if (await answers(address)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`temporal server start-dev did not answer on ${address} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    address,
    uiUrl: opts.headless ? undefined : `http://${ip}:${opts.uiPort ?? opts.port + 1000}`,
    pid: child.pid!,
    stop,
  };
}

/** Whether a Temporal frontend answers on `address` and its default namespace is ready. */
export async function answers(address: string): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 1000 });
    await connection.withDeadline(Date.now() + 2000, () => connection!.workflowService.describeNamespace({ namespace: "default" }));
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => {});
  }
}
