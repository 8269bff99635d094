/**
 * Home as a to-do list (ADR 0036) on the real database: the items of an employee, a manager (and the team's
 * progress), a peer reviewer, an HR partner, a session admin, a panelist, a sign-off party and an endorser;
 * the nudges and the home agree on the same data; GET /api/v1/cycles/{cycle_id}/home with 400, 401, 404 and
 * 405; the /app/home loader ('Invalid Cycle ID'). Cycles are plain rows (no workflow): the home only reads.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { CycleState, User } from "~/generated/prisma/client.ts";
import type { CurrentUser } from "~/platform/auth.server";
import { cycleOverviewFor, getHome } from "~/features/home/service.server";
import { readHomes } from "~/features/home/lean.server";
import { getCycle } from "~/features/cycles/service.server";
import { scopedLoader } from "~/platform/request-scope.server";
import { countStatements } from "~/platform/sql.server";
import * as root from "~/root";
import * as appLayout from "~/routes/app";
import { pendingWorkRecipients } from "~/features/nudges/pending-work.server";
import type { HomeJson } from "~/features/home/types";
import * as homeRoute from "~/routes/api.v1.cycles.$cycle_id.home";
import * as homePage from "~/routes/app.home";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";

async function newCycle(name: string, state: CycleState, plannedEnd = "2026-12-18") {
  const db = await getDb();
  const full = `${name} ${randomUUID().slice(0, 6)}`;
  const c = await db.cycle.create({ data: { name: full, state, plannedEndDate: new Date(`${plannedEnd}T00:00:00.000Z`), workflowId: `test-home-${randomUUID()}` } });
  return { id: c.id, name: full };
}

const person = (name: string) => createTestUser({ name });

async function participant(cycleId: number, user: User, opts: { manager?: User; secondary?: User; reviewerOnly?: boolean } = {}) {
  return (await getDb()).participant.create({
    data: { cycleId, userId: user.id, managerId: opts.manager?.id ?? null, secondaryManagerId: opts.secondary?.id ?? null, reviewerOnly: opts.reviewerOnly ?? false },
  });
}

const as = (user: User): CurrentUser => ({ user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "api" } });
const home = (user: User, cycleId: number) => getHome(as(user), cycleId);
const kinds = (h: HomeJson) => h.items.map((i) => i.kind);

/** The nudges' count of feedback for each user ("You have N feedbacks ..." / "N people are waiting ..."), 0 when not reminded. */
async function nudgedCounts(cycleId: number): Promise<Map<number, string>> {
  return new Map((await pendingWorkRecipients(cycleId)).map((p) => [p.userId, p.reason]));
}

describe("SPU feedback: an employee, a peer reviewer and a manager", () => {
  let cycle: { id: number; name: string };
  let M: User, e1: User, e2: User, r: User, S: User, o: User;

  beforeAll(async () => {
    const db = await getDb();
    cycle = await newCycle("Home SPU", "SPU_FEEDBACK");
    [M, e1, e2, r, S, o] = await Promise.all(["Mona Manager", "Emil One", "Erin Two", "Rudi ReviewerOnly", "Sami Matrix", "Olga Outsider"].map(person)) as User[];
    const pM = await participant(cycle.id, M!);
    const p1 = await participant(cycle.id, e1!, { manager: M, secondary: S });
    const p2 = await participant(cycle.id, e2!, { manager: M });
    await participant(cycle.id, r!, { manager: M, reviewerOnly: true });
    await participant(cycle.id, S!);
    await db.peerRequest.createMany({
      data: [
        { cycleId: cycle.id, participantId: p1.id, reviewerId: o!.id, status: "ACCEPTED" },
        { cycleId: cycle.id, participantId: p2.id, reviewerId: o!.id, status: "REQUESTED" },
      ],
    });
    await db.feedback.createMany({
      data: [
        { cycleId: cycle.id, revieweeId: pM.id, reviewerId: M!.id, reviewerType: "SELF", status: "SUBMITTED", submittedAt: new Date() },
        { cycleId: cycle.id, revieweeId: p1.id, reviewerId: e1!.id, reviewerType: "SELF", status: "DRAFT", answers: { strengths: "Secret draft words" } },
        { cycleId: cycle.id, revieweeId: p2.id, reviewerId: e2!.id, reviewerType: "SELF", status: "SUBMITTED", submittedAt: new Date(), answers: { strengths: "Private self review text" } },
      ],
    });
  });

  it("the employee: self review, upward and matrix-team feedback, each with its page and the cycle's end as deadline", async () => {
    const h = await home(e1!, cycle.id);
    expect(h.items.map((i) => [i.kind, i.title, i.link])).toEqual([
      ["write_self_review", "Write your self review", `/app/performance/spu-feedback/feedback/${encodeURIComponent(e1!.email)}?cycle_id=${cycle.id}`],
      ["write_feedback", `Give feedback to ${S!.name}, your matrix manager`, `/app/performance/spu-feedback/feedback/${encodeURIComponent(S!.email)}?cycle_id=${cycle.id}`],
      ["write_feedback", `Give upward feedback to ${M!.name}`, `/app/performance/spu-feedback/feedback/${encodeURIComponent(M!.email)}?cycle_id=${cycle.id}`],
    ]);
    expect(h.items.every((i) => i.deadline === "2026-12-18" && i.deadline_source === "cycle")).toBe(true);
    expect(h.team).toBeNull();
  });

  it("a peer who is no participant: the accepted request's feedback (the open request belongs to the start stage)", async () => {
    const h = await home(o!, cycle.id);
    expect(h.items.map((i) => [i.kind, i.title])).toEqual([["write_feedback", `Give peer feedback to ${e1!.name}`]]);
  });

  it("the manager: the team's statuses and counts (never what anyone wrote); their own work is done", async () => {
    const h = await home(M!, cycle.id);
    expect(h.items).toEqual([]);
    expect(h.next_step.text).toContain("Next: manager feedback");
    expect(h.team).toMatchObject({ total: 3, reviewed: 2, self_reviews_submitted: 1, peers_chosen: 2, manager_feedback_submitted: 0, link: `/app/my-reportees?cycle_id=${cycle.id}` });
    expect(h.team!.members.map((m) => [m.name, m.self_review, m.peer_selection.state, m.manager_feedback])).toEqual([
      [e1!.name, "draft", "chosen", "not_started"],
      [e2!.name, "submitted", "chosen", "not_started"],
      [r!.name, "not_requested", "not_applicable", "not_applicable"],
    ]);
    const text = JSON.stringify(h);
    expect(text).not.toContain("Secret draft words");
    expect(text).not.toContain("Private self review text");
    // Someone else's manager sees no team.
    expect((await home(S!, cycle.id)).team).toBeNull();
  });

  it("the nudges and the home agree: every reminded person's count is their number of feedback items, and nobody else has any", async () => {
    const nudged = await nudgedCounts(cycle.id);
    for (const u of [M!, e1!, e2!, r!, S!, o!]) {
      const n = (await home(u, cycle.id)).items.filter((i) => i.kind === "write_self_review" || i.kind === "write_feedback").length;
      expect(nudged.get(u.id) ?? null, u.name).toBe(n === 0 ? null : `You have ${n} ${n === 1 ? "feedback" : "feedbacks"} to complete in ${cycle.name}`);
    }
  });
});

describe("manager feedback stage: manager feedback and nominations", () => {
  it("one item per report still waiting, and the nomination decision while manager feedback is owed; the nudges agree", async () => {
    const db = await getDb();
    const cycle = await newCycle("Home MGR", "MANAGER_FEEDBACK", "2020-01-31");
    const [M, a, b] = (await Promise.all(["Max Mentor", "Ada Alpha", "Ben Beta"].map(person))) as User[];
    await participant(cycle.id, M!);
    const pa = await participant(cycle.id, a!, { manager: M });
    const pb = await participant(cycle.id, b!, { manager: M });
    await db.promotionNomination.create({ data: { participantId: pb.id, status: "nominated", nominatedById: M!.id, rationale: "Ready for the next level of scope." } });
    await db.feedback.create({ data: { cycleId: cycle.id, revieweeId: pb.id, reviewerId: M!.id, reviewerType: "MANAGER", status: "SUBMITTED", submittedAt: new Date() } });

    let h = await home(M!, cycle.id);
    expect(h.items.map((i) => [i.kind, i.link, i.overdue])).toEqual([
      ["write_manager_feedback", `/app/my-reportees/${encodeURIComponent(a!.email)}/feedback?cycle_id=${cycle.id}`, true],
      ["nominate", `/app/my-reportees/feedbacks?cycle_id=${cycle.id}`, true],
    ]);
    expect(h.items[1]!.detail).toBe("1 direct report is not nominated (nominating is optional)");
    expect(h.counts).toEqual({ total: 2, overdue: 2 });
    expect((await nudgedCounts(cycle.id)).get(M!.id)).toBe(`1 person is waiting for your manager feedback in ${cycle.name}`);
    // Employees write no feedback in this stage.
    expect((await home(a!, cycle.id)).items).toEqual([]);

    await db.feedback.create({ data: { cycleId: cycle.id, revieweeId: pa.id, reviewerId: M!.id, reviewerType: "MANAGER", status: "SUBMITTED", submittedAt: new Date() } });
    h = await home(M!, cycle.id);
    expect(h.items).toEqual([]);
    expect(h.team).toMatchObject({ manager_feedback_submitted: 2, reviewed: 2 });
    expect((await nudgedCounts(cycle.id)).has(M!.id)).toBe(false);
  });
});

describe("start stage: peer choices and requests", () => {
  it("choose peers, answer a request; the nudges remind the same people of the same work", async () => {
    const db = await getDb();
    const cycle = await newCycle("Home START", "START");
    const [chooser, chosen, asked] = (await Promise.all(["Cora Chooser", "Cyd Chosen", "Rhea Asked"].map(person))) as User[];
    await participant(cycle.id, chooser!);
    const pc = await participant(cycle.id, chosen!);
    await participant(cycle.id, asked!);
    await db.peerRequest.create({ data: { cycleId: cycle.id, participantId: pc.id, reviewerId: asked!.id, status: "REQUESTED" } });

    expect(kinds(await home(chooser!, cycle.id))).toEqual(["choose_peers"]);
    expect(kinds(await home(chosen!, cycle.id))).toEqual([]);
    const h = await home(asked!, cycle.id);
    expect(h.items.map((i) => [i.kind, i.title, i.link])).toEqual([
      ["choose_peers", "Choose your peers and stakeholders", `/app/performance/peer-finalization?cycle_id=${cycle.id}`],
      ["answer_peer_request", `Accept or decline ${chosen!.name}'s feedback request`, `/app/performance/peer-finalization?cycle_id=${cycle.id}`],
    ]);
    const nudged = await nudgedCounts(cycle.id);
    expect(nudged.get(chooser!.id)).toBe(`Choose your peers and stakeholders for ${cycle.name}`);
    expect(nudged.get(asked!.id)).toBe(`Choose your peers and stakeholders for ${cycle.name}; Answer 1 peer feedback request in ${cycle.name}`);
    expect(nudged.has(chosen!.id)).toBe(false);
  });
});

describe("calibration stage: sessions and endorsements", () => {
  let cycle: { id: number; name: string };
  let hr: User, admin: User, panelist: User, signOff: User, endorser: User, nominee: User;
  let requested: number, accepted: number;

  beforeAll(async () => {
    const db = await getDb();
    cycle = await newCycle("Home CAL", "CALIBRATION", "2099-11-30");
    [hr, admin, panelist, signOff, endorser, nominee] = (await Promise.all(["Hana HR", "Sven Admin", "Pia Panel", "Sofia SignOff", "Erik Endorser", "Nina Nominee"].map(person))) as User[];
    const deadline = new Date("2099-11-27T12:00:00.000Z");
    const draft = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: "Eng draft", kind: "RATING", state: "draft", createdById: hr!.id } });
    const active = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: "Eng active", kind: "RATING", state: "active", createdById: hr!.id, deadline } });
    const review = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: "Promo review", kind: "PROMOTION", state: "in_review", createdById: hr!.id } });
    const closed = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: "Old", kind: "RATING", state: "closed", createdById: hr!.id } });
    await db.calibrationSessionMember.createMany({
      data: [
        { sessionId: active.id, userId: admin!.id, role: "ADMIN" },
        { sessionId: active.id, userId: panelist!.id, role: "PANELIST" },
        { sessionId: active.id, userId: signOff!.id, role: "SIGN_OFF" },
        { sessionId: review.id, userId: signOff!.id, role: "SIGN_OFF" },
        { sessionId: review.id, userId: panelist!.id, role: "PANELIST" },
        { sessionId: closed.id, userId: admin!.id, role: "ADMIN" },
        { sessionId: draft.id, userId: panelist!.id, role: "PANELIST" },
      ],
    });
    const pn = await participant(cycle.id, nominee!);
    const nomination = await db.promotionNomination.create({ data: { participantId: pn.id, status: "nominated" } });
    const other = await person("Olaf Other");
    const po = await participant(cycle.id, other);
    const nomination2 = await db.promotionNomination.create({ data: { participantId: po.id, status: "nominated" } });
    requested = (await db.endorsement.create({ data: { nominationId: nomination.id, endorserId: endorser!.id, status: "requested", deadline: new Date("2099-11-20T09:00:00.000Z") } })).id;
    accepted = (await db.endorsement.create({ data: { nominationId: nomination2.id, endorserId: endorser!.id, status: "accepted" } })).id;
    // Answered and ended requests, and requests of another cycle, wait on nobody.
    const elsewhere = await newCycle("Home CAL other", "CALIBRATION");
    const px = await participant(elsewhere.id, nominee!);
    const nx = await db.promotionNomination.create({ data: { participantId: px.id, status: "nominated" } });
    await db.endorsement.create({ data: { nominationId: nx.id, endorserId: endorser!.id, status: "requested" } });
    const third = await db.promotionNomination.create({ data: { participantId: (await participant(cycle.id, await person("Tea Third"))).id, status: "nominated" } });
    await db.endorsement.create({ data: { nominationId: third.id, endorserId: endorser!.id, status: "endorsed", outcome: "endorsed" } });
  });

  it("HR partner activates the draft; the session admin runs the active one; the panelist proposes; the sign-off party signs off the one in review", async () => {
    const hrHome = await home(hr!, cycle.id);
    expect(hrHome.items.map((i) => [i.kind, i.title, i.link])).toEqual([
      ["activate_session", "Activate the calibration session 'Eng draft'", expect.stringMatching(/^\/app\/ratings\/hr-partners\/sessions\/\d+\/edit\?cycle_id=/)],
    ]);
    const adminHome = await home(admin!, cycle.id);
    expect(adminHome.items.map((i) => [i.kind, i.title, i.deadline, i.deadline_source])).toEqual([["run_session", "Run the calibration session 'Eng active'", "2099-11-27", "session"]]);
    expect(adminHome.items[0]!.link).toMatch(/^\/app\/session-admin\/calibration-sessions\/\d+\?cycle_id=\d+$/);
    expect((await home(panelist!, cycle.id)).items.map((i) => i.title)).toEqual(["Propose ratings in the calibration session 'Eng active'"]);
    const so = await home(signOff!, cycle.id);
    expect(so.items.map((i) => [i.kind, i.kind_label, i.deadline_source])).toEqual([["sign_off_session", "Promotion calibration", "cycle"]]);
    expect(so.items[0]!.link).toMatch(/^\/app\/promotions\/sign-off-party\/sessions\/\d+\?cycle_id=/);
  });

  it("the nudges remind the session admin of the same session (and only them)", async () => {
    const nudged = await nudgedCounts(cycle.id);
    expect([...nudged.keys()]).toEqual([admin!.id]);
    expect(nudged.get(admin!.id)).toBe(`Run your calibration session 'Eng active' in ${cycle.name}`);
  });

  it("the endorser: open requests of this cycle with their own deadline (none: the cycle's end)", async () => {
    const h = await home(endorser!, cycle.id);
    expect(h.items.map((i) => [i.kind, i.link, i.deadline, i.deadline_source])).toEqual([
      ["answer_endorsement", `/app/promotions/endorsements/${requested}/endorse?cycle_id=${cycle.id}`, "2099-11-20", "endorsement"],
      ["write_endorsement", `/app/promotions/endorsements/${accepted}/endorse?cycle_id=${cycle.id}`, "2099-11-30", "cycle"],
    ]);
    expect(h.items[0]!.title).toBe(`Accept or decline the endorsement request for ${nominee!.name}`);
  });
});

describe("GET /api/v1/cycles/{cycle_id}/home and the /app/home page", () => {
  let cycle: { id: number; name: string };
  let user: User;
  let token: string;

  beforeAll(async () => {
    cycle = await newCycle("Home API", "START");
    user = await person("Api Person");
    await participant(cycle.id, user);
    token = await bearerFor(user.id);
  });

  const get = (path: string, t: string | undefined, cycleId: string) => callRoute(homeRoute.loader as never, { path, token: t, params: { cycle_id: cycleId } });

  it("200: the same list as the page's service; ?kind= keeps only those", async () => {
    const res = await get(`/api/v1/cycles/${cycle.id}/home`, token, String(cycle.id));
    expect(res.status).toBe(200);
    // The page's items also carry their texts as translation keys (`text`, issue 28); the API's schema leaves them out.
    const page = JSON.parse(JSON.stringify(await home(user, cycle.id)));
    page.items = page.items.map(({ text: _text, ...item }: { text?: unknown }) => item);
    expect(res.body).toEqual(page);
    expect(res.body.items.map((i: { kind: string }) => i.kind)).toEqual(["choose_peers"]);
    const only = await get(`/api/v1/cycles/${cycle.id}/home?kind=answer_peer_request`, token, String(cycle.id));
    expect(only.status).toBe(200);
    expect(only.body.items).toEqual([]);
    expect(only.body.next_step.text).toContain("Next: 360 feedback");
  });

  it("400 for an unknown kind, 401 without a token, 404 for an unknown or malformed cycle, 405 for another method", async () => {
    const bad = await get(`/api/v1/cycles/${cycle.id}/home?kind=everything`, token, String(cycle.id));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "validation_failed" });
    expect((await get(`/api/v1/cycles/${cycle.id}/home`, undefined, String(cycle.id))).status).toBe(401);
    const missing = await get("/api/v1/cycles/999999999/home", token, "999999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    expect((await get("/api/v1/cycles/abc/home", token, "abc")).status).toBe(404);
    const post = await callRoute(homeRoute.action as never, { method: "POST", path: `/api/v1/cycles/${cycle.id}/home`, token, params: { cycle_id: String(cycle.id) } });
    expect(post.status).toBe(405);
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" })).body;
    expect(doc.paths["/api/v1/cycles/{cycle_id}/home"].get.responses["200"]).toBeDefined();
  });

  it("the page: the list for the selected cycle; 'Invalid Cycle ID' for an unknown one", async () => {
    const cookie = await sessionCookieFor(user.id);
    const load = (q: string) => homePage.loader({ request: new Request(`http://127.0.0.1/app/home${q}`, { headers: { Cookie: cookie } }), params: {}, context: {} } as never);
    const page = await load(`?cycle_id=${cycle.id}`);
    expect(page).toMatchObject({ kind: "selected", name: user.name, home: { cycle: { id: cycle.id }, items: [{ kind: "choose_peers" }] }, overview: { participant: { reviewer_only: false } } });
    expect(await load("?cycle_id=999999999")).toMatchObject({ kind: "invalid", message: "Invalid Cycle ID" });
    expect(await load("?cycle_id=abc")).toMatchObject({ kind: "invalid", message: "Invalid Cycle ID" });
  });
});

describe("the /app/home page's lean reads (issue 27)", () => {
  it("the page's one-statement read gives every user, in every cycle of this file, the API's home and the cycle card's facts", async () => {
    const db = await getDb();
    const cycles = await db.cycle.findMany({ where: { name: { startsWith: "Home " } }, select: { id: true }, orderBy: { id: "asc" } });
    const ids = cycles.map((c) => c.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const [parts, members, endorsers, reviewers] = await Promise.all([
      db.participant.findMany({ where: { cycleId: { in: ids } }, select: { userId: true } }),
      db.calibrationSessionMember.findMany({ where: { session: { cycleId: { in: ids } } }, select: { userId: true } }),
      db.endorsement.findMany({ select: { endorserId: true } }),
      db.peerRequest.findMany({ where: { cycleId: { in: ids } }, select: { reviewerId: true } }),
    ]);
    const userIds = [...new Set([...parts, ...members].map((r) => r.userId).concat(endorsers.map((e) => e.endorserId), reviewers.map((r) => r.reviewerId)))];
    const users = await db.user.findMany({ where: { id: { in: userIds } } });
    let items = 0;
    let teams = 0;
    for (const cycleId of ids) {
      const cycle = await getCycle(cycleId);
      const view = { id: cycle.id, name: cycle.name, state: cycle.state, stage_label: cycle.stage_label, start_date: cycle.start_date, planned_end_date: cycle.planned_end_date };
      for (const u of users) {
        const lean = await readHomes(u, [view]);
        const full = await home(u, cycleId);
        expect(lean.homes[0], `${u.name} in ${cycle.name}`).toEqual(full);
        expect(lean.overview, `${u.name} in ${cycle.name}`).toEqual(await cycleOverviewFor(db, u.id, cycleId));
        items += full.items.length;
        if (full.team) teams += 1;
      }
    }
    // The comparison covered real lists and teams (not only empty homes).
    expect(items).toBeGreaterThan(10);
    expect(teams).toBeGreaterThanOrEqual(2);
  });

  it("the page's loader reads in at most 3 round trips of its own (after the frame's), the other cycles included", async () => {
    const db = await getDb();
    // A Mona Manager and a cycle where her reports take part (the file makes several Monas and cycles; the team's part
    // of the page must be in what is counted).
    const report = await db.participant.findFirstOrThrow({ where: { manager: { name: "Mona Manager" } }, select: { cycleId: true, managerId: true }, orderBy: { id: "asc" } });
    const manager = await db.user.findUniqueOrThrow({ where: { id: report.managerId! } });
    const cycle = { cycleId: report.cycleId };
    const cookie = await sessionCookieFor(manager.id);
    const context = {};
    type AnyLoader = (args: { request: Request; context: unknown; params: Record<string, string> }) => unknown;
    const call = (l: unknown) => scopedLoader(l as AnyLoader)({ request: new Request(`http://127.0.0.1/app/home?cycle_id=${cycle.cycleId}`, { headers: { Cookie: cookie } }), context, params: {} });
    await Promise.all([call(root.loader), call(appLayout.loader)]);
    const counted = await countStatements(() => call(homePage.loader));
    expect(counted.count, counted.statements.join("\n")).toBeLessThanOrEqual(3);
    const page = counted.result as Awaited<ReturnType<typeof homePage.loader>>;
    expect(page.kind).toBe("selected");
    if (page.kind === "selected") {
      expect(page.home).toEqual(JSON.parse(JSON.stringify(await home(manager, cycle.cycleId))));
      expect(page.home.team?.members.length).toBeGreaterThan(0);
      // The other started cycles with something to do are there, and each is the API's list of that cycle.
      for (const e of page.elsewhere) {
        const full = await home(manager, e.cycle.id);
        expect({ items: e.items, counts: e.counts }).toEqual({ items: full.items, counts: full.counts });
      }
    }
  });
});
