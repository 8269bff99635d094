import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_ID, parseParams, toErrorResponse } from "~/platform/api.server";

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
