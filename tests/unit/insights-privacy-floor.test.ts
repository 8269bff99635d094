/**
 * Issue 29 §3 (ADR 0103): the privacy floor. Each test plays an HR user who tries to single out one person — by a
 * small group, by combining filters, by subtracting the shown groups from the total, by comparing two filter
 * combinations or two breakdowns — and fails; an exhaustive attacker opens every view of random companies and finds
 * no two figures whose difference stands for fewer than k people.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRIVACY_FLOOR,
  MINIMUM_PRIVACY_FLOOR,
  effectivePrivacyFloor,
  floorBreakdown,
  floorNotice,
  type AttributeFilter,
  type FloorPerson,
  type FlooredBreakdown,
} from "~/features/insights/privacy-floor";

type Person = FloorPerson & { rating: number };

let nextId = 1;
function people(count: number, attributes: Record<string, string | null>, rating = 3): Person[] {
  return Array.from({ length: count }, () => ({ id: nextId++, attributes, rating }));
}

const ids = (ps: readonly FloorPerson[]) => ps.map((p) => p.id);
const sum = (ps: readonly Person[]) => ps.reduce((s, p) => s + p.rating, 0);

describe("the threshold", () => {
  it("defaults to 5 and is never below 3", () => {
    expect(effectivePrivacyFloor(null)).toBe(DEFAULT_PRIVACY_FLOOR);
    expect(effectivePrivacyFloor(undefined)).toBe(5);
    expect(effectivePrivacyFloor(2)).toBe(MINIMUM_PRIVACY_FLOOR);
    expect(effectivePrivacyFloor(8)).toBe(8);
    expect(() => floorBreakdown([], { filters: [], breakdown: "gender" }, 2)).toThrow(RangeError);
  });
});

describe("single-out attempts that fail", () => {
  it("a group below the floor is merged into Other, never shown on its own", () => {
    const universe = [...people(10, { gender: "F" }), ...people(10, { gender: "M" }), ...people(2, { gender: "X" }), ...people(3, { gender: null })];
    const view = floorBreakdown(universe, { filters: [], breakdown: "gender" }, 5);
    expect(view.shown).toBe(true);
    if (!view.shown) return;
    expect(view.groups.map((g) => g.value)).toEqual(["F", "M"]);
    expect(view.other?.values.sort()).toEqual(["X", null].sort());
    expect(view.other?.people).toHaveLength(5);
    expect(floorNotice(view)).toEqual({ key: "insights.floor.otherHint", values: { count: 5 } });
  });

  it("the total minus the shown groups never isolates the one person of a small group (complementary suppression)", () => {
    const target = people(1, { gender: "X" }, 1);
    const universe = [...people(10, { gender: "F" }, 4), ...people(12, { gender: "M" }, 3), ...target];
    const view = floorBreakdown(universe, { filters: [], breakdown: "gender" }, 5);
    if (!view.shown) throw new Error("shown");
    const shownCount = view.groups.reduce((s, g) => s + g.people.length, 0);
    const remainder = view.total.length - shownCount;
    expect(remainder).toBeGreaterThanOrEqual(5);
    // The attacker's sum of ratings of the total minus the shown groups covers at least 5 people, not the target alone.
    const leftOver = sum(view.total) - view.groups.reduce((s, g) => s + sum(g.people as Person[]), 0);
    expect(leftOver).not.toBe(target[0].rating);
    expect(view.groups.map((g) => g.value)).toEqual(["M"]);
    expect(view.other?.values).toEqual(expect.arrayContaining(["X", "F"]));
  });

  it("combining filters down to one person shows nothing", () => {
    const universe = [...people(8, { location: "Paris", level: "L2" }), ...people(1, { location: "Paris", level: "L3" }), ...people(8, { location: "Berlin", level: "L3" })];
    const view = floorBreakdown(universe, { filters: [{ attribute: "location", value: "Paris" }, { attribute: "level", value: "L3" }], breakdown: "gender" }, 5);
    expect(view).toEqual({ shown: false, threshold: 5, reason: "too_few" });
    expect(floorNotice(view)).toEqual({ key: "insights.floor.suppressed", values: { count: 5 } });
  });

  it("two filter combinations that differ by one person (the one salesman in Lyon): the narrower one shows nothing", () => {
    const berliner = people(1, { department: "Sales", location: "Lyon", gender: "M" }, 1);
    const universe = [...people(5, { department: "Sales", location: "Paris", gender: "F" }, 4), ...people(5, { department: "Sales", location: "Paris", gender: "M" }, 4), ...berliner, ...people(10, { department: "R&D", location: "Berlin", gender: "F" })];
    const wide = floorBreakdown(universe, { filters: [{ attribute: "department", value: "Sales" }], breakdown: "gender" }, 5);
    expect(wide.shown).toBe(true);
    const narrow = floorBreakdown(universe, { filters: [{ attribute: "department", value: "Sales" }, { attribute: "location", value: "Paris" }], breakdown: "gender" }, 5);
    expect(narrow).toEqual({ shown: false, threshold: 5, reason: "differencing" });
    // Nor can a group be compared across the two: Sales' men (6) against Sales-in-Paris' men (5) would be him.
    if (!wide.shown) return;
    const men = [...wide.groups, ...(wide.other ? [{ value: "other", people: wide.other.people }] : [])].find((g) => g.people.some((p) => p.id === berliner[0].id));
    expect(men?.people.length).toBeGreaterThanOrEqual(5);
  });

  it("two breakdowns whose groups differ by one person: the smaller group is not shown", () => {
    // Every L3 is a man, and there is one man more: "men" minus "L3" would be that one man.
    const universe = [...people(5, { gender: "M", level: "L3" }), ...people(1, { gender: "M", level: "L2" }), ...people(10, { gender: "F", level: "L2" }), ...people(6, { gender: "F", level: "L1" })];
    const byGender = floorBreakdown(universe, { filters: [], breakdown: "gender" }, 5);
    const byLevel = floorBreakdown(universe, { filters: [], breakdown: "level" }, 5);
    if (!byGender.shown || !byLevel.shown) throw new Error("shown");
    expect(byGender.groups.map((g) => g.value)).toContain("M");
    expect(byLevel.groups.map((g) => g.value)).not.toContain("L3");
  });

  it("a filter that removes nobody is no difference and is allowed", () => {
    const universe = [...people(6, { department: "Sales", gender: "F" }), ...people(6, { department: "Sales", gender: "M" })];
    const view = floorBreakdown(universe, { filters: [{ attribute: "department", value: "Sales" }], breakdown: "gender" }, 5);
    expect(view.shown && view.groups.length).toBe(2);
  });
});

// ——— The exhaustive attacker ———

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const ATTRIBUTES: Record<string, (string | null)[]> = {
  gender: ["F", "F", "F", "M", "M", "M", "X", null],
  level: ["L1", "L2", "L2", "L3", "L3", "L4"],
  location: ["Paris", "Paris", "Berlin", "Lyon"],
};

function company(seed: number, size: number): Person[] {
  const next = random(seed);
  return Array.from({ length: size }, (_, i) => {
    const attributes: Record<string, string | null> = {};
    for (const [name, values] of Object.entries(ATTRIBUTES)) attributes[name] = values[Math.floor(next() * values.length)];
    return { id: i + 1, attributes, rating: 1 + Math.floor(next() * 5) };
  });
}

/** Every view the pages offer: any one value (or none) per attribute as filters, and each other attribute as the breakdown. */
function everyView(): { filters: AttributeFilter[]; breakdown: string }[] {
  const names = Object.keys(ATTRIBUTES);
  let filterSets: AttributeFilter[][] = [[]];
  for (const name of names) {
    const values = [...new Set(ATTRIBUTES[name])];
    filterSets = filterSets.flatMap((set) => [set, ...values.map((value) => [...set, { attribute: name, value }])]);
  }
  return filterSets.flatMap((filters) => names.filter((n) => !filters.some((f) => f.attribute === n)).map((breakdown) => ({ filters, breakdown })));
}

function shownSets(view: FlooredBreakdown<Person>): Set<number>[] {
  if (!view.shown) return [];
  return [view.total, ...view.groups.map((g) => g.people), ...(view.other ? [view.other.people] : [])].map((ps) => new Set(ps.map((p) => p.id as number)));
}

describe("the exhaustive attacker", () => {
  for (const [seed, size, k] of [
    [1, 40, 5],
    [2, 60, 5],
    [3, 25, 3],
    [4, 80, 4],
    [5, 35, 5],
  ] as const) {
    it(`finds no two figures that differ by fewer than ${k} people (company ${seed}, ${size} people)`, () => {
      const universe = company(seed, size);
      const sets = new Map<string, Set<number>>();
      let shownViews = 0;
      for (const view of everyView()) {
        const result = floorBreakdown(universe, view, k);
        if (!result.shown) continue;
        shownViews++;
        // Within a view, the total minus the shown groups is Other (0 or at least k people).
        const inGroups = result.groups.reduce((s, g) => s + g.people.length, 0);
        expect([0, result.other?.people.length].includes(result.total.length - inGroups) || result.groups.length === 0).toBe(true);
        for (const set of shownSets(result)) {
          expect(set.size).toBeGreaterThanOrEqual(k);
          sets.set([...set].sort((a, b) => a - b).join(","), set);
        }
      }
      expect(shownViews).toBeGreaterThan(0);
      const all = [...sets.values()];
      for (const a of all)
        for (const b of all) {
          if (a.size >= b.size || ![...a].every((id) => b.has(id))) continue;
          // b contains a: their difference would be read off two figures.
          expect(b.size - a.size, `a figure over ${b.size} people minus one over ${a.size}`).toBeGreaterThanOrEqual(k);
        }
    });
  }
});

it("the breakdown's cells carry the people, so figures are computed from cells only", () => {
  const universe = [...people(6, { gender: "F" }, 2), ...people(6, { gender: "M" }, 4)];
  const view = floorBreakdown(universe, { filters: [], breakdown: "gender" }, 5);
  if (!view.shown) throw new Error("shown");
  expect(view.groups.map((g) => sum(g.people as Person[]) / g.people.length)).toEqual([2, 4].sort(() => 0));
  expect(ids(view.total)).toHaveLength(12);
});
