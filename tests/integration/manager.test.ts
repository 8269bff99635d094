/**
 * Manager calls under /api/v1/cycles/{cycle_id}/ (issue [3/3] item 5): direct and secondary reports, named
 * feedback about a direct report, the report's cycles, manager feedback and promotion nominations; and the
 * /app/my-reportees pages' loaders and actions. Cycles are inserted directly and put into a stage with
 * Prisma (their workflow is not under test here); feedback rows are written as the SPU stage leaves them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Cycle, CycleState, User } from "~/generated/prisma/client.ts";
import type { Question } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { insertCycle } from "~/features/cycles/model.server";
import { API_TOKEN_TTL_MS, hashToken, newTokenValue } from "~/platform/auth.server";
import * as directReportsRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports._index";
import * as secondaryReportsRoute from "~/routes/api.v1.cycles.$cycle_id.secondary_reports._index";
import * as feedbacksRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedbacks._index";
import * as feedbackOfRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedbacks.$reviewer_email";
import * as cyclesRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.cycles";
import * as managerFeedbackRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedback._index";
import * as submitRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedback.submit";
import * as nominationsRoute from "~/routes/api.v1.cycles.$cycle_id.promotion_nominations._index";
import * as nominationRoute from "~/routes/api.v1.cycles.$cycle_id.promotion_nominations.$email";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import * as listPage from "~/routes/app.my-reportees._index";
import * as feedbacksPage from "~/routes/app.my-reportees.feedbacks";
import * as reportFeedbackPage from "~/routes/app.my-reportees.$email.feedback._index";
import * as reviewerPage from "~/routes/app.my-reportees.$email.feedback.$reviewerEmail";
import * as promotionPage from "~/routes/app.my-reportees.$email.promotion";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";

const MANAGER_QUESTIONS = DEFAULT_QUESTIONNAIRE.MANAGER!;
const PEER_QUESTIONS = DEFAULT_QUESTIONNAIRE.PEER!;

/** A valid answer to every question (required and optional). */
function completeAnswers(questions: readonly Question[], text = "Clear, specific and kind."): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const q of questions) {
    if (q.kind === "rating") out[q.id] = q.scale!.max;
    else if (q.kind === "choice") out[q.id] = q.options![0]!;
    else out[q.id] = `${text} (${q.id})`;
  }
  return out;
}

let manager: User;
let otherManager: User;
let secondaryManager: User;
let ann: User; // direct report of `manager`, receives feedback
let bob: User; // direct report of `manager`, reviewer-only
let cat: User; // direct report of `otherManager`
let pete: User; // a peer of ann
let admin: User;
let managerToken: string;
let otherToken: string;
let secondaryToken: string;
let spoofToken: string;
let cycle: Cycle;

async function newCycle(name: string, state: CycleState): Promise<Cycle> {
  const db = await getDb();
  const c = await db.$transaction((tx) => insertCycle(tx, { name, startDate: null, plannedEndDate: null, maxPeers: 10 }));
  // These cycles show peer names to the reviewee's managers (ADR 0058): the tests read named reviewers. The default
  // (anonymous peers) is covered by cycle-reviewer-names.test.ts and feedback-summary.test.ts.
  return db.cycle.update({ where: { id: c.id }, data: { state, peerNames: "managers", upwardNames: "managers" } });
}

async function setState(c: Cycle, state: CycleState) {
  const db = await getDb();
  await db.cycle.update({ where: { id: c.id }, data: { state } });
}

async function addParticipant(c: Cycle, user: User, opts: { managerId?: number | null; secondaryManagerId?: number | null; reviewerOnly?: boolean } = {}) {
  const db = await getDb();
  return db.participant.create({
    data: { cycleId: c.id, userId: user.id, managerId: opts.managerId ?? null, secondaryManagerId: opts.secondaryManagerId ?? null, reviewerOnly: opts.reviewerOnly ?? false },
  });
}

/** A token like POST /api/v1/admin/spoof issues: `admin` acting as `user`. */
async function spoofTokenFor(userId: number, realUserId: number): Promise<string> {
  const db = await getDb();
  const token = newTokenValue();
  await db.apiToken.create({ data: { userId, realUserId, tokenHash: hashToken(token), provider: "spoof", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) } });
  return token;
}

const base = (cycleId: number) => `/api/v1/cycles/${cycleId}`;
const enc = encodeURIComponent;

function directReports(cycleId: number, token = managerToken) {
  return callRoute(directReportsRoute.loader as never, { path: `${base(cycleId)}/direct_reports`, token, params: { cycle_id: String(cycleId) } });
}
function secondaryReports(cycleId: number, token = managerToken) {
  return callRoute(secondaryReportsRoute.loader as never, { path: `${base(cycleId)}/secondary_reports`, token, params: { cycle_id: String(cycleId) } });
}
function feedbacks(cycleId: number, email: string, token = managerToken) {
  return callRoute(feedbacksRoute.loader as never, {
    path: `${base(cycleId)}/direct_reports/${enc(email)}/feedbacks`,
    token,
    params: { cycle_id: String(cycleId), email },
  });
}
function feedbackOf(cycleId: number, email: string, reviewerEmail: string, token = managerToken) {
  return callRoute(feedbackOfRoute.loader as never, {
    path: `${base(cycleId)}/direct_reports/${enc(email)}/feedbacks/${enc(reviewerEmail)}`,
    token,
    params: { cycle_id: String(cycleId), email, reviewer_email: reviewerEmail },
  });
}
function reportCycles(cycleId: number, email: string, token = managerToken) {
  return callRoute(cyclesRoute.loader as never, {
    path: `${base(cycleId)}/direct_reports/${enc(email)}/cycles`,
    token,
    params: { cycle_id: String(cycleId), email },
  });
}
function getManagerFeedback(cycleId: number, email: string, token = managerToken) {
  return callRoute(managerFeedbackRoute.loader as never, {
    path: `${base(cycleId)}/direct_reports/${enc(email)}/feedback`,
    token,
    params: { cycle_id: String(cycleId), email },
  });
}
function putManagerFeedback(cycleId: number, email: string, body: unknown, token = managerToken) {
  return callRoute(managerFeedbackRoute.action as never, {
    method: "PUT",
    path: `${base(cycleId)}/direct_reports/${enc(email)}/feedback`,
    token,
    body,
    params: { cycle_id: String(cycleId), email },
  });
}
function submitManagerFeedback(cycleId: number, email: string, body: unknown = {}, token = managerToken) {
  return callRoute(submitRoute.action as never, {
    method: "POST",
    path: `${base(cycleId)}/direct_reports/${enc(email)}/feedback/submit`,
    token,
    body,
    params: { cycle_id: String(cycleId), email },
  });
}
function listNominations(cycleId: number, token = managerToken) {
  return callRoute(nominationsRoute.loader as never, { path: `${base(cycleId)}/promotion_nominations`, token, params: { cycle_id: String(cycleId) } });
}
function nominate(cycleId: number, body: unknown, token = managerToken) {
  return callRoute(nominationsRoute.action as never, {
    method: "POST",
    path: `${base(cycleId)}/promotion_nominations`,
    token,
    body,
    params: { cycle_id: String(cycleId) },
  });
}
function getNomination(cycleId: number, email: string, token = managerToken) {
  return callRoute(nominationRoute.loader as never, {
    path: `${base(cycleId)}/promotion_nominations/${enc(email)}`,
    token,
    params: { cycle_id: String(cycleId), email },
  });
}
function withdraw(cycleId: number, email: string, token = managerToken) {
  return callRoute(nominationRoute.action as never, {
    method: "DELETE",
    path: `${base(cycleId)}/promotion_nominations/${enc(email)}`,
    token,
    params: { cycle_id: String(cycleId), email },
  });
}

async function auditsFor(entityType: string, entityId: number) {
  const db = await getDb();
  return db.auditRecord.findMany({ where: { entityType, entityId: String(entityId) }, orderBy: { id: "asc" } });
}

const RATIONALE = "Leads the team's largest project end to end and mentors two engineers.";

beforeAll(async () => {
  manager = await createTestUser({ name: "Mia Manager" });
  otherManager = await createTestUser({ name: "Oscar Other" });
  secondaryManager = await createTestUser({ name: "Sara Secondary" });
  ann = await createTestUser({ name: "Ann Report" });
  bob = await createTestUser({ name: "Bob Reviewer Only" });
  cat = await createTestUser({ name: "Cat Elsewhere" });
  pete = await createTestUser({ name: "Pete Peer" });
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Adam Admin" });
  [managerToken, otherToken, secondaryToken] = await Promise.all([manager, otherManager, secondaryManager].map((u) => bearerFor(u.id)));
  spoofToken = await spoofTokenFor(manager.id, admin.id);

  cycle = await newCycle("Manager cycle", "MANAGER_FEEDBACK");
  const annP = await addParticipant(cycle, ann, { managerId: manager.id, secondaryManagerId: secondaryManager.id });
  await addParticipant(cycle, bob, { managerId: manager.id, reviewerOnly: true });
  const catP = await addParticipant(cycle, cat, { managerId: otherManager.id });
  await addParticipant(cycle, pete, { managerId: otherManager.id });
  await addParticipant(cycle, manager, {});

  const db = await getDb();
  await db.peerRequest.createMany({
    data: [
      { cycleId: cycle.id, participantId: annP.id, reviewerId: pete.id, status: "ACCEPTED", requestedById: ann.id },
      { cycleId: cycle.id, participantId: annP.id, reviewerId: cat.id, status: "ACCEPTED", requestedById: ann.id },
      { cycleId: cycle.id, participantId: annP.id, reviewerId: otherManager.id, status: "DECLINED", requestedById: ann.id },
    ],
  });
  await db.feedback.createMany({
    data: [
      { cycleId: cycle.id, revieweeId: annP.id, reviewerId: ann.id, reviewerType: "SELF", status: "SUBMITTED", submittedAt: new Date(), answers: completeAnswers(DEFAULT_QUESTIONNAIRE.SELF!, "Self view") },
      { cycleId: cycle.id, revieweeId: annP.id, reviewerId: pete.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: new Date(), answers: completeAnswers(PEER_QUESTIONS, "Peer view") },
      // Cat started but did not submit: her words stay private.
      { cycleId: cycle.id, revieweeId: annP.id, reviewerId: cat.id, reviewerType: "PEER", status: "DRAFT", answers: { strengths: "Unfinished private draft" } },
      // Ann's own request to review Cat (feedback she has to give).
      { cycleId: cycle.id, revieweeId: catP.id, reviewerId: ann.id, reviewerType: "PEER", status: "DRAFT", answers: {} },
    ],
  });
});

describe("GET direct_reports and secondary_reports", () => {
  it("lists my direct reports with selection, feedback progress, manager feedback state and nomination", async () => {
    const res = await directReports(cycle.id);
    expect(res.status).toBe(200);
    expect(res.body.cycle).toMatchObject({ id: cycle.id, state: "manager_feedback", stage_label: "Stage 3 - Manager Feedback stage" });
    expect(res.body.can_write_manager_feedback).toBe(true);
    expect(res.body.can_change_nominations).toBe(true);
    const emails = res.body.direct_reports.map((r: { email: string }) => r.email);
    expect(emails).toEqual([ann.email, bob.email]); // by name; Cat is someone else's report
    const a = res.body.direct_reports[0];
    expect(a.selection).toEqual({ panel_status: "admin_approved", requested: 0, accepted: 2, declined: 1 });
    expect(a.feedback_received).toEqual({ requested: 3, given: 2 });
    expect(a.feedback_to_give).toEqual({ requested: 2, given: 1 }); // her self review (given) and Cat (open)
    expect(a.manager_feedback).toEqual({ state: "not_started", submitted_at: null });
    expect(a.promotion_nomination).toBeNull();
    expect(res.body.direct_reports[1]).toMatchObject({ email: bob.email, reviewer_only: true, feedback_received: { requested: 0, given: 0 } });
  });

  it("is empty for someone without reports; 404 for an unknown cycle; 401 without a token", async () => {
    const none = await directReports(cycle.id, secondaryToken);
    expect(none.status).toBe(200);
    expect(none.body.direct_reports).toEqual([]);
    expect((await directReports(999_999)).status).toBe(404);
    const anon = await callRoute(directReportsRoute.loader as never, { path: `${base(cycle.id)}/direct_reports`, params: { cycle_id: String(cycle.id) } });
    expect(anon.status).toBe(401);
    expect((await callRoute(directReportsRoute.loader as never, { path: "/x", token: managerToken, params: { cycle_id: "abc" } })).status).toBe(404);
  });

  it("lists secondary reports with links to their summaries only", async () => {
    const res = await secondaryReports(cycle.id, secondaryToken);
    expect(res.status).toBe(200);
    expect(res.body.secondary_reports).toEqual([
      expect.objectContaining({
        email: ann.email,
        manager: { email: manager.email, name: manager.name },
        feedback_summary_path: `/app/my-reportees/secondary/${enc(ann.email)}/feedback/summary?cycle_id=${cycle.id}`,
      }),
    ]);
    expect(Object.keys(res.body.secondary_reports[0]).sort()).toEqual(
      ["email", "feedback_summary_path", "job_title", "manager", "name", "profile_image_url", "reviewer_only"].sort(),
    );
    expect((await secondaryReports(cycle.id)).body.secondary_reports).toEqual([]);
    expect((await secondaryReports(999_999)).status).toBe(404);
  });
});

describe("GET direct_reports/{email}/feedbacks and feedbacks/{reviewer_email}", () => {
  it("shows each reviewer by name and type, answers only once submitted", async () => {
    const res = await feedbacks(cycle.id, ann.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.participant.email).toBe(ann.email);
    const rows = res.body.feedbacks as Array<{ reviewer: { email: string; name: string }; reviewer_type: string; status: string; answers: unknown }>;
    expect(rows.map((r) => [r.reviewer.name, r.reviewer_type, r.status])).toEqual([
      [ann.name, "self", "submitted"],
      [cat.name, "peer", "draft"],
      [pete.name, "peer", "submitted"],
    ]);
    expect(rows[0]!.answers).toMatchObject({ accomplishments: expect.stringContaining("Self view") });
    expect(rows[1]!.answers).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain("Unfinished private draft");
    expect(rows[2]!.answers).toEqual(completeAnswers(PEER_QUESTIONS, "Peer view"));
    expect(res.body.questions.peer.map((q: Question) => q.id)).toEqual(PEER_QUESTIONS.map((q) => q.id));
    expect(res.body.questions.self).toBeDefined();
    expect(res.body.questions.manager).toBeUndefined();
  });

  it("refuses a manager reading a non-report (403), a secondary manager (403), unknown people (404)", async () => {
    const other = await feedbacks(cycle.id, cat.email);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toContain("is not your direct report");
    expect((await feedbacks(cycle.id, ann.email, secondaryToken)).status).toBe(403);
    expect((await feedbacks(cycle.id, "nobody@test.example.com")).status).toBe(404);
    expect((await feedbacks(cycle.id, "not-an-email")).status).toBe(404);
    expect((await feedbacks(999_999, ann.email)).status).toBe(404);
  });

  it("reads one reviewer's answers with the questions of their type", async () => {
    const res = await feedbackOf(cycle.id, ann.email, pete.email);
    expect(res.status).toBe(200);
    expect(res.body.feedback).toMatchObject({ reviewer: { email: pete.email, name: pete.name }, reviewer_type: "peer", reviewer_type_label: "Peer/Stakeholder", status: "submitted" });
    expect(res.body.feedback.answers).toEqual(completeAnswers(PEER_QUESTIONS, "Peer view"));
    expect(res.body.questions.map((q: Question) => q.id)).toEqual(PEER_QUESTIONS.map((q) => q.id));
    const draft = await feedbackOf(cycle.id, ann.email, cat.email);
    expect(draft.status).toBe(200);
    expect(draft.body.feedback).toMatchObject({ status: "draft", answers: null });
    expect((await feedbackOf(cycle.id, ann.email, bob.email)).status).toBe(404); // Bob does not review Ann
    expect((await feedbackOf(cycle.id, cat.email, ann.email)).status).toBe(403);
    expect((await feedbackOf(cycle.id, ann.email, pete.email, secondaryToken)).status).toBe(403);
    expect((await feedbackOf(cycle.id, ann.email, "bad")).status).toBe(404);
  });
});

describe("GET direct_reports/{email}/cycles", () => {
  it("lists the cycles in which I was the report's manager, not others", async () => {
    const earlier = await newCycle("Earlier cycle", "COMMUNICATION");
    await addParticipant(earlier, ann, { managerId: manager.id });
    const elsewhere = await newCycle("Other manager's cycle", "COMMUNICATION");
    await addParticipant(elsewhere, ann, { managerId: otherManager.id });
    const res = await reportCycles(cycle.id, ann.email);
    expect(res.status).toBe(200);
    const ids = res.body.cycles.map((c: { id: number }) => c.id);
    expect(ids).toEqual([cycle.id, earlier.id]); // communication last (cycle list order)
    expect(ids).not.toContain(elsewhere.id);
    expect(res.body.participant.email).toBe(ann.email);
    expect((await reportCycles(cycle.id, cat.email)).status).toBe(403);
    expect((await reportCycles(cycle.id, ann.email, secondaryToken)).status).toBe(403);
    expect((await reportCycles(elsewhere.id, ann.email)).status).toBe(403);
    expect((await reportCycles(cycle.id, "ghost@test.example.com")).status).toBe(404);
    expect((await reportCycles(999_999, ann.email)).status).toBe(404);
  });
});

describe("manager feedback", () => {
  it("reads the empty form in the stage: MANAGER questions, editable", async () => {
    const res = await getManagerFeedback(cycle.id, ann.email);
    expect(res.status).toBe(200);
    expect(res.body.feedback).toMatchObject({ reviewer_type: "manager", state: "not_started", status: null, answers: {}, editable: true });
    expect(res.body.feedback.questions.map((q: Question) => q.id)).toEqual(MANAGER_QUESTIONS.map((q) => q.id));
  });

  it("refuses writes while spoofing, by another manager or a secondary manager (403), for a reviewer-only report (400)", async () => {
    const draft = { answers: { strengths: "Great" } };
    const spoof = await putManagerFeedback(cycle.id, ann.email, draft, spoofToken);
    expect(spoof.status).toBe(403);
    expect(spoof.body.error.code).toBe("spoofing");
    expect((await submitManagerFeedback(cycle.id, ann.email, {}, spoofToken)).status).toBe(403);
    // Spoofing admins may read.
    expect((await getManagerFeedback(cycle.id, ann.email, spoofToken)).status).toBe(200);
    expect((await putManagerFeedback(cycle.id, ann.email, draft, otherToken)).status).toBe(403);
    expect((await putManagerFeedback(cycle.id, ann.email, draft, secondaryToken)).status).toBe(403);
    expect((await getManagerFeedback(cycle.id, ann.email, secondaryToken)).status).toBe(403);
    expect((await submitManagerFeedback(cycle.id, cat.email)).status).toBe(403);
    const reviewerOnly = await putManagerFeedback(cycle.id, bob.email, draft);
    expect(reviewerOnly.status).toBe(400);
    expect(reviewerOnly.body.error.message).toContain("reviewer only");
    expect((await getManagerFeedback(cycle.id, bob.email)).status).toBe(400);
    expect((await putManagerFeedback(cycle.id, "ghost@test.example.com", draft)).status).toBe(404);
    expect((await putManagerFeedback(999_999, ann.email, draft)).status).toBe(404);
    const db = await getDb();
    expect(await db.feedback.count({ where: { cycleId: cycle.id, reviewerType: "MANAGER" } })).toBe(0);
  });

  it("validates answers against the MANAGER questions (422)", async () => {
    const badRating = await putManagerFeedback(cycle.id, ann.email, { answers: { overall_impact: 9 } });
    expect(badRating.status).toBe(422);
    expect(badRating.body.error.code).toBe("invalid_answers");
    expect(badRating.body.error.details.issues[0]).toMatchObject({ question_id: "overall_impact" });
    const unknown = await putManagerFeedback(cycle.id, ann.email, { answers: { collaboration: "Often" } });
    expect(unknown.status).toBe(422);
    expect((await putManagerFeedback(cycle.id, ann.email, { answers: { trajectory: "Not an option" } })).status).toBe(422);
    expect((await putManagerFeedback(cycle.id, ann.email, { answers: "text" })).status).toBe(400);
    expect((await putManagerFeedback(cycle.id, ann.email, { answers: {}, extra: 1 })).status).toBe(400);
    const malformed = await callRoute(managerFeedbackRoute.action as never, {
      method: "PUT",
      path: `${base(cycle.id)}/direct_reports/${enc(ann.email)}/feedback`,
      token: managerToken,
      rawBody: "{not json",
      params: { cycle_id: String(cycle.id), email: ann.email },
    });
    expect(malformed.status).toBe(400);
  });

  it("saves a partial draft, refuses an incomplete submit, submits, refuses a second submit, adjusts", async () => {
    const db = await getDb();
    // The stage effect's open request (DRAFT, {}) is the row the manager writes into.
    const annP = await db.participant.findFirstOrThrow({ where: { cycleId: cycle.id, userId: ann.id } });
    const request = await db.feedback.create({ data: { cycleId: cycle.id, revieweeId: annP.id, reviewerId: manager.id, reviewerType: "MANAGER" } });

    const saved = await putManagerFeedback(cycle.id, ann.email, { answers: { strengths: "  Owns outcomes.  ", overall_impact: "4", growth_areas: "" } });
    expect(saved.status).toBe(200);
    expect(saved.body.feedback).toMatchObject({ state: "draft", status: "draft", answers: { strengths: "Owns outcomes.", overall_impact: 4 } });
    expect(saved.body.feedback.answers).not.toHaveProperty("growth_areas");
    const row = await db.feedback.findUniqueOrThrow({ where: { id: request.id } });
    expect(row).toMatchObject({ status: "DRAFT", reviewerType: "MANAGER", answers: { strengths: "Owns outcomes.", overall_impact: 4 } });
    let audits = await auditsFor("Feedback", request.id);
    expect(audits.map((a) => a.action)).toEqual(["manager_feedback.save"]);
    expect(audits[0]).toMatchObject({ actorId: manager.id, realActorId: manager.id, source: "api" });

    const listed = await directReports(cycle.id);
    expect(listed.body.direct_reports[0].manager_feedback.state).toBe("draft");

    const incomplete = await submitManagerFeedback(cycle.id, ann.email);
    expect(incomplete.status).toBe(422);
    const missing = incomplete.body.error.details.issues.map((i: { question_id: string }) => i.question_id);
    expect(missing).toEqual(expect.arrayContaining(["growth_areas", "trajectory"]));
    expect(missing).not.toContain("next_cycle_focus"); // optional
    expect((await db.feedback.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("DRAFT");

    const full = completeAnswers(MANAGER_QUESTIONS, "Manager view");
    const submitted = await submitManagerFeedback(cycle.id, ann.email, { answers: full });
    expect(submitted.status).toBe(200);
    expect(submitted.body.feedback).toMatchObject({ state: "submitted", status: "submitted", answers: full });
    expect(submitted.body.feedback.submitted_at).toEqual(expect.any(String));

    const again = await submitManagerFeedback(cycle.id, ann.email);
    expect(again.status).toBe(409);

    // Adjusting a submitted feedback must keep it complete.
    expect((await putManagerFeedback(cycle.id, ann.email, { answers: { strengths: "Only this" } })).status).toBe(422);
    const adjusted = await putManagerFeedback(cycle.id, ann.email, { answers: { ...full, overall_impact: 3 } });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.feedback).toMatchObject({ status: "submitted", answers: { overall_impact: 3 } });
    audits = await auditsFor("Feedback", request.id);
    expect(audits.map((a) => a.action)).toEqual(["manager_feedback.save", "manager_feedback.submit", "manager_feedback.adjust"]);
    expect(await db.feedback.count({ where: { cycleId: cycle.id, revieweeId: annP.id, reviewerType: "MANAGER" } })).toBe(1);

    // The manager's own submitted feedback now shows among the report's feedback.
    const list = await feedbacks(cycle.id, ann.email);
    expect(list.body.feedbacks.find((f: { reviewer_type: string }) => f.reviewer_type === "manager")).toMatchObject({
      reviewer: { email: manager.email },
      status: "submitted",
      answers: { overall_impact: 3 },
    });
    expect((await directReports(cycle.id)).body.direct_reports[0].manager_feedback.state).toBe("submitted");
  });

  it("creates the MANAGER row when the stage effect has not, and is refused outside the manager feedback stage (409)", async () => {
    const c = await newCycle("Manager cycle 2", "SPU_FEEDBACK");
    await addParticipant(c, ann, { managerId: manager.id });
    const draft = { answers: { strengths: "Early words" } };
    const early = await putManagerFeedback(c.id, ann.email, draft);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain("manager feedback stage");
    expect(early.body.error.details).toMatchObject({ stage: "spu_feedback", allowed_stages: ["manager_feedback"] });
    expect((await submitManagerFeedback(c.id, ann.email, { answers: completeAnswers(MANAGER_QUESTIONS) })).status).toBe(409);
    const readOnly = await getManagerFeedback(c.id, ann.email);
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.feedback.editable).toBe(false);

    await setState(c, "MANAGER_FEEDBACK");
    const submitted = await submitManagerFeedback(c.id, ann.email, { answers: completeAnswers(MANAGER_QUESTIONS) });
    expect(submitted.status).toBe(200);
    const db = await getDb();
    const row = await db.feedback.findFirstOrThrow({ where: { cycleId: c.id, reviewerId: manager.id } });
    expect(row).toMatchObject({ reviewerType: "MANAGER", status: "SUBMITTED" });
    expect((await auditsFor("Feedback", row.id)).map((a) => a.action)).toEqual(["manager_feedback.submit"]);

    await setState(c, "CALIBRATION");
    expect((await putManagerFeedback(c.id, ann.email, { answers: completeAnswers(MANAGER_QUESTIONS) })).status).toBe(409);
    const after = await getManagerFeedback(c.id, ann.email);
    expect(after.body.feedback).toMatchObject({ state: "submitted", editable: false });
  });
});

describe("promotion nominations", () => {
  it("nominates a direct report (201), updates the rationale (200), withdraws, re-nominates; audited", async () => {
    const created = await nominate(cycle.id, { email: ann.email.toUpperCase(), rationale: `  ${RATIONALE}  ` });
    expect(created.status).toBe(201);
    expect(created.body.promotion_nomination).toMatchObject({
      participant_email: ann.email,
      status: "nominated",
      rationale: RATIONALE,
      nominated_by: { email: manager.email, name: manager.name },
    });
    const db = await getDb();
    const row = await db.promotionNomination.findFirstOrThrow({ where: { participant: { cycleId: cycle.id, userId: ann.id } } });
    expect(row).toMatchObject({ status: "nominated", nominatedById: manager.id, rationale: RATIONALE });

    const updated = await nominate(cycle.id, { email: ann.email, rationale: `${RATIONALE} Also ran the hiring loop.` });
    expect(updated.status).toBe(200);
    expect(updated.body.promotion_nomination.rationale).toContain("hiring loop");

    const list = await listNominations(cycle.id);
    expect(list.status).toBe(200);
    expect(list.body.can_change).toBe(true);
    expect(list.body.promotion_nominations).toEqual([expect.objectContaining({ participant_email: ann.email, status: "nominated" })]);
    expect((await listNominations(cycle.id, otherToken)).body.promotion_nominations).toEqual([]);
    expect((await directReports(cycle.id)).body.direct_reports[0].promotion_nomination).toMatchObject({ status: "nominated" });

    const one = await getNomination(cycle.id, ann.email);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ can_change: true, blocked_reason: null, promotion_nomination: { status: "nominated" } });

    const withdrawn = await withdraw(cycle.id, ann.email);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.promotion_nomination.status).toBe("withdrawn");
    expect((await db.promotionNomination.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("withdrawn");
    expect((await withdraw(cycle.id, ann.email)).status).toBe(409);

    const again = await nominate(cycle.id, { email: ann.email, rationale: RATIONALE });
    expect(again.status).toBe(201);
    expect(again.body.promotion_nomination.status).toBe("nominated");

    const audits = await auditsFor("PromotionNomination", row.id);
    expect(audits.map((a) => a.action)).toEqual([
      "promotion_nomination.nominate",
      "promotion_nomination.update",
      "promotion_nomination.withdraw",
      "promotion_nomination.nominate",
    ]);
    expect(audits[2]).toMatchObject({ actorId: manager.id, source: "api", before: expect.objectContaining({ status: "nominated" }), after: expect.objectContaining({ status: "withdrawn" }) });
  });

  it("refuses invalid input and reviewer-only participants (400)", async () => {
    const short = await nominate(cycle.id, { email: ann.email, rationale: "Great" });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body.error.details)).toContain("at least 20 characters");
    expect((await nominate(cycle.id, { email: "not-an-email", rationale: RATIONALE })).status).toBe(400);
    expect((await nominate(cycle.id, { email: ann.email })).status).toBe(400);
    expect((await nominate(cycle.id, { email: ann.email, rationale: RATIONALE, status: "x" })).status).toBe(400);
    const reviewerOnly = await nominate(cycle.id, { email: bob.email, rationale: RATIONALE });
    expect(reviewerOnly.status).toBe(400);
    expect(reviewerOnly.body.error.message).toContain("cannot be nominated");
    expect((await getNomination(cycle.id, bob.email)).body.blocked_reason).toContain("reviewer only");
  });

  it("refuses a non-report, a secondary manager and a spoofing admin (403); unknown people and cycles (404)", async () => {
    expect((await nominate(cycle.id, { email: cat.email, rationale: RATIONALE })).status).toBe(403);
    expect((await nominate(cycle.id, { email: ann.email, rationale: RATIONALE }, secondaryToken)).status).toBe(403);
    const spoof = await nominate(cycle.id, { email: ann.email, rationale: RATIONALE }, spoofToken);
    expect(spoof.status).toBe(403);
    expect(spoof.body.error.code).toBe("spoofing");
    expect((await withdraw(cycle.id, ann.email, spoofToken)).status).toBe(403);
    expect((await withdraw(cycle.id, ann.email, otherToken)).status).toBe(403);
    expect((await getNomination(cycle.id, ann.email, secondaryToken)).status).toBe(403);
    expect((await nominate(cycle.id, { email: "ghost@test.example.com", rationale: RATIONALE })).status).toBe(404);
    expect((await nominate(999_999, { email: ann.email, rationale: RATIONALE })).status).toBe(404);
    expect((await listNominations(999_999)).status).toBe(404);
    expect((await getNomination(cycle.id, "ghost@test.example.com")).status).toBe(404);
  });

  it("allows nominating in the SPU feedback stage; refuses it and withdrawing from calibration on (409); 404 withdrawing nothing", async () => {
    const c = await newCycle("Nomination stages", "START");
    await addParticipant(c, ann, { managerId: manager.id });
    await addParticipant(c, bob, { managerId: manager.id });
    const tooEarly = await nominate(c.id, { email: ann.email, rationale: RATIONALE });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.error.details.allowed_stages).toEqual(["spu_feedback", "manager_feedback"]);
    await setState(c, "SPU_FEEDBACK");
    expect((await withdraw(c.id, ann.email)).status).toBe(404);
    expect((await nominate(c.id, { email: ann.email, rationale: RATIONALE })).status).toBe(201);
    await setState(c, "CALIBRATION");
    expect((await nominate(c.id, { email: ann.email, rationale: RATIONALE })).status).toBe(409);
    const late = await withdraw(c.id, ann.email);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("calibration stage");
    const listed = await listNominations(c.id);
    expect(listed.body).toMatchObject({ can_change: false, promotion_nominations: [expect.objectContaining({ status: "nominated" })] });
  });
});

describe("OpenAPI", () => {
  it("describes the manager calls", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = Object.keys(res.body.paths);
    for (const p of [
      "/api/v1/cycles/{cycle_id}/direct_reports",
      "/api/v1/cycles/{cycle_id}/secondary_reports",
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/feedbacks",
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/feedbacks/{reviewer_email}",
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/cycles",
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/feedback",
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/feedback/submit",
      "/api/v1/cycles/{cycle_id}/promotion_nominations",
      "/api/v1/cycles/{cycle_id}/promotion_nominations/{email}",
    ]) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(res.body.paths["/api/v1/cycles/{cycle_id}/direct_reports/{email}/feedback"])).toEqual(expect.arrayContaining(["get", "put"]));
  });
});

describe("pages under /app/my-reportees", () => {
  let c: Cycle;
  let cookie: string;
  const pagePath = (path: string) => `${path}?cycle_id=${c.id}`;

  beforeAll(async () => {
    c = await newCycle("Manager pages cycle", "MANAGER_FEEDBACK");
    const annP = await addParticipant(c, ann, { managerId: manager.id, secondaryManagerId: secondaryManager.id });
    await addParticipant(c, bob, { managerId: manager.id, reviewerOnly: true });
    await addParticipant(c, cat, { managerId: otherManager.id });
    const db = await getDb();
    await db.feedback.create({
      data: { cycleId: c.id, revieweeId: annP.id, reviewerId: pete.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: new Date(), answers: completeAnswers(PEER_QUESTIONS, "Page peer") },
    });
    cookie = await sessionCookieFor(manager.id);
  });

  it("lists direct and secondary reports for the selected cycle (both list routes), redirecting to a cycle", async () => {
    for (const mod of [listPage, feedbacksPage]) {
      const res = await callWithSession(mod.loader as never, { path: pagePath("/app/my-reportees"), cookie });
      expect(res.status).toBe(200);
      expect(res.body.kind).toBe("selected");
      expect(res.body.direct.direct_reports.map((r: { email: string }) => r.email)).toEqual([ann.email, bob.email]);
      expect(res.body.secondary.secondary_reports).toEqual([]);
    }
    const secondary = await callWithSession(listPage.loader as never, { path: pagePath("/app/my-reportees"), cookie: await sessionCookieFor(secondaryManager.id) });
    expect(secondary.body.secondary.secondary_reports.map((r: { email: string }) => r.email)).toEqual([ann.email]);
    const noCycle = await callWithSession(listPage.loader as never, { path: "/app/my-reportees", cookie });
    expect(noCycle.status).toBe(302);
    expect(noCycle.response.headers.get("Location")).toMatch(/^\/app\/my-reportees\?cycle_id=\d+$/);
    const invalid = await callWithSession(listPage.loader as never, { path: "/app/my-reportees?cycle_id=999999", cookie });
    expect(invalid.body).toMatchObject({ kind: "invalid", message: "Invalid Cycle ID" });
    const anon = await callWithSession(listPage.loader as never, { path: pagePath("/app/my-reportees") });
    expect(anon.status).toBe(302);
    expect(anon.response.headers.get("Location")).toContain("/app/login?out=true");
  });

  it("feedback page: named reviewers and my form; 403 for a non-report; the cycle picked when missing", async () => {
    const path = pagePath(`/app/my-reportees/${enc(ann.email)}/feedback`);
    const res = await callWithSession(reportFeedbackPage.loader as never, { path, cookie, params: { email: ann.email } });
    expect(res.status).toBe(200);
    expect(res.body.feedbacks.feedbacks.map((f: { reviewer: { email: string } }) => f.reviewer.email)).toEqual([pete.email]);
    expect(res.body.mine).toMatchObject({ editable: true, state: "not_started" });
    expect(res.body.cycles.map((x: { id: number }) => x.id)).toContain(c.id);
    const other = await callWithSession(reportFeedbackPage.loader as never, { path: pagePath(`/app/my-reportees/${enc(cat.email)}/feedback`), cookie, params: { email: cat.email } });
    expect(other.status).toBe(403);
    const bad = await callWithSession(reportFeedbackPage.loader as never, { path: pagePath("/app/my-reportees/x/feedback"), cookie, params: { email: "x" } });
    expect(bad.status).toBe(404);
    const reviewerOnly = await callWithSession(reportFeedbackPage.loader as never, { path: pagePath(`/app/my-reportees/${enc(bob.email)}/feedback`), cookie, params: { email: bob.email } });
    expect(reviewerOnly.status).toBe(200);
    expect(reviewerOnly.body.mine).toBeNull();
    const picked = await callWithSession(reportFeedbackPage.loader as never, { path: `/app/my-reportees/${enc(ann.email)}/feedback`, cookie, params: { email: ann.email } });
    expect(picked.status).toBe(302);
    expect(picked.response.headers.get("Location")).toMatch(/cycle_id=\d+$/);
    const never = await callWithSession(reportFeedbackPage.loader as never, { path: `/app/my-reportees/${enc(cat.email)}/feedback`, cookie, params: { email: cat.email } });
    expect(never.status).toBe(403);
  });

  it("feedback page actions: save a draft, per-question errors on an incomplete submit, submit; refused while spoofing", async () => {
    const path = pagePath(`/app/my-reportees/${enc(ann.email)}/feedback`);
    const post = (form: Record<string, string>, who = cookie) => callWithSession(reportFeedbackPage.action as never, { method: "POST", path, cookie: who, form, params: { email: ann.email } });
    const saved = await post({ intent: "save", answers: JSON.stringify({ strengths: "Calm under pressure." }) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, message: { key: "managerReview.mine.saved" } });
    const incomplete = await post({ intent: "submit", answers: JSON.stringify({ strengths: "Calm under pressure." }) });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors).toMatchObject({ growth_areas: "This question is required" });
    expect(incomplete.body.message).toEqual({ key: "managerReview.mine.attention" });
    expect((await post({ intent: "save", answers: "{oops" })).status).toBe(400);
    const spoofCookie = await sessionCookieFor(manager.id, admin.id);
    const spoof = await post({ intent: "save", answers: JSON.stringify({ strengths: "x" }) }, spoofCookie);
    expect(spoof.status).toBe(403);
    const done = await post({ intent: "submit", answers: JSON.stringify(completeAnswers(MANAGER_QUESTIONS, "Page")) });
    expect(done.body).toMatchObject({ ok: true, message: { key: "managerReview.mine.submittedToast" } });
    const db = await getDb();
    const row = await db.feedback.findFirstOrThrow({ where: { cycleId: c.id, reviewerId: manager.id } });
    expect(row.status).toBe("SUBMITTED");
    const audits = await auditsFor("Feedback", row.id);
    expect(audits.map((a) => [a.action, a.source])).toEqual([
      ["manager_feedback.save", "page"],
      ["manager_feedback.submit", "page"],
    ]);
  });

  it("reviewer page: one reviewer's answers; 404 for someone who does not review them", async () => {
    const res = await callWithSession(reviewerPage.loader as never, {
      path: pagePath(`/app/my-reportees/${enc(ann.email)}/feedback/${enc(pete.email)}`),
      cookie,
      params: { email: ann.email, reviewerEmail: pete.email },
    });
    expect(res.status).toBe(200);
    expect(res.body.feedback).toMatchObject({ reviewer: { email: pete.email }, reviewer_type_label: "Peer/Stakeholder" });
    expect(res.body.feedback.answers).toEqual(completeAnswers(PEER_QUESTIONS, "Page peer"));
    const none = await callWithSession(reviewerPage.loader as never, {
      path: pagePath(`/app/my-reportees/${enc(ann.email)}/feedback/${enc(cat.email)}`),
      cookie,
      params: { email: ann.email, reviewerEmail: cat.email },
    });
    expect(none.status).toBe(404);
    const secondary = await callWithSession(reviewerPage.loader as never, {
      path: pagePath(`/app/my-reportees/${enc(ann.email)}/feedback/${enc(pete.email)}`),
      cookie: await sessionCookieFor(secondaryManager.id),
      params: { email: ann.email, reviewerEmail: pete.email },
    });
    expect(secondary.status).toBe(403);
  });

  it("promotion page: rationale error, nominate, withdraw; reviewer-only blocked", async () => {
    const path = pagePath(`/app/my-reportees/${enc(ann.email)}/promotion`);
    const post = (form: Record<string, string>) => callWithSession(promotionPage.action as never, { method: "POST", path, cookie, form, params: { email: ann.email } });
    const short = await post({ intent: "nominate", rationale: "Too short" });
    expect(short.status).toBe(400);
    expect(short.body.rationaleError).toEqual({ key: "promotions.nomination.rationaleTooShort", values: { min: 20 } });
    const ok = await post({ intent: "nominate", rationale: RATIONALE });
    expect(ok.body).toMatchObject({ ok: true, message: { key: "promotions.nomination.nominated" } });
    const loaded = await callWithSession(promotionPage.loader as never, { path, cookie, params: { email: ann.email } });
    expect(loaded.body).toMatchObject({ can_change: true, blocked_reason: null, promotion_nomination: { status: "nominated", rationale: RATIONALE } });
    const withdrawn = await post({ intent: "withdraw" });
    expect(withdrawn.body).toMatchObject({ ok: true, message: { key: "promotions.nomination.withdrawnToast" } });
    const again = await post({ intent: "withdraw" });
    expect(again.status).toBe(409);
    const db = await getDb();
    const row = await db.promotionNomination.findFirstOrThrow({ where: { participant: { cycleId: c.id, userId: ann.id } } });
    expect((await auditsFor("PromotionNomination", row.id)).map((a) => [a.action, a.source])).toEqual([
      ["promotion_nomination.nominate", "page"],
      ["promotion_nomination.withdraw", "page"],
    ]);
    const bobPage = await callWithSession(promotionPage.loader as never, {
      path: pagePath(`/app/my-reportees/${enc(bob.email)}/promotion`),
      cookie,
      params: { email: bob.email },
    });
    expect(bobPage.body.blocked_reason).toContain("reviewer only");
    const bobPost = await callWithSession(promotionPage.action as never, {
      method: "POST",
      path: pagePath(`/app/my-reportees/${enc(bob.email)}/promotion`),
      cookie,
      form: { intent: "nominate", rationale: RATIONALE },
      params: { email: bob.email },
    });
    expect(bobPost.status).toBe(400);
  });
});
