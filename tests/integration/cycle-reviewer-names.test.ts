/**
 * Who sees reviewers' names, per cycle (issue 26 §3, ADR 0058): chosen on create (API and page), changeable with an
 * audit record until feedback opens, then refused (409 JSON, page error) with nothing written; the OpenAPI document
 * states the field; the General Guideline page states the reader's cycles' rule and shows the admin note to super
 * admins only. What each reader then sees is in feedback-summary.test.ts (API, page, PDF).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as adminCycles from "~/routes/api.v1.admin.cycles";
import * as adminCycle from "~/routes/api.v1.admin.cycles.$id";
import * as transitionRoute from "~/routes/api.v1.admin.cycles.$id.$transition";
import * as createPage from "~/routes/app.admin.cycles.create";
import * as detailsPage from "~/routes/app.admin.cycles.$cycleId._index";
import * as guidelinePage from "~/routes/app.guides.general-guideline";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { sessionCookieFor } from "../support/session";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestWorker } from "../support/worker";

let admin: User;
let employee: User;
let adminToken: string;
let stopWorker: () => Promise<void>;
const tag = `n${Date.now().toString(36)}`;

beforeAll(async () => {
  const w = await startTestWorker();
  stopWorker = w.stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Names Admin" });
  employee = await createTestUser({ role: "EMPLOYEE", name: "Names Employee" });
  adminToken = await bearerFor(admin.id);
});

afterAll(async () => {
  await stopWorker?.();
});

async function callPage(
  handler: (args: never) => unknown,
  opts: { path: string; userId: number; form?: Record<string, string>; params?: Record<string, string> },
): Promise<{ status: number; data: any; location: string | null }> {
  const headers = new Headers({ Cookie: await sessionCookieFor(opts.userId) });
  const body = opts.form ? new URLSearchParams(opts.form) : undefined;
  const request = new Request(`http://127.0.0.1${opts.path}`, { method: body ? "POST" : "GET", headers, body });
  try {
    const result: any = await handler({ request, params: opts.params ?? {}, context: {} } as never);
    if (result instanceof Response) return { status: result.status, data: null, location: result.headers.get("Location") };
    if (result && typeof result === "object" && result.type === "DataWithResponseInit") return { status: result.init?.status ?? 200, data: result.data, location: null };
    return { status: 200, data: result, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

const create = (body: Record<string, unknown>) => callRoute(adminCycles.action as never, { method: "POST", path: "/api/v1/admin/cycles", token: adminToken, body });
const patch = (id: number, body: unknown) =>
  callRoute(adminCycle.action as never, { method: "PATCH", path: `/api/v1/admin/cycles/${id}`, token: adminToken, params: { id: String(id) }, body });
const move = (id: number, transition: string) =>
  callRoute(transitionRoute.action as never, { method: "PATCH", path: `/api/v1/admin/cycles/${id}/${transition}`, token: adminToken, params: { id: String(id), transition } });
const row = async (id: number) => (await getDb()).cycle.findUniqueOrThrow({ where: { id } });
const updates = async (id: number) => (await getDb()).auditRecord.findMany({ where: { entityType: "Cycle", entityId: String(id), action: "cycle.update" }, orderBy: { id: "asc" } });

describe("the setting through the API", () => {
  it("defaults to anonymous peer and upward feedback, takes a choice on create and refuses an unknown value", async () => {
    const plain = await create({ name: `${tag} default` });
    expect(plain.status).toBe(201);
    expect(plain.body.cycle).toMatchObject({ peer_names: "nobody", upward_names: "nobody" });
    const chosen = await create({ name: `${tag} chosen`, peer_names: "managers_and_calibration", upward_names: "managers" });
    expect(chosen.status).toBe(201);
    expect(chosen.body.cycle).toMatchObject({ peer_names: "managers_and_calibration", upward_names: "managers" });
    expect(await row(chosen.body.cycle.id)).toMatchObject({ peerNames: "managers_and_calibration", upwardNames: "managers" });
    const audit = await (await getDb()).auditRecord.findFirstOrThrow({ where: { entityId: String(chosen.body.cycle.id), action: "cycle.create" } });
    expect(audit.after).toMatchObject({ peer_names: "managers_and_calibration", upward_names: "managers" });

    const before = await (await getDb()).cycle.count();
    for (const body of [{ name: `${tag} bad`, peer_names: "everyone" }, { name: `${tag} bad`, upward_names: "" }, { name: `${tag} bad`, peer_names: 1 }]) {
      const bad = await create(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.code).toBeDefined();
    }
    expect(await (await getDb()).cycle.count()).toBe(before);
  });

  it("changes with an audit record before feedback opens; from the SPU feedback stage a change is 409 and writes nothing", async () => {
    const { id } = (await create({ name: `${tag} lifecycle` })).body.cycle as { id: number };
    const changed = await patch(id, { peer_names: "managers" });
    expect(changed.status).toBe(200);
    expect(changed.body.cycle).toMatchObject({ peer_names: "managers", upward_names: "nobody" });
    const [audit] = await updates(id);
    expect(audit!.before).toMatchObject({ peer_names: "nobody" });
    expect(audit!.after).toMatchObject({ peer_names: "managers" });

    expect((await move(id, "start")).status).toBe(200);
    expect((await patch(id, { upward_names: "managers_and_calibration" })).status).toBe(200); // start stage: still open
    expect((await move(id, "progress_to_spu_feedback")).status).toBe(200);

    const auditsBefore = (await updates(id)).length;
    for (const body of [{ peer_names: "nobody" }, { upward_names: "managers" }, { name: `${tag} renamed`, peer_names: "managers_and_calibration" }]) {
      const refused = await patch(id, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "reviewer_names_fixed" });
      expect(refused.body.error.message).toContain("cannot change once feedback has opened");
    }
    expect(await row(id)).toMatchObject({ peerNames: "managers", upwardNames: "managers_and_calibration", name: `${tag} lifecycle` });
    expect((await updates(id)).length).toBe(auditsBefore);
    // Repeating the current value, and changing other fields, still works.
    expect((await patch(id, { peer_names: "managers", upward_names: "managers_and_calibration", max_peers: 7 })).status).toBe(200);
    expect((await row(id)).maxPeers).toBe(7);
  });

  it("is in the OpenAPI document of create, patch and the cycle", async () => {
    const doc = (await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" })).body;
    const text = JSON.stringify(doc.paths["/api/v1/admin/cycles"].post) + JSON.stringify(doc.paths["/api/v1/admin/cycles/{id}"].patch);
    expect(text).toContain("peer_names");
    expect(text).toContain("upward_names");
    expect(JSON.stringify(doc)).toContain("managers_and_calibration");
  });
});

describe("the setting through the pages", () => {
  it("is chosen on the create page and refused on the cycle's page once feedback opened, with the page's error", async () => {
    const db = await getDb();
    const name = `${tag} page`;
    const created = await callPage(createPage.action as never, {
      path: "/app/admin/cycles/create",
      userId: admin.id,
      form: { name, start_date: "", planned_end_date: "", max_peers: "10", peer_names: "managers", upward_names: "nobody" },
    });
    expect(created.status).toBe(302);
    const cycle = await db.cycle.findFirstOrThrow({ where: { name } });
    expect(cycle).toMatchObject({ peerNames: "managers", upwardNames: "nobody" });
    const bad = await callPage(createPage.action as never, { path: "/app/admin/cycles/create", userId: admin.id, form: { name: `${name} bad`, peer_names: "everyone" } });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.peer_names).toBeDefined();

    const params = { cycleId: String(cycle.id) };
    const form = (peer: string) => ({ intent: "update", name, start_date: "", planned_end_date: "", max_peers: "10", peer_names: peer, upward_names: "nobody" });
    expect((await callPage(detailsPage.action as never, { path: `/app/admin/cycles/${cycle.id}`, userId: admin.id, params, form: form("nobody") })).data).toMatchObject({ ok: true });
    expect((await row(cycle.id)).peerNames).toBe("nobody");
    await move(cycle.id, "start");
    await move(cycle.id, "progress_to_spu_feedback");
    const refused = await callPage(detailsPage.action as never, { path: `/app/admin/cycles/${cycle.id}`, userId: admin.id, params, form: form("managers") });
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toEqual({ key: "cyclesAdmin.form.errors.namesFixed" });
    expect((await row(cycle.id)).peerNames).toBe("nobody");
    // The same form with the stored value saves (the select always posts it).
    expect((await callPage(detailsPage.action as never, { path: `/app/admin/cycles/${cycle.id}`, userId: admin.id, params, form: form("nobody") })).data).toMatchObject({ ok: true });
  });

  it("the General Guideline states the reader's started cycles' rule; the GENERAL_GUIDELINE_URL note is for super admins only", async () => {
    const db = await getDb();
    const { id } = (await create({ name: `${tag} guideline`, peer_names: "managers", upward_names: "nobody" })).body.cycle as { id: number };
    await db.participant.create({ data: { cycleId: id, userId: employee.id } });
    const draftView = (await callPage(guidelinePage.loader as never, { path: "/app/guides/general-guideline", userId: employee.id })).data;
    expect(draftView.cycles.some((c: { id: number }) => c.id === id)).toBe(false); // a draft concerns nobody yet
    expect(draftView.admin_note).toBe(false);
    expect(draftView.default_names).toEqual({ peer: "nobody", upward: "nobody" });
    await move(id, "start");
    const view = (await callPage(guidelinePage.loader as never, { path: "/app/guides/general-guideline", userId: employee.id })).data;
    const mine = view.cycles.find((c: { id: number }) => c.id === id);
    expect(mine.names).toEqual({ peer: "managers", upward: "nobody" }); // the page says each rule (guidelines.rule.*)
    expect((await callPage(guidelinePage.loader as never, { path: "/app/guides/general-guideline", userId: admin.id })).data.admin_note).toBe(true);
  });
});
