/**
 * The insights' answer cache's bounds and version rule (ADR 0121, app/features/insights/answer-cache.ts): at most
 * `maxEntries` entries and `maxBytes` counted bytes, least recently used first out; an answer larger than the byte cap
 * is not kept; a newer version drops every entry and an older one is neither served nor kept; kept answers are frozen.
 */
import { describe, expect, it } from "vitest";
import { AnswerCache } from "~/features/insights/answer-cache";

describe("AnswerCache", () => {
  it("keeps at most maxEntries, dropping the least recently used", () => {
    const cache = new AnswerCache<{ n: number }>({ maxEntries: 3, maxBytes: 1_000 });
    for (const n of [1, 2, 3]) cache.set(`k${n}`, "7", { n }, 10);
    expect(cache.get("k1", "7")).toEqual({ n: 1 }); // k1 is now the most recent; k2 the least
    cache.set("k4", "7", { n: 4 }, 10);
    expect(cache.size()).toEqual({ entries: 3, bytes: 30 });
    expect(cache.get("k2", "7")).toBeUndefined();
    expect(cache.get("k1", "7")).toEqual({ n: 1 });
    expect(cache.get("k3", "7")).toEqual({ n: 3 });
    expect(cache.get("k4", "7")).toEqual({ n: 4 });
  });

  it("keeps the counted bytes under maxBytes, and never an answer larger than the cap", () => {
    const cache = new AnswerCache<string>({ maxEntries: 100, maxBytes: 100 });
    cache.set("a", "1", "a", 40);
    cache.set("b", "1", "b", 40);
    cache.set("c", "1", "c", 40);
    expect(cache.size()).toEqual({ entries: 2, bytes: 80 });
    expect(cache.get("a", "1")).toBeUndefined();
    cache.set("huge", "1", "h", 101);
    expect(cache.get("huge", "1")).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 2, bytes: 80 });
    // Replacing an entry counts its new size only.
    cache.set("b", "1", "b2", 10);
    expect(cache.size()).toEqual({ entries: 2, bytes: 50 });
    expect(cache.get("b", "1")).toBe("b2");
  });

  it("a newer version drops every entry; an older one is neither served nor kept", () => {
    const cache = new AnswerCache<string>({ maxEntries: 10, maxBytes: 1_000 });
    cache.set("a", "5", "at 5", 1);
    expect(cache.get("a", "5")).toBe("at 5");
    expect(cache.get("a", "6")).toBeUndefined();
    expect(cache.size().entries).toBe(0);
    cache.set("a", "5", "late answer at 5", 1);
    expect(cache.get("a", "5")).toBeUndefined();
    expect(cache.size().entries).toBe(0);
    // Versions are compared as whole numbers, not as text.
    cache.set("a", "10", "at 10", 1);
    expect(cache.get("a", "9")).toBeUndefined();
    expect(cache.get("a", "10")).toBe("at 10");
  });

  it("kept answers are frozen through and through", () => {
    const cache = new AnswerCache<{ figures: Array<{ rows: number[] }> }>({ maxEntries: 2, maxBytes: 1_000 });
    const answer = { figures: [{ rows: [1, 2] }] };
    cache.set("a", "1", answer, 10);
    const kept = cache.get("a", "1")!;
    expect(() => kept.figures[0]!.rows.push(3)).toThrow(TypeError);
    expect(() => {
      (kept as { figures: unknown }).figures = [];
    }).toThrow(TypeError);
    expect(kept.figures[0]!.rows).toEqual([1, 2]);
  });
});
