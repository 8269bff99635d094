/**
 * The page part of bench/insights.ts (issue 29 "Done when": the page ≤ 300 ms at p95 on PostgreSQL; ADR 0121): the
 * built app started as README command 1 starts it (bench/pages-lib.ts startApp) on the bench's database, a super
 * admin signed in over HTTP through the local OpenID provider, and the cycle's insight page requested: the first
 * (cold: nothing kept, the privacy lattice computed) request, then `runs` requests, each after the plain SQL that
 * reads the same rows (the floor, timed in the bench's process). Wall time per request and the app's CPU time per
 * request (its process tree, from /proc: 10 ms ticks, so its mean is the figure to read).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTemporalDevServer } from "../scripts/lib/temporal-dev";
import { freePorts } from "./lib";
import { cpuSeconds, signIn, startApp } from "./pages-lib";

export type Timing = { wall: number; cpu: number };

export type PageRun = { html: number; cold: Timing; page: Timing[]; plain: Timing[] };

/**
 * Starts Temporal and the app on `databaseUrl`, signs `adminEmail` in and times `/app/insights/cycles/{cycleId}`
 * (it must hold `marker`): cold once, then `runs` times alternating with `reference` (the plain SQL).
 */
export async function measureInsightPage(opts: {
  databaseUrl: string;
  cycleId: number;
  adminEmail: string;
  marker: string;
  runs: number;
  reference: () => Promise<Timing>;
}): Promise<PageRun> {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("build/server/index.js is missing: run `npm run build` first (--page measures the built app)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-bench-insights-page-"));
  const stops: Array<() => Promise<void>> = [];
  let failed = true;
  try {
    const from = 5100 + Math.floor(Math.random() * 800);
    const [appPort, oidcPort, temporalPort] = await freePorts(3, from, 5999);
    const temporal = await startTemporalDevServer({ port: temporalPort!, dbFile: ":memory:", headless: true, logFile: path.join(dir, "temporal.log") });
    stops.push(() => temporal.stop());
    const appUrl = `http://127.0.0.1:${appPort}`;
    const env = { DATABASE_URL: opts.databaseUrl, TEMPORAL_ADDRESS: temporal.address, PORT: String(appPort), DEV_OIDC_PORT: String(oidcPort), DATA_DIR: dir, APP_URL: appUrl };
    const app = await startApp(env, [], path.join(dir, "app.log"));
    stops.push(() => app.stop());
    const cookie = await signIn(appUrl, opts.adminEmail);
    const url = `${appUrl}/app/insights/cycles/${opts.cycleId}`;
    const request = async (): Promise<Timing & { html: string }> => {
      const cpu0 = cpuSeconds(app.pid);
      const t0 = performance.now();
      const res = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
      const html = await res.text();
      const wall = performance.now() - t0;
      if (res.status !== 200 || !html.includes(opts.marker)) throw new Error(`unexpected ${res.status} from ${url} (looked for ${opts.marker}): ${html.slice(0, 400)}`);
      return { wall, cpu: (cpuSeconds(app.pid) - cpu0) * 1000, html };
    };
    // The app's own first-request costs (modules, connections) are paid on another page, not counted as the page's.
    await fetch(`${appUrl}/app/home`, { headers: { Cookie: cookie } }).then((r) => r.text());
    const cold = await request();
    const page: Timing[] = [];
    const plain: Timing[] = [];
    for (let i = 0; i < opts.runs; i++) {
      plain.push(await opts.reference());
      const { wall, cpu } = await request();
      page.push({ wall, cpu });
    }
    failed = false;
    return { html: Buffer.byteLength(cold.html), cold: { wall: cold.wall, cpu: cold.cpu }, page, plain };
  } finally {
    for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
    if (failed) console.error(`Logs kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}
