import { getSqlDriver } from "~/platform/db.server";
import { noteStatement } from "~/platform/statement-count.server";

export { countStatements, type StatementCount } from "~/platform/statement-count.server";

/**
 * Prepared SQL for the hot read paths (docs/decisions/0063-lean-platform-reads.md): the platform's reads that run on
 * every page (the session and its users, the shell's one statement) skip the Prisma client's per-query work
 * (~0.4 ms of CPU against ~0.07 ms for a prepared `pg` statement, issue 27). The statement goes through the pool the
 * Prisma client uses (one connection on the embedded default), as a named prepared statement: each connection
 * parses and plans it once. Writes and transactions stay on Prisma.
 *
 * `name` must be unique to `text` across the app (a connection keeps one statement per name); write placeholders
 * `$1, $2, …` with casts where PostgreSQL cannot infer a type. Values come typed as in Prisma's raw queries
 * (db.server.ts `SqlDriver`); the row type `T` is the caller's promise about the columns it selects.
 */
export async function sqlRows<T>(name: string, text: string, values: readonly unknown[]): Promise<T[]> {
  const driver = await getSqlDriver();
  noteStatement(name);
  return (await driver.query(name, text, values)) as T[];
}
