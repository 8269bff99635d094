/**
 * The audit log: GET /api/v1/admin/audits and the /app/admin/audits page against the real database.
 * The records come from real mutations (role changes, a spoof and a write made while spoofing, a cycle
 * stage move run by the cycle workflow, an upload job run by the bulk job workflow), never inserted
 * by hand: paging, the search over actor / real actor / entity / action, before and after, authorization.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import * as auditsRoute from "~/routes/api.v1.admin.audits";
import * as adminUser from "~/routes/api.v1.admin.users.$id";
import * as spoofRoute from "~/routes/api.v1.admin.spoof";
import * as coachmarks from "~/routes/api.v1.coachmarks";
import * as adminCycles from "~/routes/api.v1.admin.cycles";
import * as transitionRoute from "~/routes/api.v1.admin.cycles.$id.$transition";
import * as uploadRoute from "~/routes/api.v1.admin.cycles.$id.upload_participant_jobs";
import * as auditsPage from "~/routes/app.admin.audits._index";
import { getTemporalClient } from "~/platform/temporal.server";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import { startTestWorker } from "../support/worker";

type Person = { id: number; name: string; email: string } | null;
type Audit = {
  id: number;
  created_at: string;
  action: string;
  entity_type: string;
  entity_id: string;
  source: string;
  actor: Person;
  real_actor: Person;
  before: any;
  after: any;
};

// Separate tags: the admin's name must not match the targets' tag, nor the targets' the admin's.
const adminTag = `aa${randomUUID().slice(0, 6)}`;
const targetTag = `at${randomUUID().slice(0, 6)}`;
const TARGETS = 5;

let stopWorker: () => Promise<void>;
let admin: User;
let adminToken: string;
let targets: User[] = [];
let viewed: User;
const roleUsers: Record<string, { user: User; token: string }> = {};

const audits = (query: string, token: string | undefined = adminToken) =>
  callRoute(auditsRoute.loader as never, { path: `/api/v1/admin/audits${query}`, token });

async function search(searchQuery: string, extra = ""): Promise<{ audits: Audit[]; total: number; limit: number; offset: number }> {
  const res = await audits(`?${new URLSearchParams({ search_query: searchQuery })}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: `Audit Admin ${adminTag}` });
  adminToken = await bearerFor(admin.id);
  for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
    const user = await createTestUser({ role, name: `Audit ${role} ${adminTag}x` });
    roleUsers[role] = { user, token: await bearerFor(user.id) };
  }
  viewed = await createTestUser({ name: `Audit Viewed ${targetTag}v` });
  targets = [];
  for (let i = 0; i < TARGETS; i++) targets.push(await createTestUser({ name: `Audit Target ${targetTag} ${i}` }));
  // One audited role change per target, oldest first: EMPLOYEE → HR_OPS.
  for (const target of targets) {
    const res = await callRoute(adminUser.action as never, {
      method: "PATCH",
      path: `/api/v1/admin/users/${target.id}`,
      token: adminToken,
      body: { role: "HR_OPS" },
      params: { id: String(target.id) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});

afterAll(async () => {
  await stopWorker?.();
});

describe("GET /api/v1/admin/audits", () => {
  it("pages newest first with limit and offset; pages join up to the whole result", async () => {
    const all = await search(targetTag, "&limit=200");
    expect(all.total).toBe(TARGETS);
    expect(all.audits.map((a) => a.entity_id)).toEqual([...targets].reverse().map((t) => String(t.id)));
    const ids = all.audits.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const pages: Audit[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await search(targetTag, `&limit=2&offset=${offset}`);
      expect(page).toMatchObject({ total: TARGETS, limit: 2, offset });
      expect(page.audits.length).toBe(Math.min(2, TARGETS - offset));
      pages.push(...page.audits);
    }
    expect(pages.map((a) => a.id)).toEqual(ids);
    const past = await search(targetTag, "&limit=2&offset=10");
    expect(past).toMatchObject({ audits: [], total: TARGETS });

    // Defaults: limit 50, offset 0, no search.
    const defaults = await audits("");
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({ limit: 50, offset: 0 });
    expect(defaults.body.total).toBeGreaterThanOrEqual(TARGETS);
    expect(defaults.body.audits[0].id).toBeGreaterThanOrEqual(ids[0]!);
    expect(defaults.body.audits.length).toBe(Math.min(50, defaults.body.total));
  });

  it("shows before and after of a change, the actor and the source", async () => {
    const { audits: rows } = await search(`User#${targets[0]!.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "user.update",
      entity_type: "User",
      entity_id: String(targets[0]!.id),
      source: "api",
      actor: { id: admin.id, name: admin.name, email: admin.email },
      real_actor: { id: admin.id },
      before: { role: "EMPLOYEE", email: targets[0]!.email },
      after: { role: "HR_OPS", email: targets[0]!.email },
    });
    expect(Number.isNaN(Date.parse(rows[0]!.created_at))).toBe(false);
  });

  it("searches the actor by name and email, case-insensitively", async () => {
    const byName = await search(`audit ADMIN ${adminTag.toUpperCase()}`);
    expect(byName.total).toBeGreaterThanOrEqual(TARGETS);
    for (const row of byName.audits) expect([row.actor?.id, row.real_actor?.id]).toContain(admin.id);
    const byEmail = await search(admin.email.toUpperCase(), "&limit=200");
    expect(byEmail.total).toBe(byName.total);
    expect(byEmail.audits.filter((a) => a.action === "user.update" && targets.some((t) => String(t.id) === a.entity_id))).toHaveLength(TARGETS);
  });

  it("searches the entity by type and id, and a user entity by the user's name or email", async () => {
    const target = targets[2]!;
    // A number is an id: it matches the entity id exactly, not as a part ("12" does not find 112).
    const byNumber = await search(String(target.id), "&limit=200");
    expect(byNumber.total).toBeGreaterThan(0);
    expect(byNumber.audits.every((a) => a.entity_id === String(target.id))).toBe(true);
    const byId = await search(`User ${target.id}`);
    expect(byId.audits.every((a) => a.entity_id === String(target.id))).toBe(true);
    expect(byId.audits.filter((a) => a.entity_type === "User").map((a) => a.action)).toEqual(["user.update"]);
    // "User#id" is exactly that entity.
    const exact = await search(`user#${target.id}`);
    expect(exact.audits.map((a) => [a.action, a.entity_type, a.entity_id])).toEqual([["user.update", "User", String(target.id)]]);
    expect((await search(`#${target.id}`)).audits.every((a) => a.entity_id === String(target.id))).toBe(true);
    expect((await search(`Job#${target.id} user.update`)).total).toBe(0);

    const byEmail = await search(target.email);
    expect(byEmail.audits.map((a) => [a.entity_type, a.entity_id])).toEqual([["User", String(target.id)]]);
    const byName = await search(`TARGET ${targetTag}`);
    expect(byName.audits.map((a) => a.entity_id)).toEqual([...targets].reverse().map((t) => String(t.id)));
  });

  it("searches the action; every word must match", async () => {
    const updates = await search(`user.update ${targetTag}`);
    expect(updates.total).toBe(TARGETS);
    expect(updates.audits.every((a) => a.action === "user.update")).toBe(true);
    expect((await search(`USER.UPD ${targetTag}`)).total).toBe(TARGETS);
    expect((await search(`spoof.start ${targetTag}`)).total).toBe(0);
    expect((await search(`nothing-${randomUUID()}`)).total).toBe(0);
  });

  it("a spoof and a write made while spoofing name the real user, and both people are searchable", async () => {
    const started = await callWithSession(spoofRoute.action as never, {
      method: "POST",
      path: "/api/v1/admin/spoof",
      token: adminToken,
      body: { spoofed_user_email: viewed.email },
    });
    expect(started.status).toBe(201);
    const spoofToken: string = started.body.token;
    // Dismissing a coachmark is allowed while spoofing (docs/decisions/0010-spoofing.md).
    const write = await callRoute(coachmarks.action as never, {
      method: "POST",
      path: "/api/v1/coachmarks",
      token: spoofToken,
      body: { coachmark_type: "sidebar_routes_v1", is_dismissed: true },
    });
    expect(write.status).toBe(201);
    expect((await callWithSession(spoofRoute.action as never, { method: "DELETE", path: "/api/v1/admin/spoof", token: spoofToken })).status).toBe(200);

    const spoofs = await search(`spoof ${viewed.email}`);
    expect(spoofs.audits.map((a) => a.action)).toEqual(["spoof.end", "spoof.start"]);
    for (const row of spoofs.audits) {
      expect(row).toMatchObject({ entity_type: "User", entity_id: String(viewed.id), actor: { id: admin.id }, real_actor: { id: admin.id } });
    }
    expect(spoofs.audits[1]!.after).toMatchObject({ spoofed_user: { id: viewed.id, email: viewed.email }, mode: "token" });
    expect(spoofs.audits[0]!.before).toMatchObject({ spoofed_user: { id: viewed.id }, mode: "token" });

    // The write: made as the viewed user, by the admin; found by either person.
    const asViewed = await search(`coachmark ${viewed.name}`);
    expect(asViewed.audits).toHaveLength(1);
    expect(asViewed.audits[0]).toMatchObject({
      action: "coachmark.create",
      entity_type: "Coachmark",
      source: "api",
      actor: { id: viewed.id, email: viewed.email },
      real_actor: { id: admin.id, email: admin.email },
      before: null,
      after: { coachmark_type: "sidebar_routes_v1", is_dismissed: true },
    });
    expect((await search(`coachmark.create ${admin.email}`)).audits.map((a) => a.id)).toContain(asViewed.audits[0]!.id);
  });

  it("changes made by workflows are in the log: a cycle stage move and a bulk upload job (source 'workflow')", async () => {
    const cycleName = `Audit cycle ${targetTag}`;
    const created = await callRoute(adminCycles.action as never, { method: "POST", path: "/api/v1/admin/cycles", token: adminToken, body: { name: cycleName } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const cycleId: number = created.body.cycle.id;
    const moved = await callRoute(transitionRoute.action as never, {
      method: "PATCH",
      path: `/api/v1/admin/cycles/${cycleId}/start`,
      token: adminToken,
      params: { id: String(cycleId), transition: "start" },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    // The stage move is written by the cycle workflow's activity, attributed to the admin who asked.
    const cycleLog = await search(`Cycle#${cycleId}`);
    expect(cycleLog.audits.map((a) => a.action)).toEqual(["cycle.transition", "cycle.create"]);
    expect(cycleLog.audits[0]).toMatchObject({ actor: { id: admin.id }, before: { state: "draft" }, after: { state: "start", transition: "start" } });
    // …and found by the cycle's name.
    expect((await search(`transition ${cycleName}`)).audits.map((a) => a.id)).toEqual([cycleLog.audits[0]!.id]);

    // An upload job: its rows are committed by the bulk job workflow's activities.
    const people = [await createTestUser({ name: `Audit Upload ${targetTag} a` }), await createTestUser({ name: `Audit Upload ${targetTag} b` })];
    const form = new FormData();
    form.set("file", new Blob([["email", ...people.map((p) => p.email)].join("\n")], { type: "text/csv" }), "audit.csv");
    form.set("error_mode", "all_or_nothing");
    const request = new Request(`http://127.0.0.1/api/v1/admin/cycles/${cycleId}/upload_participant_jobs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${adminToken}` },
      body: form,
    });
    const res = (await uploadRoute.action({ request, params: { id: String(cycleId) }, context: {} } as never)) as Response;
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(202);
    const jobId: number = body.job.id;
    const result = await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();
    expect(result).toMatchObject({ status: "SUCCEEDED" });

    const jobLog = await search(`Job#${jobId}`);
    const actions = jobLog.audits.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["job.start", "job.rows_committed", "job.succeed"]));
    for (const row of jobLog.audits.filter((a) => a.action !== "job.create")) {
      expect(row, row.action).toMatchObject({ source: "workflow", actor: { id: admin.id }, real_actor: { id: admin.id } });
    }
    // …and found by the cycle's name, as its stage moves are.
    const byCycleName = await search(`job.rows_committed ${cycleName}`);
    expect(byCycleName.audits.map((a) => [a.entity_type, a.entity_id])).toEqual([["Job", String(jobId)]]);
    // The participants it created, found by the person's email.
    for (const person of people) {
      const rows = (await search(`participant.create ${person.email}`)).audits;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ entity_type: "Participant", source: "workflow", actor: { id: admin.id }, after: { cycle_id: cycleId } });
    }
  });

  it("rejects a bad limit, offset or search_query with 400", async () => {
    for (const query of ["?limit=0", "?limit=201", "?limit=abc", "?limit=1.5", "?offset=-1", "?offset=x", `?search_query=${"x".repeat(201)}`]) {
      const res = await audits(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await audits("?limit=200&offset=0&search_query=")).status).toBe(200);
  });

  it("answers 401 without a token and 403 for HR ops, people partners, employees and a spoofing admin", async () => {
    const anon = await callRoute(auditsRoute.loader as never, { path: "/api/v1/admin/audits" });
    expect(anon.status).toBe(401);
    for (const [role, { token }] of Object.entries(roleUsers)) {
      const res = await audits(`?search_query=${targetTag}`, token);
      expect(res.status, role).toBe(403);
      expect(res.body.error).toMatchObject({ code: "forbidden", message: "You do not have access to this page" });
    }
    const started = await callWithSession(spoofRoute.action as never, {
      method: "POST",
      path: "/api/v1/admin/spoof",
      token: adminToken,
      body: { spoofed_user_email: viewed.email },
    });
    expect((await audits("", started.body.token)).status).toBe(403);
    await callWithSession(spoofRoute.action as never, { method: "DELETE", path: "/api/v1/admin/spoof", token: started.body.token });
  });
});

describe("/app/admin/audits page", () => {
  it("loads the same search for a super admin; bad paging falls back to the defaults", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const page = await callWithSession(auditsPage.loader as never, { path: `/app/admin/audits?search_query=${targetTag}&limit=2&offset=2`, cookie });
    expect(page.status).toBe(200);
    const api = await search(targetTag, "&limit=2&offset=2");
    expect(page.body).toEqual(api);
    const fallback = await callWithSession(auditsPage.loader as never, { path: `/app/admin/audits?search_query=user.update+${targetTag}&limit=oops`, cookie });
    expect(fallback.body).toMatchObject({ total: TARGETS, limit: 50, offset: 0 });
  });

  it("answers 403 'You do not have access to this page' to every other role", async () => {
    for (const [role, { user }] of Object.entries(roleUsers)) {
      const res = await callWithSession(auditsPage.loader as never, { path: "/app/admin/audits", cookie: await sessionCookieFor(user.id) });
      expect(res.status, role).toBe(403);
      expect(res.body).toBe("You do not have access to this page");
    }
    const spoofing = await callWithSession(auditsPage.loader as never, { path: "/app/admin/audits", cookie: await sessionCookieFor(viewed.id, admin.id) });
    expect(spoofing.status).toBe(403);
  });
});
