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
 *            --kill-at ROWS (SIGKILL the worker once the save pass has committed ROWS rows, start another one,
 *              and check the outcome is still exact; the time then includes Temporal noticing the dead worker)
 *
 * What it does, per size:
 *  1. creates the users the CSV names (participants, their managers, HR partners) — the upload job
 *     only accepts emails of existing active users; untimed setup;
 *  2. writes the CSV (email, manager_email, secondary_manager_email, hr_partner_email, reviewer_only);
 *  3. starts a fresh worker process (worker/main.ts, the production worker) on its own task queue, warms it
 *     up with an untimed 200-row upload into another cycle (as a long-running worker is warm), and times the
 *     REAL upload job end to end: createJob (file stored in the database, audit, workflow start) until the
 *     workflow's result, on a real Temporal dev server; then checks the outcome is exact (SUCCEEDED, every
 *     row committed once: participants, one participant.create audit each, chunk ranges that do not overlap);
 *  4. samples the worker's RSS every 50 ms from /proc/<pid>/status and reads its VmHWM (peak);
 *  5. times `\copy` (psql, COPY FROM STDIN) of the same file into a comparable table (same columns,
 *     primary key, unique email, index on the manager), and the set-based SQL reference that writes
 *     the same participant and audit rows as the job, without its row checks (COPY into a staging
 *     table, then INSERT … SELECT into "Participant" and INSERT … SELECT of the participant.create
 *     audit records); prints job / reference (issue 16 goal P2: ≤ 2x).
 *
 * Database: DATABASE_URL (must be postgresql://; data is added in new cycles, nothing is dropped), or
 * else a throwaway database `pmr_bench_<pid>` created on 127.0.0.1:5432 as role app/app, migrated with
 * scripts/lib/migrate.ts, dropped at the end (unless --keep). Temporal: a headless dev server
 * (scripts/lib/temporal-dev.ts) on free ports in 7650-7699, its state in a temp folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deployMigrations } from "../scripts/lib/migrate";
import { benchArgs, freePorts, machine, prepareBenchDatabase, releaseBenchResources, runWhenMain, wholeNumber } from "./lib";
import { exactness, jobTiming, makeDataset, timeCopy, timeReference } from "./participants-import-sql";
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
      "kill-at": { type: "string" },
    },
    "npx tsx bench/participants-import.ts [--rows 10000,100000] [--mode all_or_nothing|valid_only|both] [--chunk N] [--keep]" +
      ` [--profile DIR] [--worker-heap-mb N] [--cycle-state ${CYCLE_STATES.join("|")}] [--kill-at ROWS]`,
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
    killAt: v["kill-at"] === undefined ? undefined : wholeNumber(v["kill-at"]),
  };
  if (!opts.sizes.every((n) => Number.isInteger(n) && n > 0)) throw new Error("--rows must be positive whole numbers");
  if (opts.chunk !== undefined && !(Number.isInteger(opts.chunk) && opts.chunk > 0)) throw new Error("--chunk must be a positive whole number");
  return opts;
}

// ---------------------------------------------------------------------------------------------
// One run

type Result = {
  rows: number;
  mode: Mode;
  fileMb: number;
  jobSeconds: number;
  copySeconds: number;
  referenceSeconds: number;
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
  killAt: number | undefined,
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

  const env = { DATABASE_URL: url, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue };
  let worker = await startWorker(env, path.join(dir, `worker-${rows}-${mode}.log`), nodeArgs);
  const workers = [worker];
  let result: Result;
  try {
    // Warm the worker up as a long-running production worker is (workflow sandbox, code paths, query plans):
    // an untimed 200-row upload of the same file's first rows into another cycle.
    const warmCycle = await db.cycle.create({ data: { name: `bench warm-up ${data.tag}`, workflowId: `bench-warm-${data.tag}`, state: cycleState } });
    const head = fs.readFileSync(data.csvPath, "utf8").split("\n").slice(0, 201).join("\n") + "\n";
    const warm = await createJob(
      actor,
      { cycleId: warmCycle.id, type: "UPLOAD_PARTICIPANTS", errorMode: mode, file: { name: "warm-up.csv", contentType: "text/csv", bytes: new TextEncoder().encode(head) } },
      { taskQueue },
    );
    await (await getTemporalClient()).workflow.getHandle(warm.workflow_id).result();
    worker.resetSampling();
    const cpuBefore = worker.cpuSeconds();
    const bytes = new Uint8Array(fs.readFileSync(data.csvPath));
    const t0 = performance.now();
    const job = await createJob(
      actor,
      { cycleId: cycle.id, type: "UPLOAD_PARTICIPANTS", errorMode: mode, file: { name: path.basename(data.csvPath), contentType: "text/csv", bytes } },
      { taskQueue, ...(chunk ? { chunkRows: chunk } : {}) },
    );
    const createdSeconds = (performance.now() - t0) / 1000;
    const client = await getTemporalClient();
    const progress = setInterval(async () => {
      const row = await db.job.findUnique({ where: { id: job.id }, select: { message: true, processedRows: true, totalRows: true } });
      if (row) process.stdout.write(`\r  ${row.message ?? ""}: ${row.processedRows}/${row.totalRows}      `);
    }, 2000);
    let killedAt: number | null = null;
    const killer =
      killAt === undefined
        ? null
        : setInterval(async () => {
            const row = await db.job.findUnique({ where: { id: job.id }, select: { message: true, processedRows: true } });
            if (killedAt !== null || row?.message !== "Saving rows" || row.processedRows < killAt) return;
            killedAt = row.processedRows;
            worker.child.kill("SIGKILL");
            console.log(`\n  SIGKILL to the worker with ${killedAt} rows saved; a new worker takes over`);
            worker = await startWorker(env, path.join(dir, `worker-${rows}-${mode}-2.log`), nodeArgs);
            workers.push(worker);
          }, 100);
    let outcome: { status: string };
    try {
      outcome = await client.workflow.getHandle(job.workflow_id).result();
    } finally {
      clearInterval(progress);
      if (killer) clearInterval(killer);
    }
    if (killAt !== undefined && killedAt === null) throw new Error(`The job ended before ${killAt} rows were saved: nothing was killed`);
    const jobSeconds = (performance.now() - t0) / 1000;
    process.stdout.write("\n");
    // After a kill the figures of the first worker are gone with it.
    const workerPeakMb = killedAt === null ? worker.sampledPeakMb() : NaN;
    const workerHwmMb = killedAt === null ? worker.hwmMb() : NaN;
    const workerCpuSeconds = killedAt === null ? worker.cpuSeconds() - cpuBefore : NaN;

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    const participants = await db.participant.count({ where: { cycleId: cycle.id } });
    if (outcome.status !== "SUCCEEDED" || done.status !== "SUCCEEDED" || done.succeededRows !== rows || done.failedRows !== 0 || participants !== rows) {
      throw new Error(
        `The job did not import every row: ${JSON.stringify({ outcome, status: done.status, message: done.message, succeeded: done.succeededRows, failed: done.failedRows, participants })}`,
      );
    }
    const { auditRecords, committed, overlaps } = await exactness(url, job.id, cycle.id);
    if (auditRecords !== rows || committed !== rows || overlaps !== 0) {
      throw new Error(`Not exact: ${JSON.stringify({ rows, participantCreateAudits: auditRecords, committedInChunks: committed, overlappingChunks: overlaps })}`);
    }
    console.log(`  exact: ${participants} participants, ${auditRecords} participant.create audit records, chunks committed ${committed} rows once`);
    if (cycleState !== "DRAFT") console.log(`  cycle ${cycleState}: ${await db.feedback.count({ where: { cycleId: cycle.id } })} feedback requests opened`);
    const timing = await jobTiming(url, job.id, createdSeconds);
    console.log(`  job: ${jobSeconds.toFixed(2)} s (${done.message}); ${timing}`);
    console.log(`  worker CPU ${workerCpuSeconds.toFixed(2)} s; worker RSS ready ${worker.readyRssMb.toFixed(0)} MB, peak ${workerPeakMb.toFixed(0)} MB, VmHWM ${workerHwmMb.toFixed(0)} MB`);

    const copySeconds = await timeCopy(url, data);
    const referenceSeconds = await timeReference(url, data, admin.id);
    console.log(`  COPY: ${copySeconds.toFixed(2)} s; reference (COPY + INSERT … SELECT participants and audit records): ${referenceSeconds.toFixed(2)} s`);
    console.log(`  job / reference: ${(jobSeconds / referenceSeconds).toFixed(2)}x (goal ≤ 2x)`);
    result = {
      rows,
      mode,
      fileMb: data.bytes / 1024 / 1024,
      jobSeconds,
      copySeconds,
      referenceSeconds,
      workerReadyMb: worker.readyRssMb,
      workerPeakMb,
      workerHwmMb,
      workerCpuSeconds,
      auditRecords,
    };
  } finally {
    for (const w of workers) await w.stop();
  }
  fs.rmSync(data.csvPath, { force: true });
  return result;
}

// ---------------------------------------------------------------------------------------------

/** A figure, or "killed" when the worker it was read from was killed (--kill-at). */
const num = (x: number, digits: number) => (Number.isNaN(x) ? "killed" : x.toFixed(digits));

function table(results: Result[]): string {
  const lines = [
    "| rows | mode | CSV MB | job s | COPY s | job / COPY | reference s | job / reference | worker CPU s | worker RSS ready MB | worker peak RSS MB (VmHWM) | rows/s |",
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    lines.push(
      `| ${r.rows.toLocaleString("en")} | ${r.mode} | ${r.fileMb.toFixed(1)} | ${r.jobSeconds.toFixed(2)} | ${r.copySeconds.toFixed(2)} | ${(r.jobSeconds / r.copySeconds).toFixed(1)}x | ${r.referenceSeconds.toFixed(2)} | ${(r.jobSeconds / r.referenceSeconds).toFixed(2)}x | ${num(r.workerCpuSeconds, 1)} | ${r.workerReadyMb.toFixed(0)} | ${num(r.workerPeakMb, 0)} (${num(r.workerHwmMb, 0)}) | ${Math.round(r.rows / r.jobSeconds).toLocaleString("en")} |`,
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
    for (const mode of opts.modes) for (const rows of opts.sizes) results.push(await runOne(url, temporal, rows, mode, opts.chunk, dir, nodeArgs, opts.cycleState, opts.killAt));

    const m = machine();
    console.log(`\n${m.date} · nproc ${m.nproc} (${m.cpu}) · RAM ${m.ramGb.toFixed(1)} GB · load ${m.load} · Node ${m.node} · ${m.psql}`);
    console.log(`chunk rows: ${opts.chunk ?? "job default"}; worker heap limit: ${opts.workerHeapMb ? `${opts.workerHeapMb} MB` : "Node default"}; cycle state: ${opts.cycleState}\n`);
    console.log(table(results));
  } finally {
    await releaseBenchResources({ temporal, drop, keep: opts.keep, url, dir });
  }
}

runWhenMain(import.meta.url, main);
