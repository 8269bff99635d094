/**
 * ADR 0116: the privacy lattice over profiles and integer cells publishes exactly what the keyed lattice it replaced
 * published (tests/support/privacy-lattice-reference.ts, the code of 21c3757), and counts the same people, for every
 * conjunction of values of random populations: few and many people, one to five attributes, unset values, attributes
 * some people lack, values no one has, thresholds 3 to 6.
 */
import { describe, expect, it } from "vitest";
import { privacyLattice, type AttributeValue, type FloorPerson } from "~/features/insights/privacy-floor";
import { referencePrivacyLattice } from "../support/privacy-lattice-reference";

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

type Company = { people: FloorPerson[]; values: Record<string, AttributeValue[]> };

/** `size` people with `attributes` attributes; skewed values (some rare), unset ones, and attributes some people lack. */
function company(seed: number, size: number, attributes: number, most = 6): Company {
  const next = random(seed);
  const values: Record<string, AttributeValue[]> = {};
  for (let a = 0; a < attributes; a++) {
    const distinct = 2 + Math.floor(next() * (most - 1));
    values[`a${a}`] = [...Array.from({ length: distinct }, (_, v) => `v${v}`), null];
  }
  const people = Array.from({ length: size }, (_, id) => {
    const mine: Record<string, AttributeValue> = {};
    for (const [name, choices] of Object.entries(values)) {
      const roll = next();
      if (roll < 0.05) continue; // lacks the attribute: the same as unset
      // Squaring skews towards the first values, so some groups are small and others large.
      mine[name] = choices[Math.floor(next() ** 2 * choices.length)];
    }
    return { id, attributes: mine };
  });
  return { people, values };
}

/** Every conjunction: for each attribute no condition, one of its values, or a value no one has. */
function conjunctions(values: Record<string, AttributeValue[]>): Map<string, AttributeValue>[] {
  let all: Map<string, AttributeValue>[] = [new Map()];
  for (const [name, choices] of Object.entries(values)) {
    all = all.flatMap((c) => [c, ...[...choices, "nobody"].map((v) => new Map([...c, [name, v]]))]);
  }
  return all;
}

describe("the privacy lattice over profiles", () => {
  // Five attributes of up to 3 values each (five of up to 6 would be 10^5 conjunctions to compare).
  const cases: Array<[seed: number, size: number, attributes: number, k: number, most?: number]> = [];
  for (let seed = 1; seed <= 24; seed++) cases.push([seed, [0, 1, 4, 12, 30, 60, 120, 250][seed % 8], 1 + (seed % 5), 3 + (seed % 4), seed % 5 === 4 ? 3 : 6]);
  cases.push([101, 2_000, 4, 5], [102, 500, 5, 3, 3], [103, 3_000, 3, 4]);

  let withdrawn = 0;
  for (const [seed, size, attributes, k, most] of cases) {
    it(`publishes and counts as the keyed lattice did (${size} people, ${attributes} attributes, k = ${k}, seed ${seed})`, () => {
      const { people, values } = company(seed, size, attributes, most);
      // An attribute no one has, as a page asks for when it breaks down by an attribute without values.
      const extra = ["zz_unused"];
      const fast = privacyLattice(people, k, extra);
      const reference = referencePrivacyLattice(people, k, extra);
      expect(fast.attributes).toEqual(reference.attributes);
      // Compared in bulk (one expect per population), the first difference named by its conjunction.
      const all = conjunctions({ ...values, zz_unused: [null] });
      const answers = (lattice: typeof fast) => all.map((c) => `${lattice.count(c)}:${lattice.published(c)}`);
      const got = answers(fast);
      const expected = answers(reference);
      const first = got.findIndex((g, i) => g !== expected[i]);
      expect(first === -1 ? null : { conditions: [...all[first]], got: got[first], expected: expected[first] }).toBeNull();
      withdrawn += all.filter((c) => reference.count(c) >= k && !reference.published(c)).length;
      // An attribute the lattice does not hold is never published.
      expect(fast.published(new Map([["unknown", null]]))).toBe(false);
    }, 60_000);
  }

  it("withdrew cells of at least k people somewhere (rules 2–4 were exercised, not only rule 1)", () => {
    expect(withdrawn).toBeGreaterThan(50);
  });

  it("refuses a threshold below the minimum and more than 12 attributes, as before", () => {
    expect(() => privacyLattice([], 2)).toThrow(RangeError);
    const wide = { id: 1, attributes: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`a${i}`, "x"])) };
    expect(() => privacyLattice([wide], 5)).toThrow(RangeError);
  });
});
