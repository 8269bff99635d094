/**
 * The app's web process on its own, for PostgreSQL: `npm run build` compiles this file (with server/index.ts) to
 * build/app-server.mjs, which plain `node` runs (`npm run start:web`; scripts/start.ts does too on PostgreSQL).
 * Without a TypeScript loader in the process, it holds the built app once and nothing else (ADR 0040). The
 * Temporal worker runs apart (`npm run worker`). WEB_CONCURRENCY above 1 forks that many app processes sharing
 * PORT; the primary runs the local OpenID provider (outside production) and gives open cycles, sessions and
 * endorsement requests their workflows, once.
 *
 * Settings: PORT (3000), HOST (127.0.0.1), DEV_OIDC_PORT (the local provider's port outside production; unset: none),
 * WEB_CONCURRENCY (1), and the app's own settings (README).
 */
import cluster from "node:cluster";
import { loadBoot, startLocalSignIn, startServer } from "./index";
import { processStops } from "./stops";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const oidcPort = process.env.DEV_OIDC_PORT ? Number(process.env.DEV_OIDC_PORT) : undefined;
const processes = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY ?? 1)) || 1);

const stops = processStops();
const { stopAll } = stops;

/** The primary forks the app processes, and forks again when one dies unless everything is stopping. */
async function forkAppProcesses(count: number): Promise<void> {
  const listening: Array<Promise<void>> = [];
  const fork = () => {
    const child = cluster.fork();
    listening.push(new Promise((resolve) => child.once("listening", () => resolve())));
  };
  cluster.on("exit", (child, code, signal) => {
    if (stops.isStopping()) return;
    console.error(`App process ${child.process.pid} ended (${signal ?? code}); starting another.`);
    fork();
  });
  stops.push(async () => {
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const ended = workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once("exit", () => resolve()))));
    for (const w of workers) w.kill("SIGTERM");
    await Promise.all(ended);
  });
  for (let i = 0; i < count; i++) fork();
  await Promise.all(listening);
}

async function main() {
  if (cluster.isWorker) {
    const server = await startServer({ port, host, worker: false, ensureWorkflows: false });
    stops.push(() => server.close());
    return;
  }
  let url: string;
  let oidcUrl: string | undefined;
  if (processes > 1) {
    const boot = await loadBoot();
    if (boot.databaseTarget().kind !== "postgres") throw new Error("WEB_CONCURRENCY above 1 needs PostgreSQL (DATABASE_URL=postgresql://…): a PGlite folder belongs to one process");
    if (!boot.env().isProduction && oidcPort) {
      const provider = await startLocalSignIn(boot, oidcPort, host);
      oidcUrl = provider.issuer;
      stops.push(() => provider.close());
    }
    await boot.ensureWorkflows();
    stops.push(() => boot.closeServerResources());
    await forkAppProcesses(processes);
    url = `http://${host}:${port}`;
  } else {
    const server = await startServer({ port, host, worker: false, oidcPort });
    stops.push(() => server.close());
    url = server.url;
    oidcUrl = server.oidcUrl;
  }
  // scripts/start.ts waits for this line.
  console.log(`App listening on ${url} (${processes} process${processes > 1 ? "es" : ""})${oidcUrl ? `; local sign-in on ${oidcUrl}` : ""}`);
}

main().catch(async (err) => {
  console.error(err);
  await stopAll(1);
});
