/**
 * The privacy lattice as it was before ADR 0116 (commit 21c3757, app/features/insights/privacy-floor.ts), kept
 * verbatim as the oracle of tests/unit/insights-privacy-lattice.test.ts: the lattice over profiles and integer cells
 * must publish exactly the cells this one publishes, and count the same people, for any population.
 */
import { MINIMUM_PRIVACY_FLOOR, attributesOf, type AttributeValue, type FloorPerson, type PrivacyLattice } from "~/features/insights/privacy-floor";

type Conditions = ReadonlyMap<string, AttributeValue>;

const valueOf = (person: FloorPerson, attribute: string): AttributeValue => person.attributes[attribute] ?? null;

type Cell = { key: string; mask: number; values: AttributeValue[]; count: number; members: number[] };

const keyOf = (mask: number, values: readonly AttributeValue[]) => `${mask}|${JSON.stringify(values)}`;

export function referencePrivacyLattice(universe: readonly FloorPerson[], threshold: number, extraAttributes: readonly string[] = []): PrivacyLattice {
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
