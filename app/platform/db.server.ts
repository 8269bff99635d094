import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import path from "node:path";
import { PrismaClient } from "~/generated/prisma/client.ts";
import { openPGlite } from "~/platform/pglite.server";

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

export async function createDb(url = process.env.DATABASE_URL): Promise<{ db: PrismaClient; close: () => Promise<void> }> {
  const target = databaseTarget(url);
  if (target.kind === "postgres") {
    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: target.url }) });
    return { db, close: () => db.$disconnect() };
  }
  const pglite = await openPGlite(target.dir);
  const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    db,
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
export function createHostedDb(url: string): { db: PrismaClient; close: () => Promise<void> } {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1, idleTimeoutMillis: 0 }) });
  return { db, close: () => db.$disconnect() };
}

/** Makes the process-wide client the one reaching the embedded database's process at `url` (before any getDb()). */
export function useHostedDb(url: string): void {
  if (globalThis.__pmrDb) throw new Error("The database client is already open");
  globalThis.__pmrDb = Promise.resolve(createHostedDb(url));
}

declare global {
  // eslint-disable-next-line no-var
  var __pmrDb: Promise<{ db: PrismaClient; close: () => Promise<void> }> | undefined;
}

/** The process-wide client (kept across dev reloads). */
export async function getDb(): Promise<PrismaClient> {
  globalThis.__pmrDb ??= createDb();
  return (await globalThis.__pmrDb).db;
}

export async function closeDb(): Promise<void> {
  const handle = globalThis.__pmrDb;
  globalThis.__pmrDb = undefined;
  if (handle) await (await handle).close();
}
