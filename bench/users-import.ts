/**
 * Benchmark: the directory import job (IMPORT_DIRECTORY, ADR 0052) against a set-based SQL reference, in the same run.
 *
 *   npm run bench:users-import                        # 100,000 people (npx tsx bench/users-import.ts)
 *   npx tsx bench/users-import.ts --rows 10000,100000 # sizes (a comma list)
 *   options: --mode all_or_nothing|valid_only (default all_or_nothing)   --chunk N (rows per step; default the job's)
 *            --keep (keep the throwaway database)
 *
 * Per size:
 *  1. writes a directory CSV of `rows` NEW people in the import's 13 columns, managers later in the file than their
 *     reports (bench/users-import-sql.ts);
 *  2. starts a fresh worker process (worker/main.ts) on its own task queue, warms it up with an untimed 200-person
 *     import, and times the REAL job end to end: createJob (file stored, audit, workflow start) until the workflow's
 *     result, on a real Temporal dev server; checks it is exact (SUCCEEDED, every person created once with the manager
 *     the file names, one user.create record each, job.rows_committed ranges that do not overlap);
 *  3. times the set-based SQL reference that writes the same users, links and user.create records without the checks
 *     (COPY into a staging table, INSERT … SELECT, UPDATE … FROM, INSERT … SELECT); prints job / reference (goal ≤ 2x).
 *
 * Database: DATABASE_URL (postgresql://; people are added, nothing dropped), or a throwaway database
 * `pmr_bench_users_<pid>` on 127.0.0.1:5432 (role app/app), migrated, dropped at the end unless --keep.
 * Temporal: a headless dev server (scripts/lib/temporal-dev.ts) on free ports in 7650-7699.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deployMigrations } from "../scripts/lib/migrate";
import { benchArgs, freePorts, machine, prepareBenchDatabase, releaseBenchResources, runWhenMain, wholeNumber } from "./lib";
import { exactness, makeDataset, timeReference } from "./users-import-sql";
import { startWorker } from "./worker-process";
import { startTemporalDevServer, type TemporalDevServer } from "../scripts/lib/temporal-dev";

type Mode = "all_or_nothing" | "valid_only";

function parseArgs(argv: string[]) {
  const v = benchArgs(
    argv,
    { rows: { type: "string" }, mode: { type: "string" }, chunk: { type: "string" }, keep: { type: "boolean" } },
    "npx tsx bench/users-import.ts [--rows 100000] [--mode all_or_nothing|valid_only] [--chunk N] [--keep]",
  );
  const mode = (v.mode ?? "all_or_nothing") as Mode;
  if (mode !== "all_or_nothing" && mode !== "valid_only") throw new Error(`--mode ${v.mode}: all_or_nothing or valid_only`);
  const opts = {
    sizes: v.rows === undefined ? [100_000] : v.rows.split(",").map(wholeNumber),
    mode,
    chunk: v.chunk === undefined ? undefined : Number(v.chunk),
    keep: v.keep ?? false,
  };
  if (!opts.sizes.every((n) => Number.isInteger(n) && n > 0)) throw new Error("--rows must be positive whole numbers");
  if (opts.chunk !== undefined && !(Number.isInteger(opts.chunk) && opts.chunk > 0)) throw new Error("--chunk must be a positive whole number");
  return opts;
}

type Result = { rows: number; mode: Mode; fileMb: number; jobSeconds: number; referenceSeconds: number; workerCpuSeconds: number; phases: string };

async function runOne(url: string, temporal: TemporalDevServer, rows: number, mode: Mode, chunk: number | undefined, dir: string): Promise<Result> {
  const data = await makeDataset(rows, dir);
  console.log(`\n${rows.toLocaleString("en")} people, ${mode}: CSV ${(data.bytes / 1024 / 1024).toFixed(1)} MB`);
  const { getDb } = await import("~/platform/db.server");
  const { createJob } = await import("~/features/jobs/service.server");
  const { getTemporalClient } = await import("~/platform/temporal.server");
  const db = await getDb();
  const admin = await db.user.create({ data: { email: `admin.${data.tag}@bench.example.com`, name: `Bench admin ${data.tag}`, role: "SUPER_ADMIN" } });
  const actor = { userId: admin.id, realUserId: admin.id, source: "api" as const };
  const taskQueue = `bench-users-${data.tag}`;
  const env = { DATABASE_URL: url, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue };
  const worker = await startWorker(env, path.join(dir, `worker-${rows}.log`), []);
  try {
    const client = await getTemporalClient();
    const file = (p: string) => ({ name: path.basename(p), contentType: "text/csv", bytes: new Uint8Array(fs.readFileSync(p)) });
    const warm = await makeDataset(200, dir, "w");
    const warmJob = await createJob(actor, { type: "IMPORT_DIRECTORY", errorMode: mode, file: file(warm.csvPath) }, { taskQueue });
    await client.workflow.getHandle(warmJob.workflow_id).result();

    const cpuBefore = worker.cpuSeconds();
    const input = file(data.csvPath);
    const t0 = performance.now();
    const job = await createJob(actor, { type: "IMPORT_DIRECTORY", errorMode: mode, file: input }, { taskQueue, ...(chunk ? { chunkRows: chunk } : {}) });
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
    const workerCpuSeconds = worker.cpuSeconds() - cpuBefore;
    process.stdout.write("\n");
    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    const exact = await exactness(url, job.id, data.tag);
    if (outcome.status !== "SUCCEEDED" || done.succeededRows !== rows || done.failedRows !== 0) {
      throw new Error(`The job did not import every row: ${JSON.stringify({ outcome, message: done.message, succeeded: done.succeededRows, failed: done.failedRows })}`);
    }
    if (exact.users !== rows || exact.audits !== rows || exact.linked !== rows - 1 || exact.committed !== rows || exact.overlaps !== 0) {
      throw new Error(`Not exact: ${JSON.stringify({ rows, ...exact })}`);
    }
    console.log(`  exact: ${exact.users} users, ${exact.audits} user.create records, ${exact.linked} manager links, ranges committed once`);
    // Where the time went, from the job's audit trail (each record is written at the end of its transaction's work).
    const marks = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id) }, orderBy: { id: "asc" }, select: { action: true, createdAt: true } });
    const start = marks[0]!.createdAt.getTime();
    const phases = marks.map((m) => `${m.action.replace("job.", "")} ${((m.createdAt.getTime() - start) / 1000).toFixed(1)}`).join(", ");
    console.log(`  job: ${jobSeconds.toFixed(2)} s (${done.message}); worker CPU ${workerCpuSeconds.toFixed(1)} s; recorded at (s): ${phases}`);

    const referenceSeconds = await timeReference(url, data, admin.id);
    console.log(`  reference (COPY + INSERT users, UPDATE links, INSERT user.create records): ${referenceSeconds.toFixed(2)} s`);
    console.log(`  job / reference: ${(jobSeconds / referenceSeconds).toFixed(2)}x (goal ≤ 2x)`);
    fs.rmSync(data.csvPath, { force: true });
    return { rows, mode, fileMb: data.bytes / 1024 / 1024, jobSeconds, referenceSeconds, workerCpuSeconds, phases };
  } finally {
    await worker.stop();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-bench-users-"));
  const { url, drop } = await prepareBenchDatabase("pmr_bench_users");
  let temporal: TemporalDevServer | undefined;
  try {
    console.log(`Database: ${url.replace(/:[^:@/]*@/, ":***@")}`);
    const { applied } = await deployMigrations(url);
    if (applied.length) console.log(`Applied ${applied.length} migrations`);
    const [port, httpPort, metricsPort] = await freePorts(3, 7650, 7699);
    temporal = await startTemporalDevServer({ port: port!, httpPort, metricsPort, headless: true, dbFile: path.join(dir, "temporal.db"), logFile: path.join(dir, "temporal.log") });
    console.log(`Temporal dev server on ${temporal.address}`);
    process.env.DATABASE_URL = url;
    process.env.TEMPORAL_ADDRESS = temporal.address;
    const results: Result[] = [];
    for (const rows of opts.sizes) results.push(await runOne(url, temporal, rows, opts.mode, opts.chunk, dir));
    const m = machine();
    console.log(`\n${m.date} · nproc ${m.nproc} (${m.cpu}) · RAM ${m.ramGb.toFixed(1)} GB · load ${m.load} · Node ${m.node} · ${m.psql}`);
    console.log(`chunk rows: ${opts.chunk ?? "job default"}\n`);
    console.log("| people | mode | CSV MB | job s | reference s | job / reference | worker CPU s | people/s |");
    console.log("|---:|---|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      console.log(
        `| ${r.rows.toLocaleString("en")} | ${r.mode} | ${r.fileMb.toFixed(1)} | ${r.jobSeconds.toFixed(2)} | ${r.referenceSeconds.toFixed(2)} | ${(r.jobSeconds / r.referenceSeconds).toFixed(2)}x | ${r.workerCpuSeconds.toFixed(1)} | ${Math.round(r.rows / r.jobSeconds).toLocaleString("en")} |`,
      );
    }
  } finally {
    await releaseBenchResources({ temporal, drop, keep: opts.keep, url, dir });
  }
}

runWhenMain(import.meta.url, main);
