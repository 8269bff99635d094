/**
 * server/form-guard.ts (ADR 0060): which actions of a build get the page forms' NUL check, and what the check refuses.
 * The whole path through the web app is tests/integration/input-layer-forms.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { guardPageForms, refuseNulInForm } from "../../server/form-guard";

const post = (body: BodyInit, type?: string) =>
  new Request("http://app.test/app/page", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

async function refusal(request: Request): Promise<number | null> {
  try {
    await refuseNulInForm(request);
    return null;
  } catch (err) {
    if (err instanceof Response) return err.status;
    throw err;
  }
}

describe("refuseNulInForm", () => {
  it("refuses a NUL in a urlencoded or multipart field's value or name with a 400 Response", async () => {
    expect(await refusal(post("a=x%00y", "application/x-www-form-urlencoded"))).toBe(400);
    expect(await refusal(post("a%00=1", "application/x-www-form-urlencoded; charset=UTF-8"))).toBe(400);
    const form = new FormData();
    form.append("note", "bad\u0000");
    expect(await refusal(new Request("http://app.test/app/page", { method: "POST", body: form }))).toBe(400);
  });

  it("lets a clean form, another content type or an unreadable form through, and leaves the body to the action", async () => {
    const request = post("a=fine&b=%C3%A9", "application/x-www-form-urlencoded");
    expect(await refusal(request)).toBeNull();
    expect((await request.formData()).get("b")).toBe("é");
    expect(await refusal(post('{"a":"\\u0000"}', "application/json"))).toBeNull();
    expect(await refusal(post("--x\r\nbroken", "multipart/form-data; boundary=nope"))).toBeNull();
  });
});

describe("guardPageForms", () => {
  const calls: string[] = [];
  const action = (id: string) => async () => {
    calls.push(id);
    return null;
  };
  const route = (id: string, withAction = true) => ({
    id,
    path: id,
    module: withAction ? { default: () => null, action: action(id) } : { default: () => null },
  });
  const build = {
    routes: {
      "routes/app.page": route("routes/app.page"),
      "routes/app.view": route("routes/app.view", false),
      "routes/api.v1.things": route("routes/api.v1.things"),
      "routes/scim.v2.Users": route("routes/scim.v2.Users"),
    },
  } as unknown as ServerBuild;
  const guarded = guardPageForms(build);
  const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
  const nul = () => post("a=%00", "application/x-www-form-urlencoded");

  it("wraps page actions only: a NUL form never reaches the page's action", async () => {
    calls.length = 0;
    await expect(guarded.routes["routes/app.page"]!.module.action!(args(nul()))).rejects.toBeInstanceOf(Response);
    expect(calls).toEqual([]);
    await guarded.routes["routes/app.page"]!.module.action!(args(post("a=1", "application/x-www-form-urlencoded")));
    expect(calls).toEqual(["routes/app.page"]);
  });

  it("leaves /api/ and /scim/ routes, routes without an action and the given build as they are", async () => {
    calls.length = 0;
    await guarded.routes["routes/api.v1.things"]!.module.action!(args(nul()));
    await guarded.routes["routes/scim.v2.Users"]!.module.action!(args(nul()));
    expect(calls).toEqual(["routes/api.v1.things", "routes/scim.v2.Users"]);
    expect(guarded.routes["routes/app.view"]!.module.action).toBeUndefined();
    expect(build.routes["routes/app.page"]!.module.action).not.toBe(guarded.routes["routes/app.page"]!.module.action);
  });
});
