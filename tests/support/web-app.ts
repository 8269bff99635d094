/**
 * The web process's real Express app (server/index.ts `createWebApp`) serving the production build on a free port,
 * for the tests that go through the whole HTTP stack (security headers, authorization matrix, idempotency, fuzzing).
 * They need `npm run build` (scripts/test.sh builds before the integration lanes).
 */
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createWebApp, listenWebApp, loadBuild, type AppBuild } from "../../server/index";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type ServedApp = { url: string; close: () => Promise<void> };

/** The production build, loaded once per test file (`who` names the file in the error when it is missing). */
export async function loadProductionBuild(who: string): Promise<AppBuild> {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error(`${who} serves the production build: run \`npm run build\` first`);
  }
  return loadBuild(false);
}

/** The web app of `loaded` listening on a free loopback port (settings overridden for the test). */
export async function serveWebApp(loaded: AppBuild, opts: Parameters<typeof createWebApp>[1] = {}): Promise<ServedApp> {
  const server = await listenWebApp(createWebApp(loaded, opts), 0, "127.0.0.1");
  // Idle connections outlive fetch's own 4 s keep-alive: with Node's 5 s default, a loaded machine raced fetch's
  // reuse of a socket the server was closing (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
