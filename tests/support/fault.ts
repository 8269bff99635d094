/**
 * Pieces for the fault tests (tests/integration/fault-*.test.ts, ADR 0044):
 *  - the production worker (worker/main.ts) as its own Node process, to SIGKILL and start again;
 *  - a PostgreSQL server of the test's own (initdb + pg_ctl in a temp folder, the project's migrations applied),
 *    to stop and start without touching the shared server on 5432.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import type { Db } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { deployMigrations } from "../../scripts/lib/migrate";
import { untilOutput } from "../../scripts/lib/child-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type WorkerProcess = {
  pid: number;
  alive(): boolean;
  /** SIGKILL: no shutdown, in-flight activities and transactions are simply cut off. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
};

/**
 * Starts worker/main.ts with `env` on top of this process's environment (the workflow bundle that
 * global-setup made comes with it) and waits until it polls. Its output goes to `logFile`.
 */
export async function startWorkerProcess(env: Record<string, string>, logFile: string): Promise<WorkerProcess> {
  const log = fs.openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", log],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      fs.closeSync(log);
      resolve();
    }),
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  await untilOutput(child, { text: "Temporal worker on", logFile, timeoutMs: 120_000, exited: exit, what: "The worker" });
  const end = async (signal: NodeJS.Signals) => {
    process.removeListener("exit", killOnExit);
    if (exited) return;
    child.kill(signal);
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exit;
    clearTimeout(force);
  };
  return { pid: child.pid!, alive: () => !exited, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}

export type OwnPostgres = {
  url: string;
  /** pg_ctl stop -m immediate: every connection is cut, as when the server crashes or its machine goes away. */
  stop(): void;
  start(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
};

function pgBinDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin/initdb"))) : [];
  if (versions.length === 0) throw new Error("No PostgreSQL binaries under /usr/lib/postgresql (run scripts/ensure-postgres.sh)");
  return path.join(base, versions.sort((a, b) => Number(a) - Number(b)).at(-1)!, "bin");
}

/** Runs a PostgreSQL binary; as root through the postgres account (the server refuses to run as root). */
function pg(bin: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const file = path.join(pgBinDir(), bin);
  return asRoot
    ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
    : execFileSync(file, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * A new PostgreSQL cluster on `port` in a temp folder (trust authentication on 127.0.0.1, user app, database
 * app), migrated with the project's migrations.
 */
export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-fault-pg-"));
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:", dir]);
  pg("initdb", ["-D", data, "-U", "app", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => void pg("pg_ctl", ["-D", data, "-l", logFile, "-o", opts, "-w", "-t", "60", "start"]);
  const stop = () => void pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "60", "stop"]);
  start();
  try {
    pg("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "app", "app"]);
    const url = `postgresql://app@127.0.0.1:${port}/app`;
    await deployMigrations(url);
    return {
      url,
      stop,
      start,
      destroy: () => {
        try {
          stop();
        } catch {
          // already stopped
        }
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    try {
      stop();
    } catch {
      // ignore
    }
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Waits until another connection (the worker's) holds a write transaction open for at least `minMs` (seen in
 * pg_stat_activity), then SIGKILLs the worker. Returns how long that transaction had been open, or null (killed
 * anyway) once `giveUp` says the work is nearly done.
 */
export async function killInTransaction(db: Db, worker: WorkerProcess, minMs: number, giveUp: () => Promise<boolean>): Promise<number | null> {
  for (;;) {
    const open = await db.$queryRaw<Array<{ ms: number }>>`
      SELECT (extract(epoch FROM clock_timestamp() - xact_start) * 1000)::float8 AS ms FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL
      ORDER BY xact_start LIMIT 1`;
    if (open[0] && open[0].ms >= minMs) {
      await worker.kill();
      return open[0].ms;
    }
    if (await giveUp()) {
      await worker.kill();
      return null;
    }
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** User i's manager in the fault tests' organisations: user floor((i - 1) / 8); user 0 has none. */
export const managerIndex = (i: number) => (i === 0 ? null : Math.floor((i - 1) / 8));

/** `count` users (one createMany per 2,000), in creation (= id) order. */
export async function makeUsers(db: Db, count: number, label: string): Promise<User[]> {
  const tag = randomUUID().slice(0, 8);
  const data = Array.from({ length: count }, (_, i) => ({ email: `${label}${i}.${tag}@fault.example.com`, name: `${label} ${i} ${tag}` }));
  for (let i = 0; i < data.length; i += 2000) await db.user.createMany({ data: data.slice(i, i + 2000) });
  return db.user.findMany({ where: { email: { endsWith: `.${tag}@fault.example.com` } }, orderBy: { id: "asc" } });
}
