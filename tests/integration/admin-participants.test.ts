/**
 * Admin participants API and cycle statistics: route modules → participants service → database,
 * with audit records. Cycles are inserted directly (their workflow is not under test here).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { insertCycle } from "~/features/cycles/model.server";
import * as listRoute from "~/routes/api.v1.admin.cycles.$cycle_id.participants";
import * as oneRoute from "~/routes/api.v1.admin.cycles.$cycle_id.participants.$participant_email";
import * as ratingRoute from "~/routes/api.v1.admin.cycles.$cycle_id.participants.$participant_email.calibrated_rating";
import * as decisionRoute from "~/routes/api.v1.admin.cycles.$cycle_id.participants.$participant_email.promotion_decision";
import * as panelRoute from "~/routes/api.v1.admin.cycles.$cycle_id.participants.$participant_email.panel";
import * as statisticsRoute from "~/routes/api.v1.admin.cycles.$id.statistics";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { checkParticipantRows } from "~/features/participants/rows/plan.server";
import { ParticipantRowsError, upsertParticipantRows } from "~/features/participants/rows/import.server";
import type { Actor } from "~/platform/audit.server";
import * as listPage from "~/routes/app.admin.cycles.$cycleId.participants._index";
import * as createPage from "~/routes/app.admin.cycles.$cycleId.participants.create";
import * as editPage from "~/routes/app.admin.cycles.$cycleId.participants.$email.edit";
import * as ratingPage from "~/routes/app.admin.cycles.$cycleId.participants.$email.edit-rating";
import * as decisionPage from "~/routes/app.admin.cycles.$cycleId.participants.$email.edit-promotion-decision";
import * as panelPage from "~/routes/app.admin.cycles.$cycleId.participants.$email.panel";
import * as userOptions from "~/routes/app.admin.cycles.$cycleId.participants.user-options";
import * as cyclePage from "~/routes/app.admin.cycles.$cycleId._index";
import { sessionCookieFor } from "../support/session";
import { bearerFor, callRoute, createTestUser } from "../support/api";

let admin: User;
let hrOps: User;
let partner: User;
let employee: User;
let adminToken: string;
let hrToken: string;
let partnerToken: string;
let employeeToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Part Admin" });
  hrOps = await createTestUser({ role: "HR_OPS", name: "Part Hr Ops" });
  partner = await createTestUser({ role: "PEOPLE_PARTNER", name: "Part People Partner" });
  employee = await createTestUser({ role: "EMPLOYEE", name: "Part Employee" });
  [adminToken, hrToken, partnerToken, employeeToken] = await Promise.all([admin, hrOps, partner, employee].map((u) => bearerFor(u.id)));
});

async function newCycle(name = "Participants cycle") {
  const db = await getDb();
  return db.$transaction((tx) => insertCycle(tx, { name, startDate: null, plannedEndDate: null, maxPeers: 10 }));
}

const base = (cycleId: number) => `/api/v1/admin/cycles/${cycleId}/participants`;

function list(cycleId: number, query = "", token = adminToken) {
  return callRoute(listRoute.loader as never, { path: `${base(cycleId)}${query}`, token, params: { cycle_id: String(cycleId) } });
}
function create(cycleId: number, body: unknown, token = adminToken) {
  return callRoute(listRoute.action as never, { method: "POST", path: base(cycleId), token, body, params: { cycle_id: String(cycleId) } });
}
function one(cycleId: number, email: string, opts: { method?: string; body?: unknown; token?: string } = {}) {
  const handler = (opts.method ?? "GET") === "GET" ? oneRoute.loader : oneRoute.action;
  return callRoute(handler as never, {
    method: opts.method ?? "GET",
    path: `${base(cycleId)}/${encodeURIComponent(email)}`,
    token: opts.token ?? adminToken,
    body: opts.body,
    params: { cycle_id: String(cycleId), participant_email: email },
  });
}
function rating(cycleId: number, email: string, body: unknown, token = adminToken) {
  return callRoute(ratingRoute.action as never, {
    method: "PATCH",
    path: `${base(cycleId)}/${encodeURIComponent(email)}/calibrated_rating`,
    token,
    body,
    params: { cycle_id: String(cycleId), participant_email: email },
  });
}
function decision(cycleId: number, email: string, body: unknown, token = adminToken) {
  return callRoute(decisionRoute.action as never, {
    method: "PATCH",
    path: `${base(cycleId)}/${encodeURIComponent(email)}/promotion_decision`,
    token,
    body,
    params: { cycle_id: String(cycleId), participant_email: email },
  });
}
function panel(cycleId: number, email: string, token = adminToken) {
  return callRoute(panelRoute.loader as never, {
    path: `${base(cycleId)}/${encodeURIComponent(email)}/panel`,
    token,
    params: { cycle_id: String(cycleId), participant_email: email },
  });
}
function statistics(cycleId: number, token = adminToken) {
  return callRoute(statisticsRoute.loader as never, { path: `/api/v1/admin/cycles/${cycleId}/statistics`, token, params: { id: String(cycleId) } });
}

async function audits(entityId: number, action?: string) {
  const db = await getDb();
  return db.auditRecord.findMany({ where: { entityType: "Participant", entityId: String(entityId), ...(action ? { action } : {}) }, orderBy: { id: "asc" } });
}

describe("authorization", () => {
  it("401 without a token on every call", async () => {
    const cycle = await newCycle();
    const res = [
      await list(cycle.id, "", ""),
      await create(cycle.id, { email: employee.email }, ""),
      await one(cycle.id, employee.email, { token: "" }),
      await one(cycle.id, employee.email, { method: "PATCH", body: { reviewer_only: true }, token: "" }),
      await one(cycle.id, employee.email, { method: "DELETE", token: "" }),
      await rating(cycle.id, employee.email, { calibrated_rating: 3 }, ""),
      await decision(cycle.id, employee.email, { promotion_decision: "PROMOTED" }, ""),
      await panel(cycle.id, employee.email, ""),
      await statistics(cycle.id, ""),
    ];
    for (const r of res) {
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe("unauthorized");
    }
  });

  it("403 for PEOPLE_PARTNER and EMPLOYEE on every call; HR_OPS reads but cannot write", async () => {
    const cycle = await newCycle();
    const subject = await createTestUser({ name: "Auth Subject" });
    expect((await create(cycle.id, { email: subject.email })).status).toBe(201);
    for (const token of [partnerToken, employeeToken]) {
      const res = [
        await list(cycle.id, "", token),
        await create(cycle.id, { email: employee.email }, token),
        await one(cycle.id, subject.email, { token }),
        await one(cycle.id, subject.email, { method: "PATCH", body: { reviewer_only: true }, token }),
        await one(cycle.id, subject.email, { method: "DELETE", token }),
        await rating(cycle.id, subject.email, { calibrated_rating: 3 }, token),
        await decision(cycle.id, subject.email, { promotion_decision: "PROMOTED" }, token),
        await panel(cycle.id, subject.email, token),
        await statistics(cycle.id, token),
      ];
      for (const r of res) expect(r.status).toBe(403);
    }
    expect((await list(cycle.id, "", hrToken)).status).toBe(200);
    expect((await one(cycle.id, subject.email, { token: hrToken })).status).toBe(200);
    expect((await panel(cycle.id, subject.email, hrToken)).status).toBe(200);
    expect((await statistics(cycle.id, hrToken)).status).toBe(200);
    const writes = [
      await create(cycle.id, { email: employee.email }, hrToken),
      await one(cycle.id, subject.email, { method: "PATCH", body: { reviewer_only: true }, token: hrToken }),
      await one(cycle.id, subject.email, { method: "DELETE", token: hrToken }),
      await rating(cycle.id, subject.email, { calibrated_rating: 3 }, hrToken),
      await decision(cycle.id, subject.email, { promotion_decision: "PROMOTED" }, hrToken),
    ];
    for (const r of writes) expect(r.status).toBe(403);
    // Nothing changed.
    const after = await one(cycle.id, subject.email);
    expect(after.body.participant).toMatchObject({ reviewer_only: false, calibrated_rating: null, promotion_decision: null });
    expect((await list(cycle.id)).body.total).toBe(1);
  });
});

describe("create, read, list", () => {
  it("creates a participant (201), returns the JSON shape and writes an audit record", async () => {
    const cycle = await newCycle();
    const [p, m, s, h] = await Promise.all(["Cara Create", "Mona Manager", "Sid Secondary", "Hal Hr"].map((name) => createTestUser({ name })));
    const res = await create(cycle.id, {
      email: p!.email.toUpperCase(),
      manager_email: m!.email,
      secondary_manager_email: s!.email,
      hr_partner_email: h!.email,
      reviewer_only: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const participant = res.body.participant;
    expect(participant).toEqual({
      id: expect.any(Number),
      email: p!.email,
      name: "Cara Create",
      manager_email: m!.email,
      secondary_manager_email: s!.email,
      hr_partner_email: h!.email,
      reviewer_only: false,
      calibrated_rating: null,
      promotion_decision: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [record] = await audits(participant.id, "participant.create");
    expect(record).toMatchObject({ actorId: admin.id, realActorId: admin.id, source: "api", before: null });
    expect(record!.after).toMatchObject({ cycle_id: cycle.id, email: p!.email, manager_email: m!.email, reviewer_only: false });

    const got = await one(cycle.id, p!.email.toUpperCase());
    expect(got.status).toBe(200);
    expect(got.body.participant).toEqual(participant);
  });

  it("400 for a bad email, an unknown user or manager, and the participant as their own manager", async () => {
    const cycle = await newCycle();
    const p = await createTestUser({ name: "Val Idation" });
    const bad = await create(cycle.id, { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fieldErrors.email).toEqual(["Email must be a valid email address"]);

    const missing = await create(cycle.id, { email: "nobody.here@test.example.com" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.fieldErrors.email).toEqual(["No user with email nobody.here@test.example.com"]);
    // Beside the English, the same as keys with values (ADR 0108): what the pages show.
    expect(missing.body.error.details.message_key).toEqual({ key: "participants.result.invalidInput" });
    expect(missing.body.error.details.field_error_keys).toEqual({ email: [{ key: "participants.result.noUser", values: { email: "nobody.here@test.example.com" } }] });

    const unknownManager = await create(cycle.id, { email: p.email, manager_email: "ghost.manager@test.example.com" });
    expect(unknownManager.status).toBe(422);
    expect(unknownManager.body.error.details.fieldErrors.manager_email).toEqual(["No user with email ghost.manager@test.example.com"]);
    expect(unknownManager.body.error.details.field_error_keys.manager_email).toEqual([{ key: "participants.result.noUser", values: { email: "ghost.manager@test.example.com" } }]);

    const self = await create(cycle.id, { email: p.email, manager_email: p.email });
    expect(self.status).toBe(400);
    expect(self.body.error.details.fieldErrors.manager_email).toEqual(["Manager must differ from the participant"]);

    const same = await create(cycle.id, { email: p.email, manager_email: admin.email, secondary_manager_email: admin.email });
    expect(same.status).toBe(400);
    expect(same.body.error.details.fieldErrors.secondary_manager_email).toEqual(["Secondary manager must differ from the manager"]);

    const extra = await create(cycle.id, { email: p.email, role: "SUPER_ADMIN" });
    expect(extra.status).toBe(400);

    const badJson = await callRoute(listRoute.action as never, {
      method: "POST",
      path: base(cycle.id),
      token: adminToken,
      rawBody: "{",
      params: { cycle_id: String(cycle.id) },
    });
    expect(badJson.status).toBe(400);

    expect((await list(cycle.id)).body.total).toBe(0);
  });

  it("an inactive user cannot be added", async () => {
    const cycle = await newCycle();
    const gone = await createTestUser({ name: "Gone User" });
    await (await getDb()).user.update({ where: { id: gone.id }, data: { active: false } });
    const res = await create(cycle.id, { email: gone.email });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fieldErrors.email).toEqual([`No user with email ${gone.email}`]);
  });

  it("409 for a duplicate; the first one stays", async () => {
    const cycle = await newCycle();
    const p = await createTestUser({ name: "Dup Licate" });
    expect((await create(cycle.id, { email: p.email })).status).toBe(201);
    const again = await create(cycle.id, { email: p.email.toUpperCase(), reviewer_only: true });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`${p.email} is already a participant of this cycle`);
    expect(again.body.error.details.fieldErrors.email).toEqual([`${p.email} is already a participant of this cycle`]);
    const alreadyKey = { key: "participants.result.alreadyParticipant", values: { email: p.email } };
    expect(again.body.error.details).toMatchObject({ message_key: alreadyKey, field_error_keys: { email: [alreadyKey] } });
    const all = await list(cycle.id);
    expect(all.body.total).toBe(1);
    expect(all.body.participants[0].reviewer_only).toBe(false);
  });

  it("404 for an unknown cycle or participant", async () => {
    const cycle = await newCycle();
    const p = await createTestUser({ name: "Not There" });
    const unknownCycle = 987654321;
    expect((await list(unknownCycle)).status).toBe(404);
    expect((await create(unknownCycle, { email: p.email })).status).toBe(404);
    expect((await statistics(unknownCycle)).status).toBe(404);
    expect((await one(unknownCycle, p.email)).status).toBe(404);
    expect((await callRoute(listRoute.loader as never, { path: "/x", token: adminToken, params: { cycle_id: "abc" } })).status).toBe(404);
    // p exists as a user but is not a participant of the cycle.
    expect((await one(cycle.id, p.email)).status).toBe(404);
    expect((await one(cycle.id, p.email, { method: "PATCH", body: { reviewer_only: true } })).status).toBe(404);
    const gone = await one(cycle.id, p.email, { method: "DELETE" });
    expect(gone.status).toBe(404);
    expect(gone.body.error.details).toEqual({ message_key: { key: "participants.result.notParticipant", values: { email: p.email, cycle: cycle.id } } });
    expect((await rating(cycle.id, p.email, { calibrated_rating: 2 })).status).toBe(404);
    expect((await decision(cycle.id, p.email, { promotion_decision: "DEFERRED" })).status).toBe(404);
    expect((await panel(cycle.id, p.email)).status).toBe(404);
  });

  it("lists by name with q (name or email, case-insensitive) and paging", async () => {
    const cycle = await newCycle();
    const tag = Math.random().toString(36).slice(2, 7);
    const names = ["Zed Last", "Amy First", "Bob Second", "Cat Third", `Dan ${tag}`];
    const users = await Promise.all(names.map((name) => createTestUser({ name })));
    for (const u of users) expect((await create(cycle.id, { email: u.email })).status).toBe(201);

    const all = await list(cycle.id);
    expect(all.body.total).toBe(5);
    expect(all.body.participants.map((p: { name: string }) => p.name)).toEqual(["Amy First", "Bob Second", "Cat Third", `Dan ${tag}`, "Zed Last"]);

    const page2 = await list(cycle.id, "?page=2&page_size=2");
    expect(page2.body).toMatchObject({ total: 5 });
    expect(page2.body.participants.map((p: { name: string }) => p.name)).toEqual(["Cat Third", `Dan ${tag}`]);
    const page3 = await list(cycle.id, "?page=3&page_size=2");
    expect(page3.body.participants.map((p: { name: string }) => p.name)).toEqual(["Zed Last"]);

    const byName = await list(cycle.id, "?q=BOB");
    expect(byName.body.total).toBe(1);
    expect(byName.body.participants[0].email).toBe(users[2]!.email);
    const byEmail = await list(cycle.id, `?q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(byEmail.body.participants.map((p: { email: string }) => p.email)).toEqual([users[4]!.email]);
    expect((await list(cycle.id, "?q=nomatchatall")).body).toEqual({ participants: [], total: 0 });
    // Past the last page, the total still counts the matches.
    expect((await list(cycle.id, `?q=${encodeURIComponent(tag.toUpperCase())}&page=2&page_size=1`)).body).toEqual({ participants: [], total: 1 });

    expect((await list(cycle.id, "?page=0")).status).toBe(400);
    expect((await list(cycle.id, "?page_size=101")).status).toBe(400);
    expect((await list(cycle.id, "?page=x")).status).toBe(400);
  });
});

describe("edit, rating, promotion decision, delete", () => {
  it("PATCH changes and clears people, audited with before/after; rules apply to the merged values", async () => {
    const cycle = await newCycle();
    const [p, m, s, h] = await Promise.all(["Ed Itor", "Mo Manager", "Sy Secondary", "Hu Hr"].map((name) => createTestUser({ name })));
    const created = (await create(cycle.id, { email: p!.email, manager_email: m!.email })).body.participant;
    const res = await one(cycle.id, p!.email, { method: "PATCH", body: { secondary_manager_email: s!.email, hr_partner_email: h!.email, reviewer_only: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.participant).toMatchObject({ manager_email: m!.email, secondary_manager_email: s!.email, hr_partner_email: h!.email, reviewer_only: true });
    const [record] = await audits(created.id, "participant.update");
    expect(record!.before).toMatchObject({ manager_email: m!.email, secondary_manager_email: null, hr_partner_email: null, reviewer_only: false });
    expect(record!.after).toMatchObject({ manager_email: m!.email, secondary_manager_email: s!.email, hr_partner_email: h!.email, reviewer_only: true });

    // The kept manager equals the new secondary manager.
    const clash = await one(cycle.id, p!.email, { method: "PATCH", body: { secondary_manager_email: m!.email } });
    expect(clash.status).toBe(422);
    expect(clash.body.error.details.fieldErrors.secondary_manager_email).toEqual(["Secondary manager must differ from the manager"]);
    expect(clash.body.error.details.field_error_keys).toEqual({ secondary_manager_email: [{ key: "participants.result.secondaryManager" }] });
    const selfManager = await one(cycle.id, p!.email, { method: "PATCH", body: { manager_email: p!.email } });
    expect(selfManager.status).toBe(422);
    expect(selfManager.body.error.details.fieldErrors.manager_email).toEqual(["Manager must differ from the participant"]);
    const unknown = await one(cycle.id, p!.email, { method: "PATCH", body: { hr_partner_email: "who.is.this@test.example.com" } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details.fieldErrors.hr_partner_email).toEqual(["No user with email who.is.this@test.example.com"]);
    expect(unknown.body.error.details.field_error_keys.hr_partner_email).toEqual([{ key: "participants.result.noUser", values: { email: "who.is.this@test.example.com" } }]);
    expect((await one(cycle.id, p!.email, { method: "PATCH", body: {} })).status).toBe(400);
    expect((await one(cycle.id, p!.email, { method: "PATCH", body: { email: "x@example.com" } })).status).toBe(400);

    const cleared = await one(cycle.id, p!.email, { method: "PATCH", body: { manager_email: null, hr_partner_email: null } });
    expect(cleared.body.participant).toMatchObject({ manager_email: null, secondary_manager_email: s!.email, hr_partner_email: null });

    // No-op change: no new audit record.
    const count = (await audits(created.id, "participant.update")).length;
    expect((await one(cycle.id, p!.email, { method: "PATCH", body: { reviewer_only: true } })).status).toBe(200);
    expect((await audits(created.id, "participant.update")).length).toBe(count);
  });

  it("calibrated_rating: 1-5 or null, audited with before/after; 400 off the scale; 409 for reviewer-only", async () => {
    const cycle = await newCycle();
    const p = await createTestUser({ name: "Ray Ting" });
    const created = (await create(cycle.id, { email: p.email })).body.participant;
    const r1 = await rating(cycle.id, p.email, { calibrated_rating: 3 });
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body.participant.calibrated_rating).toBe(3);
    const r2 = await rating(cycle.id, p.email, { calibrated_rating: 5 });
    expect(r2.body.participant.calibrated_rating).toBe(5);
    const records = await audits(created.id, "participant.calibrated_rating");
    expect(records.map((r) => [(r.before as { calibrated_rating: unknown }).calibrated_rating, (r.after as { calibrated_rating: unknown }).calibrated_rating])).toEqual([
      [null, 3],
      [3, 5],
    ]);
    expect(records[1]).toMatchObject({ actorId: admin.id, source: "api" });

    for (const body of [{ calibrated_rating: 6 }, { calibrated_rating: 0 }, { calibrated_rating: "4" }, { calibrated_rating: 2.5 }, {}]) {
      const bad = await rating(cycle.id, p.email, body);
      expect(bad.status).toBe(400);
    }
    expect((await one(cycle.id, p.email)).body.participant.calibrated_rating).toBe(5);
    const clearedRes = await rating(cycle.id, p.email, { calibrated_rating: null });
    expect(clearedRes.body.participant.calibrated_rating).toBeNull();
    expect((await audits(created.id, "participant.calibrated_rating")).length).toBe(3);

    const ro = await createTestUser({ name: "Revi Ewer Only" });
    await create(cycle.id, { email: ro.email, reviewer_only: true });
    const refused = await rating(cycle.id, ro.email, { calibrated_rating: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`${ro.email} is a reviewer-only participant and gets no rating`);
    expect(refused.body.error.details).toEqual({ message_key: { key: "participants.result.reviewerOnlyRating", values: { email: ro.email } } });
  });

  it("promotion_decision: PROMOTED/NOT_PROMOTED/DEFERRED or null, audited", async () => {
    const cycle = await newCycle();
    const p = await createTestUser({ name: "Pro Motion" });
    const created = (await create(cycle.id, { email: p.email })).body.participant;
    const d1 = await decision(cycle.id, p.email, { promotion_decision: "PROMOTED" });
    expect(d1.status).toBe(200);
    expect(d1.body.participant.promotion_decision).toBe("PROMOTED");
    const d2 = await decision(cycle.id, p.email, { promotion_decision: "DEFERRED" });
    expect(d2.body.participant.promotion_decision).toBe("DEFERRED");
    expect((await decision(cycle.id, p.email, { promotion_decision: "MAYBE" })).status).toBe(400);
    expect((await decision(cycle.id, p.email, { promotion_decision: "promoted" })).status).toBe(400);
    const records = await audits(created.id, "participant.promotion_decision");
    expect(records.map((r) => [(r.before as { promotion_decision: unknown }).promotion_decision, (r.after as { promotion_decision: unknown }).promotion_decision])).toEqual([
      [null, "PROMOTED"],
      ["PROMOTED", "DEFERRED"],
    ]);
  });

  it("DELETE removes a participant without feedback (204, audited); 409 once feedback about or by them exists", async () => {
    const cycle = await newCycle();
    const db = await getDb();
    const [a, b, c] = await Promise.all(["Del Ete", "Fee Dback", "Rev Iewer"].map((name) => createTestUser({ name })));
    const pa = (await create(cycle.id, { email: a!.email })).body.participant;
    const pb = (await create(cycle.id, { email: b!.email })).body.participant;
    const pc = (await create(cycle.id, { email: c!.email, manager_email: b!.email })).body.participant;

    const del = await one(cycle.id, a!.email, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect((await one(cycle.id, a!.email)).status).toBe(404);
    const [record] = await audits(pa.id, "participant.delete");
    expect(record!.before).toMatchObject({ email: a!.email, cycle_id: cycle.id });

    // c gives feedback about b (b's direct report): neither can be deleted now.
    await db.feedback.create({ data: { cycleId: cycle.id, revieweeId: pb.id, reviewerId: c!.id, reviewerType: "DIRECT_REPORT" } });
    const aboutB = await one(cycle.id, b!.email, { method: "DELETE" });
    expect(aboutB.status).toBe(409);
    expect(aboutB.body.error.message).toBe(`${b!.email} cannot be deleted: feedback about or by them exists in this cycle`);
    expect(aboutB.body.error.details).toEqual({ feedback_about: 1, feedback_by: 0, message_key: { key: "participants.result.hasFeedback", values: { email: b!.email } } });
    const byC = await one(cycle.id, c!.email, { method: "DELETE" });
    expect(byC.status).toBe(409);
    expect(byC.body.error.details).toEqual({ feedback_about: 0, feedback_by: 1, message_key: { key: "participants.result.hasFeedback", values: { email: c!.email } } });
    expect((await list(cycle.id)).body.total).toBe(2);
    expect(await audits(pc.id, "participant.delete")).toEqual([]);
  });
});

describe("panel", () => {
  it("derives Self, Manager, Matrix Manager, Direct Reports and Matrix Team from the cycle's participant records", async () => {
    const cycle = await newCycle();
    const other = await newCycle("Other cycle");
    const [subject, boss, matrixBoss, r1, r2, mt, outsider] = await Promise.all(
      ["Sue Subject", "Bea Boss", "Max Matrix", "Rob Report", "Al Report", "Tia Team", "Oz Outsider"].map((name) => createTestUser({ name })),
    );
    await create(cycle.id, { email: subject!.email, manager_email: boss!.email, secondary_manager_email: matrixBoss!.email });
    await create(cycle.id, { email: r1!.email, manager_email: subject!.email });
    await create(cycle.id, { email: r2!.email, manager_email: subject!.email, reviewer_only: true });
    await create(cycle.id, { email: mt!.email, manager_email: boss!.email, secondary_manager_email: subject!.email });
    // A report in another cycle does not count.
    await create(other.id, { email: outsider!.email, manager_email: subject!.email });

    const res = await panel(cycle.id, subject!.email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.receives_feedback).toBe(true);
    expect(res.body.participant.email).toBe(subject!.email);
    expect(res.body.reviewers.map((r: { reviewer_type_label: string; name: string }) => [r.reviewer_type_label, r.name])).toEqual([
      ["Self", "Sue Subject"],
      ["Manager", "Bea Boss"],
      ["Matrix Manager", "Max Matrix"],
      ["Direct Report", "Al Report"],
      ["Direct Report", "Rob Report"],
      ["Matrix Team", "Tia Team"],
    ]);
    expect(res.body.reviewers[1]).toEqual({ reviewer_type: "manager", reviewer_type_label: "Manager", email: boss!.email, name: "Bea Boss" });

    const roPanel = await panel(cycle.id, r2!.email);
    expect(roPanel.body).toMatchObject({ receives_feedback: false, reviewers: [] });
  });
});

describe("statistics", () => {
  it("counts participants, feedback by reviewer type and status against mandatory reviewers, ratings and decisions", async () => {
    const cycle = await newCycle();
    const db = await getDb();
    const [mgr, a, b, ro, peer] = await Promise.all(["Stat Manager", "Stat A", "Stat B", "Stat Ro", "Stat Peer"].map((name) => createTestUser({ name })));
    const pm = (await create(cycle.id, { email: mgr!.email })).body.participant;
    const pa = (await create(cycle.id, { email: a!.email, manager_email: mgr!.email })).body.participant;
    await create(cycle.id, { email: b!.email, manager_email: mgr!.email, secondary_manager_email: a!.email });
    await create(cycle.id, { email: ro!.email, manager_email: mgr!.email, reviewer_only: true });

    let res = await statistics(cycle.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let s = res.body.statistics;
    expect(s).toMatchObject({ cycle_id: cycle.id, state: "draft", participants: { total: 4, reviewer_only: 1, receiving_feedback: 3 } });
    const byType = (t: string) => s.feedback_by_reviewer_type.find((x: { reviewer_type: string }) => x.reviewer_type === t);
    // Reviewees: mgr, a, b. Self 3; manager: a, b → 2; matrix manager: b → 1; direct reports of mgr: a, b, ro → 3; matrix team of a: b → 1.
    expect(byType("self")).toMatchObject({ label: "Self", stage: "spu_feedback", expected: 3, submitted: 0, draft: 0, not_started: 3 });
    expect(byType("manager")).toMatchObject({ expected: 2, not_started: 2, stage: "manager_feedback" });
    expect(byType("matrix_manager")).toMatchObject({ expected: 1 });
    expect(byType("direct_report")).toMatchObject({ expected: 3 });
    expect(byType("matrix_team")).toMatchObject({ expected: 1 });
    expect(byType("peer")).toMatchObject({ label: "Peer/Stakeholder", expected: 0 });
    expect(s.progress).toEqual([
      { key: "spu_feedback", stage: "spu_feedback", label: "Self, peer and upward feedback", total: 8, done: 0, in_progress: 0, pending: 8 },
      { key: "manager_feedback", stage: "manager_feedback", label: "Manager feedback", total: 2, done: 0, in_progress: 0, pending: 2 },
      { key: "calibrated_ratings", stage: "calibration", label: "Calibrated ratings", total: 3, done: 0, in_progress: 0, pending: 3 },
      { key: "promotion_decisions", stage: "calibration", label: "Promotion decisions", total: 0, done: 0, in_progress: 0, pending: 0 },
    ]);

    // Feedback: a's self submitted, mgr's manager feedback on a as draft, a peer's feedback on a submitted.
    await db.feedback.createMany({
      data: [
        { cycleId: cycle.id, revieweeId: pa.id, reviewerId: a!.id, reviewerType: "SELF", status: "SUBMITTED", submittedAt: new Date() },
        { cycleId: cycle.id, revieweeId: pa.id, reviewerId: mgr!.id, reviewerType: "MANAGER", status: "DRAFT" },
        { cycleId: cycle.id, revieweeId: pa.id, reviewerId: peer!.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: new Date() },
      ],
    });
    await rating(cycle.id, a!.email, { calibrated_rating: 4 });
    await decision(cycle.id, mgr!.email, { promotion_decision: "PROMOTED" });
    await db.promotionNomination.create({ data: { participantId: pa.id } });

    res = await statistics(cycle.id);
    s = res.body.statistics;
    expect(byType("self")).toMatchObject({ expected: 3, submitted: 1, draft: 0, not_started: 2 });
    expect(byType("manager")).toMatchObject({ expected: 2, submitted: 0, draft: 1, not_started: 1 });
    expect(byType("peer")).toMatchObject({ expected: 1, submitted: 1, not_started: 0 });
    expect(s.progress[0]).toMatchObject({ total: 9, done: 2, in_progress: 0, pending: 7 });
    expect(s.progress[1]).toMatchObject({ total: 2, done: 0, in_progress: 1, pending: 2 });
    expect(s.calibrated_ratings).toEqual({ total: 3, rated: 1, pending: 2, by_rating: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 0 } });
    // mgr decided without nomination; a nominated without a decision.
    expect(s.promotion_decisions).toEqual({ nominated: 1, decided: 1, pending: 1, by_decision: { PROMOTED: 1, NOT_PROMOTED: 0, DEFERRED: 0 } });
    expect(s.progress[3]).toMatchObject({ total: 2, done: 1, pending: 1 });
    expect(pm.id).toBeGreaterThan(0);
  });
});

describe("upsertParticipantRows (bulk jobs helper)", () => {
  const actor = (): Actor => ({ userId: admin.id, realUserId: admin.id, source: "workflow" });

  it("creates, updates, leaves unchanged rows alone, and is idempotent", async () => {
    const cycle = await newCycle();
    const db = await getDb();
    const [a, b, m, h] = await Promise.all(["Up A", "Up B", "Up Manager", "Up Hr"].map((name) => createTestUser({ name })));
    const rows = [
      { email: a!.email.toUpperCase(), manager_email: m!.email, reviewer_only: "no" },
      { email: b!.email, manager_email: m!.email, hr_partner_email: h!.email },
    ];
    const first = await db.$transaction((tx) => upsertParticipantRows(tx, cycle.id, rows, actor()));
    expect(first).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const again = await db.$transaction((tx) => upsertParticipantRows(tx, cycle.id, rows, actor()));
    expect(again).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await db.participant.count({ where: { cycleId: cycle.id } })).toBe(2);

    // A missing column keeps the value; a blank cell clears it.
    const change = await db.$transaction((tx) =>
      upsertParticipantRows(tx, cycle.id, [{ email: b!.email, hr_partner_email: "", reviewer_only: "yes" }, { email: a!.email }], actor()),
    );
    expect(change).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const pb = (await one(cycle.id, b!.email)).body.participant;
    expect(pb).toMatchObject({ manager_email: m!.email, hr_partner_email: null, reviewer_only: true });
    const records = await audits(pb.id);
    expect(records.map((r) => [r.action, r.source])).toEqual([
      ["participant.create", "workflow"],
      ["participant.update", "workflow"],
    ]);
    expect(records[1]!.before).toMatchObject({ hr_partner_email: h!.email, reviewer_only: false });
    expect(records[1]!.after).toMatchObject({ hr_partner_email: null, reviewer_only: true });
  });

  it("all or nothing: any bad row throws ParticipantRowsError with issues by row index and writes nothing", async () => {
    const cycle = await newCycle();
    const db = await getDb();
    const [a, b] = await Promise.all(["Bad A", "Bad B"].map((name) => createTestUser({ name })));
    const rows = [
      { email: a!.email },
      { email: "ghost.row@test.example.com" },
      { email: b!.email, manager_email: b!.email },
      { email: a!.email.toUpperCase() },
    ];
    const checked = await checkParticipantRows(db, cycle.id, rows);
    // Each issue keeps the API's English and carries its code for the pages (ADR 0100).
    expect(checked.issues).toMatchObject([
      { index: 1, column: "email", message: "No user with email ghost.row@test.example.com", code: { key: "participants.result.noUser", values: { email: "ghost.row@test.example.com" } } },
      { index: 2, column: "manager_email", message: "Manager must differ from the participant", code: { key: expect.stringMatching(/^participants\./) } },
      { index: 3, column: "email", message: `${a!.email} is listed more than once (first at row index 0)`, code: { key: "storedTexts.jobs.rows.listedTwice" } },
    ]);
    const err = await db.$transaction((tx) => upsertParticipantRows(tx, cycle.id, rows, actor())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParticipantRowsError);
    expect((err as ParticipantRowsError).status).toBe(400);
    expect((err as ParticipantRowsError).issues).toEqual(checked.issues);
    expect(await db.participant.count({ where: { cycleId: cycle.id } })).toBe(0);

    const ok = await db.$transaction((tx) => upsertParticipantRows(tx, cycle.id, [rows[0]!], actor()));
    expect(ok).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });

  it("404 for an unknown cycle", async () => {
    const db = await getDb();
    const err = await db.$transaction((tx) => upsertParticipantRows(tx, 987654321, [{ email: admin.email }], actor())).catch((e: unknown) => e);
    expect((err as { status: number }).status).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents the participant routes and the statistics", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      "/api/v1/admin/cycles/{cycle_id}/participants",
      "/api/v1/admin/cycles/{cycle_id}/participants/{participant_email}",
      "/api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/calibrated_rating",
      "/api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/promotion_decision",
      "/api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/panel",
      "/api/v1/admin/cycles/{id}/statistics",
    ]) {
      expect(paths).toContain(p);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Pages (loaders and actions called like Remix does, with a session cookie)

async function sessionCookie(userId: number): Promise<string> {
  return sessionCookieFor(userId);
}

async function callPage(
  handler: (args: never) => unknown,
  opts: { path: string; userId: number; form?: Record<string, string>; params?: Record<string, string> },
): Promise<{ status: number; data: any; location: string | null }> {
  const headers = new Headers({ Cookie: await sessionCookie(opts.userId) });
  const body = opts.form ? new URLSearchParams(opts.form) : undefined;
  const request = new Request(`http://127.0.0.1${opts.path}`, { method: body ? "POST" : "GET", headers, body });
  try {
    const result: any = await handler({ request, params: opts.params ?? {}, context: {} } as never);
    if (result instanceof Response) return { status: result.status, data: null, location: result.headers.get("Location") };
    if (result && typeof result === "object" && result.type === "DataWithResponseInit") {
      return { status: result.init?.status ?? 200, data: result.data, location: null };
    }
    return { status: 200, data: result, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

describe("participant pages", () => {
  it("are super admin only (HR ops included) in every loader and action", async () => {
    const cycle = await newCycle();
    const p = await createTestUser({ name: "Page Guard" });
    await create(cycle.id, { email: p.email });
    const params = { cycleId: String(cycle.id), email: p.email };
    for (const user of [hrOps, partner, employee]) {
      const calls = [
        await callPage(listPage.loader as never, { path: `/app/admin/cycles/${cycle.id}/participants`, userId: user.id, params }),
        await callPage(listPage.action as never, { path: "/x", userId: user.id, params, form: { intent: "delete", email: p.email } }),
        await callPage(createPage.loader as never, { path: "/x", userId: user.id, params }),
        await callPage(createPage.action as never, { path: "/x", userId: user.id, params, form: { email: employee.email } }),
        await callPage(editPage.loader as never, { path: "/x", userId: user.id, params }),
        await callPage(editPage.action as never, { path: "/x", userId: user.id, params, form: { reviewer_only: "on" } }),
        await callPage(ratingPage.action as never, { path: "/x", userId: user.id, params, form: { calibrated_rating: "3" } }),
        await callPage(decisionPage.action as never, { path: "/x", userId: user.id, params, form: { promotion_decision: "PROMOTED" } }),
        await callPage(panelPage.loader as never, { path: "/x", userId: user.id, params }),
        await callPage(userOptions.loader as never, { path: "/x?q=a", userId: user.id, params }),
      ];
      for (const c of calls) expect(c.status).toBe(403);
    }
    expect((await one(cycle.id, p.email)).body.participant).toMatchObject({ reviewer_only: false, calibrated_rating: null });
    const anonymous = await listPage.loader({ request: new Request("http://127.0.0.1/app/admin/cycles/1/participants"), params, context: {} } as never).catch((r: Response) => r);
    expect((anonymous as Response).status).toBe(302);
  });

  it("list, create with field errors, edit, rating, decision, panel and delete", async () => {
    const cycle = await newCycle();
    const params = { cycleId: String(cycle.id) };
    const [p, m] = await Promise.all(["Page Person", "Page Manager"].map((name) => createTestUser({ name })));
    const path = `/app/admin/cycles/${cycle.id}/participants`;

    const selfManager = await callPage(createPage.action as never, { path, userId: admin.id, params, form: { email: p!.email, manager_email: p!.email } });
    expect(selfManager.status).toBe(400);
    // The page's field errors are keys with values (ADR 0108), never the API's English.
    expect(selfManager.data.fieldErrors.manager_email).toEqual([{ key: "participants.result.managerSelf" }]);
    expect(selfManager.data.values.email).toBe(p!.email);
    const unknown = await callPage(createPage.action as never, { path, userId: admin.id, params, form: { email: "no.such.person@test.example.com" } });
    expect(unknown.status).toBe(422);
    expect(unknown.data.fieldErrors.email).toEqual([{ key: "participants.result.noUser", values: { email: "no.such.person@test.example.com" } }]);

    const ok = await callPage(createPage.action as never, { path, userId: admin.id, params, form: { email: p!.email, manager_email: m!.email, hr_partner_email: "" } });
    expect(ok.status).toBe(302);
    expect(ok.location).toContain(`${path}?done=`);
    const dup = await callPage(createPage.action as never, { path, userId: admin.id, params, form: { email: p!.email } });
    expect(dup.status).toBe(409);
    expect(dup.data.fieldErrors.email).toEqual([{ key: "participants.result.alreadyParticipant", values: { email: p!.email } }]);
    expect(dup.data.formError).toBeNull();
    const created = (await one(cycle.id, p!.email)).body.participant;
    expect(created).toMatchObject({ manager_email: m!.email, hr_partner_email: null, reviewer_only: false });
    expect((await audits(created.id, "participant.create"))[0]).toMatchObject({ source: "page", actorId: admin.id });

    const listed = await callPage(listPage.loader as never, { path: `${path}?q=page%20person&page_size=10`, userId: admin.id, params });
    expect(listed.data).toMatchObject({ total: 1, q: "page person", page: 1, pageSize: 10 });
    expect(listed.data.participants[0]).toMatchObject({ email: p!.email, name: "Page Person", manager_email: m!.email, secondary_manager_email: null, hr_partner_email: null });
    const badPaging = await callPage(listPage.loader as never, { path: `${path}?page=-1`, userId: admin.id, params });
    expect(badPaging.data).toMatchObject({ total: 1, page: 1 });

    const one2 = { ...params, email: p!.email };
    const edit = await callPage(editPage.loader as never, { path: "/x", userId: admin.id, params: one2 });
    expect(edit.data.participant.email).toBe(p!.email);
    const edited = await callPage(editPage.action as never, { path: "/x", userId: admin.id, params: one2, form: { manager_email: "", secondary_manager_email: m!.email, reviewer_only: "" } });
    expect(edited.status).toBe(302);
    expect((await one(cycle.id, p!.email)).body.participant).toMatchObject({ manager_email: null, secondary_manager_email: m!.email });
    const badEdit = await callPage(editPage.action as never, { path: "/x", userId: admin.id, params: one2, form: { manager_email: m!.email, secondary_manager_email: m!.email } });
    expect(badEdit.status).toBe(422);
    expect(badEdit.data.fieldErrors.secondary_manager_email).toEqual([{ key: "participants.result.secondaryManager" }]);

    const rated = await callPage(ratingPage.action as never, { path: "/x", userId: admin.id, params: one2, form: { calibrated_rating: "2" } });
    expect(rated.status).toBe(302);
    expect((await one(cycle.id, p!.email)).body.participant.calibrated_rating).toBe(2);
    expect((await callPage(ratingPage.action as never, { path: "/x", userId: admin.id, params: one2, form: { calibrated_rating: "9" } })).status).toBe(400);
    await callPage(ratingPage.action as never, { path: "/x", userId: admin.id, params: one2, form: { calibrated_rating: "" } });
    expect((await one(cycle.id, p!.email)).body.participant.calibrated_rating).toBeNull();

    const decided = await callPage(decisionPage.action as never, { path: "/x", userId: admin.id, params: one2, form: { promotion_decision: "NOT_PROMOTED" } });
    expect(decided.status).toBe(302);
    expect((await one(cycle.id, p!.email)).body.participant.promotion_decision).toBe("NOT_PROMOTED");
    expect((await callPage(decisionPage.action as never, { path: "/x", userId: admin.id, params: one2, form: { promotion_decision: "YES" } })).status).toBe(400);

    const panelData = await callPage(panelPage.loader as never, { path: "/x", userId: admin.id, params: one2 });
    expect(panelData.data.panel.reviewers.map((r: { reviewer_type_label: string }) => r.reviewer_type_label)).toEqual(["Self", "Matrix Manager"]);
    expect((await callPage(panelPage.loader as never, { path: "/x", userId: admin.id, params: { ...params, email: "x@y.z" } })).status).toBe(404);
    expect((await callPage(listPage.loader as never, { path: "/x", userId: admin.id, params: { cycleId: "999999999" } })).status).toBe(404);

    const options = await callPage(userOptions.loader as never, { path: `/x?q=${encodeURIComponent("Page Manager")}`, userId: admin.id, params });
    expect(options.data.users).toEqual([{ email: m!.email, name: "Page Manager" }]);

    // Delete from the list: 409 message with feedback, then removed without.
    await (await getDb()).feedback.create({ data: { cycleId: cycle.id, revieweeId: created.id, reviewerId: p!.id, reviewerType: "SELF" } });
    const refused = await callPage(listPage.action as never, { path, userId: admin.id, params, form: { intent: "delete", email: p!.email } });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toEqual({ key: "participants.result.hasFeedback", values: { email: p!.email } });
    await (await getDb()).feedback.deleteMany({ where: { revieweeId: created.id } });
    const removed = await callPage(listPage.action as never, { path, userId: admin.id, params, form: { intent: "delete", email: p!.email } });
    expect(removed.data).toEqual({ ok: true, message: { key: "participants.result.removed", values: { email: p!.email } } });
    expect((await one(cycle.id, p!.email)).status).toBe(404);
  });

  it("the cycle page shows the statistics", async () => {
    const cycle = await newCycle();
    const p = await createTestUser({ name: "Stat Page" });
    await create(cycle.id, { email: p.email });
    const res = await callPage(cyclePage.loader as never, { path: `/app/admin/cycles/${cycle.id}`, userId: admin.id, params: { cycleId: String(cycle.id) } });
    expect(res.data.statistics).toMatchObject({ cycle_id: cycle.id, participants: { total: 1, reviewer_only: 0, receiving_feedback: 1 } });
  });
});
