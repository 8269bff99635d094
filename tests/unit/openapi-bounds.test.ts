/**
 * app/platform/openapi/bounds.ts (ADR 0060): the document's integer query parameters state the input layer's bound
 * (parseQuery refuses a whole number beyond an integer column), keeping tighter bounds of their own.
 */
import { describe, expect, it } from "vitest";
import { boundQueryIntegers } from "~/platform/openapi/bounds";
import { MAX_INT } from "~/platform/input";

describe("boundQueryIntegers", () => {
  it("bounds unbounded integer query parameters, keeps tighter bounds, and leaves others alone", () => {
    const doc = {
      paths: {
        "/api/v1/things": {
          get: {
            parameters: [
              { name: "page", in: "query", schema: { type: "integer", minimum: 1 } },
              { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 200 } },
              { name: "cycle_id", in: "query", schema: { anyOf: [{ type: "integer" }, { type: "string", enum: [""] }] } },
              { name: "ids", in: "query", schema: { type: "array", items: { type: ["integer", "null"] } } },
              { name: "q", in: "query", schema: { type: "string" } },
              { name: "id", in: "path", schema: { type: "integer" } },
            ],
          },
        },
      },
    };
    const params = boundQueryIntegers(doc).paths["/api/v1/things"].get.parameters.map((p) => p.schema);
    expect(params[0]).toEqual({ type: "integer", minimum: 1, maximum: MAX_INT });
    expect(params[1]).toEqual({ type: "integer", minimum: 1, maximum: 200 });
    expect(params[2]!.anyOf![0]).toEqual({ type: "integer", minimum: -MAX_INT, maximum: MAX_INT });
    expect(params[2]!.anyOf![1]).toEqual({ type: "string", enum: [""] });
    expect((params[3] as { items: unknown }).items).toEqual({ type: ["integer", "null"], minimum: -MAX_INT, maximum: MAX_INT });
    expect(params[4]).toEqual({ type: "string" });
    expect(params[5]).toEqual({ type: "integer" });
  });
});

describe("every operation declares 400", () => {
  it("adds the URL refusal where an operation declares no 400, and keeps a declared one", () => {
    const own = { description: "Invalid input" };
    const doc = { paths: { "/a": { get: { responses: { "200": {} } }, post: { responses: { "400": own } }, parameters: [] } } };
    const out = boundQueryIntegers(doc).paths["/a"];
    expect(out.get.responses).toHaveProperty("400.content.application/json.schema.$ref", "#/components/schemas/Error");
    expect(out.post.responses["400"]).toBe(own);
  });
});
