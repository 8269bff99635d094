/**
 * The document states what the input layer enforces on every operation (docs/decisions/0060-one-input-layer.md), in
 * one place:
 * - `parseQuery` refuses any whole number in a query beyond an integer column (|n| > 2^31 - 1), whatever the
 *   operation's own schema says: every integer query parameter without a tighter bound gets `minimum`/`maximum`;
 * - server/security.ts answers 400 for a URL with a malformed %-escape or a NUL on every path: every operation
 *   declares 400 (those registered with `registry.registerPath` directly, e.g. file downloads, did not);
 * - `refuseNul` refuses a NUL in any text of a query or body, object keys included: every request string without a
 *   pattern of its own says `pattern: ^[^\u0000]*$`, and every object that takes other keys says so of its keys
 *   (`propertyNames`);
 * - `z.email()` is not `format: email`: every request `format: email` without a pattern says z.email()'s pattern
 *   instead.
 * Only request schemas (query parameters and JSON bodies) are changed: the answers are not the input layer's.
 */
import { EMAIL_PATTERN, MAX_INT, NUL_FREE_PATTERN } from "~/platform/input";

type Schema = {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  propertyNames?: Schema;
};
type Operation = {
  parameters?: Array<{ in?: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
};
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

const typesOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** The text rules of the input layer, stated on a request schema and everything inside it. */
function textRules(schema: Schema | undefined): void {
  if (!schema || typeof schema !== "object") return;
  if (typesOf(schema).includes("string") && schema.pattern === undefined && schema.enum === undefined && schema.const === undefined) {
    if (schema.format === "email") {
      // The pattern instead of the format: `format: email` is a looser rule (RFC 5321: `a|b@x.io`) and a stricter one
      // (at most 64 characters before the @) than z.email(), so a client or fuzzer would be wrong both ways.
      schema.pattern = EMAIL_PATTERN;
      delete schema.format;
    }
    else if (schema.format === undefined) schema.pattern = NUL_FREE_PATTERN;
  }
  if (typesOf(schema).includes("object") && schema.additionalProperties !== false) {
    schema.propertyNames = { ...(schema.propertyNames ?? { type: "string" }), pattern: schema.propertyNames?.pattern ?? NUL_FREE_PATTERN };
  }
  const inner = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...Object.values(schema.properties ?? {})];
  if (schema.items) inner.push(schema.items);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") inner.push(schema.additionalProperties);
  for (const s of inner) textRules(s);
}

/** `doc` with the input layer's rules stated on every operation (changed in place, returned). */
export function boundQueryIntegers<T>(doc: T): T {
  for (const item of Object.values((doc as Doc).paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!METHODS.has(method) || !value || typeof value !== "object") continue;
      const operation = value as Operation;
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (parameter.in !== "query") continue;
        bound(parameter.schema);
        textRules(parameter.schema);
      }
      textRules(operation.requestBody?.content?.["application/json"]?.schema);
      if (operation.responses && !operation.responses["400"]) operation.responses["400"] = URL_REFUSED;
    }
  }
  return doc;
}
