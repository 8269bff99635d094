/**
 * Performance trends (issue 15 item 2, ADR 0030): the five /api/v1/performance_dashboard calls and the page loader,
 * route modules → services → database. Feedback rows are inserted with Prisma (their writers are other features).
 *
 *   P  the person: manager M (user record and every cycle), secondary manager S; two direct reports R1, R2
 *   C1 communication: rating 4; 3 peers answered; R1 and R2 answered (below the threshold for anonymised readers)
 *   C2 calibration:   rating 3 (provisional); 2 peers answered, 1 asked
 *   C3 spu_feedback:  no rating; 1 peer answered
 *   O  an outsider, H an HR ops user, A a super admin
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { CycleState, ReviewerType, User } from "~/generated/prisma/client.ts";
import { insertCycle } from "~/features/cycles/model.server";
import { thresholdMessage } from "~/features/summaries/visibility";
import * as headerRoute from "~/routes/api.v1.performance_dashboard.users.$email";
import * as ratingsRoute from "~/routes/api.v1.performance_dashboard.performance_ratings";
import * as teamRoute from "~/routes/api.v1.performance_dashboard.direct_reports_performance_ratings";
import * as peerRoute from "~/routes/api.v1.performance_dashboard.peer_stats.$email";
import * as upwardRoute from "~/routes/api.v1.performance_dashboard.upward_stats.$email";
import * as page from "~/routes/app.performance-dashboard";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { sessionCookieFor } from "../support/session";
import { bearerFor, callRoute, createTestUser } from "../support/api";

type Call = { status: number; body: any };

async function newCycle(state: CycleState, startDate: string): Promise<number> {
  const db = await getDb();
  const cycle = await db.$transaction((tx) =>
    insertCycle(tx, { name: `Trends ${state} ${randomUUID().slice(0, 6)}`, startDate: new Date(`${startDate}T00:00:00Z`), plannedEndDate: null, maxPeers: 10 }),
  );
  await db.cycle.update({ where: { id: cycle.id }, data: { state } });
  return cycle.id;
}

async function feedback(cycleId: number, revieweeId: number, reviewer: User, type: ReviewerType, answers: Record<string, number | string> | null) {
  await (await getDb()).feedback.create({
    data: { cycleId, revieweeId, reviewerId: reviewer.id, reviewerType: type, status: answers ? "SUBMITTED" : "DRAFT", answers: answers ?? {}, submittedAt: answers ? new Date() : null },
  });
}

let P: User, M: User, S: User, O: User, H: User, A: User, R1: User, R2: User, peers: User[];
let t: Record<"P" | "M" | "S" | "O" | "H" | "A", string>;
let c1: number, c2: number, c3: number;

beforeAll(async () => {
  const db = await getDb();
  [M, S, O, A] = await Promise.all([
    createTestUser({ name: "Trends Manager" }),
    createTestUser({ name: "Trends Secondary" }),
    createTestUser({ name: "Trends Outsider" }),
    createTestUser({ name: "Trends Admin", role: "SUPER_ADMIN" }),
  ]);
  H = await createTestUser({ name: "Trends Hr Ops", role: "HR_OPS" });
  P = await createTestUser({ name: "Trends Person", managerId: M!.id });
  await db.user.update({ where: { id: P.id }, data: { secondaryManagerId: S!.id, jobTitle: "Engineer", level: "L3" } });
  [R1, R2] = await Promise.all([createTestUser({ name: "Trends Report 1", managerId: P.id }), createTestUser({ name: "Trends Report 2", managerId: P.id })]);
  peers = await Promise.all([1, 2, 3].map((i) => createTestUser({ name: `Trends Peer ${i}` })));
  t = Object.fromEntries(await Promise.all(Object.entries({ P, M, S, O, H, A }).map(async ([k, u]) => [k, await bearerFor(u!.id)] as const))) as typeof t;

  c1 = await newCycle("COMMUNICATION", "2025-01-01");
  c2 = await newCycle("CALIBRATION", "2025-07-01");
  c3 = await newCycle("SPU_FEEDBACK", "2026-01-01");
  const part = (cycleId: number, rating: string | null) =>
    db.participant.create({ data: { cycleId, userId: P.id, managerId: M!.id, secondaryManagerId: S!.id, calibratedRating: rating } });
  const [p1, p2, p3] = [await part(c1, "4"), await part(c2, "3"), await part(c3, null)];
  for (const r of [R1!, R2!]) await db.participant.create({ data: { cycleId: c1, userId: r.id, managerId: P.id, calibratedRating: "2" } });
  for (const [i, peer] of peers.entries()) await feedback(c1, p1.id, peer, "PEER", { overall_impact: [5, 4, 3][i]!, strengths: `Secret text ${i}` });
  await feedback(c1, p1.id, R1!, "DIRECT_REPORT", { clear_expectations: 5, support_growth: 3 });
  await feedback(c1, p1.id, R2!, "DIRECT_REPORT", { clear_expectations: 4, support_growth: 4 });
  await feedback(c2, p2.id, peers[0]!, "PEER", { overall_impact: 2 });
  await feedback(c2, p2.id, peers[1]!, "PEER", { overall_impact: 4 });
  await feedback(c2, p2.id, peers[2]!, "PEER", null);
  await feedback(c3, p3.id, peers[0]!, "PEER", { overall_impact: 5 });
});

const base = "/api/v1/performance_dashboard";
const header = (token: string | undefined, email: string): Promise<Call> => callRoute(headerRoute.loader as never, { path: `${base}/users/${email}`, token, params: { email } });
const ratings = (token: string | undefined, query = ""): Promise<Call> => callRoute(ratingsRoute.loader as never, { path: `${base}/performance_ratings${query}`, token });
const team = (token: string | undefined, query = ""): Promise<Call> => callRoute(teamRoute.loader as never, { path: `${base}/direct_reports_performance_ratings${query}`, token });
const stats = (kind: "peer" | "upward", token: string | undefined, email: string, query = ""): Promise<Call> =>
  callRoute((kind === "peer" ? peerRoute : upwardRoute).loader as never, { path: `${base}/${kind}_stats/${email}${query}`, token, params: { email } });
const ofCycle = (body: any, id: number) => body.cycles.find((c: any) => c.cycle.id === id);

describe("users/{email}", () => {
  it("answers the header to the person, their managers and a super admin, with the cycles each may read", async () => {
    const self = await header(t.P, P.email);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ relationship: "self", has_direct_reports: true, user: { email: P.email, job_title: "Engineer", level: "L3", manager: { email: M.email } } });
    expect(self.body.cycles.map((c: any) => c.id)).toEqual([c1]);
    const manager = await header(t.M, P.email.toUpperCase());
    expect(manager.body.relationship).toBe("manager");
    expect(manager.body.cycles.map((c: any) => c.id)).toEqual([c1, c2, c3]);
    expect((await header(t.S, P.email)).body).toMatchObject({ relationship: "secondary_manager", cycles: [{ id: c1 }, { id: c2 }] });
    expect((await header(t.A, P.email)).body.relationship).toBe("admin");
  });

  it("401 without a token, 403 for anyone else (HR ops too), 404 unknown or malformed email, 405 other methods", async () => {
    expect((await header(undefined, P.email)).status).toBe(401);
    const outsider = await header(t.O, P.email);
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toMatchObject({ code: "forbidden" });
    expect((await header(t.H, P.email)).status).toBe(403);
    expect((await header(t.A, "nobody.here@test.example.com")).status).toBe(404);
    expect((await header(t.A, "not-an-email")).body.error.code).toBe("not_found");
    const post = await callRoute(headerRoute.action as never, { method: "POST", path: `${base}/users/${P.email}`, token: t.P, params: { email: P.email } });
    expect(post.status).toBe(405);
  });
});

describe("performance_ratings", () => {
  it("my ratings only where the cycle is in communication (as the Performance Cycle Report)", async () => {
    const res = await ratings(t.P);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(P.email);
    expect(res.body.ratings).toEqual([{ cycle: expect.objectContaining({ id: c1, state: "communication" }), rating: { value: 4, label: "4 - Exceeds Expectations" }, final: true }]);
    expect((await ratings(t.O)).body.ratings).toEqual([]);
  });

  it("400 for a bad limit, 401 without a token", async () => {
    for (const q of ["?limit=0", "?limit=abc", "?limit=21"]) {
      const res = await ratings(t.P, q);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await ratings(t.P, "?limit=1")).status).toBe(200);
    expect((await ratings(undefined)).status).toBe(401);
  });
});

describe("direct_reports_performance_ratings", () => {
  it("the manager reads their reports' ratings from calibration on, provisional until communication", async () => {
    const res = await team(t.M);
    expect(res.status).toBe(200);
    expect(res.body.cycles.map((c: any) => c.id)).toEqual([c1, c2]);
    const row = res.body.direct_reports.find((r: any) => r.email === P.email);
    expect(row.ratings.map((p: any) => [p.cycle.id, p.rating?.value, p.final])).toEqual([
      [c1, 4, true],
      [c2, 3, false],
    ]);
    const one = await team(t.P, `?email=${encodeURIComponent(R1.email)}`);
    expect(one.body.direct_reports.map((r: any) => r.email)).toEqual([R1.email]);
    expect((await team(t.M, "?limit=1")).body.cycles.map((c: any) => c.id)).toEqual([c2]);
  });

  it("400 bad query, 401, 403 without reports or for someone else's report (the secondary manager too), 404 unknown email", async () => {
    expect((await team(t.M, "?email=nope")).status).toBe(400);
    expect((await team(t.M, "?limit=-1")).status).toBe(400);
    expect((await team(undefined)).status).toBe(401);
    expect((await team(t.O)).status).toBe(403);
    expect((await team(t.S, `?email=${encodeURIComponent(P.email)}`)).status).toBe(403);
    expect((await team(t.M, `?email=${encodeURIComponent(O.email)}`)).status).toBe(403);
    expect((await team(t.M, "?email=nobody.here%40test.example.com")).status).toBe(404);
  });
});

describe("peer_stats/{email} and upward_stats/{email}", () => {
  it("the person: communication cycles only, anonymised, numbers from 3 answers, the summaries' message below", async () => {
    const peer = await stats("peer", t.P, P.email);
    expect(peer.status).toBe(200);
    expect(peer.body).toMatchObject({ kind: "peer", reviewer_type: "peer", threshold: 3 });
    expect(peer.body.cycles.map((c: any) => c.cycle.id)).toEqual([c1]);
    expect(ofCycle(peer.body, c1)).toMatchObject({ requested: 3, submitted: 3, visible: true, anonymised: true, average: 4 });
    expect(JSON.stringify(peer.body)).not.toMatch(/Secret text|Trends Peer/);
    const upward = await stats("upward", t.P, P.email);
    expect(ofCycle(upward.body, c1)).toMatchObject({ submitted: 2, visible: false, average: null, questions: [], message: thresholdMessage("DIRECT_REPORT", 2) });
  });

  it("the manager reads anonymised by default (ADR 0058): numbers only from 3 answers", async () => {
    const m = await stats("peer", t.M, P.email);
    expect(m.body.cycles.map((c: any) => [c.cycle.id, c.submitted, c.visible, c.average])).toEqual([
      [c1, 3, true, 4],
      [c2, 2, false, null],
      [c3, 1, false, null],
    ]);
    expect(ofCycle((await stats("upward", t.M, P.email)).body, c1)).toMatchObject({ visible: false, anonymised: true, average: null });
  });

  it("the manager reads every cycle named where the cycle shows managers names; the secondary manager anonymised from manager feedback on", async () => {
    await (await getDb()).cycle.updateMany({ where: { id: { in: [c1, c2, c3] } }, data: { peerNames: "managers", upwardNames: "managers" } });
    const m = await stats("peer", t.M, P.email);
    expect(m.body.cycles.map((c: any) => [c.cycle.id, c.submitted, c.visible, c.average])).toEqual([
      [c1, 3, true, 4],
      [c2, 2, true, 3],
      [c3, 1, true, 5],
    ]);
    expect(ofCycle((await stats("upward", t.M, P.email)).body, c1)).toMatchObject({ visible: true, anonymised: false, average: 4 });
    const s = await stats("peer", t.S, P.email);
    expect(s.body.cycles.map((c: any) => c.cycle.id)).toEqual([c1, c2]);
    expect(ofCycle(s.body, c2)).toMatchObject({ requested: 3, submitted: 2, visible: false, average: null, message: thresholdMessage("PEER", 2) });
    expect((await stats("peer", t.M, P.email, "?limit=2")).body.cycles.map((c: any) => c.cycle.id)).toEqual([c2, c3]);
  });

  it("400 bad limit, 401, 403 not related, 404 unknown or malformed email", async () => {
    for (const kind of ["peer", "upward"] as const) {
      expect((await stats(kind, t.P, P.email, "?limit=x")).status).toBe(400);
      expect((await stats(kind, undefined, P.email)).status).toBe(401);
      expect((await stats(kind, t.O, P.email)).status).toBe(403);
      expect((await stats(kind, t.P, M.email)).status).toBe(403);
      expect((await stats(kind, t.A, "nobody.here@test.example.com")).status).toBe(404);
      expect((await stats(kind, t.A, "bad")).status).toBe(404);
    }
  });
});

describe("the page and the API description", () => {
  async function callPage(userId: number, query = "") {
    const cookie = await sessionCookieFor(userId);
    const request = new Request(`http://127.0.0.1/app/performance-dashboard${query}`, { headers: { Cookie: cookie } });
    try {
      return { status: 200, data: (await page.loader({ request, params: {}, context: {} } as never)) as any };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, data: await thrown.text() };
      throw thrown;
    }
  }

  it("shows the person's trends and team, a report's to their manager, and the spec's error texts otherwise", async () => {
    const own = await callPage(P.id);
    expect(own.status).toBe(200);
    expect(own.data.ratings.map((p: any) => p.cycle.id)).toEqual([c1]);
    expect(own.data.team.direct_reports.map((r: any) => r.email).sort()).toEqual([R1.email, R2.email].sort());
    expect(own.data.people.map((p: any) => p.relation)).toEqual(["self", "direct_report", "direct_report"]);
    const report = await callPage(M.id, `?email=${encodeURIComponent(P.email)}`);
    expect(report.data.header.relationship).toBe("manager");
    expect(report.data.ratings.map((p: any) => p.cycle.id)).toEqual([c1, c2]);
    expect(report.data.team).toBeNull();
    expect((await callPage(S.id, `?email=${encodeURIComponent(P.email)}`)).data.ratings).toBeNull();
    expect(await callPage(O.id, `?email=${encodeURIComponent(P.email)}`)).toEqual({ status: 403, data: "You don't have access to this page" });
    expect(await callPage(O.id, "?email=bad")).toEqual({ status: 404, data: "Not found" });
  });

  it("lists the five calls in the OpenAPI document", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = Object.keys(res.body.paths);
    for (const p of ["users/{email}", "performance_ratings", "direct_reports_performance_ratings", "peer_stats/{email}", "upward_stats/{email}"]) {
      expect(paths).toContain(`${base}/${p}`);
    }
  });
});
