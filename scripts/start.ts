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
 * DEV_OIDC_PORT (5556), SEED (default true: seed the demo company into an empty database).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

const stops: Array<() => Promise<void>> = [];
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

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
  const serverBuild = path.join(root, "build/server/index.js");
  const built = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(root, "app")), newestMtime(path.join(root, "public")), fs.statSync(path.join(root, "vite.config.ts")).mtimeMs);
  if (built > sources) return;
  console.log("Building the app…");
  const result = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", cwd: root });
  if (result.status !== 0) throw new Error("The build failed");
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

  const { deployMigrations } = await import("./lib/migrate");
  const { applied } = await deployMigrations(process.env.DATABASE_URL);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  if ((process.env.SEED ?? "true") !== "false") {
    const { createDb } = await import("~/platform/db.server");
    const { seedDemoData } = await import("../prisma/seed");
    const { db, close } = await createDb(process.env.DATABASE_URL);
    if (await seedDemoData(db)) console.log("Seeded the demo company.");
    await close();
  }

  if (!dev) buildIfNeeded();
  const { startServer } = await import("../server/index");
  const server = await startServer({ port, dev, oidcPort: Number(process.env.DEV_OIDC_PORT ?? 5556) });
  stops.push(() => server.close());

  console.log("");
  console.log(`  App:                 ${server.url}/app/home`);
  if (temporalUi) console.log(`  Temporal UI:         ${temporalUi}`);
  else console.log(`  Temporal:            ${process.env.TEMPORAL_ADDRESS}`);
  if (server.oidcUrl) console.log(`  Local sign-in:       ${server.oidcUrl} (pick a demo user; super admin: ada.admin@example.com)`);
  console.log(`  API description:     ${server.url}/api/v1/openapi.json`);
  console.log(`  Data folder:         ${dataDir}`);
  console.log("  Press Ctrl-C to stop.");
}

main().catch(async (err) => {
  console.error(err);
  await stopAll(1);
});
