/**
 * Benchmark (issue 29, ADR 0111): a cycle's fairness insights for 20,000 participants on PostgreSQL, next to the plain
 * SQL that reads the same rows, in one run.
 *
 *   npm run bench:insights -- [--participants 20000] [--runs 20] [--keep]
 *
 * Data: one cycle of N participants (10 departments, 6 levels, 3 locations, start dates over 8 years, gender and
 * employment type as attribute values), two peer requests and two answered peer feedbacks each, a proposed and a
 * calibrated rating each. Timed in this process (service call, no HTTP): the first call (the privacy lattice
 * computed), then `runs` calls (the lattice from the cache), and the reference: the same rows read by plain SQL (the
 * stages' statement and the attribute values). Prints p50/p95 and the ratio; CPU time per call beside wall time,
 * since the machine may be shared.
 */
import { randomUUID } from "node:crypto";
import { deployMigrations } from "../scripts/lib/migrate";
import { benchArgs, machine, prepareBenchDatabase, runWhenMain, wholeNumber, withClient } from "./lib";

function parseArgs(argv: string[]) {
  const v = benchArgs(argv, { participants: { type: "string" }, runs: { type: "string" }, keep: { type: "boolean" } }, "npm run bench:insights -- [--participants 20000] [--runs 20] [--keep]");
  return { participants: v.participants === undefined ? 20_000 : wholeNumber(v.participants), runs: v.runs === undefined ? 20 : Number(v.runs), keep: v.keep ?? false };
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

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bench = await prepareBenchDatabase("pmr_bench_insights");
  if (bench.name) await deployMigrations(bench.url);
  process.env.DATABASE_URL = bench.url;
  const { getDb, closeDb } = await import("~/platform/db.server");
  try {
    const { readCycleInsights } = await import("~/features/insights/service.server");
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

    const cold = await timed(() => readCycleInsights(current, cycle.id));
    console.log(`First call (lattice computed): ${ms(cold.wall)} ms wall, ${ms(cold.cpu)} ms CPU; ${cold.value.figures.length} figures, population ${cold.value.population}`);
    const reference = async () => {
      const rows = await sqlRows<{ userId: number }>(
        "bench.insights.reference",
        `SELECT p."id", p."userId", p."proposedRating", c."rating",
           (SELECT count(*) FROM "PeerRequest" r WHERE r."participantId" = p."id") AS "requests",
           (SELECT array_agg(f."answers") FROM "Feedback" f WHERE f."revieweeId" = p."id") AS "answers"
         FROM "Participant" p LEFT JOIN "CalibrationSessionParticipant" c ON c."participantId" = p."id" AND c."kind" = 'RATING'
         WHERE p."cycleId" = $1`,
        [cycle.id],
      );
      const values = await sqlRows("bench.insights.values", `SELECT v."userId", v."attributeId", v."value" FROM "AttributeValue" v JOIN "Participant" p ON p."userId" = v."userId" WHERE p."cycleId" = $1`, [cycle.id]);
      return rows.length + values.length;
    };
    const insights: Array<{ wall: number; cpu: number }> = [];
    const plain: Array<{ wall: number; cpu: number }> = [];
    for (let i = 0; i < 3; i++) await reference();
    for (let i = 0; i < opts.runs; i++) {
      plain.push(await timed(reference));
      insights.push(await timed(() => readCycleInsights(current, cycle.id)));
    }
    const row = (name: string, xs: Array<{ wall: number; cpu: number }>) =>
      `${name}: p50 ${ms(quantile(xs.map((x) => x.wall), 0.5))} ms, p95 ${ms(quantile(xs.map((x) => x.wall), 0.95))} ms wall; CPU p50 ${ms(quantile(xs.map((x) => x.cpu), 0.5))} ms`;
    console.log(JSON.stringify(machine()));
    console.log(row("Insights (lattice cached)", insights));
    console.log(row("Plain SQL of the same rows", plain));
    console.log(`Ratio (p50 wall): ${(quantile(insights.map((x) => x.wall), 0.5) / quantile(plain.map((x) => x.wall), 0.5)).toFixed(2)}x`);
  } finally {
    await closeDb().catch(() => {});
    if (bench.drop && !opts.keep) await bench.drop();
  }
}

runWhenMain(import.meta.url, main);
