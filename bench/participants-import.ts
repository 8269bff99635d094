/**
 * Benchmark: the participant upload job (ADR 0015) against a plain PostgreSQL COPY of the same rows.
 *
 *   npx tsx bench/participants-import.ts                 # 10,000 and 100,000 rows (npm run bench:import)
 *   npx tsx bench/participants-import.ts --rows 100000   # one size (a comma list works too)
 *   options: --mode all_or_nothing|valid_only|both (default all_or_nothing, the app's default)
 *            --chunk N (rows per step; default: the job's own default)   --keep (keep the throwaway database)
 *            --profile DIR (the worker writes a V8 CPU profile there: node --cpu-prof)
 *            --worker-heap-mb N (the worker runs with node --max-old-space-size=N: shows how little heap
 *              the job needs; without it V8 lets the heap grow lazily, so peak RSS tracks run length)
 *            --cycle-state DRAFT|SPU_FEEDBACK|MANAGER_FEEDBACK (default DRAFT: the state of the cycle imported
 *              into; in a feedback stage every chunk also opens the stage's requests for its new participants)
 *
 * What it does, per size:
 *  1. creates the users the CSV names (participants, their managers, HR partners) — the upload job
 *     only accepts emails of existing active users; untimed setup;
 *  2. writes the CSV (email, manager_email, secondary_manager_email, hr_partner_email, reviewer_only);
 *  3. starts a fresh worker process (worker/main.ts, the production worker) on its own task queue and
 *     times the REAL upload job end to end: createJob (file stored in the database, audit, workflow
 *     start) until the workflow's result, on a real Temporal dev server; then checks the outcome
 *     (SUCCEEDED, every row committed, participant count);
 *  4. samples the worker's RSS every 50 ms from /proc/<pid>/status and reads its VmHWM (peak);
 *  5. times `\copy` (psql, COPY FROM STDIN) of the same file into a comparable table (same columns,
 *     primary key, unique email, index on the manager), and, for reference, the set-based SQL that
 *     would do the job's writes without validation or audit (COPY into a staging table, then one
 *     INSERT … SELECT joining the users into "Participant").
 *
 * Database: DATABASE_URL (must be postgresql://; data is added in new cycles, nothing is dropped), or
 * else a throwaway database `pmr_bench_<pid>` created on 127.0.0.1:5432 as role app/app, migrated with
 * scripts/lib/migrate.ts, dropped at the end (unless --keep). Temporal: a headless dev server
 * (scripts/lib/temporal-dev.ts) on free ports in 7650-7699, its state in a temp folder.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deployMigrations } from "../scripts/lib/migrate";
import { benchArgs, freePorts, machine, prepareBenchDatabase, releaseBenchResources, runWhenMain, wholeNumber, withClient } from "./lib";
import { startWorker } from "./worker-process";
import { startTemporalDevServer, type TemporalDevServer } from "../scripts/lib/temporal-dev";

// ---------------------------------------------------------------------------------------------
// Options

type Mode = "all_or_nothing" | "valid_only";
const CYCLE_STATES = ["DRAFT", "SPU_FEEDBACK", "MANAGER_FEEDBACK"] as const;
type CycleStateOpt = (typeof CYCLE_STATES)[number];

function parseArgs(argv: string[]) {
  const v = benchArgs(
    argv,
    {
      rows: { type: "string" },
      mode: { type: "string" },
      chunk: { type: "string" },
      keep: { type: "boolean" },
      profile: { type: "string" },
      "worker-heap-mb": { type: "string" },
      "cycle-state": { type: "string" },
    },
    "npx tsx bench/participants-import.ts [--rows 10000,100000] [--mode all_or_nothing|valid_only|both] [--chunk N] [--keep]" +
      ` [--profile DIR] [--worker-heap-mb N] [--cycle-state ${CYCLE_STATES.join("|")}]`,
  );
  const modes: Mode[] = v.mode === undefined ? ["all_or_nothing"] : v.mode === "both" ? ["all_or_nothing", "valid_only"] : [v.mode as Mode];
  if (!modes.every((x) => x === "all_or_nothing" || x === "valid_only")) throw new Error(`--mode ${v.mode}: all_or_nothing, valid_only or both`);
  const cycleState = (v["cycle-state"]?.toUpperCase() ?? "DRAFT") as CycleStateOpt;
  if (!(CYCLE_STATES as readonly string[]).includes(cycleState)) throw new Error(`--cycle-state ${cycleState}: one of ${CYCLE_STATES.join(", ")}`);
  const opts = {
    sizes: v.rows === undefined ? [10_000, 100_000] : v.rows.split(",").map(wholeNumber),
    modes,
    chunk: v.chunk === undefined ? undefined : Number(v.chunk),
    keep: v.keep ?? false,
    profile: v.profile === undefined ? undefined : path.resolve(v.profile),
    workerHeapMb: v["worker-heap-mb"] === undefined ? undefined : Number(v["worker-heap-mb"]),
    cycleState,
  };
  if (!opts.sizes.every((n) => Number.isInteger(n) && n > 0)) throw new Error("--rows must be positive whole numbers");
  if (opts.chunk !== undefined && !(Number.isInteger(opts.chunk) && opts.chunk > 0)) throw new Error("--chunk must be a positive whole number");
  return opts;
}

// ---------------------------------------------------------------------------------------------
// Database

// ---------------------------------------------------------------------------------------------
// Data

export type Dataset = { tag: string; csvPath: string; bytes: number; rows: number };

/**
 * `rows` participant users b<i>.<tag>@bench.example.com (row i's manager is user (i-1)/10, a tree
 * like an organisation; every 20th row has a secondary manager; every 13th is reviewer-only) and
 * 50 HR partners. Users are inserted in batches (setup, not timed).
 */
export async function makeDataset(url: string, rows: number, dir: string): Promise<Dataset> {
  const tag = randomUUID().slice(0, 8);
  const email = (i: number) => `b${i}.${tag}@bench.example.com`;
  const hr = (k: number) => `hr${k}.${tag}@bench.example.com`;
  await withClient(url, async (c) => {
    const all: Array<[string, string, string]> = [];
    for (let k = 0; k < 50; k++) all.push([hr(k), `HR ${k} ${tag}`, "PEOPLE_PARTNER"]);
    for (let i = 0; i < rows; i++) all.push([email(i), `Bench ${i} ${tag}`, "EMPLOYEE"]);
    for (let i = 0; i < all.length; i += 10_000) {
      const part = all.slice(i, i + 10_000);
      await c.query(
        `INSERT INTO "User" (email, name, role, "updatedAt")
         SELECT e, n, r::"Role", now() FROM unnest($1::text[], $2::text[], $3::text[]) AS t(e, n, r)`,
        [part.map((u) => u[0]), part.map((u) => u[1]), part.map((u) => u[2])],
      );
    }
    await c.query(`ANALYZE "User"`);
  });
  const csvPath = path.join(dir, `participants-${rows}.csv`);
  const out = fs.createWriteStream(csvPath);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", () => r())));
  await write("email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only\n");
  let buf = "";
  for (let i = 0; i < rows; i++) {
    const manager = i > 0 ? email(Math.floor((i - 1) / 10)) : "";
    const secondary = i > 20 && i % 20 === 0 ? email(Math.floor((i - 1) / 10) - 1) : "";
    buf += `${email(i)},${manager},${secondary},${hr(i % 50)},${i % 13 === 0 ? "true" : "false"}\n`;
    if (buf.length > 1 << 20) {
      await write(buf);
      buf = "";
    }
  }
  await write(buf);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { tag, csvPath, bytes: fs.statSync(csvPath).size, rows };
}

// ---------------------------------------------------------------------------------------------
// COPY

function psql(url: string, command: string): void {
  const res = spawnSync("psql", [url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", command], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`psql failed: ${res.stderr || res.stdout}`);
}

const COPY_COLUMNS = "email, manager_email, secondary_manager_email, hr_partner_email, reviewer_only";

/** Seconds for `\copy` of the file into a fresh table shaped like the participant rows (timed around psql). */
async function timeCopy(url: string, data: Dataset): Promise<number> {
  await withClient(url, async (c) => {
    await c.query(`DROP TABLE IF EXISTS bench_copy`);
    await c.query(`CREATE TABLE bench_copy (
      id serial PRIMARY KEY, email text NOT NULL UNIQUE, manager_email text, secondary_manager_email text,
      hr_partner_email text, reviewer_only boolean NOT NULL DEFAULT false,
      "createdAt" timestamp(3) NOT NULL DEFAULT now())`);
    await c.query(`CREATE INDEX ON bench_copy (manager_email)`);
  });
  const t0 = performance.now();
  psql(url, `\\copy bench_copy (${COPY_COLUMNS}) FROM '${data.csvPath}' WITH (FORMAT csv, HEADER true)`);
  const seconds = (performance.now() - t0) / 1000;
  const n = await withClient(url, async (c) => Number((await c.query(`SELECT count(*) AS n FROM bench_copy`)).rows[0].n));
  if (n !== data.rows) throw new Error(`COPY loaded ${n} rows, expected ${data.rows}`);
  await withClient(url, (c) => c.query(`DROP TABLE bench_copy`));
  return seconds;
}

/**
 * Seconds for the set-based SQL equivalent of the job's writes (no row validation, no audit, no
 * chunks): COPY into a staging table, then one INSERT … SELECT resolving the emails into "Participant"
 * of a fresh cycle. A floor for what any row-checking import could reach.
 */
async function timeCopyResolve(url: string, data: Dataset): Promise<number> {
  const cycleId = await withClient(url, async (c) => {
    await c.query(`DROP TABLE IF EXISTS bench_stage`);
    await c.query(`CREATE UNLOGGED TABLE bench_stage (email text, manager_email text, secondary_manager_email text, hr_partner_email text, reviewer_only boolean)`);
    const r = await c.query(`INSERT INTO "Cycle" (name, "workflowId", "updatedAt") VALUES ($1, $2, now()) RETURNING id`, [
      `bench copy ${data.tag}`,
      `bench-copy-${data.tag}`,
    ]);
    return Number(r.rows[0].id);
  });
  const t0 = performance.now();
  psql(
    url,
    `\\copy bench_stage FROM '${data.csvPath}' WITH (FORMAT csv, HEADER true)`,
  );
  const inserted = await withClient(url, async (c) => {
    const r = await c.query(
      `INSERT INTO "Participant" ("cycleId", "userId", "managerId", "secondaryManagerId", "hrPartnerId", "reviewerOnly", "updatedAt")
       SELECT $1, u.id, m.id, s.id, h.id, coalesce(b.reviewer_only, false), now()
       FROM bench_stage b
       JOIN "User" u ON u.email = lower(b.email)
       LEFT JOIN "User" m ON m.email = lower(b.manager_email)
       LEFT JOIN "User" s ON s.email = lower(b.secondary_manager_email)
       LEFT JOIN "User" h ON h.email = lower(b.hr_partner_email)
       ON CONFLICT ("cycleId", "userId") DO NOTHING`,
      [cycleId],
    );
    return r.rowCount;
  });
  const seconds = (performance.now() - t0) / 1000;
  if (inserted !== data.rows) throw new Error(`COPY + INSERT … SELECT wrote ${inserted} participants, expected ${data.rows}`);
  await withClient(url, (c) => c.query(`DROP TABLE bench_stage`));
  return seconds;
}

// ---------------------------------------------------------------------------------------------
// One run

type Result = {
  rows: number;
  mode: Mode;
  fileMb: number;
  jobSeconds: number;
  copySeconds: number;
  copyResolveSeconds: number;
  workerReadyMb: number;
  workerPeakMb: number;
  workerHwmMb: number;
  workerCpuSeconds: number;
  auditRecords: number;
};

async function runOne(
  url: string,
  temporal: TemporalDevServer,
  rows: number,
  mode: Mode,
  chunk: number | undefined,
  dir: string,
  nodeArgs: string[],
  cycleState: CycleStateOpt,
): Promise<Result> {
  const data = await makeDataset(url, rows, dir);
  console.log(`\n${rows.toLocaleString("en")} rows, ${mode}: CSV ${(data.bytes / 1024 / 1024).toFixed(1)} MB`);

  // App modules read DATABASE_URL / TEMPORAL_* from the environment (set in main before importing them).
  const { getDb } = await import("~/platform/db.server");
  const { createJob } = await import("~/features/jobs/service.server");
  const { getTemporalClient } = await import("~/platform/temporal.server");
  const db = await getDb();

  const admin = await db.user.create({ data: { email: `admin.${data.tag}@bench.example.com`, name: `Bench admin ${data.tag}`, role: "SUPER_ADMIN" } });
  const cycle = await db.cycle.create({ data: { name: `bench ${rows} ${mode} ${data.tag}`, workflowId: `bench-cycle-${data.tag}`, state: cycleState } });
  const actor = { userId: admin.id, realUserId: admin.id, source: "api" as const };
  const taskQueue = `bench-${data.tag}`;

  const worker = await startWorker(
    { DATABASE_URL: url, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue },
    path.join(dir, `worker-${rows}-${mode}.log`),
    nodeArgs,
  );
  let result: Result;
  try {
    worker.resetSampling();
    const cpuBefore = worker.cpuSeconds();
    const bytes = new Uint8Array(fs.readFileSync(data.csvPath));
    const t0 = performance.now();
    const job = await createJob(
      actor,
      { cycleId: cycle.id, type: "UPLOAD_PARTICIPANTS", errorMode: mode, file: { name: path.basename(data.csvPath), contentType: "text/csv", bytes } },
      { taskQueue, ...(chunk ? { chunkRows: chunk } : {}) },
    );
    const client = await getTemporalClient();
    const progress = setInterval(async () => {
      const row = await db.job.findUnique({ where: { id: job.id }, select: { message: true, processedRows: true, totalRows: true } });
      if (row) process.stdout.write(`\r  ${row.message ?? ""}: ${row.processedRows}/${row.totalRows}      `);
    }, 2000);
    let outcome: { status: string };
    try {
      outcome = await client.workflow.getHandle(job.workflow_id).result();
    } finally {
      clearInterval(progress);
    }
    const jobSeconds = (performance.now() - t0) / 1000;
    process.stdout.write("\n");
    const workerPeakMb = worker.sampledPeakMb();
    const workerHwmMb = worker.hwmMb();
    const workerCpuSeconds = worker.cpuSeconds() - cpuBefore;

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    const participants = await db.participant.count({ where: { cycleId: cycle.id } });
    if (outcome.status !== "SUCCEEDED" || done.status !== "SUCCEEDED" || done.succeededRows !== rows || done.failedRows !== 0 || participants !== rows) {
      throw new Error(
        `The job did not import every row: ${JSON.stringify({ outcome, status: done.status, message: done.message, succeeded: done.succeededRows, failed: done.failedRows, participants })}`,
      );
    }
    const auditRecords = await db.auditRecord.count({ where: { action: "participant.create", actorId: admin.id } });
    if (cycleState !== "DRAFT") console.log(`  cycle ${cycleState}: ${await db.feedback.count({ where: { cycleId: cycle.id } })} feedback requests opened`);
    console.log(`  job: ${jobSeconds.toFixed(2)} s (${done.message}); worker CPU ${workerCpuSeconds.toFixed(2)} s; worker RSS ready ${worker.readyRssMb.toFixed(0)} MB, peak ${workerPeakMb.toFixed(0)} MB, VmHWM ${workerHwmMb.toFixed(0)} MB`);

    const copySeconds = await timeCopy(url, data);
    const copyResolveSeconds = await timeCopyResolve(url, data);
    console.log(`  COPY: ${copySeconds.toFixed(2)} s; COPY + INSERT … SELECT into Participant: ${copyResolveSeconds.toFixed(2)} s`);
    result = {
      rows,
      mode,
      fileMb: data.bytes / 1024 / 1024,
      jobSeconds,
      copySeconds,
      copyResolveSeconds,
      workerReadyMb: worker.readyRssMb,
      workerPeakMb,
      workerHwmMb,
      workerCpuSeconds,
      auditRecords,
    };
  } finally {
    await worker.stop();
  }
  fs.rmSync(data.csvPath, { force: true });
  return result;
}

// ---------------------------------------------------------------------------------------------

function table(results: Result[]): string {
  const lines = [
    "| rows | mode | CSV MB | job s | COPY s | job / COPY | COPY + INSERT…SELECT s | job / that | worker CPU s | worker RSS ready MB | worker peak RSS MB (VmHWM) | rows/s |",
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    lines.push(
      `| ${r.rows.toLocaleString("en")} | ${r.mode} | ${r.fileMb.toFixed(1)} | ${r.jobSeconds.toFixed(2)} | ${r.copySeconds.toFixed(2)} | ${(r.jobSeconds / r.copySeconds).toFixed(1)}x | ${r.copyResolveSeconds.toFixed(2)} | ${(r.jobSeconds / r.copyResolveSeconds).toFixed(1)}x | ${r.workerCpuSeconds.toFixed(1)} | ${r.workerReadyMb.toFixed(0)} | ${r.workerPeakMb.toFixed(0)} (${r.workerHwmMb.toFixed(0)}) | ${Math.round(r.rows / r.jobSeconds).toLocaleString("en")} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-bench-"));
  const { url, drop } = await prepareBenchDatabase("pmr_bench");
  let temporal: TemporalDevServer | undefined;
  try {
    console.log(`Database: ${url.replace(/:[^:@/]*@/, ":***@")}`);
    const { applied } = await deployMigrations(url);
    if (applied.length) console.log(`Applied ${applied.length} migrations`);
    const [port, httpPort, metricsPort] = await freePorts(3, 7650, 7699);
    temporal = await startTemporalDevServer({
      port: port!,
      httpPort,
      metricsPort,
      headless: true,
      dbFile: path.join(dir, "temporal.db"),
      logFile: path.join(dir, "temporal.log"),
    });
    console.log(`Temporal dev server on ${temporal.address}`);
    process.env.DATABASE_URL = url;
    process.env.TEMPORAL_ADDRESS = temporal.address;

    const nodeArgs = [
      ...(opts.profile ? ["--cpu-prof", `--cpu-prof-dir=${opts.profile}`] : []),
      ...(opts.workerHeapMb ? [`--max-old-space-size=${opts.workerHeapMb}`] : []),
    ];
    const results: Result[] = [];
    for (const mode of opts.modes) for (const rows of opts.sizes) results.push(await runOne(url, temporal, rows, mode, opts.chunk, dir, nodeArgs, opts.cycleState));

    const m = machine();
    console.log(`\n${m.date} · nproc ${m.nproc} (${m.cpu}) · RAM ${m.ramGb.toFixed(1)} GB · load ${m.load} · Node ${m.node} · ${m.psql}`);
    console.log(`chunk rows: ${opts.chunk ?? "job default"}; worker heap limit: ${opts.workerHeapMb ? `${opts.workerHeapMb} MB` : "Node default"}; cycle state: ${opts.cycleState}\n`);
    console.log(table(results));
  } finally {
    await releaseBenchResources({ temporal, drop, keep: opts.keep, url, dir });
  }
}

runWhenMain(import.meta.url, main);
