/**
 * app/platform/openapi/bounds.ts (ADR 0060): the document's integer query parameters state the input layer's bound
 * (parseQuery refuses a whole number beyond an integer column), keeping tighter bounds of their own.
 */
import { describe, expect, it } from "vitest";
import { boundQueryIntegers } from "~/platform/openapi/bounds";
import { EMAIL_PATTERN, MAX_INT, NUL_FREE_PATTERN } from "~/platform/input";

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
    expect(params[4]).toEqual({ type: "string", pattern: NUL_FREE_PATTERN });
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

describe("the text rules of the input layer (ADR 0060, \"Statuses of refusals\")", () => {
  it("request strings refuse NUL (keys of open objects too), emails say z.email()'s pattern (not the format); answers are left alone", () => {
    const body = {
      type: "object",
      properties: {
        name: { type: "string", minLength: 1 },
        code: { type: "string", pattern: "^[a-z]+$" },
        email: { type: ["string", "null"], format: "email" },
        when: { type: "string", format: "date-time" },
        kind: { type: "string", enum: ["a", "b"] },
        answers: { type: "object", additionalProperties: { anyOf: [{ type: "number" }, { type: "string" }] } },
      },
      additionalProperties: false,
    };
    const answer = { type: "object", properties: { name: { type: "string" } } };
    const doc = {
      paths: {
        "/a": {
          post: {
            parameters: [{ name: "q", in: "query", schema: { anyOf: [{ type: "string", const: "" }, { type: "string", format: "email" }] } }],
            requestBody: { content: { "application/json": { schema: body } } },
            responses: { "200": { content: { "application/json": { schema: answer } } } },
          },
        },
      },
    };
    const out = boundQueryIntegers(doc).paths["/a"].post;
    const p = (out.requestBody.content["application/json"].schema as typeof body).properties;
    expect(p.name).toEqual({ type: "string", minLength: 1, pattern: NUL_FREE_PATTERN });
    expect(p.code.pattern).toBe("^[a-z]+$");
    expect(p.email).toEqual({ type: ["string", "null"], pattern: EMAIL_PATTERN });
    expect(p.when).toEqual({ type: "string", format: "date-time" });
    expect(p.kind).toEqual({ type: "string", enum: ["a", "b"] });
    expect(p.answers).toMatchObject({ propertyNames: { type: "string", pattern: NUL_FREE_PATTERN }, additionalProperties: { anyOf: [{ type: "number" }, { type: "string", pattern: NUL_FREE_PATTERN }] } });
    expect(body).not.toHaveProperty("propertyNames");
    expect(out.parameters[0]!.schema.anyOf).toEqual([{ type: "string", const: "" }, { type: "string", pattern: EMAIL_PATTERN }]);
    expect(answer.properties.name).toEqual({ type: "string" });
    expect(new RegExp(NUL_FREE_PATTERN).test("a\u0000b")).toBe(false);
    expect(new RegExp(EMAIL_PATTERN).test("k+qp|_etj*@l3h8orfi.io")).toBe(false);
  });
});
