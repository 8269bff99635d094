/**
 * The authorization matrix (issue 17 §1, docs/decisions/0042-authorization-matrix.md): every route of the Remix
 * manifest (pages and /api/v1) has a row in app/platform/security/route-policy.ts, and every route is called, through
 * the web process's real Express app serving the production build, as every role of tests/support/authz-world.ts
 * (rows of roles only: one caller per kind of account, ROLE_CLASSES),
 * with ids of someone else's objects and with ids of the caller's own objects. Each answer is compared with the
 * table: an allowed call is not refused (401/403, sent to sign in); a refused call is refused (401/403/404, sent to
 * sign in) and, when it is a write, changes nothing in the database. A leak is a refused call that answered 2xx
 * with data or changed state.
 *
 * Needs `npm run build` (scripts/test.sh builds before the integration lanes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { ROUTE_POLICY } from "~/platform/security/route-policy";
import { ALL_RELATIONSHIPS, type Access } from "~/platform/security/route-policy-types";
import type { AppBuild } from "../../server/index";
import { loadProductionBuild, serveWebApp, type ServedApp } from "../support/web-app";
import { createAuthzWorld, freshCaller, ROLES, RELATIONS, type Binding, type RoleName, type World } from "../support/authz-world";
import { bodyFor } from "../support/authz-bodies";
import { startTestWorker } from "../support/worker";
import { getDb } from "~/platform/db.server";
import { NAME_VISIBILITIES } from "~/features/cycles/reviewer-names";
import {
  changedTables,
  expectedAllowed,
  fingerprint,
  givesData,
  isRefusal,
  manifestRoutes,
  namesObjects,
  pool,
  send,
  urlFor,
  type Answer,
  type ManifestRoute,
} from "../support/authz-calls";


let loaded: AppBuild;
let served: ServedApp;
let base: string;
let world: World;
let routes: ManifestRoute[];
let worker: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  loaded = await loadProductionBuild("tests/integration/authorization-matrix.test.ts");
  // No rate limit in the way of thousands of calls from one address.
  served = await serveWebApp(loaded, { concurrency: 8, overrides: { RATE_LIMIT_SIGN_IN: 100_000, RATE_LIMIT_TOKENS: 100_000, RATE_LIMIT_UPLOADS: 100_000 } });
  base = served.url;
  routes = manifestRoutes(loaded.build as ServerBuild);
  world = await createAuthzWorld();
  // Writes that reach a workflow (session moves, endorsements) need the worker to answer.
  worker = await startTestWorker();
});

afterAll(async () => {
  await worker?.stop();
  await served?.close();
});

type Call = { route: ManifestRoute; method: string; access: Access; role: RoleName; own: boolean; allowed: boolean; path: string; binding: Binding };
type Finding = { call: Call; answer: Answer; kind: "leak" | "wrongly refused" | "not refused" | "refused by validation"; note?: string };

function plan(): Call[] {
  const calls: Call[] = [];
  for (const route of routes) {
    const row = ROUTE_POLICY[route.id];
    if (!row) continue;
    for (const [method, access] of Object.entries(row) as Array<[string, Access]>) {
      const relational = access.allow.some((p) => (ALL_RELATIONSHIPS as readonly string[]).includes(p));
      // A row of roles only is checked by one caller of each kind of account (the related users are employees).
      for (const role of relational ? ROLES : ROLE_CLASSES) {
        const caller = world.callers[role];
        const related = RELATIONS[role].length > 0 && relational;
        // A route that names only the cycle is about the caller's own people: one call, with the caller's relations.
        const bindings = namesObjects(route) ? [false, ...(related ? [true] : [])] : [related];
        for (const own of bindings) {
          const b = own ? world.own(role) : world.other;
          calls.push({ route, method, access, role, own, allowed: expectedAllowed(access, method, role, own), path: urlFor(route, b, world, caller, own), binding: b });
        }
      }
    }
  }
  return calls;
}

/** Error codes of a 403 about the cycle's stage, not about who calls (the summary opens in the communication stage). */
const STATE_REFUSALS = ["summary_not_open"];
/** One caller per kind of account: for rows that name roles only. */
const ROLE_CLASSES: RoleName[] = ["anonymous", "employee", "manager", "hrPartner", "sessionAdmin", "hrOps", "superAdmin", "spoofing"];
/** Refused writes between two fingerprints of the database. */
const BATCH = 24;
const sessionEnder = (c: Call) => c.method !== "GET" && (c.route.id === "routes/app.logout" || c.route.id === "routes/api.v1.tokens" || c.route.id === "routes/api.v1.admin.spoof");
const describeCall = (c: Call) => `${c.method} ${c.path} [${c.route.id}] as ${c.role}${c.own ? " (own)" : " (someone else's)"}`;

describe("authorization matrix", () => {
  it("has a policy row for every route of the manifest, and no row for a route that is gone", () => {
    const ids = new Set(routes.map((r) => r.id));
    const missing = [...ids].filter((id) => !ROUTE_POLICY[id]).sort();
    const stale = Object.keys(ROUTE_POLICY).filter((id) => !ids.has(id)).sort();
    expect(missing, "routes without a row in app/platform/security/route-policy.ts").toEqual([]);
    expect(stale, "rows of routes that no longer exist").toEqual([]);
    // A route that serves a loader has a GET row; one with an action has at least one write row.
    for (const r of routes) {
      const row = ROUTE_POLICY[r.id] ?? {};
      if (r.page && r.hasLoader) expect(row.GET, `${r.id}: GET`).toBeDefined();
      if (r.page && r.hasAction) expect(row.POST, `${r.id}: POST`).toBeDefined();
    }
  });

  it("answers every route as every role the way the table says, with no leak", async () => {
    const calls = plan();
    const findings: Finding[] = [];
    const judge = (call: Call, answer: Answer, changed: string[] = []) => {
      if (call.allowed) {
        // Public routes answer a bad credential with 401 and send a failed sign-in (or a sign-out) to the login page.
        const publicOrSignOut = call.access.allow.includes("anonymous") || call.route.id === "routes/app.logout";
        // A 403 that says "not yet" (the cycle's stage) is not a refusal of the caller.
        const notYet = STATE_REFUSALS.some((code) => answer.body.includes(`"code":"${code}"`));
        if (isRefusal(answer) && answer.status !== 404 && !notYet && !(publicOrSignOut && answer.status !== 403)) findings.push({ call, answer, kind: "wrongly refused" });
      } else if (givesData(answer) || changed.length) {
        findings.push({ call, answer, kind: "leak", note: changed.length ? `changed ${changed.join(", ")}` : "2xx" });
        console.log(`[matrix] leak: ${describeCall(call)} → ${answer.status}`);
      } else if ([400, 409, 422].includes(answer.status) && call.method !== "GET") {
        findings.push({ call, answer, kind: "refused by validation" });
      } else if (!isRefusal(answer)) {
        findings.push({ call, answer, kind: "not refused" });
      }
    };
    const run = async (c: Call) => {
      // Sign-outs and the end of a spoof end the credential they are sent with: each gets a new one.
      const caller = sessionEnder(c) && c.allowed ? await freshCaller(world, c.role) : world.callers[c.role];
      return send(base, c.route, c.method, c.path, caller, bodyFor(c.route.id, c.method, c.binding, world), world.cycleId);
    };

    // 1. Every read.
    const started = Date.now();
    const lap = (what: string) => console.log(`[matrix] ${what} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const reads = calls.filter((c) => c.method === "GET");
    await pool(reads, 6, async (c) => judge(c, await run(c)));
    lap(`${reads.length} reads`);

    // 2. Refused writes, a few at a time, the database compared before and after; a batch that changed something
    //    is run again one call at a time to name the call.
    const refused = calls.filter((c) => c.method !== "GET" && !c.allowed);
    let before = await fingerprint();
    for (let i = 0; i < refused.length; i += BATCH) {
      const batch = refused.slice(i, i + BATCH);
      const answers: Answer[] = [];
      await pool(batch.map((c, j) => [c, j] as const), 6, async ([c, j]) => void (answers[j] = await run(c)));
      const after = await fingerprint();
      if (after === before) {
        batch.forEach((c, j) => judge(c, answers[j]!));
        continue;
      }
      const changedInBatch = changedTables(before, after);
      before = after;
      let named = false;
      for (const c of batch) {
        const answer = await run(c);
        const again = await fingerprint();
        judge(c, answer, changedTables(before, again));
        named ||= again !== before;
        before = again;
      }
      if (!named) findings.push({ call: batch[0]!, answer: answers[0]!, kind: "leak", note: `one of ${batch.length} calls from ${describeCall(batch[0]!)} changed ${changedInBatch.join(", ")}` });
    }
    lap(`${refused.length} refused writes`);
    // 3. Allowed writes (they may change things): deletions and sign-outs last.
    const order = (c: Call) => (sessionEnder(c) ? 3 : c.method === "DELETE" ? 2 : 1);
    const allowed = calls.filter((c) => c.method !== "GET" && c.allowed).sort((a, b) => order(a) - order(b));
    for (const stage of [1, 2, 3]) await pool(allowed.filter((c) => order(c) === stage), 3, async (c) => judge(c, await run(c)));

    lap(`${allowed.length} allowed writes`);
    const leaks = findings.filter((f) => f.kind === "leak");
    const inconclusive = findings.filter((f) => f.kind === "refused by validation");
    for (const f of findings.filter((x) => x.kind !== "refused by validation")) console.log(`[matrix] ${f.kind}: ${describeCall(f.call)} → ${f.answer.status}${f.answer.location ? ` ${f.answer.location}` : ""}${f.note ? ` (${f.note})` : ""} ${f.answer.body.slice(0, 160).replace(/\s+/g, " ")}`);
    console.log(`authorization matrix: ${routes.length} routes × ${ROLES.length} roles = ${calls.length} calls checked, leaks: ${leaks.length}`);
    expect(leaks.map((f) => describeCall(f.call))).toEqual([]);
    if (inconclusive.length) console.log(`[matrix] ${inconclusive.length} refused writes were refused by their body's or state's check (400/409/422) before their guard`);
    expect(findings.filter((f) => f.kind !== "refused by validation").map((f) => `${f.kind}: ${describeCall(f.call)} → ${f.answer.status}`)).toEqual([]);
  }, 900_000);

  it("gives the reviewee's manager a peer reviewer's named feedback only under a setting that shows names to managers (ADR 0058)", async () => {
    const db = await getDb();
    const { token } = world.callers.manager;
    const before = await db.cycle.findUniqueOrThrow({ where: { id: world.cycleId } });
    const get = (path: string) => fetch(`${base}/api/v1/cycles/${world.cycleId}${path}`, { headers: { Authorization: `Bearer ${token}`, Origin: base } });
    const detail = (b: Binding) => get(`/direct_reports/${encodeURIComponent(b.email)}/feedbacks/${encodeURIComponent(b.reviewerEmail)}`);
    const mine = world.own("manager");
    try {
      for (const setting of NAME_VISIBILITIES) {
        await db.cycle.update({ where: { id: world.cycleId }, data: { peerNames: setting, upwardNames: setting } });
        const own = await detail(mine);
        expect(own.status, setting).toBe(setting === "nobody" ? 404 : 200);
        const list = await (await get(`/direct_reports/${encodeURIComponent(mine.email)}/feedbacks`)).text();
        expect(list.includes(mine.reviewerEmail), setting).toBe(setting !== "nobody");
        const summary = await (await get(`/direct_reports/${encodeURIComponent(mine.email)}/feedbacks_summary`)).json();
        expect(summary.viewer, setting).toEqual({ role: "manager", named: setting !== "nobody" });
        expect(JSON.stringify(summary).includes(mine.reviewerEmail), setting).toBe(setting !== "nobody");
        // Someone else's report stays refused whatever the setting.
        expect([401, 403, 404], setting).toContain((await detail(world.other)).status);
      }
    } finally {
      await db.cycle.update({ where: { id: world.cycleId }, data: { peerNames: before.peerNames, upwardNames: before.upwardNames } });
    }
  });
});
