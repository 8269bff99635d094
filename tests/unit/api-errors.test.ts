import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_ID, parseJsonBody, parseParams, toErrorResponse } from "~/platform/api.server";
import { valueRule } from "~/platform/input";

/**
 * What the API fuzzer (ADR 0043) found about numbers beyond the database's integer range: a path id above 2^31 - 1
 * is a 404 like any id that names nothing, and such a number anywhere else (Prisma P2020) is a 400, not a 500.
 */
describe("ids beyond the database's integer range", () => {
  const Params = z.object({ cycle_id: z.coerce.number().int().positive(), session_id: z.coerce.number().int().positive() });

  it("are not found in a path", () => {
    expect(parseParams({ cycle_id: "7", session_id: String(MAX_ID) }, Params)).toEqual({ cycle_id: 7, session_id: MAX_ID });
    let thrown: unknown;
    try {
      parseParams({ cycle_id: "7", session_id: "17592186044417" }, Params);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ status: 404, code: "not_found", details: { fieldErrors: { session_id: ["No such session_id"] } } });
  });

  it("are a 400 in the error format when the database refuses them (P2020)", async () => {
    const res = toErrorResponse(Object.assign(new Error("Value out of range for the type"), { code: "P2020" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "out_of_range", message: "A number in the request is outside the range it may take", details: null },
    });
  });
});

/**
 * ADR 0060, "Statuses of refusals": input of the documented shape that a rule over its values refuses (a refine
 * marked `valueRule`, which the document cannot show) is 422 `validation_failed`; a shape the document states is 400.
 */
describe("a schema's refusal", () => {
  const Shares = z
    .object({ a: z.number().min(0), b: z.number().min(0) })
    .strict()
    .refine((v) => v.a + v.b === 100, valueRule("The shares must add up to 100"));
  const Plain = z.object({ a: z.number() }).refine((v) => v.a > 0, "a must be positive");
  const post = (body: unknown) => new Request("http://x/api/v1/x", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const refusal = async (body: unknown, schema: z.ZodType) => {
    try {
      await parseJsonBody(post(body), schema);
    } catch (err) {
      return err;
    }
    return null;
  };

  it("is 422 when only a value rule refuses the input", async () => {
    expect(await refusal({ a: 50, b: 40 }, Shares)).toMatchObject({ status: 422, code: "validation_failed", details: { formErrors: ["The shares must add up to 100"] } });
    expect((await toErrorResponse(Shares.safeParse({ a: 1, b: 2 }).error)).status).toBe(422);
  });

  it("is 400 when the shape is wrong, or for an unmarked refine", async () => {
    expect(await refusal({ a: -1, b: 40 }, Shares)).toMatchObject({ status: 400, code: "validation_failed" });
    expect(await refusal({ a: 50, b: 50, c: 1 }, Shares)).toMatchObject({ status: 400 });
    expect(await refusal({ a: -1 }, Plain)).toMatchObject({ status: 400 });
    expect(await refusal({ a: 50, b: 50 }, Shares)).toBeNull();
  });
});
