/**
 * The per-request memo (app/platform/request-scope.server.ts, ADR 0063): the loaders of one GET request (one load
 * context, a Request copy each) share a load; POSTs, other requests and calls without a scope do not.
 */
import { describe, expect, it, vi } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { requestMemo, scopedLoader, scopeLoaders } from "~/platform/request-scope.server";

const req = (method = "GET") => new Request("http://127.0.0.1/app/home", { method });
const memoLoader = (load: () => Promise<number>) => scopedLoader(({ request }: { request: Request; context: unknown }) => requestMemo(request, "k", load));

describe("requestMemo", () => {
  it("runs a load once for all the loaders of one GET request, also when they run at the same time", async () => {
    const load = vi.fn(async () => 42);
    const context = {};
    const results = await Promise.all([1, 2, 3].map(() => memoLoader(load)({ request: req(), context })));
    expect(results).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
    // Another key of the same request loads on its own.
    const other = vi.fn(async () => 7);
    const request = req();
    await scopedLoader(({ request: r }: { request: Request; context: unknown }) => requestMemo(r, "other", other))({ request, context });
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("does not share across requests, for POSTs, or without a scope", async () => {
    const load = vi.fn(async () => 1);
    await memoLoader(load)({ request: req(), context: {} });
    await memoLoader(load)({ request: req(), context: {} });
    expect(load).toHaveBeenCalledTimes(2);
    const context = {};
    await memoLoader(load)({ request: req("POST"), context });
    await memoLoader(load)({ request: req("POST"), context });
    expect(load).toHaveBeenCalledTimes(4);
    const plain = req();
    await requestMemo(plain, "k", load);
    await requestMemo(plain, "k", load);
    expect(load).toHaveBeenCalledTimes(6);
  });

  it("shares a failed load too (the loaders fail alike)", async () => {
    const load = vi.fn(async () => {
      throw new Error("down");
    });
    const context = {};
    const all = await Promise.allSettled([memoLoader(load)({ request: req(), context }), memoLoader(load)({ request: req(), context })]);
    expect(all.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("scopeLoaders", () => {
  it("wraps every route's loader and leaves the rest of the build as it was", async () => {
    const load = vi.fn(async () => "user");
    const loader = ({ request }: { request: Request }) => requestMemo(request, "who", load);
    const action = () => null;
    const build = {
      routes: {
        a: { id: "a", path: "a", module: { loader, action } },
        b: { id: "b", path: "b", module: { default: () => null } },
      },
    } as unknown as ServerBuild;
    const scoped = scopeLoaders(build);
    expect(scoped.routes.b).toBe(build.routes.b);
    expect(scoped.routes.a!.module.action).toBe(action);
    const context = {};
    const wrapped = scoped.routes.a!.module.loader as unknown as (args: { request: Request; context: unknown; params: object }) => Promise<string>;
    await Promise.all([wrapped({ request: req(), context, params: {} }), wrapped({ request: req(), context, params: {} })]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
