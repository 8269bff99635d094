/**
 * `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9). PURE. Names are case-insensitive; "name.givenName"
 * names a sub-attribute; an extension's attribute is "urn:…:User:department", the extension alone its URN. `id` and
 * `schemas` are always returned.
 */

type Json = Record<string, unknown>;
const ALWAYS = new Set(["id", "schemas"]);

export function attributeList(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

const keyOf = (o: Json, name: string) => Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase());

/** Splits a path into the top-level key of `resource` it names and the rest (sub-attribute), or null. */
function locate(resource: Json, path: string, coreSchema: string): { key: string; sub: string | null } | null {
  let p = path;
  if (p.toLowerCase().startsWith(`${coreSchema.toLowerCase()}:`)) p = p.slice(coreSchema.length + 1);
  // An extension URN, alone or followed by ":attr[.sub]".
  for (const key of Object.keys(resource)) {
    if (!key.startsWith("urn:")) continue;
    const lower = key.toLowerCase();
    if (p.toLowerCase() === lower) return { key, sub: null };
    if (p.toLowerCase().startsWith(`${lower}:`)) return { key, sub: p.slice(key.length + 1) };
  }
  const [head, ...rest] = p.split(".");
  const key = keyOf(resource, head!);
  return key ? { key, sub: rest.length ? rest.join(".") : null } : null;
}

function pick(value: unknown, sub: string): unknown {
  const [head, ...rest] = sub.split(".");
  const one = (o: unknown): unknown => {
    if (typeof o !== "object" || o === null) return undefined;
    const k = keyOf(o as Json, head!);
    if (!k) return undefined;
    const v = (o as Json)[k];
    return { [k]: rest.length ? pick(v, rest.join(".")) : v };
  };
  if (Array.isArray(value)) return value.map(one).filter((x) => x !== undefined);
  return one(value);
}

function merge(target: Json, key: string, part: unknown) {
  if (part === undefined) return;
  const existing = target[key];
  if (Array.isArray(part)) {
    const list = Array.isArray(existing) ? existing : [];
    target[key] = part.map((p, i) => ({ ...(list[i] as Json | undefined), ...(p as Json) }));
  } else if (typeof part === "object" && part !== null && typeof existing === "object" && existing !== null) {
    target[key] = { ...(existing as Json), ...(part as Json) };
  } else target[key] = part;
}

function without(value: unknown, sub: string): unknown {
  const [head, ...rest] = sub.split(".");
  const one = (o: unknown): unknown => {
    if (typeof o !== "object" || o === null) return o;
    const k = keyOf(o as Json, head!);
    if (!k) return o;
    const copy = { ...(o as Json) };
    if (rest.length) copy[k] = without(copy[k], rest.join("."));
    else delete copy[k];
    return copy;
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The resource with only the attributes asked for, or without those excluded (`attributes` wins when both). */
export function project<T extends Json>(resource: T, attributes: string[], excluded: string[], coreSchema: string): Partial<T> {
  if (attributes.length) {
    const out: Json = {};
    for (const k of Object.keys(resource)) if (ALWAYS.has(k)) out[k] = resource[k];
    for (const path of attributes) {
      const at = locate(resource, path, coreSchema);
      if (!at) continue;
      if (at.sub === null) out[at.key] = resource[at.key];
      else merge(out, at.key, pick(resource[at.key], at.sub));
    }
    return out as Partial<T>;
  }
  let out: Json = { ...resource };
  for (const path of excluded) {
    const at = locate(out, path, coreSchema);
    if (!at || ALWAYS.has(at.key)) continue;
    if (at.sub === null) delete out[at.key];
    else out = { ...out, [at.key]: without(out[at.key], at.sub) };
  }
  return out as Partial<T>;
}
