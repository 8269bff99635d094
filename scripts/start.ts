/**
 * One command for a whole local installation on embedded defaults:
 *   the Temporal dev server (SQLite file + Web UI), the PGlite database (migrated, demo data seeded),
 *   the app with its in-process Temporal worker, and the local OpenID provider for sign-in.
 * Ctrl-C stops everything; running it again keeps the data (in DATA_DIR, default ./.data).
 *
 *   npm start            production build of the app (built when sources changed)
 *   npm run dev          Vite dev server with hot reload
 *
 * Settings: PORT (3000), DATA_DIR (./.data), DATABASE_URL (default pglite:$DATA_DIR/pglite),
 * TEMPORAL_ADDRESS (unset: start a local dev server on TEMPORAL_PORT 7233, UI on TEMPORAL_UI_PORT 8233),
 * DEV_OIDC_PORT (5556), SEED (default true: seed the demo company into an empty database),
 * WEB_CONCURRENCY (default 1: app processes sharing PORT, with PostgreSQL only; ADR 0040).
 *
 * On PGlite the app runs in this process with its Temporal worker, and the database in a child process of its own
 * (server/pglite-host.ts, reached over the `pg` protocol; ADR 0061; a PGlite folder has one owner). On PostgreSQL
 * the app runs as its own plain-node process (build/app-server.mjs, server/main.ts) and the worker apart
 * (`npm run worker`), as in production.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { processStops } from "../server/stops";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATABASE_URL ??= `pglite:${path.join(dataDir, "pglite")}`;
process.env.APP_URL ??= `http://127.0.0.1:${port}`;
process.env.APP_ENV ??= process.env.NODE_ENV === "production" ? "production" : "development";
// The built app runs React's and the server libraries' production code (faster, no development-only warnings);
// APP_ENV above, not NODE_ENV, decides production settings and checks.
if (!dev) process.env.NODE_ENV ??= "production";

const stops = processStops();
const { stopAll } = stops;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  // The app's bundle, then the web process's entry (npm run build writes them in that order).
  const outputs = [path.join(root, "build/server/index.js"), path.join(root, "build/app-server.mjs")];
  const built = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    newestMtime(path.join(root, "public")),
    newestMtime(path.join(root, "server")),
    newestMtime(path.join(root, "workflows")),
    fs.statSync(path.join(root, "vite.config.ts")).mtimeMs,
  );
  if (built > sources) return;
  console.log("Building the app…");
  const result = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit", cwd: root });
  if (result.status !== 0) throw new Error("The build failed");
}

/** A TypeScript script of this project in a child process (its output shown), failing when it fails. */
function runScript(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], { stdio: "inherit", cwd: root, env: process.env });
  if (result.status !== 0) throw new Error(`${script} ${args.join(" ")} failed (${result.signal ?? result.status})`);
}

/** The web process on plain node (server/main.ts built to build/app-server.mjs), once it listens. */
function startWebProcess(oidcPort: number): Promise<{ url: string; oidcUrl?: string }> {
  // WEB_NODE_OPTIONS: node options of the web process only, e.g. "--max-old-space-size=256" (README).
  const nodeOptions = (process.env.WEB_NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeOptions, path.join(root, "build/app-server.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DEV_OIDC_PORT: String(oidcPort) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  stops.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      out += chunk.toString();
      const m = /App listening on (\S+) .*?(?:; local sign-in on (\S+))?$/m.exec(out);
      if (m) resolve({ url: m[1]!, oidcUrl: m[2] });
    });
    void exited.then(() => {
      reject(new Error(`The app process ended (${child.exitCode ?? child.signalCode})`));
      if (!stops.isStopping()) void stopAll(1);
    });
  });
}

async function main() {
  let temporalUi: string | undefined;
  if (!process.env.TEMPORAL_ADDRESS) {
    const { startTemporalDevServer } = await import("./lib/temporal-dev");
    const temporal = await startTemporalDevServer({
      port: Number(process.env.TEMPORAL_PORT ?? 7233),
      uiPort: Number(process.env.TEMPORAL_UI_PORT ?? 8233),
      dbFile: path.join(dataDir, "temporal.db"),
    });
    stops.push(() => temporal.stop());
    process.env.TEMPORAL_ADDRESS = temporal.address;
    temporalUi = temporal.uiUrl;
  }

  // Migrations and demo data in child processes: the app process then loads only the built app, not a second copy
  // of its modules, Prisma client and migration engine (one process after the other: a PGlite folder has one owner).
  runScript("scripts/db.ts", "deploy");
  if ((process.env.SEED ?? "true") !== "false") runScript("scripts/seed.ts");

  if (!dev) buildIfNeeded();
  const oidcPort = Number(process.env.DEV_OIDC_PORT ?? 5556);
  let server: { url: string; oidcUrl?: string };
  const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
  if (onPostgres && !dev) {
    server = await startWebProcess(oidcPort);
  } else {
    if (Number(process.env.WEB_CONCURRENCY ?? 1) > 1) throw new Error("WEB_CONCURRENCY above 1 needs PostgreSQL (DATABASE_URL=postgresql://…): a PGlite folder belongs to one process");
    const { startServer } = await import("../server/index");
    const started = await startServer({
      port,
      dev,
      oidcPort,
      // The embedded database's process ended on its own (ADR 0061): say so and stop everything (Temporal too).
      onDatabaseLost: (message) => {
        console.error(message);
        void stopAll(1);
      },
    });
    stops.push(() => started.close());
    server = started;
  }

  console.log("");
  console.log(`  App:                 ${server.url}/app/home`);
  if (temporalUi) console.log(`  Temporal UI:         ${temporalUi}`);
  else console.log(`  Temporal:            ${process.env.TEMPORAL_ADDRESS}`);
  const seeded = (process.env.SEED ?? "true") !== "false";
  const whom = seeded ? "pick a demo user; super admin: ada.admin@example.com" : 'pick a user; the first: npm run users:add-admin -- <email> "<name>"';
  if (server.oidcUrl) console.log(`  Local sign-in:       ${server.oidcUrl} (${whom})`);
  console.log(`  API description:     ${server.url}/api/v1/openapi.json`);
  console.log(`  Data folder:         ${dataDir}`);
  console.log("  Press Ctrl-C to stop.");
}

main().catch(async (err) => {
  console.error(err);
  await stopAll(1);
});
