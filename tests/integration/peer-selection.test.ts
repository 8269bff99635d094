/**
 * Peer/stakeholder selection under /api/v1/cycles/{cycle_id}/ (issue [3/3] items 1–3): my_info, panels,
 * panels/new, panels/{email}, peers and their accept/decline, participant pickers, the manager's
 * direct_reports/{email}/panel calls, the admin panel listing the requests, and the pages' loaders and
 * actions. Cycles are inserted directly and put into a stage with Prisma (their workflow is not under test).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Cycle, CycleState, User } from "~/generated/prisma/client.ts";
import { insertCycle } from "~/features/cycles/model.server";
import { API_TOKEN_TTL_MS, hashToken, newTokenValue } from "~/platform/auth.server";
import * as myInfoRoute from "~/routes/api.v1.cycles.$cycle_id.my_info";
import * as panelsRoute from "~/routes/api.v1.cycles.$cycle_id.panels._index";
import * as panelNewRoute from "~/routes/api.v1.cycles.$cycle_id.panels.new";
import * as panelPeerRoute from "~/routes/api.v1.cycles.$cycle_id.panels.$email";
import * as peersRoute from "~/routes/api.v1.cycles.$cycle_id.peers._index";
import * as decisionRoute from "~/routes/api.v1.cycles.$cycle_id.peers.$peer_id.$decision";
import * as participantsRoute from "~/routes/api.v1.cycles.$cycle_id.participants._index";
import * as participantRoute from "~/routes/api.v1.cycles.$cycle_id.participants.$email._index";
import * as reportPanelRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.panel._index";
import * as reportNewRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.panel.new";
import * as reportApproveRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.panel.approve";
import * as reportPeerRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.panel.$peer_email";
import * as adminPanelRoute from "~/routes/api.v1.admin.cycles.$cycle_id.participants.$participant_email.panel";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import * as prepPage from "~/routes/app.performance.prep";
import * as selectionPage from "~/routes/app.performance.peer-finalization";
import * as teamPage from "~/routes/app.my-reportees.peer-finalization";
import * as reportPage from "~/routes/app.my-reportees.$email.peer-finalization";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";

let boss: User; // manager of sue and of ro
let mat: User; // matrix manager of sue
let sue: User; // the subject
let rob: User; // direct report of sue
let pat: User; // peer, participant
let quinn: User; // peer, participant
let ray: User; // peer, participant
let outsider: User; // active user, not a participant of the cycle
let ghost: User; // inactive user
let ro: User; // reviewer-only report of boss
let otherBoss: User;
let admin: User;
const tokens = new Map<number, string>();
const tok = (u: User) => tokens.get(u.id)!;

async function newCycle(name: string, state: CycleState, maxPeers = 3): Promise<Cycle> {
  const db = await getDb();
  const c = await db.$transaction((tx) => insertCycle(tx, { name, startDate: null, plannedEndDate: null, maxPeers }));
  return db.cycle.update({ where: { id: c.id }, data: { state } });
}
async function setState(c: Cycle, state: CycleState) {
  await (await getDb()).cycle.update({ where: { id: c.id }, data: { state } });
}

/** The org of one cycle: boss → sue (matrix mat) → rob; boss → ro (reviewer-only); pat, quinn, ray; otherBoss. */
async function enrol(c: Cycle) {
  const db = await getDb();
  const add = (u: User, extra: { managerId?: number; secondaryManagerId?: number; reviewerOnly?: boolean } = {}) =>
    db.participant.create({ data: { cycleId: c.id, userId: u.id, ...extra } });
  await add(boss);
  await add(mat);
  await add(sue, { managerId: boss.id, secondaryManagerId: mat.id });
  await add(rob, { managerId: sue.id });
  await add(ro, { managerId: boss.id, reviewerOnly: true });
  for (const u of [pat, quinn, ray, otherBoss]) await add(u);
}

async function spoofTokenFor(userId: number, realUserId: number): Promise<string> {
  const db = await getDb();
  const token = newTokenValue();
  await db.apiToken.create({ data: { userId, realUserId, tokenHash: hashToken(token), provider: "spoof", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) } });
  return token;
}

beforeAll(async () => {
  const names = ["Bea Boss", "Max Matrix", "Sue Subject", "Rob Report", "Pat Peer", "Quinn Peer", "Ray Peer", "Oz Outsider", "Gus Ghost", "Ria Reviewer", "Otto Other", "Ada Admin"];
  [boss, mat, sue, rob, pat, quinn, ray, outsider, ghost, ro, otherBoss] = await Promise.all(names.slice(0, 11).map((name) => createTestUser({ name })));
  admin = await createTestUser({ name: "Ada Admin", role: "SUPER_ADMIN" });
  await (await getDb()).user.update({ where: { id: ghost.id }, data: { active: false } });
  for (const u of [boss, mat, sue, rob, pat, quinn, ray, outsider, ro, otherBoss, admin]) tokens.set(u.id, await bearerFor(u.id));
});

const base = (cycleId: number) => `/api/v1/cycles/${cycleId}`;
const enc = encodeURIComponent;
const cid = (c: Cycle | number) => String(typeof c === "number" ? c : c.id);

const api = {
  myInfo: (c: Cycle | number, token: string) => callRoute(myInfoRoute.loader as never, { path: `${base(+cid(c))}/my_info`, token, params: { cycle_id: cid(c) } }),
  panel: (c: Cycle | number, token: string) => callRoute(panelsRoute.loader as never, { path: `${base(+cid(c))}/panels`, token, params: { cycle_id: cid(c) } }),
  add: (c: Cycle | number, body: unknown, token: string) =>
    callRoute(panelNewRoute.action as never, { method: "POST", path: `${base(+cid(c))}/panels/new`, token, body, params: { cycle_id: cid(c) } }),
  remove: (c: Cycle | number, email: string, token: string) =>
    callRoute(panelPeerRoute.action as never, { method: "DELETE", path: `${base(+cid(c))}/panels/${enc(email)}`, token, params: { cycle_id: cid(c), email } }),
  peers: (c: Cycle | number, token: string) => callRoute(peersRoute.loader as never, { path: `${base(+cid(c))}/peers`, token, params: { cycle_id: cid(c) } }),
  answer: (c: Cycle | number, id: number | string, decision: string, token: string, method = "PATCH") =>
    callRoute(decisionRoute.action as never, {
      method,
      path: `${base(+cid(c))}/peers/${id}/${decision}`,
      token,
      params: { cycle_id: cid(c), peer_id: String(id), decision },
    }),
  participants: (c: Cycle | number, q: string, token: string) =>
    callRoute(participantsRoute.loader as never, { path: `${base(+cid(c))}/participants${q}`, token, params: { cycle_id: cid(c) } }),
  participant: (c: Cycle | number, email: string, token: string) =>
    callRoute(participantRoute.loader as never, { path: `${base(+cid(c))}/participants/${enc(email)}`, token, params: { cycle_id: cid(c), email } }),
  reportPanel: (c: Cycle | number, email: string, token: string) =>
    callRoute(reportPanelRoute.loader as never, { path: `${base(+cid(c))}/direct_reports/${enc(email)}/panel`, token, params: { cycle_id: cid(c), email } }),
  reportAdd: (c: Cycle | number, email: string, body: unknown, token: string) =>
    callRoute(reportNewRoute.action as never, {
      method: "POST",
      path: `${base(+cid(c))}/direct_reports/${enc(email)}/panel/new`,
      token,
      body,
      params: { cycle_id: cid(c), email },
    }),
  reportRemove: (c: Cycle | number, email: string, peerEmail: string, token: string) =>
    callRoute(reportPeerRoute.action as never, {
      method: "DELETE",
      path: `${base(+cid(c))}/direct_reports/${enc(email)}/panel/${enc(peerEmail)}`,
      token,
      params: { cycle_id: cid(c), email, peer_email: peerEmail },
    }),
  approve: (c: Cycle | number, email: string, token: string, method = "PATCH") =>
    callRoute(reportApproveRoute.action as never, {
      method,
      path: `${base(+cid(c))}/direct_reports/${enc(email)}/panel/approve`,
      token,
      params: { cycle_id: cid(c), email },
    }),
};

async function audits(where: { entityType: string; entityId?: string; action?: string }) {
  return (await getDb()).auditRecord.findMany({ where, orderBy: { id: "asc" } });
}
async function requestOf(c: Cycle, subject: User, reviewer: User) {
  const db = await getDb();
  const p = await db.participant.findUniqueOrThrow({ where: { cycleId_userId: { cycleId: c.id, userId: subject.id } } });
  return db.peerRequest.findUnique({ where: { participantId_reviewerId: { participantId: p.id, reviewerId: reviewer.id } } });
}
async function panelStatusOf(c: Cycle, u: User) {
  return (await (await getDb()).participant.findUniqueOrThrow({ where: { cycleId_userId: { cycleId: c.id, userId: u.id } } })).panelStatus;
}

describe("my_info", () => {
  it("returns the participant's company profile for the cycle", async () => {
    const c = await newCycle("Profile cycle", "START");
    await enrol(c);
    const db = await getDb();
    await db.user.update({ where: { id: sue.id }, data: { jobTitle: "Engineer", department: "Engineering", location: "Berlin" } });
    await db.participant.update({ where: { cycleId_userId: { cycleId: c.id, userId: sue.id } }, data: { hrPartnerId: otherBoss.id } });
    const res = await api.myInfo(c, tok(sue));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cycle).toMatchObject({ id: c.id, name: "Profile cycle", state: "start" });
    expect(res.body.my_info).toEqual({
      email: sue.email,
      name: "Sue Subject",
      job_title: "Engineer",
      department: "Engineering",
      location: "Berlin",
      profile_image_url: null,
      manager: { email: boss.email, name: "Bea Boss" },
      secondary_manager: { email: mat.email, name: "Max Matrix" },
      hr_partner: { email: otherBoss.email, name: "Otto Other" },
      reviewer_only: false,
    });
    expect((await api.myInfo(c, tok(ro))).body.my_info.reviewer_only).toBe(true);
  });

  it("401 without a token, 404 for a non-participant or an unknown cycle", async () => {
    const c = await newCycle("Profile cycle 2", "START");
    await enrol(c);
    expect((await api.myInfo(c, "")).status).toBe(401);
    const none = await api.myInfo(c, tok(outsider));
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe("You are not a participant of this cycle");
    expect((await api.myInfo(987654321, tok(sue))).status).toBe(404);
    expect((await callRoute(myInfoRoute.loader as never, { path: "/x", token: tok(sue), params: { cycle_id: "abc" } })).status).toBe(404);
  });
});

describe("my panel and adding peers", () => {
  it("lists the mandatory reviewers from the org, no peers, Admin Approved, editable, with advice", async () => {
    const c = await newCycle("Panel cycle", "START");
    await enrol(c);
    const res = await api.panel(c, tok(sue));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const panel = res.body.panel;
    expect(panel.mandatory_reviewers.map((r: { reviewer_type_label: string; email: string }) => [r.reviewer_type_label, r.email])).toEqual([
      ["Self", sue.email],
      ["Manager", boss.email],
      ["Matrix Manager", mat.email],
      ["Direct Report", rob.email],
    ]);
    expect(panel).toMatchObject({
      receives_feedback: true,
      panel_status: "admin_approved",
      panel_status_label: "Not approved",
      max_peers: 3,
      can_edit: true,
      edit_blocked_reason: null,
      peers: [],
      counters: { selected: 0, accepted: 0, requested: 0, declined: 0, max: 3, remaining: 3 },
    });
    expect(panel.advice.join(" ")).toContain("last 6 months");
    expect(panel.advice.join(" ")).toContain("no more than 7");
    expect((await api.panel(c, tok(outsider))).status).toBe(404);
    expect((await api.panel(c, "")).status).toBe(401);
  });

  it("adds peers (participant or any active user) with an audit record; 422 for each rule with the spec's messages", async () => {
    const c = await newCycle("Add cycle", "START");
    await enrol(c);
    const added = await api.add(c, { peer_email: pat.email.toUpperCase() }, tok(sue));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.warning).toBeNull();
    expect(added.body.panel.peers).toEqual([
      expect.objectContaining({ email: pat.email, name: "Pat Peer", status: "requested", status_label: "Requested", can_remove: true, requested_by: { email: sue.email, name: "Sue Subject" } }),
    ]);
    const created = await requestOf(c, sue, pat);
    expect(created).toMatchObject({ status: "REQUESTED", requestedById: sue.id, cycleId: c.id });
    const [audit] = await audits({ entityType: "PeerRequest", entityId: String(created!.id) });
    expect(audit).toMatchObject({ action: "peer_request.create", source: "api", actorId: sue.id, realActorId: sue.id });
    expect(audit!.after).toMatchObject({ reviewer_email: pat.email, participant_email: sue.email, by: "participant" });

    // Someone who is not a participant of the cycle may be asked (docs/decisions/0020-peer-selection.md).
    expect((await api.add(c, { peer_email: outsider.email }, tok(sue))).status).toBe(201);

    const own = await api.add(c, { peer_email: sue.email }, tok(sue));
    expect(own.status).toBe(422);
    expect(own.body.error.message).toBe("Peer's email can't be the same as the user's email");
    expect(own.body.error.details.fieldErrors.peer_email).toEqual(["Peer's email can't be the same as the user's email"]);
    for (const m of [boss, mat, rob]) {
      const res = await api.add(c, { peer_email: m.email }, tok(sue));
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(`${m.email} is already a mandatory reviewer`);
    }
    const dup = await api.add(c, { peer_email: pat.email }, tok(sue));
    expect(dup.status).toBe(422);
    expect(dup.body.error.message).toBe(`${pat.email} is already in the peer list`);
    const unknown = await api.add(c, { peer_email: "nobody.at.all@test.example.com" }, tok(sue));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe("No active user with the email nobody.at.all@test.example.com");
    expect((await api.add(c, { peer_email: ghost.email }, tok(sue))).body.error.message).toBe(`No active user with the email ${ghost.email}`);
    const bad = await api.add(c, { peer_email: "not-an-email" }, tok(sue));
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fieldErrors.peer_email).toEqual(["peer_email must be a valid email address"]);
    expect((await api.add(c, {}, tok(sue))).status).toBe(400);
    expect((await api.add(c, { peer_email: pat.email, extra: 1 }, tok(sue))).status).toBe(400);
    expect((await callRoute(panelNewRoute.action as never, { method: "POST", path: "/x", token: tok(sue), rawBody: "{", params: { cycle_id: cid(c) } })).status).toBe(400);

    expect((await api.add(c, { peer_email: quinn.email }, tok(sue))).status).toBe(201);
    const over = await api.add(c, { peer_email: ray.email }, tok(sue));
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe("At most 3 peers can be selected in this cycle");
    expect(await requestOf(c, sue, ray)).toBeNull();
    // Nothing refused was written or audited.
    expect(await (await getDb()).peerRequest.count({ where: { cycleId: c.id } })).toBe(3);

    const panel = (await api.panel(c, tok(sue))).body.panel;
    expect(panel.counters).toMatchObject({ selected: 3, requested: 3, remaining: 0 });
    expect(panel.panel_status_label).toBe("Not approved");

    expect((await api.add(c, { peer_email: pat.email }, tok(outsider))).status).toBe(404);
    expect((await api.add(987654321, { peer_email: pat.email }, tok(sue))).status).toBe(404);
    expect((await api.add(c, { peer_email: pat.email }, "")).status).toBe(401);
    expect((await callRoute(panelNewRoute.loader as never, { path: "/x", params: { cycle_id: cid(c) } })).status).toBe(405);
  });

  it("a declined peer frees the place, cannot be asked again until removed", async () => {
    const c = await newCycle("Declined cycle", "START", 1);
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));
    const req = await requestOf(c, sue, pat);
    expect((await api.answer(c, req!.id, "decline", tok(pat))).status).toBe(200);
    const again = await api.add(c, { peer_email: pat.email }, tok(sue));
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(`${pat.email} has declined this request; remove it before asking again`);
    expect((await api.add(c, { peer_email: quinn.email }, tok(sue))).status).toBe(201);
    expect((await api.remove(c, pat.email, tok(sue))).status).toBe(200);
  });

  it("403 for a personal write while spoofing", async () => {
    const c = await newCycle("Spoof cycle", "START");
    await enrol(c);
    const spoof = await spoofTokenFor(sue.id, admin.id);
    const res = await api.add(c, { peer_email: pat.email }, spoof);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("spoofing");
    expect((await api.remove(c, pat.email, spoof)).status).toBe(403);
    // Reading is allowed while spoofing.
    expect((await api.panel(c, spoof)).status).toBe(200);
    expect(await requestOf(c, sue, pat)).toBeNull();
  });

  it("reviewer-only participants have no panel (409 on edits)", async () => {
    const c = await newCycle("Reviewer-only cycle", "START");
    await enrol(c);
    const panel = (await api.panel(c, tok(ro))).body.panel;
    expect(panel).toMatchObject({ receives_feedback: false, mandatory_reviewers: [], can_edit: false, advice: [] });
    expect(panel.edit_blocked_reason).toBe("Reviewer-only participants receive no feedback, so they have no peer selection");
    const res = await api.add(c, { peer_email: pat.email }, tok(ro));
    expect(res.status).toBe(409);
    expect((await api.reportAdd(c, ro.email, { peer_email: pat.email }, tok(boss))).status).toBe(409);
  });
});

describe("removing peers", () => {
  it("removes a request not yet accepted (audited); 409 for an accepted reviewer; 404 when not asked", async () => {
    const c = await newCycle("Remove cycle", "START");
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));
    await api.add(c, { peer_email: quinn.email }, tok(sue));
    const patReq = await requestOf(c, sue, pat);
    const quinnReq = await requestOf(c, sue, quinn);
    expect((await api.answer(c, quinnReq!.id, "accept", tok(quinn))).status).toBe(200);

    const removed = await api.remove(c, pat.email, tok(sue));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.panel.peers.map((p: { email: string }) => p.email)).toEqual([quinn.email]);
    expect(removed.body.panel.peers[0]).toMatchObject({ status: "accepted", can_remove: false });
    expect(await requestOf(c, sue, pat)).toBeNull();
    const [audit] = await audits({ entityType: "PeerRequest", entityId: String(patReq!.id), action: "peer_request.delete" });
    expect(audit).toMatchObject({ actorId: sue.id, source: "api" });
    expect(audit!.before).toMatchObject({ reviewer_email: pat.email, status: "requested" });

    const accepted = await api.remove(c, quinn.email, tok(sue));
    expect(accepted.status).toBe(409);
    expect(accepted.body.error.message).toBe(`${quinn.email} has accepted the request and cannot be removed`);
    expect(await requestOf(c, sue, quinn)).not.toBeNull();
    const missing = await api.remove(c, ray.email, tok(sue));
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(`${ray.email} is not in the peer list`);
    expect((await api.remove(c, "not-an-email", tok(sue))).status).toBe(404);
    expect((await callRoute(panelPeerRoute.action as never, { method: "POST", path: "/x", token: tok(sue), params: { cycle_id: cid(c), email: pat.email } })).status).toBe(405);
  });
});

describe("requests to me (peers) and answering them", () => {
  it("lists my requests; only the requested reviewer answers, once, in the start stage; audited", async () => {
    const c = await newCycle("Answer cycle", "START");
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));
    await api.add(c, { peer_email: quinn.email }, tok(sue));
    await api.add(c, { peer_email: pat.email }, tok(rob));
    const sueReq = (await requestOf(c, sue, pat))!;
    const robReq = (await requestOf(c, rob, pat))!;

    const list = await api.peers(c, tok(pat));
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.requests.map((r: { participant: { email: string }; status: string; can_respond: boolean }) => [r.participant.email, r.status, r.can_respond])).toEqual([
      [sue.email, "requested", true],
      [rob.email, "requested", true],
    ]);
    expect(list.body).toMatchObject({ accepted_count: 0, advised_max_accepted: 7, warning: null });
    // Any active user sees the requests addressed to them, participant of the cycle or not.
    expect((await api.peers(c, tok(outsider))).body.requests).toEqual([]);

    const forbidden = await api.answer(c, sueReq.id, "accept", tok(sue));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe("Only the requested reviewer can answer this feedback request");
    expect((await api.answer(c, sueReq.id, "accept", tok(boss))).status).toBe(403);
    expect((await api.answer(c, sueReq.id, "accept", await spoofTokenFor(pat.id, admin.id))).status).toBe(403);

    const ok = await api.answer(c, sueReq.id, "accept", tok(pat));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ request: { id: sueReq.id, status: "accepted", status_label: "Accepted", can_respond: false }, accepted_count: 1, warning: null });
    expect((await requestOf(c, sue, pat))!.respondedAt).not.toBeNull();
    const [audit] = await audits({ entityType: "PeerRequest", entityId: String(sueReq.id), action: "peer_request.accept" });
    expect(audit).toMatchObject({ actorId: pat.id, source: "api" });
    expect(audit!.after).toMatchObject({ status: "accepted", participant_email: sue.email });

    const again = await api.answer(c, sueReq.id, "accept", tok(pat));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This feedback request was already accepted");
    expect((await api.answer(c, sueReq.id, "decline", tok(pat))).status).toBe(409);

    const declined = await api.answer(c, robReq.id, "decline", tok(pat), "POST");
    expect(declined.status).toBe(200);
    expect(declined.body.request.status).toBe("declined");
    expect((await api.answer(c, robReq.id, "accept", tok(pat))).body.error.message).toBe("This feedback request was already declined");

    expect((await api.answer(c, 987654321, "accept", tok(pat))).status).toBe(404);
    expect((await api.answer(c, sueReq.id, "maybe", tok(pat))).status).toBe(404);
    const other = await newCycle("Other cycle", "START");
    expect((await api.answer(other, sueReq.id, "accept", tok(pat))).status).toBe(404);
    expect((await api.answer(c, sueReq.id, "accept", "")).status).toBe(401);
    expect((await callRoute(decisionRoute.action as never, { method: "DELETE", path: "/x", token: tok(pat), params: { cycle_id: cid(c), peer_id: "1", decision: "accept" } })).status).toBe(405);
    expect((await api.peers(987654321, tok(pat))).status).toBe(404);
  });

  it("advises (not enforces) at most 7 accepted requests", async () => {
    const c = await newCycle("Busy cycle", "START", 10);
    const db = await getDb();
    const subjects = await Promise.all(Array.from({ length: 8 }, (_, i) => createTestUser({ name: `Busy Subject ${i}` })));
    const busy = await createTestUser({ name: "Bo Busy" });
    tokens.set(busy.id, await bearerFor(busy.id));
    await db.participant.create({ data: { cycleId: c.id, userId: busy.id } });
    const ids: number[] = [];
    for (const s of subjects) {
      const p = await db.participant.create({ data: { cycleId: c.id, userId: s.id } });
      ids.push((await db.peerRequest.create({ data: { cycleId: c.id, participantId: p.id, reviewerId: busy.id, requestedById: s.id } })).id);
    }
    for (const id of ids.slice(0, 7)) expect((await api.answer(c, id, "accept", tok(busy))).body.warning).toBeNull();
    // Someone asking Bo now is told Bo already accepted 7 requests; the request is still made.
    const asker = subjects[0]!;
    tokens.set(asker.id, await bearerFor(asker.id));
    const ask = await api.add(c, { peer_email: busy.email }, tok(asker));
    expect(ask.status).toBe(422); // already asked by this subject
    const fresh = await createTestUser({ name: "Fay Fresh" });
    tokens.set(fresh.id, await bearerFor(fresh.id));
    await db.participant.create({ data: { cycleId: c.id, userId: fresh.id } });
    const warned = await api.add(c, { peer_email: busy.email }, tok(fresh));
    expect(warned.status).toBe(201);
    expect(warned.body.warning).toBe("Bo Busy has already accepted 7 feedback requests in this cycle; no more than 7 are advised, so consider someone else.");
    expect(warned.body.panel.peers[0].warning).toBe(warned.body.warning);

    const eighth = await api.answer(c, ids[7]!, "accept", tok(busy));
    expect(eighth.status).toBe(200);
    expect(eighth.body).toMatchObject({ accepted_count: 8, warning: "You have accepted 8 feedback requests; no more than 7 are advised." });
    expect((await api.peers(c, tok(busy))).body).toMatchObject({ accepted_count: 8, warning: "You have accepted 8 feedback requests; no more than 7 are advised." });
  });
});

describe("stage: selection only in the start stage", () => {
  it("409 for every write once the cycle moved on (or before it started); reads still work", async () => {
    const c = await newCycle("Stage cycle", "START");
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));
    const req = (await requestOf(c, sue, pat))!;
    for (const state of ["SPU_FEEDBACK", "DRAFT", "COMMUNICATION"] as const) {
      await setState(c, state);
      const add = await api.add(c, { peer_email: quinn.email }, tok(sue));
      expect(add.status).toBe(409);
      expect(add.body.error.message).toBe("Peer selection is open only in the start stage of the cycle");
      expect((await api.remove(c, pat.email, tok(sue))).status).toBe(409);
      expect((await api.answer(c, req.id, "accept", tok(pat))).status).toBe(409);
      expect((await api.reportAdd(c, sue.email, { peer_email: quinn.email }, tok(boss))).status).toBe(409);
      expect((await api.reportRemove(c, sue.email, pat.email, tok(boss))).status).toBe(409);
      expect((await api.approve(c, sue.email, tok(boss))).status).toBe(409);
      const panel = await api.panel(c, tok(sue));
      expect(panel.status).toBe(200);
      expect(panel.body.panel).toMatchObject({ can_edit: false, edit_blocked_reason: "Peer selection is open only in the start stage of the cycle" });
      expect(panel.body.panel.peers[0].can_remove).toBe(false);
      expect((await api.peers(c, tok(pat))).body.requests[0].can_respond).toBe(false);
    }
    expect((await requestOf(c, sue, pat))!.status).toBe("REQUESTED");
    expect(await panelStatusOf(c, sue)).toBe("ADMIN_APPROVED");
  });
});

describe("the manager modifies a direct report's selection", () => {
  it("reads, adds (→ Manager Approved, only the manager edits further), removes, approves; audited", async () => {
    const c = await newCycle("Manager cycle", "START");
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));

    const read = await api.reportPanel(c, sue.email, tok(boss));
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.panel).toMatchObject({ participant: { email: sue.email, manager: { email: boss.email } }, can_edit: true, panel_status_label: "Not approved" });

    const own = await api.reportAdd(c, sue.email, { peer_email: sue.email }, tok(boss));
    expect(own.body.error.message).toBe("Peer's email can't be the same as the user's email");
    const self = await api.reportAdd(c, sue.email, { peer_email: boss.email }, tok(boss));
    expect(self.body.error.message).toBe(`${boss.email} is already a mandatory reviewer`);
    expect((await api.reportAdd(c, sue.email, { peer_email: "x" }, tok(boss))).status).toBe(400);

    const added = await api.reportAdd(c, sue.email, { peer_email: quinn.email }, tok(boss));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.panel).toMatchObject({ panel_status: "manager_approved", panel_status_label: "Manager Approved", can_edit: true });
    expect(added.body.panel.peers.find((p: { email: string }) => p.email === quinn.email).requested_by).toEqual({ email: boss.email, name: "Bea Boss" });
    expect(await panelStatusOf(c, sue)).toBe("MANAGER_APPROVED");
    const sueParticipant = await (await getDb()).participant.findUniqueOrThrow({ where: { cycleId_userId: { cycleId: c.id, userId: sue.id } } });
    const [statusAudit] = await audits({ entityType: "Participant", entityId: String(sueParticipant.id), action: "participant.panel_status" });
    expect(statusAudit).toMatchObject({ actorId: boss.id, source: "api" });
    expect(statusAudit!.before).toMatchObject({ panel_status: "admin_approved" });
    expect(statusAudit!.after).toMatchObject({ panel_status: "manager_approved" });
    const [addAudit] = await audits({ entityType: "PeerRequest", entityId: String((await requestOf(c, sue, quinn))!.id) });
    expect(addAudit!.after).toMatchObject({ by: "manager" });

    // The participant can no longer edit.
    const mine = await api.panel(c, tok(sue));
    expect(mine.body.panel).toMatchObject({ can_edit: false, panel_status_label: "Manager Approved" });
    expect(mine.body.panel.edit_blocked_reason).toBe("Your manager has modified your peer selection (Manager Approved); only your manager can change it now");
    const locked = await api.add(c, { peer_email: ray.email }, tok(sue));
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe("Your manager has modified your peer selection (Manager Approved); only your manager can change it now");
    expect((await api.remove(c, pat.email, tok(sue))).status).toBe(409);

    // The manager still can: remove a request not accepted, never an accepted one.
    expect((await api.answer(c, (await requestOf(c, sue, quinn))!.id, "accept", tok(quinn))).status).toBe(200);
    const removed = await api.reportRemove(c, sue.email, pat.email, tok(boss));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.panel.peers.map((p: { email: string }) => p.email)).toEqual([quinn.email]);
    const refused = await api.reportRemove(c, sue.email, quinn.email, tok(boss));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`${quinn.email} has accepted the request and cannot be removed`);
    expect((await api.reportRemove(c, sue.email, ray.email, tok(boss))).status).toBe(404);
  });

  it("approves a selection as it is (Manager Approved, audited once)", async () => {
    const c = await newCycle("Approve cycle", "START");
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));
    const res = await api.approve(c, sue.email, tok(boss));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.panel).toMatchObject({ panel_status: "manager_approved", panel_status_label: "Manager Approved", can_edit: true });
    expect((await api.approve(c, sue.email, tok(boss), "POST")).status).toBe(200);
    const p = await (await getDb()).participant.findUniqueOrThrow({ where: { cycleId_userId: { cycleId: c.id, userId: sue.id } } });
    expect(await audits({ entityType: "Participant", entityId: String(p.id), action: "participant.panel_status" })).toHaveLength(1);
    expect((await api.add(c, { peer_email: quinn.email }, tok(sue))).status).toBe(409);
    expect((await callRoute(reportApproveRoute.action as never, { method: "DELETE", path: "/x", token: tok(boss), params: { cycle_id: cid(c), email: sue.email } })).status).toBe(405);
  });

  it("403 for a manager of someone else (or the report themselves), 404 for a non-participant, 403 while spoofing", async () => {
    const c = await newCycle("Manager guard cycle", "START");
    await enrol(c);
    for (const who of [otherBoss, sue, mat]) {
      expect((await api.reportPanel(c, sue.email, tok(who))).status).toBe(403);
      expect((await api.reportAdd(c, sue.email, { peer_email: pat.email }, tok(who))).status).toBe(403);
      expect((await api.reportRemove(c, sue.email, pat.email, tok(who))).status).toBe(403);
      expect((await api.approve(c, sue.email, tok(who))).status).toBe(403);
    }
    const notMine = await api.reportPanel(c, rob.email, tok(boss));
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toBe(`${rob.email} is not your direct report in this cycle`);
    expect((await api.reportPanel(c, outsider.email, tok(boss))).status).toBe(404);
    expect((await api.reportAdd(c, outsider.email, { peer_email: pat.email }, tok(boss))).status).toBe(404);
    expect((await api.reportPanel(987654321, sue.email, tok(boss))).status).toBe(404);
    const spoof = await spoofTokenFor(boss.id, admin.id);
    expect((await api.reportAdd(c, sue.email, { peer_email: pat.email }, spoof)).status).toBe(403);
    expect((await api.approve(c, sue.email, spoof)).status).toBe(403);
    expect((await api.reportRemove(c, sue.email, pat.email, spoof)).status).toBe(403);
    expect((await api.reportPanel(c, sue.email, spoof)).status).toBe(200);
    expect(await panelStatusOf(c, sue)).toBe("ADMIN_APPROVED");
    expect(await requestOf(c, sue, pat)).toBeNull();
  });
});

describe("concurrent writes", () => {
  it("two adds for the last place: exactly one is made; an acceptance racing a removal leaves a consistent state", async () => {
    const c = await newCycle("Race cycle", "START", 1);
    await enrol(c);
    const results = await Promise.all([api.add(c, { peer_email: pat.email }, tok(sue)), api.add(c, { peer_email: quinn.email }, tok(sue))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.error.message).toBe("At most 1 peer can be selected in this cycle");
    expect(await (await getDb()).peerRequest.count({ where: { cycleId: c.id } })).toBe(1);

    await api.add(c, { peer_email: ray.email }, tok(rob));
    const req = (await requestOf(c, rob, ray))!;
    const [accept, remove] = await Promise.all([api.answer(c, req.id, "accept", tok(ray)), api.remove(c, ray.email, tok(rob))]);
    const now = await requestOf(c, rob, ray);
    if (accept.status === 200) {
      expect(remove.status).toBe(409);
      expect(now!.status).toBe("ACCEPTED");
    } else {
      expect(remove.status).toBe(200);
      expect(accept.status).toBe(404);
      expect(now).toBeNull();
    }
  });
});

describe("participant pickers", () => {
  it("searches the cycle's participants by name or email with limited fields; one by email", async () => {
    const c = await newCycle("Picker cycle", "START");
    await enrol(c);
    const res = await api.participants(c, "?q=peer", tok(outsider));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.participants.map((p: { name: string }) => p.name)).toEqual(["Pat Peer", "Quinn Peer", "Ray Peer"]);
    expect(Object.keys(res.body.participants[0]).sort()).toEqual(["department", "email", "job_title", "name", "profile_image_url", "reviewer_only"]);
    expect((await api.participants(c, `?q=${enc(sue.email.toUpperCase())}`, tok(pat))).body.participants.map((p: { email: string }) => p.email)).toEqual([sue.email]);
    expect((await api.participants(c, "", tok(pat))).body.participants).toHaveLength(9);
    expect((await api.participants(c, `?q=${"x".repeat(201)}`, tok(pat))).status).toBe(400);
    expect((await api.participants(987654321, "", tok(pat))).status).toBe(404);
    expect((await api.participants(c, "", "")).status).toBe(401);

    const one = await api.participant(c, ro.email, tok(pat));
    expect(one.status).toBe(200);
    expect(one.body.participant).toMatchObject({ email: ro.email, name: "Ria Reviewer", reviewer_only: true });
    expect((await api.participant(c, outsider.email, tok(pat))).status).toBe(404);
    expect((await api.participant(c, "nope", tok(pat))).status).toBe(404);
  });
});

describe("admin panel", () => {
  it("lists the peer requests with their status and the panel status", async () => {
    const c = await newCycle("Admin panel cycle", "START");
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));
    await api.reportAdd(c, sue.email, { peer_email: quinn.email }, tok(boss));
    await api.answer(c, (await requestOf(c, sue, quinn))!.id, "decline", tok(quinn));
    const res = await callRoute(adminPanelRoute.loader as never, {
      path: "/x",
      token: tok(admin),
      params: { cycle_id: cid(c), participant_email: sue.email },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.panel_status_label).toBe("Manager Approved");
    expect(res.body.peer_requests.map((r: { email: string; status_label: string; requested_by: { email: string } }) => [r.email, r.status_label, r.requested_by.email])).toEqual([
      [pat.email, "Requested", sue.email],
      [quinn.email, "Declined", boss.email],
    ]);
  });
});

describe("OpenAPI", () => {
  it("documents every peer selection call", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = res.body.paths;
    for (const [p, methods] of Object.entries({
      "/api/v1/cycles/{cycle_id}/my_info": ["get"],
      "/api/v1/cycles/{cycle_id}/panels": ["get"],
      "/api/v1/cycles/{cycle_id}/panels/new": ["post"],
      "/api/v1/cycles/{cycle_id}/panels/{email}": ["delete"],
      "/api/v1/cycles/{cycle_id}/peers": ["get"],
      "/api/v1/cycles/{cycle_id}/peers/{peer_id}/accept": ["patch", "post"],
      "/api/v1/cycles/{cycle_id}/peers/{peer_id}/decline": ["patch", "post"],
      "/api/v1/cycles/{cycle_id}/participants": ["get"],
      "/api/v1/cycles/{cycle_id}/participants/{email}": ["get"],
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/panel": ["get"],
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/panel/new": ["post"],
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/panel/{peer_email}": ["delete"],
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/panel/approve": ["patch", "post"],
    })) {
      expect(Object.keys(paths), p).toContain(p);
      for (const m of methods) expect(Object.keys(paths[p]), `${m} ${p}`).toContain(m);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Pages (loaders and actions called like Remix does, with a session cookie)

describe("pages", () => {
  const page = async (handler: unknown, u: User, path: string, opts: { form?: Record<string, string>; params?: Record<string, string>; realUserId?: number } = {}) =>
    callWithSession(handler as never, {
      method: opts.form ? "POST" : "GET",
      path,
      cookie: await sessionCookieFor(u.id, opts.realUserId),
      form: opts.form,
      params: opts.params,
    });

  it("Check your profile shows my_info, or says the user is not a participant; cycle_id is required", async () => {
    const c = await newCycle("Prep page cycle", "START");
    await enrol(c);
    const res = await page(prepPage.loader, sue, `/app/performance/prep?cycle_id=${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.info.my_info).toMatchObject({ email: sue.email, manager: { email: boss.email } });
    expect((await page(prepPage.loader, outsider, `/app/performance/prep?cycle_id=${c.id}`)).body).toMatchObject({ kind: "selected", info: null });
    expect((await page(prepPage.loader, sue, "/app/performance/prep?cycle_id=abc")).body).toMatchObject({ kind: "invalid", message: "Invalid Cycle ID" });
    const redirect = await page(prepPage.loader, sue, "/app/performance/prep");
    expect(redirect.status).toBe(302);
    expect(redirect.response.headers.get("Location")).toMatch(/^\/app\/performance\/prep\?cycle_id=\d+$/);
    const anonymous = await callWithSession(prepPage.loader as never, { path: `/app/performance/prep?cycle_id=${c.id}` });
    expect(anonymous.status).toBe(302);
    expect(anonymous.response.headers.get("Location")).toContain("/app/login?out=true");
  });

  it("peer selection page: panel and requests for me; add (messages), remove, accept, decline; spoofing refused", async () => {
    const c = await newCycle("Selection page cycle", "START");
    await enrol(c);
    const path = `/app/performance/peer-finalization?cycle_id=${c.id}`;
    const loaded = await page(selectionPage.loader, sue, path);
    expect(loaded.status).toBe(200);
    expect(loaded.body.panel.mandatory_reviewers.map((r: { email: string }) => r.email)).toEqual([sue.email, boss.email, mat.email, rob.email]);
    expect(loaded.body.incoming).toMatchObject({ requests: [], accepted_count: 0 });

    const mandatory = await page(selectionPage.action, sue, path, { form: { intent: "add", peer_email: boss.email } });
    expect(mandatory.status).toBe(422);
    expect(mandatory.body).toMatchObject({ ok: false, intent: "add", message: { key: "peers.result.mandatory", values: { peer: boss.email } } });
    const own = await page(selectionPage.action, sue, path, { form: { intent: "add", peer_email: sue.email } });
    expect(own.body.message).toEqual({ key: "peers.result.ownEmail" });
    expect((await page(selectionPage.action, sue, path, { form: { intent: "add", peer_email: "nope" } })).body).toMatchObject({ ok: false, message: { key: "peers.result.invalidEmail" } });
    const added = await page(selectionPage.action, sue, path, { form: { intent: "add", peer_email: pat.email } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, message: { key: "peers.result.requested", values: { name: "Pat Peer" } } });
    await page(selectionPage.action, sue, path, { form: { intent: "add", peer_email: quinn.email } });
    const [audit] = await audits({ entityType: "PeerRequest", entityId: String((await requestOf(c, sue, pat))!.id) });
    expect(audit).toMatchObject({ action: "peer_request.create", source: "page", actorId: sue.id });

    // Pat sees the request and accepts it; Quinn declines.
    const patView = await page(selectionPage.loader, pat, path);
    expect(patView.body.incoming.requests.map((r: { participant: { email: string }; can_respond: boolean }) => [r.participant.email, r.can_respond])).toEqual([[sue.email, true]]);
    const patRequest = patView.body.incoming.requests[0].id;
    expect((await page(selectionPage.action, sue, path, { form: { intent: "accept", request_id: String(patRequest) } })).status).toBe(403);
    const spoofed = await page(selectionPage.action, pat, path, { form: { intent: "accept", request_id: String(patRequest) }, realUserId: admin.id });
    expect(spoofed.status).toBe(403);
    const accepted = await page(selectionPage.action, pat, path, { form: { intent: "accept", request_id: String(patRequest) } });
    expect(accepted.body).toMatchObject({ ok: true, message: { key: "peers.result.accepted", values: { name: "Sue Subject" } } });
    const quinnRequest = (await requestOf(c, sue, quinn))!.id;
    expect((await page(selectionPage.action, quinn, path, { form: { intent: "decline", request_id: String(quinnRequest) } })).body.ok).toBe(true);
    expect((await page(selectionPage.action, quinn, path, { form: { intent: "decline", request_id: String(quinnRequest) } })).status).toBe(409);

    const removeAccepted = await page(selectionPage.action, sue, path, { form: { intent: "remove", peer_email: pat.email } });
    expect(removeAccepted.status).toBe(409);
    expect(removeAccepted.body.message).toEqual({ key: "peers.result.acceptedCannotBeRemoved", values: { peer: pat.email } });
    expect((await page(selectionPage.action, sue, path, { form: { intent: "remove", peer_email: quinn.email } })).body.ok).toBe(true);
    expect((await page(selectionPage.action, sue, path, { form: { intent: "nonsense" } })).status).toBe(400);
    expect((await page(selectionPage.action, sue, path, { form: { intent: "add", peer_email: ray.email }, realUserId: admin.id })).status).toBe(403);

    const after = await page(selectionPage.loader, sue, path);
    expect(after.body.panel.peers.map((p: { email: string; status: string }) => [p.email, p.status])).toEqual([[pat.email, "accepted"]]);
    // A non-participant has no panel but sees requests addressed to them.
    expect((await page(selectionPage.loader, outsider, path)).body).toMatchObject({ panel: null, incoming: { requests: [] } });
  });

  it("team page lists my reports with their selection status; report page lets the manager add, remove and approve", async () => {
    const c = await newCycle("Team page cycle", "START");
    await enrol(c);
    await api.add(c, { peer_email: pat.email }, tok(sue));
    const team = await page(teamPage.loader, boss, `/app/my-reportees/peer-finalization?cycle_id=${c.id}`);
    expect(team.status).toBe(200);
    expect(team.body.team.direct_reports.map((r: { email: string; panel_status: string; reviewer_only: boolean; counters: { selected: number } }) => [r.email, r.panel_status, r.reviewer_only, r.counters.selected])).toEqual([
      [ro.email, "admin_approved", true, 0],
      [sue.email, "admin_approved", false, 1],
    ]);
    expect((await page(teamPage.loader, pat, `/app/my-reportees/peer-finalization?cycle_id=${c.id}`)).body.team.direct_reports).toEqual([]);

    const path = `/app/my-reportees/${enc(sue.email)}/peer-finalization?cycle_id=${c.id}`;
    const params = { email: sue.email };
    const loaded = await page(reportPage.loader, boss, path, { params });
    expect(loaded.status).toBe(200);
    expect(loaded.body.panel).toMatchObject({ can_edit: true, panel_status: "admin_approved", participant: { email: sue.email } });
    expect((await page(reportPage.loader, otherBoss, path, { params })).status).toBe(403);
    expect((await page(reportPage.loader, boss, `/app/my-reportees/${enc(outsider.email)}/peer-finalization?cycle_id=${c.id}`, { params: { email: outsider.email } })).status).toBe(404);
    expect((await page(reportPage.action, otherBoss, path, { params, form: { intent: "approve" } })).status).toBe(403);

    const added = await page(reportPage.action, boss, path, { params, form: { intent: "add", peer_email: quinn.email } });
    expect(added.body).toMatchObject({ ok: true, message: { key: "peers.result.requestedFor", values: { name: "Quinn Peer", participant: "Sue Subject" } } });
    expect(await panelStatusOf(c, sue)).toBe("MANAGER_APPROVED");
    expect((await page(reportPage.action, boss, path, { params, form: { intent: "add", peer_email: rob.email } })).body.message).toEqual({ key: "peers.result.mandatory", values: { peer: rob.email } });
    expect((await page(reportPage.action, boss, path, { params, form: { intent: "remove", peer_email: pat.email } })).body.ok).toBe(true);
    expect((await page(reportPage.action, boss, path, { params, form: { intent: "approve" } })).body).toMatchObject({ ok: true, message: { key: "peers.result.approved", values: { name: "Sue Subject" } } });
    expect((await page(reportPage.action, boss, path, { params, form: { intent: "approve" }, realUserId: admin.id })).status).toBe(403);

    // The participant's page now shows Manager Approved and refuses their edits.
    const mine = await page(selectionPage.loader, sue, `/app/performance/peer-finalization?cycle_id=${c.id}`);
    expect(mine.body.panel).toMatchObject({ panel_status: "manager_approved", can_edit: false, edit_blocked_notice: { key: "peers.result.managerApproved" } });
    const refused = await page(selectionPage.action, sue, `/app/performance/peer-finalization?cycle_id=${c.id}`, { form: { intent: "add", peer_email: ray.email } });
    expect(refused.status).toBe(409);
    const teamAfter = await page(teamPage.loader, boss, `/app/my-reportees/peer-finalization?cycle_id=${c.id}`);
    expect(teamAfter.body.team.direct_reports[1]).toMatchObject({ email: sue.email, panel_status: "manager_approved" });
  });
});
