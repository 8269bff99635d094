/**
 * The admin adds a reviewer to a participant's panel (issue 15 item 6, ADR 0034):
 * POST /api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/panel/new and the admin panel page's action.
 * Cycles are inserted directly and put into a stage with Prisma (their workflow is not under test).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Cycle, CycleState, User } from "~/generated/prisma/client.ts";
import { insertCycle } from "~/features/cycles/model.server";
import * as panelNew from "~/routes/api.v1.admin.cycles.$cycle_id.participants.$participant_email.panel.new";
import * as adminPanelPage from "~/routes/app.admin.cycles.$cycleId.participants.$email.panel";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";

let admin: User, ops: User, boss: User, sue: User, pat: User, quinn: User, ro: User;
let adminToken: string, opsToken: string, bossToken: string;

async function newCycle(name: string, state: CycleState): Promise<Cycle> {
  const db = await getDb();
  const c = await db.$transaction((tx) => insertCycle(tx, { name, startDate: null, plannedEndDate: null, maxPeers: 2 }));
  await db.participant.createMany({
    data: [
      { cycleId: c.id, userId: boss.id },
      { cycleId: c.id, userId: sue.id, managerId: boss.id },
      { cycleId: c.id, userId: pat.id },
      { cycleId: c.id, userId: quinn.id },
      { cycleId: c.id, userId: ro.id, managerId: boss.id, reviewerOnly: true },
    ],
  });
  return db.cycle.update({ where: { id: c.id }, data: { state } });
}

const post = (c: Cycle, email: string, body: unknown, token?: string) =>
  callRoute(panelNew.action as never, {
    method: "POST",
    path: `/api/v1/admin/cycles/${c.id}/participants/${email}/panel/new`,
    params: { cycle_id: String(c.id), participant_email: email },
    token,
    body,
  });

beforeAll(async () => {
  admin = await createTestUser({ name: "Ada Admin", role: "SUPER_ADMIN" });
  ops = await createTestUser({ name: "Harper Ops", role: "HR_OPS" });
  boss = await createTestUser({ name: "Bea Boss" });
  sue = await createTestUser({ name: "Sue Subject", managerId: boss.id });
  pat = await createTestUser({ name: "Pat Peer" });
  quinn = await createTestUser({ name: "Quinn Peer" });
  ro = await createTestUser({ name: "Ria Reviewer" });
  [adminToken, opsToken, bossToken] = await Promise.all([admin, ops, boss].map((u) => bearerFor(u.id)));
});

describe("POST admin/cycles/{cycle_id}/participants/{participant_email}/panel/new", () => {
  it("adds the reviewer as a request with its audit record; the panel status stays as it was", async () => {
    const c = await newCycle("Admin panel cycle", "START");
    const res = await post(c, sue.email, { peer_email: pat.email }, adminToken);
    expect(res.status).toBe(201);
    expect(res.body.panel.peers.map((p: { email: string; status: string }) => [p.email, p.status])).toEqual([[pat.email, "requested"]]);
    expect(res.body.panel.panel_status).toBe("admin_approved");
    const db = await getDb();
    const sueRow = await db.participant.findFirstOrThrow({ where: { cycleId: c.id, userId: sue.id } });
    expect(sueRow.panelStatus).toBe("ADMIN_APPROVED");
    const request = await db.peerRequest.findFirstOrThrow({ where: { participantId: sueRow.id } });
    expect(request).toMatchObject({ reviewerId: pat.id, requestedById: admin.id, status: "REQUESTED" });
    const audit = await db.auditRecord.findFirstOrThrow({ where: { entityType: "PeerRequest", entityId: String(request.id) } });
    expect(audit).toMatchObject({ action: "peer_request.create", actorId: admin.id });
    expect(audit.after).toMatchObject({ reviewer_email: pat.email, by: "admin" });
  });

  it("refuses bad input (400), no token (401), HR ops and managers (403), unknown people (404), the wrong stage and reviewer-only (409), changing nothing", async () => {
    const c = await newCycle("Admin panel refusals", "START");
    const db = await getDb();
    const count = () => db.peerRequest.count({ where: { cycleId: c.id } });
    expect((await post(c, sue.email, { peer_email: "not-an-email" }, adminToken)).status).toBe(400);
    const extra = await post(c, sue.email, { peer_email: pat.email, extra: 1 }, adminToken);
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await post(c, sue.email, { peer_email: pat.email })).status).toBe(401);
    expect((await post(c, sue.email, { peer_email: pat.email }, opsToken)).status).toBe(403);
    expect((await post(c, sue.email, { peer_email: pat.email }, bossToken)).status).toBe(403);
    expect((await post(c, "nobody@test.example.com", { peer_email: pat.email }, adminToken)).status).toBe(404);
    const missingCycle = await callRoute(panelNew.action as never, {
      method: "POST",
      path: `/api/v1/admin/cycles/99999999/participants/${sue.email}/panel/new`,
      params: { cycle_id: "99999999", participant_email: sue.email },
      token: adminToken,
      body: { peer_email: pat.email },
    });
    expect(missingCycle.status).toBe(404);
    expect((await post(c, ro.email, { peer_email: pat.email }, adminToken)).status).toBe(409);
    // The subject themselves and their manager (a mandatory reviewer) cannot be added as peers.
    expect((await post(c, sue.email, { peer_email: sue.email }, adminToken)).status).toBeGreaterThanOrEqual(400);
    expect((await post(c, sue.email, { peer_email: boss.email }, adminToken)).status).toBeGreaterThanOrEqual(400);
    expect(await count()).toBe(0);
    await db.cycle.update({ where: { id: c.id }, data: { state: "SPU_FEEDBACK" } });
    expect((await post(c, sue.email, { peer_email: pat.email }, adminToken)).status).toBe(409);
    expect(await count()).toBe(0);
  });

  it("is in the OpenAPI document and answers 405 to GET", async () => {
    const doc = (await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" })).body;
    expect(Object.keys(doc.paths["/api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/panel/new"])).toEqual(["post"]);
    const res = await callRoute(panelNew.loader as never, { path: "/api/v1/admin/cycles/1/participants/a@b.c/panel/new" });
    expect(res.status).toBe(405);
  });
});

describe("the admin panel page", () => {
  it("offers the form to a super admin in the selection stage and adds the reviewer through its action", async () => {
    const c = await newCycle("Admin panel page", "START");
    const cookie = await sessionCookieFor(admin.id);
    const params = { cycleId: String(c.id), email: sue.email };
    const path = `/app/admin/cycles/${c.id}/participants/${sue.email}/panel`;
    const loaded = await callWithSession(adminPanelPage.loader as never, { path, cookie, params });
    expect(loaded.status).toBe(200);
    expect(loaded.body.editable).toMatchObject({ can_edit: true });
    const added = await callWithSession(adminPanelPage.action as never, { method: "POST", path, cookie, params, form: { intent: "add", peer_email: quinn.email } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, message: `Feedback requested from Quinn Peer for Sue Subject` });
    const again = await callWithSession(adminPanelPage.action as never, { method: "POST", path, cookie, params, form: { intent: "add", peer_email: quinn.email } });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.body.ok).toBe(false);
    const opsCookie = await sessionCookieFor(ops.id);
    // HR ops may read the panel through the API, but the page (under /app/admin) and the write are super admin only.
    const opsView = await callWithSession(adminPanelPage.loader as never, { path, cookie: opsCookie, params });
    expect(opsView.status).toBe(403);
    const opsAdd = await callWithSession(adminPanelPage.action as never, { method: "POST", path, cookie: opsCookie, params, form: { intent: "add", peer_email: pat.email } });
    expect(opsAdd.status).toBe(403);
    expect(await (await getDb()).peerRequest.count({ where: { cycleId: c.id } })).toBe(1);
  });
});
