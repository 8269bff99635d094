/**
 * Lean reads on the platform path (issue 27, docs/decisions/0063-lean-platform-reads.md): the loaders of one request
 * share the signed-in user (request-scope.server.ts), the session and the shell cost at most 2 round trips for a page,
 * a second loader of the same request reads nothing again, activity is written once for concurrent requests, the
 * prepared reads type their values as Prisma does, and the statement counter counts what Prisma and `sqlRows` send.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { requireUser } from "~/platform/auth.server";
import { readSession, sessionStorage, sessionKey } from "~/platform/session.server";
import { scopedLoader } from "~/platform/request-scope.server";
import { countStatements, sqlRows } from "~/platform/sql.server";
import { SESSION_TOUCH_INTERVAL_MS } from "~/platform/session-rules";
import * as root from "~/root";
import * as appLayout from "~/routes/app";
import { createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";

const tag = `pr${Date.now().toString(36)}`;
let employee: User;
let admin: User;

beforeAll(async () => {
  employee = await createTestUser({ name: `Reads Employee ${tag}` });
  admin = await createTestUser({ role: "SUPER_ADMIN", name: `Reads Admin ${tag}` });
});

/** Each loader gets its own copy of the Request, as Remix makes one per loader; the load context is the request's. */
const requestFor = (cookie: string, method = "GET") =>
  new Request("http://127.0.0.1/app/home", { method, headers: { Cookie: cookie } });

type AnyLoader = (args: { request: Request; context: unknown; params: Record<string, string> }) => unknown;
const callLoader = (loader: unknown, cookie: string, context: object, method = "GET") =>
  scopedLoader(loader as AnyLoader)({ request: requestFor(cookie, method), context, params: {} });

async function setLastSeen(cookie: string, lastSeenAt: Date) {
  const sid = (await sessionStorage.getSession(cookie)).get("sid") as string;
  await (await getDb()).userSession.update({ where: { id: sessionKey(sid) }, data: { lastSeenAt } });
  return sessionKey(sid);
}

describe("a signed-in page's platform reads", () => {
  it("root + /app layout loaders: session, user and shell in one round trip; a page loader after them reads nothing again", async () => {
    const cookie = await sessionCookieFor(employee.id);
    const context = {};
    const first = await countStatements(() => Promise.all([callLoader(root.loader, cookie, context), callLoader(appLayout.loader, cookie, context)]));
    // The shell's row comes in the session's statement (ADR 0105).
    expect(first.statements).toEqual(["pmr_session_read+shell"]);
    const shell = first.result[1] as { user: { id: number; name: string }; flags: Record<string, boolean> };
    expect(shell.user).toMatchObject({ id: employee.id, name: employee.name });
    expect(shell.flags["has_direct_report?"]).toBe(false);

    // Another loader of the same request (the page's own): the signed-in user comes from the request's memo.
    const page = await countStatements(() => callLoader(({ request }: { request: Request }) => requireUser(request), cookie, context));
    expect(page.count, page.statements.join("\n")).toBe(0);
    expect((page.result as Awaited<ReturnType<typeof requireUser>>).user.id).toBe(employee.id);

    // A new request (a new load context) reads again: nothing is cached across requests.
    const next = await countStatements(() => callLoader(({ request }: { request: Request }) => requireUser(request), cookie, {}));
    expect(next.statements).toEqual(["pmr_session_read+shell"]);
  });

  it("the shell read with the session equals its own statement's, also while spoofing; outside /app the session is read alone", async () => {
    const manager = await createTestUser({ name: `Reads Manager ${tag}` });
    await (await getDb()).user.update({ where: { id: employee.id }, data: { managerId: manager.id } });
    for (const cookie of [await sessionCookieFor(manager.id), await sessionCookieFor(manager.id, admin.id)]) {
      const withSession = await countStatements(() => callLoader(appLayout.loader, cookie, {}));
      expect(withSession.statements).toEqual(["pmr_session_read+shell"]);
      // Unscoped (no shared memo): the session and the shell each by their own statement, as before.
      const alone = await countStatements(() => appLayout.loader({ request: requestFor(cookie), context: {}, params: {} } as never));
      expect(alone.statements).toEqual(["pmr_session_read", "pmr_shell_state"]);
      expect(withSession.result).toEqual(alone.result);
      expect((withSession.result as { flags: Record<string, boolean> }).flags["has_direct_report?"]).toBe(true);
    }
    await (await getDb()).user.update({ where: { id: employee.id }, data: { managerId: null } });
    const cookie = await sessionCookieFor(employee.id);
    const api = await countStatements(() =>
      scopedLoader(({ request }: { request: Request }) => requireUser(request))({
        request: new Request("http://127.0.0.1/api/v1/route_config", { headers: { Cookie: cookie } }),
        context: {},
      }),
    );
    expect(api.statements).toEqual(["pmr_session_read"]);
  });

  it("loaders running at the same time share one read; a spoofing session still costs one statement", async () => {
    const cookie = await sessionCookieFor(employee.id, admin.id);
    const context = {};
    const both = await countStatements(() =>
      Promise.all([1, 2, 3].map(() => callLoader(({ request }: { request: Request }) => requireUser(request), cookie, context))),
    );
    expect(both.statements).toEqual(["pmr_session_read+shell"]);
    for (const current of both.result as Array<Awaited<ReturnType<typeof requireUser>>>) {
      expect(current.user.id).toBe(employee.id);
      expect(current.realUser?.id).toBe(admin.id);
    }
  });

  it("a POST's loaders do not share (its action may have changed what they read)", async () => {
    const cookie = await sessionCookieFor(employee.id);
    const context = {};
    const read = ({ request }: { request: Request }) => requireUser(request);
    const posted = await countStatements(async () => {
      await callLoader(read, cookie, context, "POST");
      await callLoader(read, cookie, context, "POST");
    });
    expect(posted.statements).toEqual(["pmr_session_read", "pmr_session_read"]);
  });

  it("the session's users are typed exactly as Prisma reads them (dates, enums, nulls)", async () => {
    const db = await getDb();
    const dated = await db.user.update({ where: { id: employee.id }, data: { startDate: new Date("2024-02-29T00:00:00.000Z"), jobTitle: null } });
    const cookie = await sessionCookieFor(employee.id, admin.id);
    const session = await readSession(requestFor(cookie));
    expect(session?.user).toEqual(dated);
    expect(session?.realUser).toEqual(await db.user.findUniqueOrThrow({ where: { id: admin.id } }));
    expect(session?.signedInAt).toBeInstanceOf(Date);
  });
});

describe("recording activity", () => {
  it("concurrent requests of a session past the touch interval write lastSeenAt once", async () => {
    const cookie = await sessionCookieFor(employee.id);
    const old = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS - 1000);
    const key = await setLastSeen(cookie, old);
    const t0 = Date.now();
    const run = await countStatements(() => Promise.all([1, 2, 3, 4].map(() => readSession(requestFor(cookie)))));
    expect(run.statements.filter((s) => s === "pmr_session_read")).toHaveLength(4);
    expect(run.statements.filter((s) => /^UPDATE/i.test(s))).toHaveLength(1);
    const row = await (await getDb()).userSession.findUniqueOrThrow({ where: { id: key } });
    expect(row.lastSeenAt.getTime()).toBeGreaterThanOrEqual(t0 - 5);
  });
});

describe("the statement counter", () => {
  it("counts Prisma's queries, a transaction's BEGIN and COMMIT, and sqlRows; only those of its own function", async () => {
    const db = await getDb();
    const one = await countStatements(() => db.user.findUnique({ where: { id: employee.id } }));
    expect(one.count).toBe(1);
    const tx = await countStatements(() => db.$transaction(async (t) => t.user.count({ where: { id: employee.id } })));
    expect(tx.statements[0]).toBe("BEGIN");
    expect(tx.statements.at(-1)).toMatch(/^COMMIT/);
    expect(tx.count).toBe(3);
    const raw = await countStatements(() => sqlRows<{ n: number }>("pmr_test_one", "SELECT $1::int AS n", [7]));
    expect(raw.result).toEqual([{ n: 7 }]);
    expect(raw.count).toBe(1);
    // Work outside the counted function (another request, the worker) is not counted; nested counts both see theirs.
    const [outer] = await Promise.all([
      countStatements(async () => {
        await db.user.count();
        return (await countStatements(() => db.user.count())).count;
      }),
      db.user.count(),
    ]);
    expect(outer.result).toBe(1);
    expect(outer.count).toBe(2);
  });
});
