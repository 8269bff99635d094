/**
 * The fairness insights' API on the real database (issue 29 §2–3, ADR 0111): GET /api/v1/insights/cycles/{id} and
 * /calibration_sessions/{id}. Figures against hand counts; the role rules (super admins everyone, an HR partner their
 * own people and the attributes visible to HR, everyone else refused); bad input is a 4xx JSON error; and an attacker
 * who opens every filter combination and breakdown cannot single out the one person of a group of one: no figure
 * stands for fewer than k people and no two figures' people differ by 1…k−1.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as cycleRoute from "~/routes/api.v1.insights.cycles.$cycle_id";
import * as sessionRoute from "~/routes/api.v1.insights.calibration_sessions.$session_id";
import type { InsightFigure, InsightsJson } from "~/features/insights/insight-json";
import { bearerFor, callRoute, createTestUser } from "../support/api";

const K = 5;
type Person = { userId: number; participantId: number; gender: string | null; department: string | null };

let admin: User;
let hr: User;
let hr2: User;
let adminToken: string;
let hrToken: string;
let hr2Token: string;
let employeeToken: string;
let cycleId: number;
let sessionId: number;
let genderId: number;
let departmentId: number;
let hiddenId: number;
let people: Person[] = [];

beforeAll(async () => {
  const db = await getDb();
  await db.companySettings.updateMany({ data: { insightsPrivacyFloor: K } });
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Insights Admin" });
  hr = await createTestUser({ role: "PEOPLE_PARTNER", name: "Insights HR" });
  hr2 = await createTestUser({ role: "PEOPLE_PARTNER", name: "Insights Other HR" });
  const employee = await createTestUser({ name: "Insights Employee" });
  [adminToken, hrToken, hr2Token, employeeToken] = await Promise.all([bearerFor(admin.id), bearerFor(hr.id), bearerFor(hr2.id), bearerFor(employee.id)]);
  genderId = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } })).id;
  departmentId = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "department" } })).id;
  hiddenId = (await db.attributeDefinition.create({ data: { name: `Insights secret ${Date.now()}`, kind: "CATEGORY", visibility: "SUPER_ADMINS" } })).id;

  const cycle = await db.cycle.create({ data: { name: "Insights cycle", state: "CALIBRATION", workflowId: `insights-${Date.now()}`, startDate: new Date("2026-07-01") } });
  cycleId = cycle.id;
  // hr's people: 8 women and 8 men in Eng or Sales, 5 people in Ops with no gender set, and one person, the only
  // "X", whom nobody may single out (the smallest group beside them, the 5 without gender, joins them in Other).
  // hr2's people: 6 women in Sales (not hr's: an HR partner sees only theirs).
  const spec: Array<{ gender: string | null; department: string; hr: number; requests: Array<"ACCEPTED" | "DECLINED" | "REQUESTED">; before: number; after: number; length: number }> = [
    ...Array.from({ length: 8 }, (_, i) => ({ gender: "Women", department: i < 5 ? "Eng" : "Sales", hr: hr.id, requests: ["ACCEPTED", "DECLINED"] as const, before: 2, after: 3, length: 40 })),
    ...Array.from({ length: 8 }, (_, i) => ({ gender: "Men", department: i < 4 ? "Eng" : "Sales", hr: hr.id, requests: ["ACCEPTED"] as const, before: 4, after: 4, length: 120 })),
    { gender: "X", department: "Eng", hr: hr.id, requests: ["ACCEPTED", "ACCEPTED", "ACCEPTED"] as const, before: 5, after: 1, length: 999 },
    ...Array.from({ length: 5 }, () => ({ gender: null, department: "Ops", hr: hr.id, requests: ["DECLINED"] as const, before: 3, after: 3, length: 60 })),
    ...Array.from({ length: 6 }, () => ({ gender: "Women", department: "Sales", hr: hr2.id, requests: ["REQUESTED"] as const, before: 3, after: 3, length: 10 })),
  ].map((s) => ({ ...s, requests: [...s.requests] }));
  const session = await db.calibrationSession.create({ data: { cycleId, name: "Insights session", kind: "RATING", createdById: admin.id } });
  sessionId = session.id;
  const reviewer = await createTestUser({ name: "Insights Reviewer" });
  const peers = await Promise.all(Array.from({ length: 3 }, (_, i) => createTestUser({ name: `Insights Peer ${i}` })));
  for (const s of spec) {
    const user = await createTestUser({ name: `Insights ${s.gender}` });
    await db.user.update({ where: { id: user.id }, data: { department: s.department } });
    if (s.gender) await db.attributeValue.create({ data: { userId: user.id, attributeId: genderId, value: s.gender } });
    const p = await db.participant.create({ data: { cycleId, userId: user.id, hrPartnerId: s.hr, proposedRating: s.before } });
    await db.peerRequest.createMany({ data: s.requests.map((status, i) => ({ cycleId, participantId: p.id, reviewerId: peers[i]!.id, status })) });
    await db.feedback.create({ data: { cycleId, revieweeId: p.id, reviewerId: reviewer.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: new Date(), answers: { q1: "x".repeat(s.length), q2: 4 } } });
    await db.feedback.create({ data: { cycleId, revieweeId: p.id, reviewerId: user.id, reviewerType: "SELF", answers: { q1: "self" } } });
    await db.calibrationSessionParticipant.create({ data: { sessionId, participantId: p.id, kind: "RATING", rating: s.after } });
    people.push({ userId: user.id, participantId: p.id, gender: s.gender, department: s.department });
  }
}, 120_000);

const getCycle = (token: string, query = "", id = cycleId) =>
  callRoute(cycleRoute.loader as never, { path: `/api/v1/insights/cycles/${id}${query}`, token, params: { cycle_id: String(id) } });
const getSession = (token: string, query = "", id = sessionId) =>
  callRoute(sessionRoute.loader as never, { path: `/api/v1/insights/calibration_sessions/${id}${query}`, token, params: { session_id: String(id) } });
const figureOf = (body: InsightsJson, kind: InsightFigure["figure"], attributeId: number) => body.figures.find((f) => f.figure === kind && f.attribute.id === attributeId)!;

describe("GET /api/v1/insights/cycles/{cycle_id}", () => {
  it("a super admin sees everyone's figures, hand-counted; the group of one is merged into Other", async () => {
    const res = await getCycle(adminToken);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const body = res.body as InsightsJson;
    expect(body.population).toBe(28);
    expect(body.privacy_floor).toBe(K);
    expect(body.attributes.map((a) => a.id)).toContain(hiddenId);
    const peer = figureOf(body, "peer_selection", genderId);
    expect(peer.shown).toBe(true);
    expect(peer.total).toMatchObject({ people: 28, values: { requests: 38, accepted: 19, declined: 13, pending: 6 } });
    // Women: hr's 8 (2 requests each, 1 accepted) and hr2's 6 (1 pending each) = 22 requests, 8 accepted, 8 declined.
    expect(peer.rows.find((r) => r.group === "Women")).toMatchObject({ people: 14, values: { requests: 22, accepted: 8, declined: 8, pending: 6 } });
    expect(peer.rows.find((r) => r.group === "X")).toBeUndefined();
    expect(peer.rows.find((r) => r.other)).toMatchObject({ group: null, people: 6, values: { requests: 8, accepted: 3, declined: 5 } });
    expect(peer.rows.every((r) => r.people >= K)).toBe(true);
    const ratings = figureOf(body, "ratings", genderId);
    const men = ratings.rows.find((r) => r.group === "Men")!;
    expect(men).toMatchObject({ people: 8, values: { rated: 8, mean_before: 4, mean_after: 4, shift: 0 }, distribution: { before: { "4": 8 }, after: { "4": 8 } } });
    const feedback = figureOf(body, "feedback_received", genderId);
    // Self-reviews are not feedback received; only text answers count towards the length.
    expect(feedback.rows.find((r) => r.group === "Men")).toMatchObject({ values: { feedback: 8, answered: 8, answered_rate: 100, mean_length: 120 } });
    const gap = ratings.gaps.find((g) => g.group === "Men" && g.measure === "mean_before")!;
    expect(gap).toMatchObject({ significant: true, test: "mann_whitney_normal" });
    expect(gap.words[0]!.key).toBe("insights.gap.meanHigher");
  });

  it("an HR partner sees only their participants and the attributes visible to HR", async () => {
    const res = await getCycle(hrToken);
    expect(res.status).toBe(200);
    const body = res.body as InsightsJson;
    expect(body.population).toBe(22);
    expect(body.attributes.map((a) => a.id)).not.toContain(hiddenId);
    expect(body.figures.some((f) => f.attribute.id === hiddenId)).toBe(false);
    const peer = figureOf(body, "peer_selection", genderId);
    expect(peer.total!.people).toBe(22);
    expect(peer.rows.find((r) => r.group === "Women")?.people ?? 8).toBe(8);
    // Figures only: no one's name or address.
    expect(JSON.stringify(body)).not.toMatch(/Insights (Women|Men|X)|@test\.example\.com/);
  });

  it("everyone else is refused; an unknown cycle is 404; bad filters are a 400 JSON error", async () => {
    expect((await getCycle(employeeToken)).status).toBe(403);
    expect((await getCycle(hr2Token, "", cycleId)).status).toBe(200);
    const unknown = await getCycle(adminToken, "", 2_000_000_000);
    expect(unknown.status).toBe(404);
    for (const query of ["?filter=abc", `?filter=${genderId}:Women&filter=${genderId}:Men`, "?filter=999999:x", `?filter=${hiddenId}:x`, "?other=1"]) {
      const token = query.includes(String(hiddenId)) ? hrToken : adminToken;
      const res = await getCycle(token, query);
      expect([400, 422], query).toContain(res.status);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("GET /api/v1/insights/calibration_sessions/{session_id}", () => {
  it("a super admin sees the session's ratings; an HR partner only their people in it; others are refused", async () => {
    const res = await getSession(adminToken);
    expect(res.status).toBe(200);
    const body = res.body as InsightsJson;
    expect(body.scope).toMatchObject({ kind: "session", session_id: sessionId, session_kind: "rating", cycle_id: cycleId });
    expect(body.figures.every((f) => f.figure === "ratings")).toBe(true);
    expect(figureOf(body, "ratings", genderId).total).toMatchObject({ people: 28 });
    const mine = await getSession(hrToken);
    expect(mine.status).toBe(200);
    expect((mine.body as InsightsJson).population).toBe(22);
    expect((await getSession(employeeToken)).status).toBe(403);
    expect((await getSession(adminToken, "", 2_000_000_000)).status).toBe(404);
  });
});

describe("a single-out attempt", () => {
  it("no filter combination and breakdown shows a figure under k or two figures that differ by 1…k−1 people", async () => {
    const values = (key: "gender" | "department") => [...new Set(people.map((p) => p[key]))];
    const combos: Array<Array<{ id: number; key: "gender" | "department"; value: string | null }>> = [[]];
    for (const g of values("gender")) combos.push([{ id: genderId, key: "gender", value: g }]);
    for (const d of values("department")) {
      combos.push([{ id: departmentId, key: "department", value: d }]);
      for (const g of values("gender"))
        combos.push([
          { id: genderId, key: "gender", value: g },
          { id: departmentId, key: "department", value: d },
        ]);
    }
    const violations: string[] = [];
    let checked = 0;
    // Each reader on their own (an HR partner's population is theirs: they cannot open the super admin's views).
    for (const token of [adminToken, hrToken]) {
      const figures: Array<{ view: string; members: Set<number>; people: number }> = [];
      const population = token === hrToken ? people.filter((p) => p.userId && p.participantId && hrOf(p) === hr.id) : people;
      for (const combo of combos) {
        const query = combo.length ? `?${combo.map((f) => `filter=${f.id}:${encodeURIComponent(f.value ?? "")}`).join("&")}` : "";
        const res = await getCycle(token, query);
        expect(res.status, query).toBe(200);
        const scope = population.filter((p) => combo.every((f) => p[f.key] === f.value));
        for (const figure of (res.body as InsightsJson).figures) {
          if (figure.figure !== "peer_selection" || !figure.shown) continue;
          const key = figure.attribute.id === genderId ? "gender" : figure.attribute.id === departmentId ? "department" : null;
          const view = `${token === hrToken ? "hr" : "admin"} ${query} by ${figure.attribute.name}`;
          figures.push({ view, members: new Set(scope.map((p) => p.participantId)), people: figure.total!.people });
          if (key === null) continue;
          const named = figure.rows.filter((r) => !r.other);
          for (const row of figure.rows) {
            const members = row.other ? scope.filter((p) => !named.some((n) => n.group === p[key])) : scope.filter((p) => p[key] === row.group);
            expect(row.people, `${view}: ${row.group}`).toBe(members.length);
            figures.push({ view: `${view}: ${row.other ? "Other" : row.group}`, members: new Set(members.map((p) => p.participantId)), people: row.people });
          }
        }
      }
      checked += figures.length;
      for (const a of figures) {
        if (a.people < K) violations.push(`${a.view}: ${a.people} people`);
        for (const b of figures) {
          const extra = b.members.size - a.members.size;
          if (extra > 0 && extra < K && [...a.members].every((m) => b.members.has(m))) violations.push(`${a.view} ⊂ ${b.view} by ${extra}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(violations).toEqual([]);
  });
});

const hrByParticipant = new Map<number, number>();
function hrOf(p: Person): number {
  return hrByParticipant.get(p.participantId)!;
}
beforeAll(async () => {
  const db = await getDb();
  for (const row of await db.participant.findMany({ where: { cycleId }, select: { id: true, hrPartnerId: true } })) hrByParticipant.set(row.id, row.hrPartnerId!);
});
