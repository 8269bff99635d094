/**
 * Benchmark (ADR 0120): what one read of the calibration meeting's fairness panel costs (GET
 * /app/calibration-sessions/{id}/fairness, the service call behind it: readMeetingFairness) for a session of 500
 * participants on PostgreSQL, a rating session and a promotion session, as the panel reads it:
 *  - cold: the process's first read (nothing kept: the population read, the privacy lattice, the figures);
 *  - after a change: one session row changed right before each read (a rating moved, a decision changed), as the live
 *    stream makes every open member page read again (the insights' data version moved: the answer is computed; the
 *    lattice, which depends on the attribute values only, is kept);
 *  - unchanged: the same reader again at the same version (the second open member page: the kept answer, ADR 0121).
 * CPU is this process's (the service's JavaScript and the driver; the database's own work is not in it), from
 * process.cpuUsage(), per read; wall time beside it.
 *
 *   npx tsx bench/meeting-fairness.ts [--participants 500] [--runs 30] [--warmup 3]
 * Database: DATABASE_URL (postgresql://) or a throwaway `pmr_bench_fairness_<pid>` on 127.0.0.1:5432. No Temporal, no build.
 */
import { randomUUID } from "node:crypto";
import { deployMigrations } from "../scripts/lib/migrate";
import { benchArgs, machine, prepareBenchDatabase, runWhenMain, wholeNumber, withClient } from "./lib";

process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";

function parseArgs(argv: string[]) {
  const v = benchArgs(
    argv,
    { participants: { type: "string" }, runs: { type: "string" }, warmup: { type: "string" } },
    "npx tsx bench/meeting-fairness.ts [--participants 500] [--runs 30] [--warmup 3]",
  );
  return { participants: wholeNumber(v.participants ?? "500"), runs: wholeNumber(v.runs ?? "30"), warmup: wholeNumber(v.warmup ?? "3") };
}

type Sample = { cpu: number; wall: number };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function timed(fn: () => Promise<unknown>): Promise<Sample> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall };
}

function line(name: string, s: Sample[]): string {
  const cpu = s.map((x) => x.cpu);
  const wall = s.map((x) => x.wall);
  const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  return `| ${name} | ${s.length} | ${pct(cpu, 50).toFixed(1)} / ${pct(cpu, 95).toFixed(1)} (mean ${mean.toFixed(1)}) | ${pct(wall, 50).toFixed(1)} / ${pct(wall, 95).toFixed(1)} |`;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bench = await prepareBenchDatabase("pmr_bench_fairness");
  if (bench.name) await deployMigrations(bench.url);
  process.env.DATABASE_URL = bench.url;
  const { getDb, closeDb } = await import("~/platform/db.server");
  try {
    const { readMeetingFairness } = await import("~/features/insights/meeting-fairness.server");
    const { readInsightsDataVersion, insightsAnswerCacheSize } = await import("~/features/insights/answer-cache.server");
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const n = opts.participants;
    console.log(`Setting up: a rating and a promotion session of ${n} participants each ...`);
    const cycle = await db.cycle.create({ data: { name: `Bench fairness ${tag}`, state: "CALIBRATION", workflowId: `bench-fair-${tag}` } });
    const admin = await db.user.create({ data: { email: `admin.${tag}@bench.example.com`, name: `Admin ${tag}`, role: "SUPER_ADMIN" } });
    const sessions = await withClient(bench.url, async (c) => {
      // 2n people: 5 levels, 4 locations, 10 departments (columns), gender and employment type (stored values).
      await c.query(
        `INSERT INTO "User"(email, name, department, location, level, "updatedAt")
         SELECT 'p' || g || '.${tag}@bench.example.com', 'Person ' || g, 'Dept ' || (g % 10), 'City ' || (g % 4), 'L' || (2 + g % 5), now()
         FROM generate_series(1, $1::int) g`,
        [2 * n],
      );
      await c.query(
        `INSERT INTO "AttributeValue"("attributeId", "userId", value, "updatedAt")
         SELECT d.id, u.id, CASE WHEN d.key = 'gender' THEN (CASE WHEN u.id % 2 = 0 THEN 'Woman' ELSE 'Man' END)
                                 ELSE (CASE WHEN u.id % 7 = 0 THEN 'Part-time' ELSE 'Full-time' END) END, now()
         FROM "User" u CROSS JOIN "AttributeDefinition" d
         WHERE u.email LIKE 'p%.${tag}@bench.example.com' AND d.key IN ('gender', 'employment_type')`,
      );
      await c.query(
        `INSERT INTO "Participant"("cycleId", "userId", "proposedRating", "proposedPotential", "updatedAt")
         SELECT $1::int, u.id, 1 + (u.id * 7) % 5, 1 + u.id % 3, now() FROM "User" u WHERE u.email LIKE 'p%.${tag}@bench.example.com'`,
        [cycle.id],
      );
      const ids: Record<"RATING" | "PROMOTION", number> = { RATING: 0, PROMOTION: 0 };
      for (const kind of ["RATING", "PROMOTION"] as const) {
        const s = await c.query(
          `INSERT INTO "CalibrationSession"("cycleId", name, kind, state, "createdById", guideline, "updatedAt")
           VALUES ($1, $2, $3, 'active', $4, '{"1":5,"2":15,"3":50,"4":20,"5":10}', now()) RETURNING id`,
          [cycle.id, `Bench ${kind} ${tag}`, kind, admin.id],
        );
        ids[kind] = s.rows[0].id as number;
      }
      // The first n participants in the rating session (calibrated: ratings moved for a third), the others nominated
      // and in the promotion session (decided, a panel vote each).
      await c.query(
        `INSERT INTO "CalibrationSessionParticipant"("sessionId", "participantId", kind, rating, potential, "updatedAt")
         SELECT $1, p.id, 'RATING', CASE WHEN p.id % 3 = 0 THEN 1 + (p."proposedRating" % 5) ELSE p."proposedRating" END, p."proposedPotential", now()
         FROM "Participant" p WHERE p."cycleId" = $2 ORDER BY p.id LIMIT $3`,
        [ids.RATING, cycle.id, n],
      );
      await c.query(
        `INSERT INTO "PromotionNomination"("participantId", "nominatedById", rationale, "updatedAt")
         SELECT p.id, $2, 'Operates at the next level.', now() FROM "Participant" p WHERE p."cycleId" = $1 ORDER BY p.id OFFSET $3`,
        [cycle.id, admin.id, n],
      );
      await c.query(
        `INSERT INTO "CalibrationSessionParticipant"("sessionId", "participantId", kind, decision, "updatedAt")
         SELECT $1, p.id, 'PROMOTION', CASE WHEN p.id % 3 = 0 THEN 'PROMOTED' ELSE 'NOT_PROMOTED' END, now()
         FROM "Participant" p WHERE p."cycleId" = $2 ORDER BY p.id OFFSET $3`,
        [ids.PROMOTION, cycle.id, n],
      );
      await c.query(
        `INSERT INTO "PromotionVote"("sessionId", "sessionParticipantId", "panelistId", vote, "updatedAt")
         SELECT $1, sp.id, $2, CASE WHEN sp.id % 2 = 0 THEN 'PROMOTED' ELSE 'DEFERRED' END, now() FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = $1`,
        [ids.PROMOTION, admin.id],
      );
      await c.query(`ANALYZE`);
      return ids;
    });
    const current = { user: { id: admin.id, role: "SUPER_ADMIN" }, actor: { userId: admin.id, realUserId: admin.id, source: "web" } } as never;
    const rows: string[] = [];
    for (const kind of ["RATING", "PROMOTION"] as const) {
      const sessionId = sessions[kind];
      const cold = await timed(() => readMeetingFairness(current, sessionId));
      const change = async (i: number) =>
        kind === "RATING"
          ? db.$executeRaw`UPDATE "CalibrationSessionParticipant" SET rating = ${1 + (i % 5)} WHERE id = (SELECT id FROM "CalibrationSessionParticipant" WHERE "sessionId" = ${sessionId} ORDER BY id OFFSET ${i % n} LIMIT 1)`
          : db.$executeRaw`UPDATE "CalibrationSessionParticipant" SET decision = ${i % 2 ? "PROMOTED" : "DEFERRED"} WHERE id = (SELECT id FROM "CalibrationSessionParticipant" WHERE "sessionId" = ${sessionId} ORDER BY id OFFSET ${i % n} LIMIT 1)`;
      const changed: Sample[] = [];
      const same: Sample[] = [];
      for (let i = 0; i < opts.warmup + opts.runs; i++) {
        const before = await readInsightsDataVersion();
        await change(i);
        // The change must move the insights' data version (else "after a change" would read the kept answer).
        if ((await readInsightsDataVersion()) === before) throw new Error("The change did not move the insights' data version");
        const a = await timed(() => readMeetingFairness(current, sessionId));
        const b = await timed(() => readMeetingFairness(current, sessionId));
        if (i >= opts.warmup) {
          changed.push(a);
          same.push(b);
        }
      }
      const name = kind === "RATING" ? "rating session" : "promotion session";
      console.log(`${name}: answers kept ${JSON.stringify(insightsAnswerCacheSize())}`);
      rows.push(line(`${name}: cold (first read)`, [cold]), line(`${name}: after a change`, changed), line(`${name}: unchanged (kept answer)`, same));
    }
    const m = machine();
    console.log(`\n${m.date} · ${m.nproc} × ${m.cpu} · load ${m.load} · ${m.node}\n`);
    console.log("| Read | n | CPU ms p50 / p95 | wall ms p50 / p95 |\n|---|---:|---:|---:|");
    for (const r of rows) console.log(r);
  } finally {
    await closeDb();
    await bench.drop?.();
  }
}

runWhenMain(import.meta.url, main);
