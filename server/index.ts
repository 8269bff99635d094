/**
 * The app process: serves the Remix app with Express. On embedded defaults (a PGlite folder,
 * which belongs to one process) it also hosts the Temporal worker, and outside production the
 * local OpenID provider (see docs/decisions/0005-one-process-on-embedded-defaults.md).
 * Production may instead run `remix-serve build/server/index.js` and `npm run worker` separately.
 */
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import path from "node:path";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { env } from "~/platform/env.server";
import { monitoringEnabled, sentryOptions } from "~/platform/analytics/monitoring";
import { setServerErrorReporter } from "~/platform/analytics/report-error.server";
import { closeDb, databaseTarget, getDb } from "~/platform/db.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type StartedServer = { url: string; oidcUrl?: string; close: () => Promise<void> };

export type ServerOptions = {
  port: number;
  host?: string;
  /** Vite dev middleware with HMR instead of the production build. */
  dev?: boolean;
  /** Host the Temporal worker in this process (default: when the database is PGlite). */
  worker?: boolean;
  /** Port of the local OpenID provider (outside production only). */
  oidcPort?: number;
};

export async function startServer(opts: ServerOptions): Promise<StartedServer> {
  const settings = env(); // refuses to start in production with a missing secret
  // Server-side error reporting: Sentry only in production with a DSN (ADR 0035).
  const monitoring = { dsn: settings.SENTRY_DSN ?? null, environment: settings.DEPLOYMENT_ENVIRONMENT ?? "production", production: settings.isProduction };
  if (monitoringEnabled(monitoring)) {
    const Sentry = await import("@sentry/node");
    Sentry.init(sentryOptions(monitoring) as Parameters<typeof Sentry.init>[0]);
    setServerErrorReporter((error) => Sentry.captureException(error));
  }
  const host = opts.host ?? "127.0.0.1";
  const closers: Array<() => Promise<void>> = [];

  let oidcUrl: string | undefined;
  if (!settings.isProduction && opts.oidcPort) {
    const { startDevOidcProvider } = await import("./dev-oidc-provider");
    const provider = await startDevOidcProvider({
      port: opts.oidcPort,
      host,
      listUsers: async () => {
        const db = await getDb();
        const users = await db.user.findMany({ where: { active: true }, orderBy: [{ role: "asc" }, { name: "asc" }], select: { email: true, name: true, role: true } });
        return users;
      },
    });
    oidcUrl = provider.issuer;
    process.env.DEV_OIDC_URL = provider.issuer;
    closers.push(() => provider.close());
  }

  await getDb();
  const runWorker = opts.worker ?? databaseTarget().kind === "pglite";
  if (runWorker) {
    const { createAppWorker } = await import("../worker/worker");
    const worker = await createAppWorker();
    const running = worker.run();
    closers.push(async () => {
      // The Temporal runtime may already have begun shutting the worker down on SIGINT.
      if (worker.getState() === "RUNNING") worker.shutdown();
      await running;
    });
  }
  const { ensureCycleWorkflows } = await import("~/features/cycles/workflow.server");
  await ensureCycleWorkflows();
  const { ensureCalibrationWorkflows } = await import("~/features/calibration/workflow.server");
  await ensureCalibrationWorkflows();
  const { ensureEndorsementWorkflows } = await import("~/features/promotions/endorsement-workflow.server");
  await ensureEndorsementWorkflows();

  const app = express();
  app.disable("x-powered-by");
  let viteServer: import("vite").ViteDevServer | undefined;
  if (opts.dev) {
    const vite = await import("vite");
    viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    app.all("*", createRequestHandler({ build: () => viteServer!.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild> }));
    closers.push(() => viteServer!.close());
  } else {
    const buildDir = path.join(root, "build");
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
    const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    app.all("*", createRequestHandler({ build, mode: settings.isProduction ? "production" : "development" }));
  }

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(opts.port, host, () => resolve(s));
  });
  const url = `http://${host}:${opts.port}`;
  return {
    url,
    oidcUrl,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      for (const close of closers.reverse()) await close().catch((e) => console.error(e));
      const { closeTemporalClient } = await import("~/platform/temporal.server");
      await closeTemporalClient();
      await closeDb();
    },
  };
}
