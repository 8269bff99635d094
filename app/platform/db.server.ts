import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import path from "node:path";
import { PrismaClient } from "~/generated/prisma/client.ts";
import { openPGlite } from "~/platform/pglite.server";
import { observedAdapter } from "~/platform/statement-count.server";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * DATABASE_URL=postgresql://... selects a PostgreSQL server (production);
 * unset or pglite:<folder> selects an embedded PGlite data folder (default ./.data/pglite).
 */
export function databaseTarget(url = process.env.DATABASE_URL): { kind: "postgres"; url: string } | { kind: "pglite"; dir: string } {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  const dir = url?.startsWith("pglite:") ? url.slice("pglite:".length) : "./.data/pglite";
  return { kind: "pglite", dir: dir === "memory://" ? dir : path.resolve(dir) };
}

/**
 * Plain SQL next to the Prisma client, on the same connections (app/platform/sql.server.ts `sqlRows`; ADR 0063).
 * Rows come as objects with the values typed as Prisma's raw queries type them: timestamps and dates as `Date` (UTC),
 * bigint as `bigint`, json as parsed values, arrays as arrays.
 */
export type SqlDriver = {
  /** One statement; `name` makes it a prepared statement of the connection (parsed once) where the driver allows. */
  query(name: string, text: string, values: readonly unknown[]): Promise<Array<Record<string, unknown>>>;
};

export type DbHandle = { db: PrismaClient; close: () => Promise<void>; sql: SqlDriver };

/** Values parsed as Prisma parses them (`timestamp` without zone and `date` are UTC), by type oid. */
const PARSERS: Record<number, (value: string) => unknown> = {
  20: (v) => BigInt(v), // int8 (count(*))
  1082: (v) => new Date(`${v}T00:00:00Z`), // date
  1114: (v) => new Date(`${v.replace(" ", "T")}Z`), // timestamp
};

const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    (format !== "binary" && PARSERS[oid]) || pg.types.getTypeParser(oid, (format ?? "text") as "text"),
};

/** Named prepared statements on the pool's connections (each connection parses a name once). */
function poolDriver(pool: pg.Pool): SqlDriver {
  return {
    query: async (name, text, values) => (await pool.query({ name, text, values: [...values], types: pgTypes } as pg.QueryConfig)).rows,
  };
}

/** An in-process PGlite (tests, offline tools): one statement per call, the same parsers. */
function pgliteDriver(pglite: PGlite): SqlDriver {
  return { query: async (_name, text, values) => (await pglite.query<Record<string, unknown>>(text, [...values], { parsers: PARSERS })).rows };
}

/** A Prisma client on `pool` (the `pg` adapter uses that very pool: raw SQL and Prisma share its connections). */
function clientOnPool(pool: pg.Pool): DbHandle {
  // An idle connection that breaks (the server restarted) leaves the pool by itself; without a listener its 'error'
  // would end the process, and `sqlRows` may open connections before Prisma's adapter adds its own listener.
  pool.on("error", () => {});
  const adapter = new PrismaPg(pool);
  // The adapter takes a pool only if it is `pg`'s Pool class as it sees it; otherwise it would open a second pool.
  if ((adapter as unknown as { externalPool?: unknown }).externalPool !== pool) throw new Error("The Prisma pg adapter did not take the app's pool");
  const db = new PrismaClient({ adapter: observedAdapter(adapter) });
  return {
    db,
    sql: poolDriver(pool),
    close: async () => {
      await db.$disconnect();
      await pool.end();
    },
  };
}

export async function createDb(url = process.env.DATABASE_URL): Promise<DbHandle> {
  const target = databaseTarget(url);
  if (target.kind === "postgres") return clientOnPool(new pg.Pool({ connectionString: target.url }));
  const pglite = await openPGlite(target.dir);
  const db = new PrismaClient({ adapter: observedAdapter(new PrismaPGlite(pglite)) });
  return {
    db,
    sql: pgliteDriver(pglite),
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * The embedded default in the app process (ADR 0061): the PGlite folder is served by a child process
 * (server/pglite-host.ts) and reached with the `pg` driver through ONE connection, the socket server's only one.
 * Everything in the process that uses `getDb()` (pages, API, the in-process worker, the command-line tools' socket)
 * shares it; a transaction holds it until it ends.
 */
export function createHostedDb(url: string): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
  // The embedded database is one backend for every connection: a prepared statement outlives the connection that
  // made it. A new connection (after a lost one) first forgets them, before anything else it is given runs.
  pool.on("connect", (client) => void client.query("DEALLOCATE ALL").catch(() => {}));
  return clientOnPool(pool);
}

/** Makes the process-wide client the one reaching the embedded database's process at `url` (before any getDb()). */
export function useHostedDb(url: string): void {
  if (globalThis.__pmrDb) throw new Error("The database client is already open");
  globalThis.__pmrDb = Promise.resolve(createHostedDb(url));
}

declare global {
  // eslint-disable-next-line no-var
  var __pmrDb: Promise<DbHandle> | undefined;
}

/** The process-wide client (kept across dev reloads). */
export async function getDb(): Promise<PrismaClient> {
  globalThis.__pmrDb ??= createDb();
  return (await globalThis.__pmrDb).db;
}

/** The process-wide client's plain-SQL door (the same connections; see sql.server.ts). */
export async function getSqlDriver(): Promise<SqlDriver> {
  globalThis.__pmrDb ??= createDb();
  return (await globalThis.__pmrDb).sql;
}

export async function closeDb(): Promise<void> {
  const handle = globalThis.__pmrDb;
  globalThis.__pmrDb = undefined;
  if (handle) await (await handle).close();
}
