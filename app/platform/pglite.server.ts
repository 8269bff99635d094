import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * Opens an embedded PostgreSQL (PGlite) with the extensions the migrations create: pg_trgm, for the trigram indexes
 * of the name/email searches (docs/decisions/0037-trigram-search-indexes.md). Every PGlite the project opens (the
 * app's database, the migration targets and the schema engine's shadow databases) comes from here, so that the same
 * migrations apply to PGlite and to a PostgreSQL server (where pg_trgm ships with the server's contrib package).
 * `dir` is a data folder, or undefined / "memory://" for an in-memory database. `more`: further PGlite options (a
 * restore passes `loadDataDir`, scripts/lib/backup.ts).
 */
export function openPGlite(dir?: string, more: Omit<PGliteOptions, "extensions" | "dataDir"> = {}): Promise<PGlite> {
  const options = { ...more, extensions: { pg_trgm } };
  return dir === undefined || dir === "memory://" ? PGlite.create(options) : PGlite.create(dir, options);
}
