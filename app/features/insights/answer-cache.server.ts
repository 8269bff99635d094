import { sqlRows } from "~/platform/sql.server";
import { AnswerCache } from "~/features/insights/answer-cache";

/**
 * The insights' answers kept between requests (ADR 0121), checked by one cheap statement: the version of the data
 * the insights read (the sum of InsightsDataVersion's slots, which every transaction writing a table they read adds 1
 * to at its commit, by a trigger of the migration `insights_data_version`).
 *
 * Freshness: the version is read before the answer's data and again after it. The counter is an ordinary row written
 * in the writing transaction's own commit, so a statement sees a write exactly when it sees the version it made;
 * equal versions before and after mean no such commit happened in between, so every read of the answer saw the data
 * of that version, and the answer is stored under it. Otherwise (a write landed meanwhile) the answer is returned but
 * not kept. A later write makes a newer version: the next request misses and computes afresh.
 *
 * `key` must hold everything the answer depends on besides that data: who reads (their scope), what and which filters.
 * Concurrent requests for the same key and version share one computation.
 */

const cache = new AnswerCache<unknown>();
const pending = new Map<string, Promise<unknown>>();

/** The insights' data version now (a whole number as text). */
export async function readInsightsDataVersion(): Promise<string> {
  const rows = await sqlRows<{ version: string }>("insights.data_version", `SELECT coalesce(sum("version"), 0)::text AS "version" FROM "InsightsDataVersion"`, []);
  return rows[0]!.version;
}

/** The answer for `key` at the data's current version: the kept one, else `compute()`'s (kept when no write intervened). */
export async function cachedAnswer<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const version = await readInsightsDataVersion();
  const kept = cache.get(key, version);
  if (kept !== undefined) return kept as T;
  const slot = `${version}\n${key}`;
  const running = pending.get(slot);
  if (running) return (await running) as T;
  const work = (async () => {
    const answer = await compute();
    if ((await readInsightsDataVersion()) === version) cache.set(key, version, answer, Buffer.byteLength(JSON.stringify(answer)));
    return answer;
  })();
  pending.set(slot, work);
  try {
    return await work;
  } finally {
    pending.delete(slot);
  }
}

/** What the cache holds (entries, counted bytes): for tests and the bench. */
export function insightsAnswerCacheSize(): { entries: number; bytes: number } {
  return cache.size();
}

/** Empties the cache (tests and the bench's cold request; the version rule needs no clearing). */
export function clearInsightsAnswerCache(): void {
  cache.clear();
}
