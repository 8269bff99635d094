/**
 * The shared input layer's rules (app/platform/input.ts, app/platform/form.server.ts; ADR 0060): where a NUL or an
 * out-of-range integer is, which URLs cannot be decoded, the id schemas' bounds, and `readForm`'s 400.
 */
import { describe, expect, it } from "vitest";
import { MAX_INT, formFields, idCoerced, idQuery, nulPath, outOfRangePath, urlProblem } from "~/platform/input";
import { NUL_IN_FORM_TEXT, readForm } from "~/platform/form.server";

describe("nulPath", () => {
  it("finds a NUL anywhere in a value, by its path, and nothing in clean values", () => {
    expect(nulPath({ a: "ok", b: { c: ["x", "y\u0000"] } })).toBe("b.c.1");
    expect(nulPath("\u0000")).toBe("(value)");
    expect(nulPath({ ["k\u0000"]: 1 })).toBe("k\\0");
    expect(nulPath({ a: "ok", n: 1, t: true, z: null, list: [1, "two"] })).toBeNull();
  });
});

describe("outOfRangePath", () => {
  it("finds whole numbers an integer column cannot hold, not fractions or those in range", () => {
    expect(outOfRangePath({ id: MAX_INT })).toBeNull();
    expect(outOfRangePath({ id: MAX_INT + 1 })).toBe("id");
    expect(outOfRangePath({ list: [1, -(MAX_INT + 1)] })).toBe("list.1");
    expect(outOfRangePath({ huge: 9223372036854775807 })).toBe("huge");
    expect(outOfRangePath({ rating: 3.5, big: 1e300 + 0.5 })).toBe("big");
    expect(outOfRangePath({ rating: 3.5 })).toBeNull();
  });
});

describe("urlProblem", () => {
  it("refuses escapes that are not UTF-8 and escapes of NUL, in the path or the query", () => {
    expect(urlProblem("/api/v1/users/%ff")).toBe("malformed");
    expect(urlProblem("/api/v1/cycles/%c0%af/participants")).toBe("malformed");
    expect(urlProblem("/api/v1/users?q=%e4%b8")).toBe("malformed");
    expect(urlProblem("/api/v1/users?q=a%00b")).toBe("nul");
    expect(urlProblem("/api/v1/users/a%00")).toBe("nul");
    expect(urlProblem("/api/v1/users?q=%E5%BC%A0%E4%BC%9F&x=%25")).toBeNull();
    expect(urlProblem("/app/home?cycle_id=2&done=Saved+it")).toBeNull();
  });
});

describe("the id schemas", () => {
  it("take 1..2^31-1 and nothing else", () => {
    expect(idQuery.safeParse("2147483647").success).toBe(true);
    for (const bad of ["2147483648", "9223372036854775807", "0", "1.5", "", "1e3", "-1", " 1"]) expect(idQuery.safeParse(bad).success, bad).toBe(false);
    expect(idCoerced.safeParse("2147483647").success).toBe(true);
    expect(idCoerced.safeParse("2147483648").success).toBe(false);
  });
});

describe("readForm", () => {
  const post = (body: string) => new Request("http://x/", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
  it("gives the form when no field holds a NUL", async () => {
    const form = await readForm(post("name=Ann&note=hi"));
    expect(formFields(form)).toEqual({ name: ["Ann"], note: ["hi"] });
  });
  it("throws the 400 page when a field holds one", async () => {
    const thrown = await readForm(post("name=Ann&note=h%00i")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toBe(NUL_IN_FORM_TEXT);
  });

});
