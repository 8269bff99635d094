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

type Cell = { key: string; mask: number; values: AttributeValue[]; count: number; members: number[] };

/**
 * The cells that may be published: every conjunction of attribute values (one value or none per attribute) that
 * holds people, and which of them pass the floor. Computed once per population and threshold; every view of it reads
 * this, so all views agree on what is shown.
 */
export type PrivacyLattice = { threshold: number; attributes: string[]; published(conditions: Conditions): boolean; count(conditions: Conditions): number };

const keyOf = (mask: number, values: readonly AttributeValue[]) => `${mask}|${JSON.stringify(values)}`;

export function privacyLattice(universe: readonly FloorPerson[], threshold: number, extraAttributes: readonly string[] = []): PrivacyLattice {
  if (!Number.isInteger(threshold) || threshold < MINIMUM_PRIVACY_FLOOR) throw new RangeError(`The privacy floor is a whole number of at least ${MINIMUM_PRIVACY_FLOOR}`);
  const k = threshold;
  const attributes = [...new Set([...attributesOf(universe), ...extraAttributes])].sort();
  if (attributes.length > 12) throw new RangeError("At most 12 attributes can be filtered and broken down together");
  const width = attributes.length;
  const cells = new Map<string, Cell>();
  universe.forEach((person, index) => {
    const all = attributes.map((a) => valueOf(person, a));
    // keyOf's text built from each value's JSON once per person (the same text as JSON.stringify of the values).
    const pieces = all.map((v) => JSON.stringify(v));
    for (let mask = 0; mask < 1 << width; mask++) {
      let list = "";
      for (let i = 0; i < width; i++) if (mask & (1 << i)) list = list === "" ? pieces[i] : `${list},${pieces[i]}`;
      const key = `${mask}|[${list}]`;
      const cell = cells.get(key);
      if (cell) {
        cell.count++;
        cell.members.push(index);
      } else cells.set(key, { key, mask, values: all.filter((_, i) => mask & (1 << i)), count: 1, members: [index] });
    }
  });
  const valueAt = (cell: Cell, i: number): AttributeValue => cell.values[popCount(cell.mask & ((1 << i) - 1))];
  const withValue = (cell: Cell, i: number, value: AttributeValue): Cell | undefined => {
    const mask = cell.mask | (1 << i);
    const values = attributes.flatMap((_, j) => (j === i ? [value] : cell.mask & (1 << j) ? [valueAt(cell, j)] : []));
    return cells.get(keyOf(mask, values));
  };
  const subCell = (cell: Cell, keep: number): Cell => {
    const values = attributes.flatMap((_, j) => (keep & (1 << j) ? [valueAt(cell, j)] : []));
    return cells.get(keyOf(keep, values))!;
  };
  const valuesOf = attributes.map((a) => [...new Set(universe.map((p) => valueOf(p, a)))]);

  // Rules 1 and 2: at least k people, and every wider conjunction holding all of them has the same people or k more.
  const published = new Set<string>();
  for (const cell of cells.values()) {
    if (cell.count < k) continue;
    // The cell's closure: its own values and each other attribute's value all its people share.
    let closureMask = cell.mask;
    let closure = cell;
    for (let i = 0; i < width; i++) {
      if (cell.mask & (1 << i)) continue;
      const uniform = valuesOf[i].map((v) => withValue(cell, i, v)).find((c) => c?.count === cell.count);
      if (uniform) {
        closureMask |= 1 << i;
        closure = withValue(closure, i, valueAt(uniform, i))!;
      }
    }
    let safe = true;
    for (let keep = closureMask; ; keep = (keep - 1) & closureMask) {
      const extra = subCell(closure, keep).count - cell.count;
      if (extra > 0 && extra < k) safe = false;
      if (!safe || keep === 0) break;
    }
    if (safe) published.add(cell.key);
  }

  // Rule 3 (complementary suppression, for every view at once): in each breakdown of each cell, the people outside
  // the published groups (the view's Other) are none or at least k; else the smallest published group is withdrawn.
  // Rule 4 (differencing between any two figures): no figure a view shows — a published cell, or a view's Other —
  // holds all the people of another figure but fewer than k more; else the smaller figure is withdrawn (a cell), or
  // the smallest published group beside it joins it (an Other). Both repeat until nothing changes; each round
  // withdraws a cell, so it ends.
  const childrenOf = (cell: Cell, i: number) => valuesOf[i].map((v) => withValue(cell, i, v)).filter((c): c is Cell => c !== undefined && published.has(c.key));
  // A person's value of each attribute, by index (the Others of rule 4 are the people whose value is not published).
  const valueMatrix = universe.map((person) => attributes.map((a) => valueOf(person, a)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const cell of cells.values()) {
      for (let i = 0; i < width; i++) {
        if (cell.mask & (1 << i)) continue;
        const children = childrenOf(cell, i);
        const rest = cell.count - children.reduce((s, c) => s + c.count, 0);
        if (rest > 0 && rest < k && children.length > 0) {
          published.delete(children.reduce((a, b) => (b.count < a.count ? b : a)).key);
          changed = true;
        }
      }
    }
    if (changed) continue;
    type Figure = { size: number; members: readonly number[]; cell?: Cell; otherOf?: { parent: Cell; attribute: number } };
    const figures: Figure[] = [];
    for (const cell of cells.values()) {
      if (!published.has(cell.key)) continue;
      figures.push({ size: cell.count, members: cell.members, cell });
      for (let i = 0; i < width; i++) {
        if (cell.mask & (1 << i)) continue;
        const children = childrenOf(cell, i);
        if (children.length === 0) continue;
        const shown = new Set(children.map((c) => valueAt(c, i)));
        const other = cell.members.filter((m) => !shown.has(valueMatrix[m][i]));
        if (other.length > 0) figures.push({ size: other.length, members: other, otherOf: { parent: cell, attribute: i } });
      }
    }
    // Rule 4 asks, for each figure, whether another holds all its people and 1…k−1 more. Such a figure holds its first
    // member: the figures are indexed by member, so each is compared only with the few that hold that person (not
    // with every figure of a similar size), and containment is checked on the smaller one's members.
    // Only a figure with another 1…k−1 people smaller can hold one: the others (most large ones) are not indexed.
    const sizes = figures.map((f) => f.size).sort((a, b) => a - b);
    const hasSmaller = (size: number) => {
      let lo = 0;
      let hi = sizes.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sizes[mid] <= size - k) lo = mid + 1;
        else hi = mid;
      }
      return lo < sizes.length && sizes[lo] < size;
    };
    const byMember: number[][] = Array.from({ length: universe.length }, () => []);
    figures.forEach((figure, index) => {
      if (hasSmaller(figure.size)) for (const m of figure.members) byMember[m].push(index);
    });
    // Members are in ascending order (cells are filled in the population's order, Others filter them): containment is
    // one merge walk over the two, the larger being fewer than k people longer.
    const holds = (big: readonly number[], small: readonly number[]) => {
      let j = 0;
      for (const m of small) {
        while (j < big.length && big[j] < m) j++;
        if (big[j] !== m) return false;
        j++;
      }
      return true;
    };
    // Every violation of this round at once (each withdrawal only narrows what is published; the next round checks
    // the figures again, so the loop ends only when none is left).
    const withdraw = new Set<string>();
    figures.forEach((small, x) => {
      const holder = byMember[small.members[0]].find((y) => {
        const extra = figures[y].size - small.size;
        return y !== x && extra > 0 && extra < k && holds(figures[y].members, small.members);
      });
      if (holder === undefined) return;
      if (small.cell) withdraw.add(small.cell.key);
      else {
        const { parent, attribute } = small.otherOf!;
        withdraw.add(childrenOf(parent, attribute).reduce((a, b) => (b.count < a.count ? b : a)).key);
      }
    });
    for (const key of withdraw) published.delete(key);
    changed = withdraw.size > 0;
  }

  const find = (conditions: Conditions): Cell | undefined => {
    let mask = 0;
    const values: AttributeValue[] = [];
    attributes.forEach((a, i) => {
      if (conditions.has(a)) {
        mask |= 1 << i;
        values.push(conditions.get(a) ?? null);
      }
    });
    if ([...conditions.keys()].some((a) => !attributes.includes(a))) return undefined;
    return cells.get(keyOf(mask, values));
  };
  return {
    threshold,
    attributes,
    published: (conditions) => {
      const cell = find(conditions);
      return cell !== undefined && published.has(cell.key);
    },
    count: (conditions) => find(conditions)?.count ?? 0,
  };
}

function popCount(n: number): number {
  let count = 0;
  for (let x = n; x; x &= x - 1) count++;
  return count;
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
