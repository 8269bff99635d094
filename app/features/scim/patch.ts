/**
 * SCIM PATCH (RFC 7644 §3.5.2): the request read, and its operations applied to a resource by scim-patch
 * (docs/decisions/0051-scim-provisioning.md). PURE. The service then keeps the patched resource as a PUT would,
 * so PATCH and PUT share one path through the directory's rules.
 */
import { scimPatch, ScimError as PatchError, type ScimPatchOperation } from "scim-patch";
import { PATCH_SCHEMA, invalidSyntax, invalidValue, mutability, noTarget } from "./protocol";

const OPS = new Set(["add", "replace", "remove"]);
export const MAX_OPERATIONS = 100;

/**
 * The operations of a PatchOp body. `op` is read ignoring case (Entra ID sends "Replace"); a remove needs a path;
 * anything else is invalidSyntax.
 */
export function readPatchOperations(body: unknown): ScimPatchOperation[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalidSyntax("The body must be a PatchOp object");
  const b = body as Record<string, unknown>;
  const schemas = b.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA)) throw invalidSyntax(`schemas must hold ${PATCH_SCHEMA}`);
  const ops = b.Operations ?? b.operations;
  if (!Array.isArray(ops) || ops.length === 0) throw invalidSyntax("Operations must be a non-empty list");
  if (ops.length > MAX_OPERATIONS) throw invalidSyntax(`At most ${MAX_OPERATIONS} operations in one request`);
  return ops.map((raw, i) => {
    if (typeof raw !== "object" || raw === null) throw invalidSyntax(`Operations[${i}] must be an object`);
    const o = raw as Record<string, unknown>;
    const op = typeof o.op === "string" ? o.op.trim().toLowerCase() : "";
    if (!OPS.has(op)) throw invalidSyntax(`Operations[${i}].op must be add, replace or remove`);
    if (o.path !== undefined && typeof o.path !== "string") throw invalidSyntax(`Operations[${i}].path must be a string`);
    const path = typeof o.path === "string" && o.path.trim() !== "" ? o.path.trim() : undefined;
    const touched = path ? [path] : Object.keys((o.value as Record<string, unknown> | null) ?? {});
    const readOnly = touched.find((p) => /^(id|meta)(\.|\[|$)/i.test(p) || /^(schemas)$/i.test(p));
    if (readOnly) throw mutability(`Operations[${i}]: ${readOnly} is read-only`);
    if (op === "remove") {
      if (!path) throw noTarget(`Operations[${i}]: remove needs a path`);
      return { op: "remove", path, ...(o.value !== undefined ? { value: o.value } : {}) };
    }
    if (o.value === undefined) throw invalidValue(`Operations[${i}]: ${op} needs a value`);
    if (!path && (typeof o.value !== "object" || o.value === null || Array.isArray(o.value))) {
      throw invalidValue(`Operations[${i}]: ${op} without a path needs an object value`);
    }
    return { op: op as "add" | "replace", ...(path ? { path } : {}), value: o.value };
  });
}

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * An operation on a whole extension (path = its URN), which scim-patch reads as an attribute "User" of a schema
 * "urn:…:2.0": remove drops the extension, replace sets it, add merges into it (its own `schemas` member ignored).
 */
function applyToExtension(doc: Doc, op: ScimPatchOperation, urn: string): void {
  const key = Object.keys(doc).find((k) => k.toLowerCase() === urn.toLowerCase()) ?? urn;
  if (op.op.toLowerCase() === "remove") {
    delete doc[key];
    return;
  }
  if (!isObject(op.value)) throw invalidValue(`${urn} takes an object`);
  const { schemas: _ignored, ...value } = op.value;
  doc[key] = op.op.toLowerCase() === "add" && isObject(doc[key]) ? { ...(doc[key] as Doc), ...value } : value;
}

/**
 * A no-path add/replace whose value holds an extension as an object ({ "urn:…:User": { department } }): one
 * operation per attribute of the extension ("urn:…:User:department"), the rest as it was.
 */
function splitExtensions(op: ScimPatchOperation, extensions: readonly string[]): ScimPatchOperation[] {
  if (op.path || op.op.toLowerCase() === "remove" || !isObject(op.value)) return [op];
  const rest: Doc = {};
  const out: ScimPatchOperation[] = [];
  for (const [k, v] of Object.entries(op.value)) {
    const urn = extensions.find((e) => e.toLowerCase() === k.toLowerCase());
    if (!urn || !isObject(v)) {
      rest[k] = v;
      continue;
    }
    for (const [attr, value] of Object.entries(v)) {
      if (attr !== "schemas") out.push({ op: op.op as "add" | "replace", path: `${urn}:${attr}`, value });
    }
  }
  return Object.keys(rest).length ? [{ op: op.op as "add" | "replace", value: rest }, ...out] : out;
}

/**
 * The resource after the operations, in order (a copy); `extensions` are the URNs of the resource's extensions.
 * scim-patch's refusals in the protocol's terms.
 */
export function applyPatch<T extends { schemas: string[]; meta: { created: string; lastModified: string } }>(
  resource: T,
  operations: ScimPatchOperation[],
  extensions: readonly string[] = [],
): T {
  try {
    let doc = structuredClone(resource) as unknown as Parameters<typeof scimPatch>[0];
    for (const op of operations.flatMap((o) => splitExtensions(o, extensions))) {
      const urn = op.path ? extensions.find((e) => e.toLowerCase() === op.path!.toLowerCase()) : undefined;
      if (urn) applyToExtension(doc as unknown as Doc, op, urn);
      else doc = scimPatch(doc, [op], { mutateDocument: true, treatMissingAsAdd: true });
    }
    return doc as unknown as T;
  } catch (err) {
    if (err instanceof PatchError) {
      // scim-patch calls a value path of a remove that matches nothing invalidSyntax; RFC 7644 §3.5.2 says noTarget.
      const unmatched = err.constructor.name === "FilterArrayTargetNotFound" || /matching array entry was not found/i.test(err.message);
      const make = unmatched ? noTarget : err.scimCode === "noTarget" ? noTarget : err.scimCode === "mutability" ? mutability : err.scimCode === "invalidValue" ? invalidValue : invalidSyntax;
      throw make(err.message);
    }
    throw err;
  }
}
