import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts the SQL statements (database round trips) a piece of work sends (docs/decisions/0063-lean-platform-reads.md).
 * Every statement of the process goes through one of two doors, both noted here: the Prisma client's driver adapter
 * (`observedAdapter`, set up in db.server.ts: every query, and BEGIN/COMMIT of a transaction) and `sqlRows`
 * (sql.server.ts). A statement is counted for the `countStatements` calls whose function it was sent from (async
 * context), so other work of the process at the same time (the worker, other requests) is not counted.
 * Nothing is kept when no count is running (one `getStore()` per statement).
 */

type Tally = { statements: string[] };

const open = new AsyncLocalStorage<readonly Tally[]>();

/** Records one statement for every count running in the current async context. */
export function noteStatement(sql: string): void {
  const tallies = open.getStore();
  if (!tallies) return;
  for (const tally of tallies) tally.statements.push(sql);
}

export type StatementCount<T> = {
  result: T;
  /** Statements sent while `fn` ran (each one a round trip to the database). */
  count: number;
  /** Their SQL text (or prepared statement name), in order: for a test's failure message. */
  statements: string[];
};

/** Runs `fn` and counts the statements it sends to the database. Counts may nest. */
export async function countStatements<T>(fn: () => Promise<T> | T): Promise<StatementCount<T>> {
  const tally: Tally = { statements: [] };
  // Awaited inside the run: a Prisma query is lazy and only starts when awaited (it would start outside the count).
  const result = await open.run([...(open.getStore() ?? []), tally], async () => await fn());
  return { result, count: tally.statements.length, statements: tally.statements };
}

type Query = { sql: string };
type Queryable = { queryRaw(q: Query): Promise<unknown>; executeRaw(q: Query): Promise<unknown> };
type Transaction = Queryable & { options?: { usePhantomQuery?: boolean }; commit(): Promise<unknown>; rollback(): Promise<unknown> };
type Adapter = Queryable & { startTransaction(isolationLevel?: string): Promise<Transaction> };
type AdapterFactory = { connect(): Promise<unknown> };

/** `target` with some methods replaced; every other property read from it (methods bound to it). */
function withMethods<T extends object>(target: T, methods: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (typeof prop === "string" && Object.hasOwn(methods, prop)) return methods[prop];
      const value = Reflect.get(t, prop, t) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

function observedTransaction(tx: Transaction): Transaction {
  // A "phantom" transaction's COMMIT/ROLLBACK is sent by the driver itself (PGlite's); otherwise Prisma sends it as a query.
  const phantom = tx.options?.usePhantomQuery === true;
  return withMethods(tx, {
    queryRaw: (q: Query) => (noteStatement(q.sql), tx.queryRaw(q)),
    executeRaw: (q: Query) => (noteStatement(q.sql), tx.executeRaw(q)),
    commit: () => (phantom && noteStatement("COMMIT"), tx.commit()),
    rollback: () => (phantom && noteStatement("ROLLBACK"), tx.rollback()),
  });
}

/** A Prisma driver adapter factory whose statements are noted for `countStatements` (same behaviour otherwise). */
export function observedAdapter<F extends AdapterFactory>(factory: F): F {
  return withMethods(factory, {
    connect: async () => {
      const adapter = (await factory.connect()) as Adapter;
      return withMethods(adapter, {
        queryRaw: (q: Query) => (noteStatement(q.sql), adapter.queryRaw(q)),
        executeRaw: (q: Query) => (noteStatement(q.sql), adapter.executeRaw(q)),
        startTransaction: async (isolationLevel?: string) => {
          noteStatement("BEGIN");
          if (isolationLevel) noteStatement(`SET TRANSACTION ISOLATION LEVEL ${isolationLevel}`);
          return observedTransaction(await adapter.startTransaction(isolationLevel));
        },
      });
    },
  });
}
