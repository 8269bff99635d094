/**
 * 360 feedback calls under /api/v1/cycles/{cycle_id}/ (ADR 0021): list, get, save draft (POST/PUT),
 * submit, adjust, feedback_received_count — with 400 (bad answers, per question), 401, 403 (not asked,
 * spoofing write, manager feedback), 404 (unknown reviewee/cycle, not a participant) and 409 (wrong
 * stage before and after the SPU feedback stage, submitted/not submitted). The feedback requests
 * come from the real stage effects (cycle workflow).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import * as listRoute from "~/routes/api.v1.cycles.$cycle_id.feedbacks";
import * as countRoute from "~/routes/api.v1.cycles.$cycle_id.feedback_received_count";
import * as feedbackRoute from "~/routes/api.v1.cycles.$cycle_id.participants.$email.feedback";
import * as submitRoute from "~/routes/api.v1.cycles.$cycle_id.participants.$email.feedback.submit";
import * as adjustRoute from "~/routes/api.v1.cycles.$cycle_id.participants.$email.feedback.adjust";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;
const tokens: Record<string, string> = {};

const PEER_COMPLETE = {
  strengths: "Always helps the team ship",
  growth_areas: "Share more context in reviews",
  collaboration: "Often",
  overall_impact: 4,
};

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("Feedback");
  for (const k of ["M", "A", "B", "S", "C", "P", "Q", "admin"] as const) tokens[k] = await bearerFor(org[k].id);
  await moveCycleTo(org, "start");
});
afterAll(async () => {
  await stopWorker?.();
});

const base = () => `/api/v1/cycles/${org.cycleId}`;
const params = (email: string, cycleId = org.cycleId) => ({ cycle_id: String(cycleId), email });

function list(token: string, cycleId = org.cycleId) {
  return callRoute(listRoute.loader as never, { path: `/api/v1/cycles/${cycleId}/feedbacks`, token, params: { cycle_id: String(cycleId) } });
}
function get(token: string, email: string, cycleId = org.cycleId) {
  return callRoute(feedbackRoute.loader as never, { path: `${base()}/participants/${email}/feedback`, token, params: params(email, cycleId) });
}
function save(token: string, email: string, body: unknown, method = "POST") {
  return callRoute(feedbackRoute.action as never, { method, path: `${base()}/participants/${email}/feedback`, token, params: params(email), body });
}
function submit(token: string, email: string, body: unknown = {}) {
  return callRoute(submitRoute.action as never, { method: "POST", path: `${base()}/participants/${email}/feedback/submit`, token, params: params(email), body });
}
function adjust(token: string, email: string, body: unknown) {
  return callRoute(adjustRoute.action as never, { method: "POST", path: `${base()}/participants/${email}/feedback/adjust`, token, params: params(email), body });
}
function received(token: string) {
  return callRoute(countRoute.loader as never, { path: `${base()}/feedback_received_count`, token, params: { cycle_id: String(org.cycleId) } });
}

async function audits(action: string) {
  const db = await getDb();
  return db.auditRecord.findMany({ where: { action, entityType: "Feedback" }, orderBy: { id: "asc" } });
}

describe("before the SPU feedback stage", () => {
  it("nothing is asked yet: the list is empty and closed", async () => {
    const res = await list(tokens.A!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cycle_id: org.cycleId, stage: "start", open: false, feedbacks: [], counts: { total: 0 } });
  });

  it("writes are 409 with the stage named", async () => {
    const res = await save(tokens.A!, org.A.email, { answers: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "Giving 360 feedback is possible only in the SPU feedback stage; this cycle is in the start stage",
    );
  });
});

describe("in the SPU feedback stage", () => {
  beforeAll(async () => {
    await moveCycleTo(org, "spu_feedback");
  });

  it("GET feedbacks lists what I must give: reviewee, reviewer type, status", async () => {
    const res = await list(tokens.A!);
    expect(res.status).toBe(200);
    expect(res.body.open).toBe(true);
    expect(res.body.stage_label).toBe("Stage 2 - SPU Feedback stage");
    expect(
      res.body.feedbacks.map((f: any) => [f.reviewee.email, f.reviewer_type, f.status, f.reviewer_type_label, f.status_label]),
    ).toEqual([
      [org.A.email, "SELF", "not_started", "Self", "Not started"],
      [org.M.email, "DIRECT_REPORT", "not_started", "Direct Report", "Not started"],
      [org.S.email, "MATRIX_TEAM", "not_started", "Matrix Team", "Not started"],
    ]);
    expect(res.body.counts).toEqual({ total: 3, not_started: 3, draft: 0, submitted: 0 });
    // A peer who is not a participant gets their list too; someone asked nothing gets an empty one.
    expect((await list(tokens.P!)).body.feedbacks.map((f: any) => [f.reviewee.email, f.reviewer_type])).toEqual([[org.A.email, "PEER"]]);
    expect((await list(tokens.Q!)).body.feedbacks).toEqual([]);
  });

  it("GET feedback: the questions of my reviewer type and my (empty) answers; emails are case-insensitive", async () => {
    const res = await get(tokens.P!, org.A.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.feedback).toMatchObject({
      reviewee: { email: org.A.email, name: org.A.name },
      reviewer_type: "PEER",
      status: "not_started",
      answers: {},
      open: true,
      submitted_at: null,
    });
    expect(res.body.feedback.questions.map((q: any) => q.id)).toEqual(DEFAULT_QUESTIONNAIRE.PEER!.map((q) => q.id));
    const self = await get(tokens.A!, org.A.email);
    expect(self.body.feedback.questions.map((q: any) => q.id)).toEqual(DEFAULT_QUESTIONNAIRE.SELF!.map((q) => q.id));
  });

  it("404 for an unknown reviewee or cycle; 403 for someone I was not asked about", async () => {
    expect((await get(tokens.P!, "nobody@test.example.com")).status).toBe(404);
    expect((await save(tokens.P!, "nobody@test.example.com", { answers: {} })).status).toBe(404);
    expect((await get(tokens.P!, org.A.email, 99_999_999)).status).toBe(404);
    expect((await list(tokens.P!, 99_999_999)).status).toBe(404);
    const notAsked = await get(tokens.P!, org.B.email);
    expect(notAsked.status).toBe(403);
    expect(notAsked.body.error.message).toBe(`You have not been asked to give feedback to ${org.B.email}`);
    const write = await save(tokens.Q!, org.A.email, { answers: {} }); // Q's request was never accepted
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe(`You have not been asked to give feedback to ${org.A.email}`);
    expect((await submit(tokens.B!, org.A.email, { answers: PEER_COMPLETE })).status).toBe(403);
    expect((await adjust(tokens.B!, org.A.email, { answers: PEER_COMPLETE })).status).toBe(403);
  });

  it("401 without a token", async () => {
    const res = await callRoute(listRoute.loader as never, { path: `${base()}/feedbacks`, params: { cycle_id: String(org.cycleId) } });
    expect(res.status).toBe(401);
  });

  it("saves a partial draft (POST and PUT), audited; status becomes draft", async () => {
    const first = await save(tokens.P!, org.A.email, { answers: { strengths: "Helpful", overall_impact: 3 } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.feedback).toMatchObject({ status: "draft", answers: { strengths: "Helpful", overall_impact: 3 } });
    const second = await save(tokens.P!, org.A.email, { answers: { strengths: "Very helpful", growth_areas: "", collaboration: null } }, "PUT");
    expect(second.status).toBe(200);
    expect(second.body.feedback.answers).toEqual({ strengths: "Very helpful" });
    const rows = await audits("feedback.save_draft");
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ actorId: org.P.id, source: "api", entityId: String(first.body.feedback.id) });
    expect(last.before).toMatchObject({ status: "DRAFT", answers: { strengths: "Helpful", overall_impact: 3 }, reviewee_email: org.A.email });
    expect(last.after).toMatchObject({ status: "DRAFT", answers: { strengths: "Very helpful" } });
    expect((await get(tokens.P!, org.A.email)).body.feedback.answers).toEqual({ strengths: "Very helpful" });
  });

  it("400 for bad answers, per question; nothing is stored", async () => {
    const res = await save(tokens.P!, org.A.email, { answers: { overall_impact: 9, collaboration: "Always", unknown_q: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      { question_id: "collaboration", question: DEFAULT_QUESTIONNAIRE.PEER![2]!.label, message: "Choose one of: Rarely, Sometimes, Often, Almost always" },
      { question_id: "overall_impact", question: DEFAULT_QUESTIONNAIRE.PEER![3]!.label, message: "The rating must be a whole number from 1 to 5" },
      { question_id: "unknown_q", question: "unknown_q", message: "There is no question 'unknown_q' in this form" },
    ]);
    expect(res.body.error.message).toMatch(/^The draft has invalid answers: /);
    // Body shape errors are 400 too.
    expect((await save(tokens.P!, org.A.email, { answers: [1] })).status).toBe(400);
    expect((await save(tokens.P!, org.A.email, { answers: {}, extra: 1 })).status).toBe(400);
    expect((await get(tokens.P!, org.A.email)).body.feedback.answers).toEqual({ strengths: "Very helpful" });
  });

  it("submit without every required answer is 400 naming each missing question", async () => {
    const res = await submit(tokens.P!, org.A.email); // the stored draft
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: any) => [i.question_id, i.message])).toEqual([
      ["growth_areas", "This question is required"],
      ["collaboration", "This question is required"],
      ["overall_impact", "This question is required"],
    ]);
    expect((await get(tokens.P!, org.A.email)).body.feedback.status).toBe("draft");
  });

  it("403 for writes while spoofing (reads are allowed)", async () => {
    const cookie = await sessionCookieFor(org.P.id, org.admin.id);
    const read = await callWithSession(feedbackRoute.loader as never, { path: `${base()}/participants/${org.A.email}/feedback`, cookie, params: params(org.A.email) });
    expect(read.status).toBe(200);
    const write = await callWithSession(submitRoute.action as never, {
      method: "POST",
      path: `${base()}/participants/${org.A.email}/feedback/submit`,
      cookie,
      params: params(org.A.email),
      body: { answers: PEER_COMPLETE },
    });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe("spoofing");
    expect((await get(tokens.P!, org.A.email)).body.feedback.status).toBe("draft");
  });

  it("adjust before submitting is 409", async () => {
    const res = await adjust(tokens.P!, org.A.email, { answers: PEER_COMPLETE });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/has not been submitted yet/);
  });

  it("submits with answers: SUBMITTED with the time; the reviewee's count moves; audited", async () => {
    const before = (await received(tokens.A!)).body;
    expect(before).toEqual({ cycle_id: org.cycleId, total: 3, submitted: 0, draft: 1, not_started: 2 });
    const res = await submit(tokens.P!, org.A.email, { answers: PEER_COMPLETE });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.feedback).toMatchObject({ status: "submitted", answers: PEER_COMPLETE });
    expect(res.body.feedback.submitted_at).not.toBeNull();
    expect((await received(tokens.A!)).body).toEqual({ cycle_id: org.cycleId, total: 3, submitted: 1, draft: 0, not_started: 2 });
    const audit = (await audits("feedback.submit")).at(-1)!;
    expect(audit.before).toMatchObject({ status: "DRAFT" });
    expect(audit.after).toMatchObject({ status: "SUBMITTED", answers: PEER_COMPLETE });
    const mine = await list(tokens.P!);
    expect(mine.body.feedbacks[0]).toMatchObject({ status: "submitted", status_label: "Submitted" });
  });

  it("once submitted, save and submit are 409 (adjust instead)", async () => {
    const s = await save(tokens.P!, org.A.email, { answers: { strengths: "x" } });
    expect(s.status).toBe(409);
    expect(s.body.error.message).toBe(`Your feedback for ${org.A.email} has already been submitted: adjust it to make changes`);
    expect((await submit(tokens.P!, org.A.email)).status).toBe(409);
  });

  it("adjust edits in place, stays SUBMITTED, needs complete answers, audited before/after", async () => {
    const incomplete = await adjust(tokens.P!, org.A.email, { answers: { ...PEER_COMPLETE, growth_areas: "" } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.details.issues).toEqual([
      { question_id: "growth_areas", question: DEFAULT_QUESTIONNAIRE.PEER![1]!.label, message: "This question is required" },
    ]);
    const submittedAt = (await get(tokens.P!, org.A.email)).body.feedback.submitted_at;
    const changed = { ...PEER_COMPLETE, overall_impact: 5 };
    const res = await adjust(tokens.P!, org.A.email, { answers: changed });
    expect(res.status).toBe(200);
    expect(res.body.feedback).toMatchObject({ status: "submitted", answers: changed, submitted_at: submittedAt });
    const audit = (await audits("feedback.adjust")).at(-1)!;
    expect(audit).toMatchObject({ actorId: org.P.id, source: "api" });
    expect((audit.before as any).answers.overall_impact).toBe(4);
    expect((audit.after as any).answers.overall_impact).toBe(5);
    expect((audit.after as any).status).toBe("SUBMITTED");
  });

  it("feedback_received_count is 404 for someone who is not a participant", async () => {
    expect((await received(tokens.P!)).status).toBe(404);
  });

  it("self review: save then submit the stored draft", async () => {
    const answers = {
      accomplishments: "Shipped the thing",
      strengths: "Focus",
      growth_areas: "Delegation",
      overall_impact: 4,
    };
    expect((await save(tokens.A!, org.A.email, { answers })).status).toBe(200);
    const res = await submit(tokens.A!, org.A.email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.feedback).toMatchObject({ status: "submitted", reviewer_type: "SELF", answers });
    // The self review is not counted as feedback received.
    expect((await received(tokens.A!)).body.submitted).toBe(1);
  });

  it("the routes are in the OpenAPI document", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = Object.keys(res.body.paths);
    for (const p of ["feedbacks", "participants/{email}/feedback", "participants/{email}/feedback/submit", "participants/{email}/feedback/adjust", "feedback_received_count"]) {
      expect(paths).toContain(`/api/v1/cycles/{cycle_id}/${p}`);
    }
  });

  it("other methods are 405", async () => {
    const res = await callRoute(submitRoute.loader as never, { path: `${base()}/participants/${org.A.email}/feedback/submit`, token: tokens.P!, params: params(org.A.email) });
    expect(res.status).toBe(405);
    const del = await callRoute(feedbackRoute.action as never, { method: "DELETE", path: `${base()}/participants/${org.A.email}/feedback`, token: tokens.P!, params: params(org.A.email) });
    expect(del.status).toBe(405);
  });
});

describe("after moving to manager feedback", () => {
  beforeAll(async () => {
    await moveCycleTo(org, "manager_feedback");
  });

  it("360 writes are 409: drafts, submissions and adjustments", async () => {
    const draft = await save(tokens.S!, org.A.email, { answers: {} });
    expect(draft.status).toBe(409);
    expect(draft.body.error.message).toBe(
      "Giving 360 feedback is possible only in the SPU feedback stage; this cycle is in the manager feedback stage",
    );
    expect(draft.body.error.details).toEqual({ stage: "manager_feedback", allowed_stages: ["spu_feedback"] });
    expect((await submit(tokens.M!, org.M.email)).status).toBe(409);
    expect((await adjust(tokens.P!, org.A.email, { answers: PEER_COMPLETE })).status).toBe(409);
  });

  it("reading back stays possible; the list is closed", async () => {
    const res = await get(tokens.P!, org.A.email);
    expect(res.status).toBe(200);
    expect(res.body.feedback).toMatchObject({ status: "submitted", open: false, stage: "manager_feedback" });
    expect((await list(tokens.P!)).body.open).toBe(false);
  });

  it("the manager's MANAGER row is not served here (403) and not listed", async () => {
    const res = await get(tokens.M!, org.A.email);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/is manager feedback/);
    expect((await list(tokens.M!)).body.feedbacks.map((f: any) => f.reviewer_type)).toEqual(["SELF"]);
  });
});
