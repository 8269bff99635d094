/**
 * The document states what the input layer enforces on every operation (docs/decisions/0060-one-input-layer.md), in
 * one place:
 * - `parseQuery` refuses any whole number in a query beyond an integer column (|n| > 2^31 - 1), whatever the
 *   operation's own schema says: every integer query parameter without a tighter bound gets `minimum`/`maximum`;
 * - server/security.ts answers 400 for a URL with a malformed %-escape or a NUL on every path: every operation
 *   declares 400 (those registered with `registry.registerPath` directly, e.g. file downloads, did not).
 */
import { MAX_INT } from "~/platform/input";

type Schema = { type?: string | string[]; minimum?: number; maximum?: number; anyOf?: Schema[]; oneOf?: Schema[]; items?: Schema };
type Operation = { parameters?: Array<{ in?: string; schema?: Schema }>; responses?: Record<string, unknown> };
type Doc = { paths?: Record<string, Record<string, Operation | unknown>> };

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
const URL_REFUSED = {
  description: "Invalid input (also: a %-escape in the address that is not UTF-8, or a NUL)",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

function bound(schema: Schema | undefined): void {
  if (!schema || typeof schema !== "object") return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("integer")) {
    schema.minimum = Math.max(schema.minimum ?? -MAX_INT, -MAX_INT);
    schema.maximum = Math.min(schema.maximum ?? MAX_INT, MAX_INT);
  }
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])]) bound(inner);
}

/** `doc` with the input layer's rules stated on every operation (changed in place, returned). */
export function boundQueryIntegers<T>(doc: T): T {
  for (const item of Object.values((doc as Doc).paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!METHODS.has(method) || !value || typeof value !== "object") continue;
      const operation = value as Operation;
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) if (parameter.in === "query") bound(parameter.schema);
      if (operation.responses && !operation.responses["400"]) operation.responses["400"] = URL_REFUSED;
    }
  }
  return doc;
}
