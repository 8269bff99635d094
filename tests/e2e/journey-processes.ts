/**
 * The production-style installation of tests/e2e/company-journey.spec.ts, started by the test itself next to the
 * suite's app: a PostgreSQL database of its own (dropped and created empty), a Temporal dev server of its own (in
 * memory: workflow ids such as job-1 and cycle-1 would otherwise meet those of the suite's app), the project's
 * commands run as an operator types them (`npm run db:migrate:deploy`, `npm run users:add-admin`,
 * `npm run scim:token`), the web process (build/app-server.mjs, what `npm run start:web` runs) and the worker
 * (worker/main.ts, what `npm run worker` runs). Outside production (APP_ENV=test) the web process runs the local
 * OpenID provider, through which the people of the test sign in.
 *
 * Settings (defaults for one browser shard of scripts/test.sh, next to that shard's ports):
 *   E2E_JOURNEY_DATABASE  database name on the server of scripts/ensure-postgres.sh (app_journey)
 *   E2E_JOURNEY_PORT, E2E_JOURNEY_OIDC_PORT, E2E_JOURNEY_TEMPORAL_PORT (E2E_PORT + 5, E2E_OIDC_PORT + 5, E2E_TEMPORAL_PORT + 5)
 *   E2E_DATA_DIR          the processes' logs go to <E2E_DATA_DIR>-journey/
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { untilOutput } from "../../scripts/lib/child-process";
import { startTemporalDevServer, type TemporalDevServer } from "../../scripts/lib/temporal-dev";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PG_SERVER = "postgresql://app:app@127.0.0.1:5432";

export const JOURNEY = {
  database: process.env.E2E_JOURNEY_DATABASE ?? "app_journey",
  port: Number(process.env.E2E_JOURNEY_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5),
  oidcPort: Number(process.env.E2E_JOURNEY_OIDC_PORT ?? Number(process.env.E2E_OIDC_PORT ?? 5710) + 5),
  temporalPort: Number(process.env.E2E_JOURNEY_TEMPORAL_PORT ?? Number(process.env.E2E_TEMPORAL_PORT ?? 7410) + 5),
  logDir: path.resolve(root, `${process.env.E2E_DATA_DIR ?? ".cache/e2e-data"}-journey`),
};
export const JOURNEY_URL = `http://127.0.0.1:${JOURNEY.port}`;
export const JOURNEY_DATABASE_URL = `${PG_SERVER}/${JOURNEY.database}`;

/** Drops the journey's database and creates it empty (no tables: the migrations come next). */
export async function emptyDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/app` });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`PostgreSQL does not answer on 127.0.0.1:5432 (run scripts/ensure-postgres.sh): ${String(err)}`);
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${JOURNEY.database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${JOURNEY.database}"`);
  } finally {
    await admin.end();
  }
}

/** One SQL query on the journey's database (the test reads what the product wrote). */
export async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: JOURNEY_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The environment of every process of the installation: production-style, but with the local sign-in. */
function installationEnv(temporalAddress: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    APP_ENV: "test",
    SEED: "false",
    DATABASE_URL: JOURNEY_DATABASE_URL,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: "default",
    TEMPORAL_TASK_QUEUE: "pmr",
    HOST: "127.0.0.1",
    PORT: String(JOURNEY.port),
    APP_URL: JOURNEY_URL,
    DEV_OIDC_PORT: String(JOURNEY.oidcPort),
    SESSION_SECRET: "journey-session-secret-of-the-browser-test-0123456789",
  };
}

export type CommandResult = { code: number | null; stdout: string; stderr: string };

/** A long-running child (web process, worker) and how to stop it. */
type Service = { stop(): Promise<void> };

function startService(name: string, args: string[], env: NodeJS.ProcessEnv, readyText: string): Promise<Service> {
  const logFile = path.join(JOURNEY.logDir, `${name}.log`);
  const err = fs.openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", err] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(force);
    }
    fs.closeSync(err);
  };
  return untilOutput(child, { text: readyText, logFile, timeoutMs: 180_000, exited, what: `The journey's ${name}` }).then(
    () => ({ stop }),
    async (e: unknown) => {
      await stop();
      throw e;
    },
  );
}

export type Installation = {
  /** `npm run <script> -- <args>` in the installation's environment, as an operator types it. */
  npm(script: string, ...args: string[]): Promise<CommandResult>;
  stop(): Promise<void>;
};

/**
 * Empty database → `npm run db:migrate:deploy` (beside the Temporal server coming up) → web process and worker,
 * once each says it is ready. The database then holds the schema and nothing else.
 */
export async function startInstallation(): Promise<Installation> {
  fs.rmSync(JOURNEY.logDir, { recursive: true, force: true });
  fs.mkdirSync(JOURNEY.logDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  let env: NodeJS.ProcessEnv = installationEnv("");
  const npm = (script: string, ...args: string[]) =>
    new Promise<CommandResult>((resolve, reject) => {
      const child = spawn("npm", ["run", script, ...(args.length ? ["--", ...args] : [])], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      child.once("error", reject);
      child.once("close", (code) => {
        fs.appendFileSync(path.join(JOURNEY.logDir, "commands.log"), `$ npm run ${script} ${args.join(" ")}\n→ ${code}\n${stdout}${stderr}\n`);
        resolve({ code, stdout, stderr });
      });
    });
  try {
    await emptyDatabase();
    const [temporalStart, migrated] = await Promise.allSettled([
      startTemporalDevServer({ port: JOURNEY.temporalPort, dbFile: ":memory:", headless: true, logFile: path.join(JOURNEY.logDir, "temporal.log"), startTimeoutMs: 120_000 }),
      npm("db:migrate:deploy"),
    ]);
    if (temporalStart.status === "rejected") throw temporalStart.reason;
    const temporal: TemporalDevServer = temporalStart.value;
    stops.push(() => temporal.stop());
    if (migrated.status === "rejected") throw migrated.reason;
    if (migrated.value.code !== 0) throw new Error(`npm run db:migrate:deploy failed (${migrated.value.code}):\n${migrated.value.stdout}${migrated.value.stderr}`);
    env = installationEnv(temporal.address);
    // The web process and the worker come up side by side (the worker bundles the workflows as it starts).
    const started = await Promise.allSettled([
      startService("web", [path.join(root, "build/app-server.mjs")], env, "App listening on"),
      startService("worker", ["--import", "tsx", "worker/main.ts"], env, "Temporal worker on"),
    ]);
    for (const s of started) if (s.status === "fulfilled") stops.push(() => s.value.stop());
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  } catch (e) {
    await stopAll();
    throw e;
  }
  return { npm, stop: stopAll };
}
