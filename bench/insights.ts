/**
 * Benchmark (issue 29, ADR 0111): a cycle's fairness insights for 20,000 participants on PostgreSQL, next to the plain
 * SQL that reads the same rows, in one run.
 *
 *   npm run bench:insights -- [--participants 20000] [--runs 20] [--keep] [--profile DIR] [--demo] [--page]
 *
 * Data: one cycle of N participants (10 departments, 6 levels, 3 locations, start dates over 8 years, gender and
 * employment type as attribute values), two peer requests and two answered peer feedbacks each, a proposed and a
 * calibrated rating each. Timed in this process (service call, no HTTP): the first call (the privacy lattice
 * computed), then `runs` calls, each computed (the answer cache emptied, the lattice from its cache) and then answered
 * from the answer cache (ADR 0121), and the reference: the same rows read by plain SQL (the
 * stages' statement, the people's attribute columns and the attribute values). Prints p50/p95 and the ratios of wall
 * and of CPU time per call (this process's), since the machine may be shared. `--profile DIR` writes the first call's
 * and the repeated calls' CPU profiles there (cold.cpuprofile, warm.cpuprofile; open them in Chrome's DevTools).
 * `--demo` measures instead the demo company's "2026 Q3 Review" (what the browser suite's page walks open): the
 * whole-cycle call's CPU time, first and repeated. `--page` (after `npm run build`) then also requests the cycle's
 * insight PAGE over HTTP from the built app as a signed-in super admin (bench/insights-page.ts): the first request and
 * `runs` more, each after the plain SQL, with the app's CPU time per request (ADR 0121).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { deployMigrations } from "../scripts/lib/migrate";
import { benchArgs, machine, prepareBenchDatabase, runWhenMain, wholeNumber, withClient } from "./lib";
import { measureInsightPage, type Timing } from "./insights-page";

function parseArgs(argv: string[]) {
  const v = benchArgs(
    argv,
    { participants: { type: "string" }, runs: { type: "string" }, keep: { type: "boolean" }, profile: { type: "string" }, demo: { type: "boolean" }, page: { type: "boolean" } },
    "npm run bench:insights -- [--participants 20000] [--runs 20] [--keep] [--profile DIR] [--demo] [--page]",
  );
  return {
    participants: v.participants === undefined ? 20_000 : wholeNumber(v.participants),
    runs: v.runs === undefined ? 20 : Number(v.runs),
    keep: v.keep ?? false,
    profile: v.profile === undefined ? null : path.resolve(v.profile),
    demo: v.demo ?? false,
    page: v.page ?? false,
  };
}

/** Runs `fn` under the inspector's CPU profiler when `dir` is given, writing `dir/name.cpuprofile`. */
async function profiled<T>(dir: string | null, name: string, fn: () => Promise<T>): Promise<T> {
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => x.toFixed(1);

async function timed<T>(fn: () => Promise<T>): Promise<{ wall: number; cpu: number; value: T }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000, value };
}

type Options = ReturnType<typeof parseArgs>;

/** The demo company's "2026 Q3 Review" as its super admin opens it: the whole-cycle call, first and repeated. */
async function demo(opts: Options) {
  const { getDb } = await import("~/platform/db.server");
  const { seedDemoData } = await import("../prisma/seed");
  const { readCycleInsights } = await import("~/features/insights/service.server");
  const db = await getDb();
  await seedDemoData(db);
  const admin = await db.user.findUniqueOrThrow({ where: { email: "ada.admin@example.com" } });
  const cycle = await db.cycle.findFirstOrThrow({ where: { name: "2026 Q3 Review" } });
  const current = { user: admin, realUser: null, actor: { userId: admin.id, realUserId: null, source: "api" } } as never;
  const cold = await profiled(opts.profile, "demo-cold", () => timed(() => readCycleInsights(current, cycle.id)));
  const warm: Array<{ wall: number; cpu: number }> = [];
  await profiled(opts.profile, "demo-warm", async () => {
    for (let i = 0; i < opts.runs; i++) warm.push(await timed(() => readCycleInsights(current, cycle.id)));
  });
  console.log(JSON.stringify(machine()));
  console.log(`Demo "2026 Q3 Review" (population ${cold.value.population}, ${cold.value.figures.length} figures): first call ${ms(cold.cpu)} ms CPU (${ms(cold.wall)} ms wall)`);
  console.log(`Repeated calls: CPU p50 ${ms(quantile(warm.map((x) => x.cpu), 0.5))} ms, p95 ${ms(quantile(warm.map((x) => x.cpu), 0.95))} ms; wall p50 ${ms(quantile(warm.map((x) => x.wall), 0.5))} ms`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bench = await prepareBenchDatabase("pmr_bench_insights");
  if (bench.name) await deployMigrations(bench.url);
  process.env.DATABASE_URL = bench.url;
  const { getDb, closeDb } = await import("~/platform/db.server");
  try {
    if (opts.demo) return await demo(opts);
    const { readCycleInsights } = await import("~/features/insights/service.server");
    const { clearInsightsAnswerCache } = await import("~/features/insights/answer-cache.server");
    const { sqlRows } = await import("~/platform/sql.server");
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const n = opts.participants;
    console.log(`Setting up: a cycle of ${n} participants ...`);
    const admin = await db.user.create({ data: { email: `admin.${tag}@bench.example.com`, name: "Bench Admin", role: "SUPER_ADMIN" } });
    const cycle = await db.cycle.create({ data: { name: `Bench insights ${tag}`, state: "CALIBRATION", workflowId: `bench-insights-${tag}`, startDate: new Date("2026-07-01") } });
    await withClient(bench.url, async (c) => {
      await c.query(
        `INSERT INTO "User"(email, name, department, level, location, "startDate", "updatedAt")
         SELECT 'p' || g || '.${tag}@bench.example.com', 'Person ' || g, 'Dept ' || (g % 10), 'L' || (1 + g % 6), (ARRAY['Berlin','Paris','London'])[1 + g % 3],
                DATE '2018-07-01' + ((g * 37) % 2900), now()
         FROM generate_series(1, $1::int) g`,
        [n],
      );
      await c.query(
        `INSERT INTO "Participant"("cycleId", "userId", "proposedRating", "updatedAt")
         SELECT $1, u.id, 1 + (u.id * 7) % 5, now() FROM "User" u WHERE u.email LIKE 'p%.${tag}@bench.example.com'`,
        [cycle.id],
      );
      await c.query(
        `INSERT INTO "AttributeValue"("userId", "attributeId", value, "updatedAt")
         SELECT u.id, d.id, CASE WHEN d.key = 'gender' THEN (ARRAY['Women','Men','Men','Non-binary'])[1 + u.id % 4] ELSE (ARRAY['Full-time','Full-time','Part-time'])[1 + u.id % 3] END, now()
         FROM "User" u CROSS JOIN "AttributeDefinition" d WHERE d.key IN ('gender', 'employment_type') AND u.email LIKE 'p%.${tag}@bench.example.com'`,
      );
      const peers = await c.query(`SELECT id FROM "User" WHERE email LIKE 'p%.${tag}@bench.example.com' ORDER BY id LIMIT 4`);
      const [a, b] = peers.rows.map((r) => r.id as number);
      await c.query(
        `INSERT INTO "PeerRequest"("cycleId", "participantId", "reviewerId", status, "updatedAt")
         SELECT $1, p.id, r.reviewer, (ARRAY['ACCEPTED','ACCEPTED','DECLINED','REQUESTED'])[1 + (p.id + r.reviewer) % 4]::"PeerRequestStatus", now()
         FROM "Participant" p CROSS JOIN (VALUES ($2::int), ($3::int)) r(reviewer) WHERE p."cycleId" = $1`,
        [cycle.id, a, b],
      );
      await c.query(
        `INSERT INTO "Feedback"("cycleId", "revieweeId", "reviewerId", "reviewerType", status, answers, "submittedAt", "updatedAt")
         SELECT $1, p.id, r.reviewer, 'PEER', 'SUBMITTED', jsonb_build_object('q1', repeat('x', 50 + (p.id * 13) % 400), 'q2', 3), now(), now()
         FROM "Participant" p CROSS JOIN (VALUES ($2::int), ($3::int)) r(reviewer) WHERE p."cycleId" = $1`,
        [cycle.id, a, b],
      );
      const session = await c.query(`INSERT INTO "CalibrationSession"("cycleId", name, kind, "updatedAt") VALUES ($1, 'Bench', 'RATING', now()) RETURNING id`, [cycle.id]);
      await c.query(
        `INSERT INTO "CalibrationSessionParticipant"("sessionId", "participantId", kind, rating, "updatedAt")
         SELECT $2, p.id, 'RATING', 1 + (p.id * 11) % 5, now() FROM "Participant" p WHERE p."cycleId" = $1`,
        [cycle.id, session.rows[0].id],
      );
      await c.query("ANALYZE");
    });
    const current = { user: admin, realUser: null, actor: { userId: admin.id, realUserId: null, source: "api" } } as never;

    const cold = await profiled(opts.profile, "cold", () => timed(() => readCycleInsights(current, cycle.id)));
    console.log(`First call (lattice computed): ${ms(cold.wall)} ms wall, ${ms(cold.cpu)} ms CPU; ${cold.value.figures.length} figures, population ${cold.value.population}; answer ${(Buffer.byteLength(JSON.stringify(cold.value)) / 1024).toFixed(0)} KB of JSON`);
    const reference = async () => {
      const rows = await sqlRows<{ userId: number }>(
        "bench.insights.reference",
        `SELECT p."id", p."userId", p."proposedRating", c."rating", u."level", u."location", u."department", u."startDate",
           (SELECT count(*) FROM "PeerRequest" r WHERE r."participantId" = p."id") AS "requests",
           (SELECT array_agg(f."answers") FROM "Feedback" f WHERE f."revieweeId" = p."id") AS "answers"
         FROM "Participant" p JOIN "User" u ON u."id" = p."userId"
         LEFT JOIN "CalibrationSessionParticipant" c ON c."participantId" = p."id" AND c."kind" = 'RATING'
         WHERE p."cycleId" = $1`,
        [cycle.id],
      );
      const values = await sqlRows("bench.insights.values", `SELECT v."userId", v."attributeId", v."value" FROM "AttributeValue" v JOIN "Participant" p ON p."userId" = v."userId" WHERE p."cycleId" = $1`, [cycle.id]);
      return rows.length + values.length;
    };
    const insights: Array<{ wall: number; cpu: number }> = [];
    const kept: Array<{ wall: number; cpu: number }> = [];
    const plain: Array<{ wall: number; cpu: number }> = [];
    for (let i = 0; i < 3; i++) await reference();
    let same = true;
    await profiled(opts.profile, "warm", async () => {
      for (let i = 0; i < opts.runs; i++) {
        plain.push(await timed(reference));
        // Computed each time (the answer cache emptied; the lattice cache kept), then answered from the answer cache.
        clearInsightsAnswerCache();
        const warm = await timed(() => readCycleInsights(current, cycle.id));
        same &&= JSON.stringify(warm.value) === JSON.stringify(cold.value);
        insights.push(warm);
        const answer = await timed(() => readCycleInsights(current, cycle.id));
        same &&= JSON.stringify(answer.value) === JSON.stringify(cold.value);
        kept.push(answer);
      }
    });
    if (!same) throw new Error("A repeated call answered differently from the first");
    const row = (name: string, xs: Array<{ wall: number; cpu: number }>) =>
      `${name}: p50 ${ms(quantile(xs.map((x) => x.wall), 0.5))} ms, p95 ${ms(quantile(xs.map((x) => x.wall), 0.95))} ms wall; CPU p50 ${ms(quantile(xs.map((x) => x.cpu), 0.5))} ms, p95 ${ms(quantile(xs.map((x) => x.cpu), 0.95))} ms`;
    console.log(JSON.stringify(machine()));
    console.log(row("Insights computed (lattice cached)", insights));
    console.log(row("Insights from the answer cache (version checked)", kept));
    console.log(row("Plain SQL of the same rows", plain));
    const ratio = (q: number, of: "wall" | "cpu") => (quantile(insights.map((x) => x[of]), q) / quantile(plain.map((x) => x[of]), q)).toFixed(2);
    console.log(`Ratio: p50 wall ${ratio(0.5, "wall")}x, p95 wall ${ratio(0.95, "wall")}x, p50 CPU ${ratio(0.5, "cpu")}x`);
    console.log(`Figures shown: ${cold.value.figures.filter((f) => f.shown).length} of ${cold.value.figures.length}; gaps: ${cold.value.figures.reduce((s, f) => s + f.gaps.length, 0)}`);
    if (opts.page) {
      console.log(`The insight page over HTTP (built app, ${opts.runs} requests) ...`);
      const run = await measureInsightPage({ databaseUrl: bench.url, cycleId: cycle.id, adminEmail: admin.email, marker: cycle.name, runs: opts.runs, reference: () => timed(reference) });
      const mean = (xs: Timing[]) => ms(xs.reduce((s, x) => s + x.cpu, 0) / xs.length);
      console.log(JSON.stringify(machine()));
      console.log(`Page, first request: ${ms(run.cold.wall)} ms wall, ${ms(run.cold.cpu)} ms app CPU; ${(run.html / 1024).toFixed(0)} KB of HTML`);
      console.log(`${row("Page (repeated)", run.page)}; app CPU mean ${mean(run.page)} ms`);
      console.log(row("Plain SQL of the same rows", run.plain));
      console.log(`Page p95 wall ${ms(quantile(run.page.map((x) => x.wall), 0.95))} ms (goal ≤ 300 ms); page / plain SQL p50 wall ${(quantile(run.page.map((x) => x.wall), 0.5) / quantile(run.plain.map((x) => x.wall), 0.5)).toFixed(2)}x`);
    }
  } finally {
    await closeDb().catch(() => {});
    if (bench.drop && !opts.keep) await bench.drop();
  }
}

runWhenMain(import.meta.url, main);
