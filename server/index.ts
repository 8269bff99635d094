/**
 * The app process: serves the Remix app with Express. On embedded defaults (a PGlite folder,
 * which belongs to one process) it also hosts the Temporal worker, and outside production the
 * local OpenID provider (see docs/decisions/0005-one-process-on-embedded-defaults.md).
 * Production runs it on its own (`npm run start:web`) next to `npm run worker`, and with PostgreSQL several app
 * processes may share the port (WEB_CONCURRENCY, ADR 0040). It is also where the security headers, the cross-site
 * check and the rate limits live (server/security.ts, ADR 0041): `remix-serve` would serve the app without them.
 *
 * Everything this file needs from the app comes through the build (`build.entry.module.boot`, see
 * app/entry.boot.server.ts), never from the app's sources: the process then holds one copy of the app, its
 * Prisma client and its Temporal client, not two.
 */
import express, { type Express, type RequestHandler } from "express";
import pLimit from "p-limit";
import type { ServerBuild } from "@remix-run/node";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import type * as AppEntry from "~/entry.server";
import { monitoringEnabled, sentryOptions } from "~/platform/analytics/monitoring";
import { installSecurity, securityLoadContext } from "./security";
import { idempotentRequests } from "./idempotency";
import { routeMethodsOf } from "./route-methods";
import { guardBuild } from "./form-guard";
import { createRemixHandler } from "./remix-handler";
// Its state is process-wide (globalThis), shared with the build's copy of the module that reads it.
import { scopeLoaders } from "~/platform/request-scope.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type StartedServer = {
  url: string;
  oidcUrl?: string;
  /** On the embedded default: the process id of the embedded database's process (ADR 0061). */
  databasePid?: number;
  close: () => Promise<void>;
};

export type ServerOptions = {
  port: number;
  host?: string;
  /** Vite dev middleware with HMR instead of the production build. */
  dev?: boolean;
  /** Host the Temporal worker in this process (default: when the database is PGlite). */
  worker?: boolean;
  /** Port of the local OpenID provider (outside production only). */
  oidcPort?: number;
  /** Give every open cycle, session and endorsement request its workflow at boot (default true; a cluster's primary does it once). */
  ensureWorkflows?: boolean;
  /** Requests the app works on at once; more wait in line (default: APP_CONCURRENCY, else 8; ADR 0040). */
  concurrency?: number;
  /**
   * On the embedded default, the database's process ended without being asked to (ADR 0061): the app cannot go on.
   * Default: print the message and exit with code 1.
   */
  onDatabaseLost?: (message: string) => void;
};

/**
 * At most `limit` requests inside the app at once, the others waiting their turn in arrival order. Pages are CPU
 * work: more at once only makes each slower and holds more of them in memory (documents, data, styles). Event
 * streams (EventSource, `Accept: text/event-stream`) stay open for as long as a page is, so they never wait in line.
 */
export function limitConcurrency(handler: RequestHandler, limit: number): RequestHandler {
  const queue = pLimit(limit);
  return (req, res, next) => {
    if (req.headers.accept?.includes("text/event-stream")) return handler(req, res, next);
    void queue(
      () =>
        new Promise<void>((resolve) => {
          res.once("close", () => resolve());
          if (req.destroyed) return resolve();
          handler(req, res, (err?: unknown) => {
            resolve();
            next(err);
          });
        }),
    );
  };
}

type Boot = typeof AppEntry.boot;
export type AppBuild = { build: ServerBuild | (() => Promise<ServerBuild>); boot: Boot; close: () => Promise<void> };

/**
 * For an ESM import of a CommonJS package, Node reads the source of every file its `module.exports = require(…)` may
 * re-export, to list the exports (react's development and production files alike), and keeps each one it never runs
 * in the require cache with its text: 2.3 MB of react's development builds in the web process (ADR 0106). Those
 * entries never ran, so nothing holds their exports: dropping them frees the text (a later require reads the file).
 */
function dropUnexecutedCommonJs(): void {
  const cache = createRequire(import.meta.url).cache;
  for (const [id, module] of Object.entries(cache)) if (module && !module.loaded) delete cache[id];
}

/** The production build (imported once), or the Vite dev server's build (loaded again on every request). */
export async function loadBuild(dev: boolean): Promise<AppBuild> {
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
    const load = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
    const first = await load();
    return {
      build: Object.assign(load, { viteServer }),
      boot: (first.entry.module as unknown as typeof AppEntry).boot,
      close: () => viteServer.close(),
    };
  }
  const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
  dropUnexecutedCommonJs();
  return { build, boot: (build.entry.module as unknown as typeof AppEntry).boot, close: async () => {} };
}

/** The app's boot functions from the production build (for a cluster's primary, which serves no requests). */
export async function loadBoot(): Promise<Boot> {
  return (await loadBuild(false)).boot;
}

/**
 * The local OpenID provider (outside production only), listing the active users. Its codes live in its process's
 * memory, so a cluster runs one, in the primary.
 */
export async function startLocalSignIn(boot: Boot, port: number, host = "127.0.0.1") {
  const { startDevOidcProvider } = await import("./dev-oidc-provider");
  const provider = await startDevOidcProvider({ port, host, listUsers: () => boot.localSignInUsers() });
  process.env.DEV_OIDC_URL = provider.issuer;
  return provider;
}

const MAX_REQUEST_HEAD = 64 * 1024;

/**
 * The web app's HTTP server on a port (0: a free one). Request heads up to 64 KiB (Node's default is 16 KiB): a query
 * the API documents, such as twelve insight filters of non-Latin text percent-encoded, must reach the app and get its
 * JSON answer (400 when too long), not Node's bare 431; past that, Node's refusal still comes in the error format.
 */
export async function listenWebApp(app: Express, port: number, host: string): Promise<Server> {
  const server = createServer({ maxHeaderSize: MAX_REQUEST_HEAD }, app);
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
  return server;
}

/** A request Node's parser refuses (a head over MAX_REQUEST_HEAD, a malformed line) still gets the API's JSON error body. */
function answerClientError(err: NodeJS.ErrnoException, socket: import("node:stream").Duplex): void {
  if (!socket.writable || err.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  // Node's own statuses for what it refuses (431, 408, else 400), with the API's error body.
  const [status, reason, code, message] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "request_too_large", `The request's address and headers must be at most ${MAX_REQUEST_HEAD} bytes`]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "request_timeout", "The request took too long to arrive"]
        : [400, "Bad Request", "bad_request", "The request could not be read"];
  const body = JSON.stringify({ error: { code, message, details: null } });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/**
 * The Express app of a web process: the guards of server/security.ts (security headers with a per-request CSP
 * nonce, the cross-site request check, rate limits; ADR 0041) in front of the static files and the Remix handler.
 * `overrides` replaces settings (tests).
 */
export function createWebApp(loaded: AppBuild, opts: { concurrency?: number; overrides?: Partial<AppSettings> } = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  const settings = { ...loaded.boot.env(), ...opts.overrides };
  const dev = typeof loaded.build === "function";
  // Page forms with a NUL character in a field are refused (400) before any action reads them (ADR 0060). The loaders
  // of one request share what they read (the signed-in user, …; app/platform/request-scope.server.ts, ADR 0063).
  loaded = { ...loaded, build: mapBuild(guardBuild(loaded.build), scopeLoaders) };
  const routeMethods = typeof loaded.build === "function" ? undefined : routeMethodsOf(loaded.build);
  const monitoring = monitoringOf(settings);
  installSecurity(app, {
    ...settings,
    dev,
    sentryDsn: monitoringEnabled(monitoring) ? monitoring.dsn : null,
    formTargets: loaded.boot.signInFormTargets(),
    routeMethods,
  });
  if (typeof loaded.build === "function") {
    const { viteServer } = loaded.build as unknown as { viteServer: import("vite").ViteDevServer };
    app.use(viteServer.middlewares);
    const remix = createRemixHandler({ build: loaded.build, getLoadContext: securityLoadContext });
    app.all("*", idempotentRequests(remix, { build: loaded.build, getLoadContext: securityLoadContext, runOnce: loaded.boot.runOnce }));
  } else {
    const buildDir = path.join(root, "build");
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    // The client folder's own top-level entries (favicons, guides) are served from disk; a page's path is not looked up
    // on disk first (express.static's stat of every page path was ~4% of a signed-in page's CPU; issue 27).
    const clientDir = path.join(buildDir, "client");
    const clientEntries = new Set(fs.readdirSync(clientDir).filter((name) => name !== "assets"));
    const serveClient = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (clientEntries.has(req.path.split("/")[1] ?? "") ? serveClient(req, res, next) : next()));
    const concurrency = opts.concurrency ?? (Number(process.env.APP_CONCURRENCY) || 8);
    const mode = settings.isProduction ? "production" : "development";
    const remix = createRemixHandler({ build: loaded.build, mode, getLoadContext: securityLoadContext });
    // Mutations sent twice change state once (server/idempotency.ts, ADR 0045).
    const handler = idempotentRequests(remix, { build: loaded.build, mode, getLoadContext: securityLoadContext, runOnce: loaded.boot.runOnce, routeMethods });
    app.all("*", limitConcurrency(handler, concurrency));
  }
  return app;
}

type AppSettings = ReturnType<Boot["env"]>;

/** `change` applied to the build, or to each build the Vite dev server loads (keeping its `viteServer`). */
function mapBuild(build: AppBuild["build"], change: (b: ServerBuild) => ServerBuild): AppBuild["build"] {
  if (typeof build !== "function") return change(build);
  return Object.assign(async () => change(await build()), build);
}

/** Error reporting's settings: Sentry only in production with a DSN (ADR 0035). */
function monitoringOf(settings: AppSettings) {
  return { dsn: settings.SENTRY_DSN ?? null, environment: settings.DEPLOYMENT_ENVIRONMENT ?? "production", production: settings.isProduction };
}

export async function startServer(opts: ServerOptions): Promise<StartedServer> {
  // Loading the build checks the settings: it refuses to start in production with a missing secret.
  const loaded = await loadBuild(opts.dev ?? false);
  const { boot } = loaded;
  const settings = boot.env();
  // Server-side error reporting: Sentry only in production with a DSN (ADR 0035).
  const monitoring = monitoringOf(settings);
  if (monitoringEnabled(monitoring)) {
    const Sentry = await import("@sentry/node");
    Sentry.init(sentryOptions(monitoring) as Parameters<typeof Sentry.init>[0]);
    boot.setServerErrorReporter((error) => Sentry.captureException(error));
  }
  const host = opts.host ?? "127.0.0.1";
  const closers: Array<() => Promise<void>> = [loaded.close];

  let oidcUrl: string | undefined;
  if (!settings.isProduction && opts.oidcPort) {
    const provider = await startLocalSignIn(boot, opts.oidcPort, host);
    oidcUrl = provider.issuer;
    closers.push(() => provider.close());
  }

  const target = boot.databaseTarget();
  // The PGlite folder this process owns while it runs (not an in-memory database).
  const folder = target.kind === "pglite" && target.dir !== "memory://" ? target.dir : null;
  // On the embedded default the PGlite folder is served by a child process, reached over the `pg` protocol: the
  // WebAssembly database no longer runs on this process's thread (server/pglite-child.ts, ADR 0061).
  let dbHost: import("./pglite-child").PGliteHost | undefined;
  if (folder) {
    const { startPGliteHost } = await import("./pglite-child");
    const lost = opts.onDatabaseLost ?? ((message: string) => {
      console.error(message);
      process.exit(1);
    });
    dbHost = await startPGliteHost(folder, lost);
  }
  try {
    await boot.connectDatabase(dbHost?.url);
  } catch (err) {
    await dbHost?.close();
    throw err;
  }
  if (folder) {
    // The command-line tools reach the database through this process while it owns the folder (server/control.ts).
    const { startControlSocket } = await import("./control");
    closers.push(await startControlSocket(folder, boot.runCliCommand));
  }
  const runWorker = opts.worker ?? target.kind === "pglite";
  if (runWorker) {
    // Not followed by the compiled web entry (build/app-server.mjs), which never hosts the worker.
    const workerModule = "../worker/worker";
    const { createAppWorker } = (await import(workerModule)) as typeof import("../worker/worker");
    const worker = await createAppWorker();
    const running = worker.run();
    closers.push(async () => {
      // The Temporal runtime may already have begun shutting the worker down on SIGINT.
      if (worker.getState() === "RUNNING") worker.shutdown();
      await running;
    });
  }
  if (opts.ensureWorkflows ?? true) await boot.ensureWorkflows();

  const app = createWebApp(loaded, { concurrency: opts.concurrency });
  const server = await listenWebApp(app, opts.port, host);
  // Idle keep-alive connections outlive a client's own reuse window (Node's 5 s default raced the browser test's
  // request context and proxies reusing a socket the server was closing: ECONNRESET); 65 s is above common proxies' 60.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const url = `http://${host}:${opts.port}`;
  return {
    url,
    oidcUrl,
    databasePid: dbHost?.pid,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      for (const close of closers.reverse()) await close().catch((e) => console.error(e));
      await boot.closeServerResources();
      // Last: the database's process, once nothing in this one uses it.
      await dbHost?.close();
    },
  };
}
