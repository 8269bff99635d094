/**
 * Driver adapter factories for the schema engine (migrations only; the app's client uses app/platform/db.server.ts).
 * They fix what the stock adapters get wrong for migrations (docs/decisions/0002-prisma-offline-migrations.md):
 *  - pglite-prisma-adapter 0.7.2 does not await `exec()` in executeScript (a failing migration would be
 *    recorded as applied) and leaks the in-memory PGlite of its shadow database;
 *  - @prisma/adapter-pg 7.10 splits a script on every `;` (breaks literals and `$$` bodies, leaves a
 *    failing migration half-applied), rejects pg_catalog's `"char"` (OID 18) that drift introspection
 *    reads, and would create its shadow database on the server (needs CREATEDB).
 * The shadow database is always a throw-away in-memory PGlite, closed when the engine disposes it.
 */
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { openPGlite } from "~/platform/pglite.server";

/** Same rules as `databaseTarget()` in app/platform/db.server.ts (kept separate so migrations need no generated client). */
export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string };

export function databaseTarget(url = process.env.DATABASE_URL): DatabaseTarget {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  const dir = url?.startsWith("pglite:") ? url.slice("pglite:".length) : "./.data/pglite";
  return { kind: "pglite", dir: dir === "memory://" ? dir : path.resolve(dir) };
}

/** For messages: the target without a password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") return `PGlite ${target.dir}`;
  try {
    const u = new URL(target.url);
    if (u.password) u.password = "***";
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return "PostgreSQL (unparsable URL)";
  }
}

export interface MigrationTarget {
  factory: SqlMigrationAwareDriverAdapterFactory;
  description: string;
  /** Closes everything this target opened (adapters the engine did not dispose, shadow databases, the PGlite). */
  close(): Promise<void>;
}

type OnError = (error: unknown) => never;

/** Make `dispose()` idempotent and remember the adapter so close() can dispose what the engine left open. */
function track<A extends SqlDriverAdapter>(adapter: A, open: Set<SqlDriverAdapter>, extra?: () => Promise<void>): A {
  const dispose = adapter.dispose.bind(adapter);
  let disposed: Promise<void> | undefined;
  adapter.dispose = () => {
    disposed ??= (async () => {
      open.delete(adapter);
      try {
        await dispose();
      } finally {
        await extra?.();
      }
    })();
    return disposed;
  };
  open.add(adapter);
  return adapter;
}

async function disposeAll(open: Set<SqlDriverAdapter>) {
  for (const adapter of [...open]) await adapter.dispose().catch(() => {});
}

/** A PGlite adapter whose executeScript really awaits the script (one simple query = one implicit transaction). */
function fixedPGliteAdapter(adapter: SqlDriverAdapter, pglite: PGlite): SqlDriverAdapter {
  const onError = (adapter as unknown as { onError: OnError }).onError.bind(adapter);
  adapter.executeScript = async (script: string) => {
    try {
      await pglite.exec(script);
    } catch (e) {
      onError(e);
    }
  };
  return adapter;
}

/** A fresh in-memory PGlite as the engine's shadow database, closed when the adapter is disposed. */
async function shadowDb(open: Set<SqlDriverAdapter>): Promise<SqlDriverAdapter> {
  const pglite = await openPGlite();
  const adapter = fixedPGliteAdapter(await new PrismaPGlite(pglite).connect(), pglite);
  return track(adapter, open, () => pglite.close());
}

/** A PGlite database (a data folder, or `memory://`) as migration target. */
export async function openPGliteTarget(dir: string): Promise<MigrationTarget> {
  if (dir !== "memory://") fs.mkdirSync(dir, { recursive: true });
  const pglite = await openPGlite(dir);
  const base = new PrismaPGlite(pglite);
  const open = new Set<SqlDriverAdapter>();
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => track(fixedPGliteAdapter(await base.connect(), pglite), open),
    connectToShadowDb: () => shadowDb(open),
  };
  return {
    factory,
    description: describeTarget({ kind: "pglite", dir }),
    close: async () => {
      await disposeAll(open);
      if (!pglite.closed) await pglite.close();
    },
  };
}

// pg_catalog's "char" type; adapter-pg 7.10 has no mapping for it.
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type PgQueryable = SqlDriverAdapter & { performIO(query: SqlQuery): Promise<{ fields: Array<{ dataTypeID: number }> }> };

/** Report `"char"` columns as Character (mapping them to Text is not enough: the engine panics on CHECK constraints). */
function patchCharType<Q extends { queryRaw(query: SqlQuery): Promise<SqlResultSet> }>(queryable: Q): Q {
  const target = queryable as unknown as PgQueryable;
  const queryRaw = queryable.queryRaw;
  queryable.queryRaw = async function (query: SqlQuery) {
    let charColumns: number[] = [];
    // A per-call view of the adapter whose performIO hides OID 18 from the stock type mapping.
    const view = Object.create(target, {
      performIO: {
        value: async (q: SqlQuery) => {
          const result = await target.performIO(q);
          charColumns = [];
          result.fields.forEach((field, i) => {
            if (field.dataTypeID === PG_CHAR_OID) {
              charColumns.push(i);
              field.dataTypeID = PG_TEXT_OID;
            }
          });
          return result;
        },
      },
    });
    const resultSet = await queryRaw.call(view, query);
    for (const i of charColumns) resultSet.columnTypes[i] = ColumnTypeEnum.Character;
    return resultSet;
  };
  return queryable;
}

/** A PostgreSQL server as migration target (`postgresql://...`). */
export async function openPostgresTarget(url: string): Promise<MigrationTarget> {
  const base = new PrismaPg({ connectionString: url });
  const open = new Set<SqlDriverAdapter>();
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => {
      const adapter = patchCharType(await base.connect()) as unknown as SqlDriverAdapter & {
        underlyingDriver(): { query(text: string): Promise<unknown> };
        onError: OnError;
      };
      // The whole migration as one simple query: PostgreSQL runs it as one implicit transaction.
      adapter.executeScript = async (script: string) => {
        try {
          await adapter.underlyingDriver().query(script);
        } catch (e) {
          adapter.onError(e);
        }
      };
      const startTransaction = adapter.startTransaction.bind(adapter);
      adapter.startTransaction = async (isolationLevel) => patchCharType<Transaction>(await startTransaction(isolationLevel));
      return track(adapter, open);
    },
    connectToShadowDb: () => shadowDb(open),
  };
  return { factory, description: describeTarget({ kind: "postgres", url }), close: () => disposeAll(open) };
}

/** The migration target for a DATABASE_URL (postgresql://... or pglite:<dir>, default ./.data/pglite). */
export function openMigrationTarget(databaseUrl?: string): Promise<MigrationTarget> {
  const target = databaseTarget(databaseUrl);
  return target.kind === "postgres" ? openPostgresTarget(target.url) : openPGliteTarget(target.dir);
}

/** A throw-away in-memory database: for generating and checking migrations without any real database. */
export function openScratchTarget(): Promise<MigrationTarget> {
  return openPGliteTarget("memory://");
}
