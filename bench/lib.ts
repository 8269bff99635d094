/**
 * Shared pieces of the benchmark scripts: a throwaway PostgreSQL database (or DATABASE_URL), free loopback
 * ports for a Temporal dev server, a description of the machine the numbers were measured on, and command-line options.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { spawnSync } from "node:child_process";
import pg from "pg";

/** The maintenance database of the local server (role app/app, CREATEDB), used to create and drop bench databases. */
export const ADMIN_URL = "postgresql://app:app@127.0.0.1:5432/postgres";

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type BenchDatabase = { url: string; name: string | null; drop: (() => Promise<void>) | null };

/**
 * DATABASE_URL when set (postgresql:// only; nothing is dropped), or else a fresh database `<prefix>_<pid>` on
 * 127.0.0.1:5432, whose `drop` retries for a while (autovacuum may still be busy on the fresh tables).
 */
export async function prepareBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  if (given) {
    if (!/^postgres(ql)?:\/\//.test(given)) throw new Error("DATABASE_URL must be a postgresql:// URL for the benchmarks");
    return { url: given, name: null, drop: null };
  }
  const name = `${prefix}_${process.pid}`;
  await withClient(ADMIN_URL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name} OWNER app`);
  });
  const drop = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await withClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        return;
      } catch (err) {
        if (attempt >= 60) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };
  return { url: `postgresql://app:app@127.0.0.1:5432/${name}`, name, drop };
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive free loopback ports within [first, last]. */
export async function freePorts(count: number, first: number, last: number): Promise<number[]> {
  for (let p = first; p + count - 1 <= last; p++) {
    const ports = Array.from({ length: count }, (_, k) => p + k);
    let ok = true;
    for (const q of ports) if (!(ok = await isFree(q))) break;
    if (ok) return ports;
  }
  throw new Error(`No ${count} free ports in ${first}-${last}`);
}

/** The machine and moment of a measurement, for the results file. */
export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpu: cpus[0]?.model ?? "unknown",
    ramGb: os.totalmem() / 1024 ** 3,
    load: os.loadavg().map((x) => x.toFixed(2)).join(" "),
    node: process.version,
    psql: spawnSync("psql", ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "",
  };
}

type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/**
 * A bench script's command-line options, read by node:util's parseArgs (strict: an unknown option, a missing value or
 * a stray argument is an error). `--help`/`-h` prints `usage` and exits.
 */
export function benchArgs<const O extends OptionsConfig>(argv: string[], options: O, usage: string) {
  const { values } = parseArgs({ args: argv, options: { ...options, help: { type: "boolean", short: "h" } } as const, strict: true });
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values as ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true }>>["values"];
}

/** A count as typed on the command line: 100000 or 100_000. */
export const wholeNumber = (value: string) => Number(value.replace(/_/g, ""));

/** `--out FILE` (resolved), `--out -` (print only: null), or the script's own results file when absent. */
export const outFile = (value: string | undefined, fallback: string): string | null =>
  value === undefined ? fallback : value === "-" ? null : path.resolve(value);

/**
 * The end of a bench run: close the app's Temporal client and database pool, stop the dev server, drop the
 * throwaway database (unless kept) and remove the temp folder.
 */
export async function releaseBenchResources(r: {
  temporal: { stop(): Promise<void> } | undefined;
  drop: (() => Promise<void>) | null;
  keep: boolean;
  url: string;
  dir: string;
}): Promise<void> {
  const { closeDb } = await import("~/platform/db.server");
  const { closeTemporalClient } = await import("~/platform/temporal.server");
  await closeTemporalClient().catch(() => {});
  await closeDb().catch(() => {});
  await r.temporal?.stop();
  if (r.drop && !r.keep) await r.drop();
  else if (r.drop) console.log(`Kept the database: ${r.url}`);
  fs.rmSync(r.dir, { recursive: true, force: true });
}

/** Runs `main` when the module is the script node was started with (not when a test imports it). */
export function runWhenMain(moduleUrl: string, main: () => Promise<void>): void {
  if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl)) {
    main().catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
  }
}

/**
 * Writes a CSV file of `header` then `line(i)` for each i of `order`, buffered (1 MiB) and respecting back-pressure:
 * a bench's dataset of 100,000 rows without holding it in memory. Resolves to the file's size in bytes.
 */
export async function writeCsvFile(csvPath: string, header: string, order: Iterable<number>, line: (i: number) => string): Promise<number> {
  const out = fs.createWriteStream(csvPath);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", () => r())));
  await write(`${header}\n`);
  let buf = "";
  for (const i of order) {
    buf += `${line(i)}\n`;
    if (buf.length > 1 << 20) {
      await write(buf);
      buf = "";
    }
  }
  await write(buf);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return fs.statSync(csvPath).size;
}

/** One psql command on `url` (`\copy` runs in psql), failing with psql's message. */
export function psql(url: string, command: string): void {
  const res = spawnSync("psql", [url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", command], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`psql failed: ${res.stderr || res.stdout}`);
}
