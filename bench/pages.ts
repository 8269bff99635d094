/**
 * Benchmark (issue 16, P1 and P5): pages under 50 concurrent signed-in clients, next to a bare node:http page
 * measured in the same run, with the app's resident set sampled under the load.
 *
 *   npx remix vite:build && npm run bench:pages -- [--db postgres|pglite] [--connections 50] [--duration 15]
 *        [--warmup 3] [--participants 500] [--web-concurrency N] [--profile DIR] [--soak SECONDS] [--only home,…]
 *
 * The app is started as README command 1 starts it (scripts/start.ts: production build, NODE_ENV=production, the
 * local OpenID provider) on a migrated database seeded with the demo company, plus a cycle in calibration whose
 * rating session holds `--participants` people. On PostgreSQL (a throwaway database on 127.0.0.1:5432, or
 * DATABASE_URL) the Temporal worker runs in its own process (`npm run worker`); on PGlite (the embedded default) it
 * runs in the app's process. Clients sign in over HTTP through the local provider, as a browser does; each of the 50
 * connections carries one of several sessions of the page's user. autocannon (in this process) drives the load.
 *
 * Pages: the trivial signed-in page (the floor of a signed-in page: an unknown /app path, 404 inside the shell),
 * /app/home (an employee, the cycle in 360 feedback), the 360 feedback form (the same employee, a colleague
 * who asked them), the feedback summary (the employee's own, in the communicated cycle), the calibration session
 * admin page (`--participants` people), and the same session as its panelist and its sign-off party read it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { deployMigrations } from "../scripts/lib/migrate";
import { startTemporalDevServer } from "../scripts/lib/temporal-dev";
import { benchArgs, freePorts, machine, prepareBenchDatabase, runWhenMain, wholeNumber } from "./lib";
import { cpuSeconds, rssSampler, signIn, startApp, startFloor, type Child } from "./pages-lib";
import { startWorker, type WorkerProcess } from "./worker-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGES = ["trivial", "home", "feedback-form", "summary", "calibration", "calibration-panelist", "calibration-sign-off"] as const;
type PageName = (typeof PAGES)[number];

function parseArgs(argv: string[]) {
  const v = benchArgs(
    argv,
    {
      db: { type: "string" },
      connections: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      participants: { type: "string" },
      "web-concurrency": { type: "string" },
      profile: { type: "string" },
      soak: { type: "string" },
      only: { type: "string" },
      sessions: { type: "string" },
      "app-node-args": { type: "string" },
    },
    "npm run bench:pages -- [--db postgres|pglite] [--connections 50] [--duration 15] [--warmup 3] [--participants 500] [--web-concurrency N] [--profile DIR] [--soak SECONDS] [--only trivial,home,feedback-form,summary,calibration,calibration-panelist,calibration-sign-off] [--sessions 10] [--app-node-args \"--max-old-space-size=256\"]",
  );
  const db = v.db ?? "postgres";
  if (db !== "postgres" && db !== "pglite") throw new Error("--db is postgres or pglite");
  const only = v.only ? v.only.split(",") : [...PAGES];
  for (const o of only) if (!(PAGES as readonly string[]).includes(o)) throw new Error(`--only: unknown page ${o}`);
  return {
    db,
    connections: wholeNumber(v.connections ?? "50"),
    duration: Number(v.duration ?? 15),
    warmup: Number(v.warmup ?? 3),
    participants: wholeNumber(v.participants ?? "500"),
    webConcurrency: v["web-concurrency"],
    profile: v.profile ? path.resolve(v.profile) : null,
    soak: v.soak ? Number(v.soak) : 0,
    only: only as PageName[],
    sessions: wholeNumber(v.sessions ?? "10"),
    appNodeArgs: v["app-node-args"] ? v["app-node-args"].split(/\s+/).filter(Boolean) : [],
  };
}

const BENCH_ADMIN = "bench.session.admin@bench.example.com";
const BENCH_PANELIST = "bench.panelist@bench.example.com";
const BENCH_SIGN_OFF = "bench.signoff@bench.example.com";

/** The demo company, plus a cycle in calibration with one active rating session of `n` participants. */
async function prepareData(url: string, n: number) {
  await deployMigrations(url);
  const { createDb } = await import("~/platform/db.server");
  const { seedDemoData } = await import("../prisma/seed");
  const { db, close } = await createDb(url);
  try {
    await seedDemoData(db);
    const cycle = await db.cycle.create({ data: { name: "Bench calibration", state: "CALIBRATION", workflowId: "bench-calibration" } });
    const hr = await db.user.create({ data: { email: "bench.hr@bench.example.com", name: "Bench HR", role: "PEOPLE_PARTNER" } });
    const admin = await db.user.create({ data: { email: BENCH_ADMIN, name: "Bench Session Admin" } });
    const panelist = await db.user.create({ data: { email: BENCH_PANELIST, name: "Bench Panelist" } });
    const signOff = await db.user.create({ data: { email: BENCH_SIGN_OFF, name: "Bench Sign-off" } });
    const sql = (q: string, ...args: unknown[]) => db.$executeRawUnsafe(q, ...args);
    await sql(`INSERT INTO "User"(email, name, department, "updatedAt") SELECT 'mgr' || g || '@bench.example.com', 'Manager ' || g, 'Dept ' || (g % 10), now() FROM generate_series(1, 50) g`);
    await sql(
      `INSERT INTO "User"(email, name, department, "managerId", "updatedAt")
       SELECT 'p' || g || '@bench.example.com', 'Person ' || lpad(g::text, 4, '0'), 'Dept ' || (g % 10),
              (SELECT id FROM "User" WHERE email = 'mgr' || (1 + g % 50) || '@bench.example.com'), now()
       FROM generate_series(1, $1::int) g`,
      n,
    );
    await sql(
      `INSERT INTO "Participant"("cycleId", "userId", "managerId", "hrPartnerId", "proposedRating", "proposedPotential", "updatedAt")
       SELECT $1::int, u.id, u."managerId", $2::int, 1 + (u.id * 7) % 5, 1 + u.id % 3, now() FROM "User" u WHERE u.email ~ '^p[0-9]+@bench[.]example[.]com$'`,
      cycle.id,
      hr.id,
    );
    const session = await db.calibrationSession.create({
      data: { cycleId: cycle.id, name: "Bench session", kind: "RATING", state: "active", createdById: hr.id, guideline: { 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 }, deadline: new Date(Date.now() + 3 * 86_400_000) },
    });
    await db.calibrationSessionMember.createMany({ data: [{ sessionId: session.id, userId: admin.id, role: "ADMIN" }, { sessionId: session.id, userId: panelist.id, role: "PANELIST" }, { sessionId: session.id, userId: signOff.id, role: "SIGN_OFF" }] });
    await sql(
      `INSERT INTO "CalibrationSessionParticipant"("sessionId", "participantId", kind, rating, potential, "updatedAt")
       SELECT $1::int, p.id, 'RATING', p."proposedRating", p."proposedPotential", now() FROM "Participant" p WHERE p."cycleId" = $2::int`,
      session.id,
      cycle.id,
    );
    await sql(
      `INSERT INTO "CalibrationRatingChange"("sessionId", "sessionParticipantId", field, "oldValue", "newValue", reason, "changedById")
       SELECT $1::int, sp.id, 'rating', sp.rating, 1 + sp.rating % 5, 'Agreed in the meeting after comparing with peers at the same level', $2::int
       FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = $1::int ORDER BY sp.id LIMIT 200`,
      session.id,
      admin.id,
    );
    await sql(
      `INSERT INTO "CalibrationComment"("sessionId", "sessionParticipantId", "authorId", body)
       SELECT $1::int, sp.id, $2::int, 'Strong delivery on the platform migration; the impact was visible beyond the team.'
       FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = $1::int ORDER BY sp.id DESC LIMIT 300`,
      session.id,
      panelist.id,
    );
    await sql(`ANALYZE`);
    const cycleId = async (name: string) => (await db.cycle.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
    return { feedbackCycle: await cycleId("2026 Year-End Review"), communicatedCycle: await cycleId("2026 Mid-Year Review"), calibrationCycle: cycle.id, sessionId: session.id };
  } finally {
    await close();
  }
}

type Result = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; rssPeak: number; rssPeakOne: number; cpuMs: number | null };

async function load(
  url: string,
  cookies: string[],
  opts: { connections: number; duration: number; title: string },
  rss: ReturnType<typeof rssSampler> | null,
  cpuPid: number | null = null,
): Promise<Result> {
  rss?.reset();
  const cpu0 = cpuPid ? cpuSeconds(cpuPid) : 0;
  let next = 0;
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    ...(cookies.length ? { setupClient: (client: autocannon.Client) => client.setHeaders({ cookie: cookies[next++ % cookies.length]! }) } : {}),
  });
  return {
    name: opts.title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    rssPeak: rss?.peak() ?? 0,
    rssPeakOne: rss?.peakOne() ?? 0,
    // The app's own CPU time per answered request: what a page costs, whatever else the machine is doing.
    cpuMs: cpuPid ? ((cpuSeconds(cpuPid) - cpu0) * 1000) / Math.max(1, result.requests.total) : null,
  };
}

async function expectPage(url: string, cookie: string, marker: string, status = 200): Promise<string> {
  const res = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  const html = await res.text();
  if (res.status !== status || !html.includes(marker)) throw new Error(`unexpected ${res.status} from ${url} (looked for ${marker}): ${html.slice(0, 400)}`);
  return html;
}

/**
 * The page's own loader data as the client's navigation fetches it (single fetch: `<path>.data?…&_routes=<route>`, one
 * route's turbo-stream), in bytes: the same data the document carries inline for hydration.
 */
async function dataBytes(url: string, cookie: string, route: string): Promise<number> {
  const u = new URL(url);
  u.pathname += ".data";
  u.searchParams.set("_routes", route);
  const res = await fetch(u, { headers: { Cookie: cookie }, redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`unexpected ${res.status} from ${u}: ${body.subarray(0, 400).toString()}`);
  return body.byteLength;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("build/server/index.js is missing: run `npx remix vite:build` first");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-bench-pages-"));
  const logs = path.join(dir, "logs");
  fs.mkdirSync(logs);
  const stops: Array<() => Promise<void>> = [];
  let drop: (() => Promise<void>) | null = null;
  let failed = true;
  try {
    // From a random place in the range: two benches started together (other engineers') took the same ports.
    const from = 4100 + Math.floor(Math.random() * 800);
    const [floorPort, appPort, oidcPort, temporalPort] = await freePorts(4, from, 4999);
    const bench = opts.db === "postgres" ? await prepareBenchDatabase("pmr_bench_pages") : null;
    drop = bench?.name ? bench.drop : null;
    const databaseUrl = bench ? bench.url : `pglite:${path.join(dir, "pglite")}`;
    console.log(`Database: ${opts.db}. Seeding the demo company and a session of ${opts.participants} …`);
    const ids = await prepareData(databaseUrl, opts.participants);

    const temporal = await startTemporalDevServer({ port: temporalPort!, dbFile: ":memory:", headless: true, logFile: path.join(logs, "temporal.log") });
    stops.push(() => temporal.stop());
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      PORT: String(appPort),
      DEV_OIDC_PORT: String(oidcPort),
      DATA_DIR: dir,
      APP_URL: `http://127.0.0.1:${appPort}`,
      // Every session signs in from this one address (ADR 0041's limit is per client address).
      RATE_LIMIT_SIGN_IN: "100000",
      ...(opts.webConcurrency ? { WEB_CONCURRENCY: opts.webConcurrency } : {}),
      // On PostgreSQL the app's web process is a child of scripts/start.ts: the node options go to it.
      ...(opts.db === "postgres" && opts.appNodeArgs.length ? { WEB_NODE_OPTIONS: opts.appNodeArgs.join(" ") } : {}),
    };
    let worker: WorkerProcess | null = null;
    if (opts.db === "postgres") {
      worker = await startWorker(env, path.join(logs, "worker.log"), []);
      stops.push(() => worker!.stop());
    }
    // The CPU profile is the web process's: on PostgreSQL a child of scripts/start.ts (WEB_NODE_OPTIONS), else the app.
    const profileArgs = opts.profile ? ["--cpu-prof", `--cpu-prof-dir=${opts.profile}`] : [];
    if (opts.db === "postgres" && profileArgs.length) env.WEB_NODE_OPTIONS = [...opts.appNodeArgs, ...profileArgs].join(" ");
    const nodeArgs = opts.db === "postgres" ? [] : [...opts.appNodeArgs, ...profileArgs];
    const app: Child = await startApp(env, nodeArgs, path.join(logs, "app.log"));
    stops.push(() => app.stop());
    const floor = await startFloor(floorPort!, path.join(logs, "floor.log"));
    stops.push(() => floor.stop());
    const appUrl = env.APP_URL!;

    console.log(`Signing in ${opts.sessions} sessions per user …`);
    const sessions = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < opts.sessions; i++) out.push(await signIn(appUrl, email));
      return out;
    };
    const eli = await sessions("eli.employee@example.com");
    const admin = await sessions(BENCH_ADMIN);
    const panelistSessions = opts.only.includes("calibration-panelist") ? await sessions(BENCH_PANELIST) : [];
    const signOffSessions = opts.only.includes("calibration-sign-off") ? await sessions(BENCH_SIGN_OFF) : [];
    const list = await expectPage(`${appUrl}/app/performance/spu-feedback?cycle_id=${ids.feedbackCycle}`, eli[0]!, "spu-feedback");
    const formPath = /href="(\/app\/performance\/spu-feedback\/feedback\/[^"/?]+)(?:\?[^"]*)?"/.exec(list)?.[1];
    if (!formPath) throw new Error("No 360 feedback form link on Eli's list");

    const pages: Record<PageName, { title: string; url: string; cookies: string[]; marker: string; status?: number; route?: string }> = {
      // The signed-in floor (issue 27): session lookup, the /app layout's guard and shell data, the security headers,
      // and no content of its own: an unknown path under /app, answered 404 inside the shell (its non-2xx are expected).
      trivial: { title: "trivial signed-in page (404 in the shell)", url: `${appUrl}/app/bench-floor`, cookies: eli, marker: 'data-testid="not-found-page"', status: 404 },
      home: { title: "/app/home (employee)", url: `${appUrl}/app/home?cycle_id=${ids.feedbackCycle}`, cookies: eli, marker: 'data-testid="home-cycle"' },
      "feedback-form": { title: "360 feedback form", url: `${appUrl}${formPath}?cycle_id=${ids.feedbackCycle}`, cookies: eli, marker: "<form" },
      summary: { title: "feedback summary (own)", url: `${appUrl}/app/performance/final-assessment/summary?cycle_id=${ids.communicatedCycle}`, cookies: eli, marker: 'data-testid="summary-section-' },
      calibration: {
        title: `calibration session admin (${opts.participants})`,
        url: `${appUrl}/app/session-admin/calibration-sessions/${ids.sessionId}?cycle_id=${ids.calibrationCycle}`,
        cookies: admin,
        marker: "Person 0001",
        route: "routes/app.session-admin.calibration-sessions.$id",
      },
      // The panelist's and the sign-off party's pages of the same session (first page of the participants).
      "calibration-panelist": {
        title: `calibration panelist session (${opts.participants})`,
        url: `${appUrl}/app/ratings/calibration-panelist/sessions/${ids.sessionId}?cycle_id=${ids.calibrationCycle}`,
        cookies: panelistSessions,
        marker: "Person 0001",
        route: "routes/app.ratings.calibration-panelist.sessions.$sessionId._index",
      },
      "calibration-sign-off": {
        title: `calibration sign-off session (${opts.participants})`,
        url: `${appUrl}/app/sign-off-party/calibration-sessions/${ids.sessionId}?cycle_id=${ids.calibrationCycle}`,
        cookies: signOffSessions,
        marker: "Person 0001",
        route: "routes/app.sign-off-party.calibration-sessions.$id",
      },
    };
    for (const name of opts.only) {
      const html = await expectPage(pages[name].url, pages[name].cookies[0]!, pages[name].marker, pages[name].status);
      const route = pages[name].route;
      const data = route ? `, ${await dataBytes(pages[name].url, pages[name].cookies[0]!, route)} bytes of the page's loader data` : "";
      console.log(`${pages[name].title}: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB of HTML (${Buffer.byteLength(html)} bytes)${data}`);
    }

    const webRss = rssSampler(() => app.pid);
    stops.push(async () => webRss.stop());
    const idleRss = webRss.now();
    const results: Result[] = [];
    const run = async (title: string, url: string, cookies: string[], sampler: ReturnType<typeof rssSampler> | null, cpuPid: number | null) => {
      await load(url, cookies, { connections: opts.connections, duration: opts.warmup, title }, null);
      const r = await load(url, cookies, { connections: opts.connections, duration: opts.duration, title }, sampler, cpuPid);
      results.push(r);
      console.log(`${title.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors}  ${r.cpuMs === null ? "" : `app CPU ${r.cpuMs.toFixed(1)} ms/request`}`);
    };
    await run("bare node:http page (floor)", floor.url, [], null, floor.pid);
    for (const name of opts.only) {
      // Each page's own check that the load did not turn into errors: the page still renders its content after.
      await run(pages[name].title, pages[name].url, pages[name].cookies, webRss, app.pid);
      await expectPage(pages[name].url, pages[name].cookies[0]!, pages[name].marker, pages[name].status);
    }

    const floorRps = results[0]!.rps;
    const m = machine();
    console.log("");
    console.log(`Machine: ${m.nproc} cores (${m.cpu}), ${m.ramGb.toFixed(1)} GB, Node ${m.node}; load average before: ${m.load}`);
    console.log(`Database: ${opts.db}; worker ${opts.db === "postgres" ? "in its own process" : "in the app's process"}; ${opts.connections} connections, ${opts.duration} s per page after ${opts.warmup} s warm-up; web concurrency ${opts.webConcurrency ?? "1"}; app node options: ${opts.appNodeArgs.join(" ") || "none"}`);
    console.log("");
    console.log("| request | requests/s | p50 ms | p99 ms | throughput / floor | server CPU ms / request | non-2xx | errors | app RSS peak MB |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / floorRps).toFixed(3)} | ${r.cpuMs?.toFixed(2) ?? ""} | ${r.non2xx} | ${r.errors} | ${r.rssPeak ? r.rssPeak.toFixed(0) : ""} |`);
    }
    console.log("");
    console.log(`App process${opts.webConcurrency ? "es (all together)" : ""} RSS: ${idleRss.toFixed(0)} MB idle after sign-in, ${Math.max(...results.map((r) => r.rssPeak)).toFixed(0)} MB peak under load, ${webRss.now().toFixed(0)} MB after.`);
    console.log(`Largest single process of the app under load (on PostgreSQL: the web process): ${Math.max(...results.map((r) => r.rssPeakOne)).toFixed(0)} MB.`);
    if (worker) console.log(`Worker process RSS: ${worker.readyRssMb.toFixed(0)} MB at ready, ${worker.sampledPeakMb().toFixed(0)} MB peak.`);

    if (opts.soak > 0) {
      console.log("");
      console.log(`Soak: all pages in turn for ${opts.soak} s; the web process's RSS after each round:`);
      // The largest process of the app (on PostgreSQL: the web process, not scripts/start.ts around it) and all of them.
      const at = () => `${(webRss.now(), webRss.nowOne()).toFixed(0)} MB (all the app's processes ${webRss.now().toFixed(0)} MB)`;
      const series: string[] = [`0 s: ${at()}`];
      const started = Date.now();
      while ((Date.now() - started) / 1000 < opts.soak) {
        for (const name of opts.only) {
          await load(pages[name].url, pages[name].cookies, { connections: opts.connections, duration: 15, title: name }, null);
        }
        series.push(`${Math.round((Date.now() - started) / 1000)} s: ${at()}`);
        console.log(`  ${series[series.length - 1]}`);
      }
      await new Promise((r) => setTimeout(r, 10_000));
      console.log(`  10 s after the soak: ${at()}`);
    }
    failed = false;
  } finally {
    for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
    if (drop) await drop();
    if (opts.profile) console.log(`CPU profiles in ${opts.profile}`);
    // A failed run keeps its processes' logs.
    if (failed) console.error(`Logs kept in ${logs}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, main);
