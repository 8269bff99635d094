import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";

/**
 * The privacy floor of the fairness insights (issue 29 §3, docs/decisions/0103): PURE. A breakdown shows a group's
 * figures only when at least `threshold` people stand behind them — directly, and when compared with any other view
 * an HR user can open (a wider filter, another breakdown), so that no one's rating, request or promotion can be read
 * off a difference. Every figure, chart, table and CSV of the insights is computed from the cells this returns, never
 * from the raw people.
 *
 * The views are conjunctions of attribute values (a filter is one value of an attribute; a group is one more); the
 * floor decides once, for the whole population, which of these cells may be published (privacyLattice), so every view,
 * chart and CSV agrees. With k the threshold:
 * 1. A published cell holds at least k people.
 * 2. Differencing against wider views: every wider conjunction that holds all of a cell's people (found from the
 *    values they all share) holds the same people or at least k more.
 * 3. Complementary suppression: in every breakdown of every cell, the people outside the published groups (the
 *    view's "Other") are none or at least k; else the smallest published group is withdrawn and joins Other.
 * 4. Differencing between any two figures shown anywhere (published cells and Others): one never holds all of the
 *    other's people and fewer than k more; else the smaller one is withdrawn (or, for an Other, it takes in the
 *    smallest published group beside it). Rules 3 and 4 repeat until nothing changes.
 * A view whose filtered scope is not published shows nothing. What is not guaranteed: sums and differences of three
 * or more figures from different views (a full disclosure audit); ADR 0103 says why and what would close it.
 */

export const DEFAULT_PRIVACY_FLOOR = 5;
export const MINIMUM_PRIVACY_FLOOR = 3;

/** The company's threshold as stored (null: not set) → the one in force: never below the minimum. */
export function effectivePrivacyFloor(configured: number | null | undefined): number {
  if (configured === null || configured === undefined || !Number.isFinite(configured)) return DEFAULT_PRIVACY_FLOOR;
  return Math.max(MINIMUM_PRIVACY_FLOOR, Math.floor(configured));
}

/** An attribute's value for a person (a category, or a band of a date or number: "2–5 years"); null: not set. */
export type AttributeValue = string | null;

export type FloorPerson = { readonly id: string | number; readonly attributes: Readonly<Record<string, AttributeValue>> };

/** A filter: the people whose `attribute` is `value` (null: those for whom it is not set). */
export type AttributeFilter = { readonly attribute: string; readonly value: AttributeValue };

export type FloorCell<P> = { value: AttributeValue; people: P[] };

export type FlooredBreakdown<P> =
  | { shown: false; threshold: number; reason: "too_few" | "differencing" }
  | {
      shown: true;
      threshold: number;
      /** Everyone in the filtered scope. */
      total: P[];
      /** The groups shown on their own, largest first. */
      groups: FloorCell<P>[];
      /** The groups merged together (null: none); never fewer than `threshold` people. */
      other: { values: AttributeValue[]; people: P[] } | null;
    };

/** A conjunction of attribute values (one per attribute): the people a view, a group or a filter stands for. */
type Conditions = ReadonlyMap<string, AttributeValue>;

const valueOf = (person: FloorPerson, attribute: string): AttributeValue => person.attributes[attribute] ?? null;

export function attributesOf(universe: readonly FloorPerson[]): string[] {
  const names = new Set<string>();
  for (const person of universe) for (const name of Object.keys(person.attributes)) names.add(name);
  return [...names].sort();
}

/**
 * The cells that may be published: every conjunction of attribute values (one value or none per attribute) that
 * holds people, and which of them pass the floor. Computed once per population and threshold; every view of it reads
 * this, so all views agree on what is shown.
 */
export type PrivacyLattice = { threshold: number; attributes: string[]; published(conditions: Conditions): boolean; count(conditions: Conditions): number };

/**
 * How the lattice is computed (ADR 0116): people with the same value of every attribute (a profile) are in the same
 * cells, so cells are built per profile, not per person, and every figure of rule 4 is a set of profiles (a set of
 * people holds another exactly when its profiles do). Values are small codes (in order of first appearance), cells
 * are integers with their count, their profiles (ascending) and, per attribute, the wider cell without it and the
 * narrower cells with each of its values; the rules walk these links instead of building keys. The cells, their
 * order and every withdrawal are those of the keyed lattice it replaced (tests/unit/insights-privacy-lattice.test.ts
 * compares both on random populations).
 */
export function privacyLattice(universe: readonly FloorPerson[], threshold: number, extraAttributes: readonly string[] = []): PrivacyLattice {
  if (!Number.isInteger(threshold) || threshold < MINIMUM_PRIVACY_FLOOR) throw new RangeError(`The privacy floor is a whole number of at least ${MINIMUM_PRIVACY_FLOOR}`);
  const k = threshold;
  const attributes = [...new Set([...attributesOf(universe), ...extraAttributes])].sort();
  if (attributes.length > 12) throw new RangeError("At most 12 attributes can be filtered and broken down together");
  const width = attributes.length;
  const full = 1 << width;

  // Each attribute's values as codes in order of first appearance; the profiles in order of their first person.
  const codes = attributes.map(() => new Map<AttributeValue, number>());
  const profileIds = new Map<string, number>();
  const profiles: number[][] = [];
  const weight: number[] = [];
  for (const person of universe) {
    const row = attributes.map((a, i) => {
      const value = valueOf(person, a);
      const code = codes[i].get(value);
      if (code !== undefined) return code;
      codes[i].set(value, codes[i].size);
      return codes[i].size - 1;
    });
    const key = row.join(",");
    const id = profileIds.get(key);
    if (id === undefined) {
      profileIds.set(key, profiles.length);
      profiles.push(row);
      weight.push(1);
    } else weight[id]++;
  }

  // The cells, in the order their first person (profile), then mask, meets them. A cell's narrower cell with value
  // `code` of attribute i is child.get(cell * stride + i * radix + code); parent[cell * width + i] is the one without i.
  const radix = Math.max(1, ...codes.map((c) => c.size));
  const stride = Math.max(1, width * radix);
  if (profiles.length * full * stride > Number.MAX_SAFE_INTEGER) throw new RangeError("Too many distinct values for the privacy lattice");
  const mask: number[] = [];
  const count: number[] = [];
  const members: number[][] = [];
  const parent: number[] = [];
  const child = new Map<number, number>();
  const path = new Int32Array(full);
  profiles.forEach((row, p) => {
    for (let m = 0; m < full; m++) {
      let id: number | undefined;
      if (m === 0) id = p === 0 ? undefined : 0;
      else {
        const high = 31 - Math.clz32(m);
        id = child.get(path[m ^ (1 << high)] * stride + high * radix + row[high]);
      }
      if (id === undefined) {
        id = mask.length;
        mask.push(m);
        count.push(0);
        members.push([]);
        for (let i = 0; i < width; i++) {
          if (!(m & (1 << i))) {
            parent.push(-1);
            continue;
          }
          const up = path[m ^ (1 << i)];
          parent.push(up);
          child.set(up * stride + i * radix + row[i], id);
        }
      }
      count[id] += weight[p];
      members[id].push(p);
      path[m] = id;
    }
  });
  const cells = mask.length;
  const codeAt = (cell: number, i: number) => profiles[members[cell][0]][i];
  // The narrower cells of each cell by each attribute it leaves open, in the order of the attribute's values. They
  // split the cell's people (everyone has a value or none of every attribute), so there is always at least one.
  const kids: number[][] = new Array(cells * width);
  for (let d = 0; d < cells; d++) for (let i = 0; i < width; i++) if (mask[d] & (1 << i)) (kids[parent[d * width + i] * width + i] ??= []).push(d);
  for (let c = 0; c < cells; c++) for (let i = 0; i < width; i++) if (!(mask[c] & (1 << i))) kids[c * width + i].sort((a, b) => codeAt(a, i) - codeAt(b, i));

  // Rules 1 and 2: at least k people, and every wider conjunction holding all of them has the same people or k more.
  const published = new Uint8Array(cells);
  const wider = new Int32Array(full);
  for (let c = 0; c < cells; c++) {
    if (count[c] < k) continue;
    // The cell's closure: its own values and each other attribute's value all its people share (its one narrower cell).
    let closureMask = mask[c];
    let closure = c;
    for (let i = 0; i < width; i++) {
      if (mask[c] & (1 << i) || kids[c * width + i].length !== 1) continue;
      closureMask |= 1 << i;
      closure = child.get(closure * stride + i * radix + codeAt(kids[c * width + i][0], i))!;
    }
    // Every conjunction of some of the closure's values, widest last: each is a submask's cell, one attribute wider
    // than a cell met before it.
    let safe = true;
    wider[closureMask] = closure;
    for (let keep = (closureMask - 1) & closureMask; closureMask !== 0; keep = (keep - 1) & closureMask) {
      const gone = closureMask & ~keep;
      const bit = 31 - Math.clz32(gone & -gone);
      wider[keep] = parent[wider[keep | (1 << bit)] * width + bit];
      const extra = count[wider[keep]] - count[c];
      if (extra > 0 && extra < k) safe = false;
      if (!safe || keep === 0) break;
    }
    if (safe) published[c] = 1;
  }

  // Rule 3 (complementary suppression, for every view at once): in each breakdown of each cell, the people outside
  // the published groups (the view's Other) are none or at least k; else the smallest published group is withdrawn.
  // Rule 4 (differencing between any two figures): no figure a view shows — a published cell, or a view's Other —
  // holds all the people of another figure but fewer than k more; else the smaller figure is withdrawn (a cell), or
  // the smallest published group beside it joins it (an Other). Both repeat until nothing changes; each round
  // withdraws a cell, so it ends.
  /** The published narrower cells of `cell` by attribute i: how many people they hold, and the smallest (first of equals). */
  const shownOf = (cell: number, i: number) => {
    let people = 0;
    let smallest = -1;
    for (const d of kids[cell * width + i]) {
      if (!published[d]) continue;
      people += count[d];
      if (smallest < 0 || count[d] < count[smallest]) smallest = d;
    }
    return { people, smallest };
  };
  const shownCode = new Uint8Array(radix);
  for (let changed = true; changed; ) {
    changed = false;
    for (let c = 0; c < cells; c++) {
      for (let i = 0; i < width; i++) {
        if (mask[c] & (1 << i)) continue;
        const { people, smallest } = shownOf(c, i);
        const rest = count[c] - people;
        if (rest > 0 && rest < k && smallest >= 0) {
          published[smallest] = 0;
          changed = true;
        }
      }
    }
    if (changed) continue;
    // The figures as sets of profiles: a published cell's, and each Other beside published groups (the profiles of
    // the cell whose value is not a published group's); `withdraws` is what a violation by the figure takes away.
    const sizes: number[] = [];
    const sets: number[][] = [];
    const withdraws: number[] = [];
    for (let c = 0; c < cells; c++) {
      if (!published[c]) continue;
      sizes.push(count[c]);
      sets.push(members[c]);
      withdraws.push(c);
      for (let i = 0; i < width; i++) {
        if (mask[c] & (1 << i)) continue;
        const { people, smallest } = shownOf(c, i);
        if (smallest < 0 || people === count[c]) continue;
        const shown = kids[c * width + i].filter((d) => published[d]).map((d) => codeAt(d, i));
        for (const code of shown) shownCode[code] = 1;
        sizes.push(count[c] - people);
        sets.push(members[c].filter((p) => !shownCode[profiles[p][i]]));
        withdraws.push(smallest);
        for (const code of shown) shownCode[code] = 0;
      }
    }
    // Rule 4 asks, for each figure, whether another holds all its people and 1…k−1 more. Such a figure holds its first
    // profile: the figures are indexed by profile, so each is compared only with the few that hold that profile.
    // Only a figure with another 1…k−1 people smaller can hold one: the others (most large ones) are not indexed.
    const sorted = [...sizes].sort((a, b) => a - b);
    const hasSmaller = (size: number) => {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] <= size - k) lo = mid + 1;
        else hi = mid;
      }
      return lo < sorted.length && sorted[lo] < size;
    };
    const byProfile: number[][] = Array.from({ length: profiles.length }, () => []);
    sizes.forEach((size, f) => {
      if (hasSmaller(size)) for (const p of sets[f]) byProfile[p].push(f);
    });
    // Profiles are in ascending order in every set: containment is one merge walk over the two.
    const holds = (big: readonly number[], small: readonly number[]) => {
      let j = 0;
      for (const p of small) {
        while (j < big.length && big[j] < p) j++;
        if (big[j] !== p) return false;
        j++;
      }
      return true;
    };
    // Every violation of this round at once (each withdrawal only narrows what is published; the next round checks
    // the figures again, so the loop ends only when none is left).
    const withdraw = new Set<number>();
    sizes.forEach((size, x) => {
      const held = byProfile[sets[x][0]].some((y) => y !== x && sizes[y] > size && sizes[y] - size < k && holds(sets[y], sets[x]));
      if (held) withdraw.add(withdraws[x]);
    });
    for (const c of withdraw) published[c] = 0;
    changed = withdraw.size > 0;
  }

  const find = (conditions: Conditions): number | undefined => {
    if (cells === 0 || [...conditions.keys()].some((a) => !attributes.includes(a))) return undefined;
    let cell = 0;
    for (let i = 0; i < width; i++) {
      if (!conditions.has(attributes[i])) continue;
      const code = codes[i].get(conditions.get(attributes[i]) ?? null);
      const next = code === undefined ? undefined : child.get(cell * stride + i * radix + code);
      if (next === undefined) return undefined;
      cell = next;
    }
    return cell;
  };
  return {
    threshold,
    attributes,
    published: (conditions) => {
      const cell = find(conditions);
      return cell !== undefined && published[cell] === 1;
    },
    count: (conditions) => {
      const cell = find(conditions);
      return cell === undefined ? 0 : count[cell];
    },
  };
}

/**
 * The breakdown of the people of `universe` (everyone the insight covers: the whole population an HR user can
 * filter) who meet `filters`, by `breakdown`, under the privacy floor `threshold` (use effectivePrivacyFloor). Pass
 * the population's `lattice` when one page or export shows several views of it.
 */
export function floorBreakdown<P extends FloorPerson>(
  universe: readonly P[],
  view: { filters: readonly AttributeFilter[]; breakdown: string },
  threshold: number,
  lattice: PrivacyLattice = privacyLattice(universe, threshold, [view.breakdown, ...view.filters.map((f) => f.attribute)]),
): FlooredBreakdown<P> {
  const filtered = new Set(view.filters.map((f) => f.attribute));
  if (filtered.size !== view.filters.length) throw new RangeError("One filter per attribute");
  if (filtered.has(view.breakdown)) throw new RangeError("A breakdown by a filtered attribute has one group");
  if (lattice.threshold !== threshold) throw new RangeError("The lattice was computed for another threshold");
  const scope = new Map(view.filters.map((f) => [f.attribute, f.value] as const));
  const total = universe.filter((p) => view.filters.every((f) => valueOf(p, f.attribute) === f.value));
  if (total.length < threshold) return { shown: false, threshold, reason: "too_few" };
  if (!lattice.published(scope)) return { shown: false, threshold, reason: "differencing" };

  const byValue = new Map<AttributeValue, P[]>();
  for (const person of total) {
    const value = valueOf(person, view.breakdown);
    const group = byValue.get(value);
    if (group) group.push(person);
    else byValue.set(value, [person]);
  }
  const groups: FloorCell<P>[] = [];
  const merged: FloorCell<P>[] = [];
  for (const [value, people] of byValue) (lattice.published(new Map([...scope, [view.breakdown, value]])) ? groups : merged).push({ value, people });
  groups.sort((a, b) => b.people.length - a.people.length || String(a.value).localeCompare(String(b.value)));
  // Rule 3 holds for every cell of the lattice, so Other here is none or at least k people.
  if (merged.length === 0) return { shown: true, threshold, total, groups, other: null };
  if (groups.length === 0) return { shown: true, threshold, total, groups: [], other: null };
  return { shown: true, threshold, total, groups, other: { values: merged.map((g) => g.value), people: merged.flatMap((g) => g.people) } };
}

/** The label of the merged group, in the reader's language. */
export function otherLabel(): PageMessage {
  return pageMessage("insights.floor.other");
}

/** What the page says under a breakdown: that small groups are merged into Other, or that the figures are hidden. */
export function floorNotice(breakdown: FlooredBreakdown<unknown>): PageMessage | null {
  if (!breakdown.shown) return pageMessage("insights.floor.suppressed", { count: breakdown.threshold });
  if (breakdown.other || (breakdown.groups.length === 0 && breakdown.total.length > 0)) return pageMessage("insights.floor.otherHint", { count: breakdown.threshold });
  return null;
}
