/**
 * The insights' answers kept between requests (ADR 0121), pure: a least-recently-used map of answers, each stored
 * under its key and the data version it was computed at, bounded by a number of entries and by their counted size
 * (the answer's JSON length in bytes, counted once when stored). A request looks an answer up with the version it
 * has just read; versions only grow, so entries of an older version can never be asked for again and are dropped as
 * soon as a newer version is seen. Stored answers are frozen: callers share them and cannot change them.
 */

export type AnswerCacheLimits = { maxEntries: number; maxBytes: number };

/** The default bounds: a few hundred readers' answers (a 20,000-participant cycle's is 74 kB of JSON). */
export const ANSWER_CACHE_LIMITS: AnswerCacheLimits = { maxEntries: 256, maxBytes: 32 * 1024 * 1024 };

type Entry<T> = { value: T; bytes: number };

/** Freezes an answer and everything in it (plain JSON data), so a shared answer cannot be changed by one reader. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export class AnswerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private version: bigint | null = null;
  private bytes = 0;

  constructor(private readonly limits: AnswerCacheLimits = ANSWER_CACHE_LIMITS) {}

  /** The answer stored under `key` at `version`, made the most recently used; undefined if none. */
  get(key: string, version: string): T | undefined {
    this.observe(version);
    if (BigInt(version) !== this.version) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Stores `value` (frozen) under `key` at `version`, counted as `bytes`; the least recently used entries go until the
   * bounds hold. Nothing is stored for an older version than one already seen, nor a value larger than the byte cap.
   */
  set(key: string, version: string, value: T, bytes: number): void {
    this.observe(version);
    if (BigInt(version) !== this.version || bytes > this.limits.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { value: deepFreeze(value), bytes });
    this.bytes += bytes;
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  /** What is held: entries and their counted bytes. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** A newer version makes every entry unreachable: they go at once. */
  private observe(version: string): void {
    const v = BigInt(version);
    if (this.version === null || v > this.version) {
      this.version = v;
      this.clear();
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
