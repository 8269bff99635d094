/**
 * Feedback summaries, the participant's cycle report, PDFs and the bulk PDF job (ADR 0023): route modules →
 * services → database. Feedback rows are inserted with Prisma (their writers are other features).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { CycleState, ReviewerType, User } from "~/generated/prisma/client.ts";
import { insertCycle } from "~/features/cycles/model.server";
import * as ownRoute from "~/routes/api.v1.cycles.$cycle_id.participants.feedbacks_summary";
import * as ownPdfRoute from "~/routes/api.v1.cycles.$cycle_id.participants.feedbacks_summary.download";
import * as peersRoute from "~/routes/api.v1.cycles.$cycle_id.participants.feedbacks_summary.peers";
import * as directRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedbacks_summary";
import * as reportFeedbacksRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedbacks._index";
import * as reportFeedbackRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedbacks.$reviewer_email";
import * as directPdfRoute from "~/routes/api.v1.cycles.$cycle_id.direct_reports.$email.feedbacks_summary.download";
import * as secondaryRoute from "~/routes/api.v1.cycles.$cycle_id.secondary_reports.$email.feedbacks_summary";
import * as secondaryPdfRoute from "~/routes/api.v1.cycles.$cycle_id.secondary_reports.$email.feedbacks_summary.download";
import * as dashboardRoute from "~/routes/api.v1.cycles.$cycle_id.dashboard";
import en from "~/platform/i18n/locales/en";
import * as adminPdfRoute from "~/routes/api.v1.admin.cycles.$cycle_id.feedbacks_summary.download";
import * as jobsRoute from "~/routes/api.v1.admin.cycles.$id.bulk_participants_feedback_pdf_jobs";
import * as jobRoute from "~/routes/api.v1.admin.cycles.$id.bulk_participants_feedback_pdf_jobs.$jobId";
import * as jobFileRoute from "~/routes/api.v1.admin.cycles.$id.bulk_participants_feedback_pdf_jobs.$jobId.file";
import * as reportPage from "~/routes/app.performance.final-assessment._index";
import * as summaryPage from "~/routes/app.performance.final-assessment.summary";
import * as managerPage from "~/routes/app.my-reportees.$email.feedback.summary";
import * as secondaryPage from "~/routes/app.my-reportees.secondary.$email.feedback.summary";
import * as jobListPage from "~/routes/app.admin.cycles.$cycleId.bulk-participants-feedback-pdf-download._index";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import type { Actor } from "~/platform/audit.server";
import { PDF_PHASE } from "~/features/jobs/types/feedback-pdf.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { readStoredZip } from "~/platform/zip-store.server";
import { sessionCookieFor } from "../support/session";
import { beginJob, finishJob, runJobStep } from "../../worker/activities/jobs";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { pdfText } from "../support/files";
import { startTestWorker } from "../support/worker";

// ---------------------------------------------------------------------------------------------
// Helpers

type Call = { status: number; body: any; response: Response };

async function newCycle(state: CycleState, name = "Summary cycle"): Promise<number> {
  const db = await getDb();
  const cycle = await db.$transaction((tx) => insertCycle(tx, { name: `${name} ${randomUUID().slice(0, 6)}`, startDate: null, plannedEndDate: null, maxPeers: 10 }));
  await db.cycle.update({ where: { id: cycle.id }, data: { state } });
  return cycle.id;
}

async function setStage(cycleId: number, state: CycleState) {
  await (await getDb()).cycle.update({ where: { id: cycleId }, data: { state } });
}

async function participant(cycleId: number, user: User, extra: { managerId?: number | null; secondaryManagerId?: number | null; reviewerOnly?: boolean } = {}) {
  return (await getDb()).participant.create({
    data: { cycleId, userId: user.id, managerId: extra.managerId ?? null, secondaryManagerId: extra.secondaryManagerId ?? null, reviewerOnly: extra.reviewerOnly ?? false },
  });
}

const ANSWERS: Record<ReviewerType, (i: number) => Record<string, string | number>> = {
  SELF: () => ({ accomplishments: "Shipped the search rewrite", strengths: "Focus", growth_areas: "Delegation", overall_impact: 4 }),
  MANAGER: () => ({ strengths: "Owns outcomes end to end", growth_areas: "Write decisions down earlier", overall_impact: 5, trajectory: "Ready for more scope" }),
  PEER: (i) => ({ strengths: `Peer strength ${String.fromCharCode(90 - i)}`, growth_areas: `Peer growth ${i}`, collaboration: i % 2 ? "Often" : "Almost always", overall_impact: 3 + (i % 3) }),
  DIRECT_REPORT: (i) => ({ strengths: `Upward strength ${i}`, growth_areas: `Upward growth ${i}`, clear_expectations: 4, support_growth: 3 + (i % 2) }),
  MATRIX_MANAGER: () => ({ contributions: "Great matrix work", growth_areas: "More visibility", overall_impact: 4 }),
  MATRIX_TEAM: (i) => ({ strengths: `Matrix team strength ${i}`, growth_areas: "More 1:1s", clear_direction: 4 }),
};

async function feedback(cycleId: number, revieweeId: number, reviewer: User, type: ReviewerType, submitted: boolean, i = 0) {
  return (await getDb()).feedback.create({
    data: {
      cycleId,
      revieweeId,
      reviewerId: reviewer.id,
      reviewerType: type,
      status: submitted ? "SUBMITTED" : "DRAFT",
      answers: submitted ? ANSWERS[type](i) : {},
      submittedAt: submitted ? new Date(Date.now() - (10 - i) * 60_000) : null,
    },
  });
}

async function sessionCookie(userId: number): Promise<string> {
  return sessionCookieFor(userId);
}

async function callPage(handler: (args: never) => unknown, opts: { path: string; userId: number; params?: Record<string, string> }) {
  const request = new Request(`http://127.0.0.1${opts.path}`, { headers: { Cookie: await sessionCookie(opts.userId) } });
  try {
    const result: any = await handler({ request, params: opts.params ?? {}, context: {} } as never);
    if (result instanceof Response) return { status: result.status, data: null, location: result.headers.get("Location") };
    return { status: 200, data: result, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: await thrown.text(), location: thrown.headers.get("Location") };
    throw thrown;
  }
}

/** Call a download route (callRoute reads bodies as text): the raw Response, its status and bytes. */
async function download(handler: unknown, opts: { path: string; token?: string; params?: Record<string, string>; language?: string }) {
  const headers = new Headers();
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.language) headers.set("Accept-Language", opts.language);
  const request = new Request(`http://127.0.0.1${opts.path}`, { headers });
  const response = (await (handler as (a: unknown) => Promise<Response>)({ request, params: opts.params ?? {}, context: {} })) as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, response, bytes };
}

// ---------------------------------------------------------------------------------------------
// Fixture: one reviewee with every kind of reviewer

let admin: User, hrOps: User, reviewee: User, manager: User, secondary: User, outsider: User, otherManager: User, otherReviewee: User;
let peers: User[], reports: User[], team: User[];
let tokens: Record<string, string>;
let cycleId: number;
let revieweeParticipantId: number;

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Sum Admin" });
  hrOps = await createTestUser({ role: "HR_OPS", name: "Sum Hr Ops" });
  reviewee = await createTestUser({ name: "Sum Reviewee" });
  manager = await createTestUser({ name: "Sum Manager" });
  secondary = await createTestUser({ name: "Sum Secondary" });
  outsider = await createTestUser({ name: "Sum Outsider" });
  otherManager = await createTestUser({ name: "Sum Other Manager" });
  otherReviewee = await createTestUser({ name: "Sum Other Reviewee" });
  peers = await Promise.all([1, 2, 3, 4].map((i) => createTestUser({ name: `Sum Peer ${i}` })));
  reports = await Promise.all([1, 2, 3].map((i) => createTestUser({ name: `Sum Report ${i}` })));
  team = await Promise.all([1].map((i) => createTestUser({ name: `Sum Team ${i}` })));
  tokens = Object.fromEntries(
    await Promise.all(
      Object.entries({ admin, hrOps, reviewee, manager, secondary, outsider, otherManager, peer: peers[0]! }).map(async ([k, u]) => [k, await bearerFor(u.id)] as const),
    ),
  );

  cycleId = await newCycle("SPU_FEEDBACK");
  const p = await participant(cycleId, reviewee, { managerId: manager.id, secondaryManagerId: secondary.id });
  revieweeParticipantId = p.id;
  await participant(cycleId, manager);
  await participant(cycleId, peers[0]!);
  const other = await participant(cycleId, otherReviewee, { managerId: otherManager.id });
  await feedback(cycleId, other.id, otherManager, "MANAGER", true);
  await feedback(cycleId, p.id, reviewee, "SELF", true);
  await feedback(cycleId, p.id, manager, "MANAGER", true);
  await feedback(cycleId, p.id, secondary, "MATRIX_MANAGER", true);
  await feedback(cycleId, p.id, peers[0]!, "PEER", true, 1);
  await feedback(cycleId, p.id, peers[1]!, "PEER", true, 2);
  await feedback(cycleId, p.id, peers[2]!, "PEER", false, 3); // asked, not answered yet
  for (const [i, r] of reports.entries()) await feedback(cycleId, p.id, r, "DIRECT_REPORT", true, i + 1);
  await feedback(cycleId, p.id, team[0]!, "MATRIX_TEAM", true, 1);
});

const ownPath = (c = cycleId) => `/api/v1/cycles/${c}/participants/feedbacks_summary`;
const own = (token: string | undefined, c = cycleId): Promise<Call> => callRoute(ownRoute.loader as never, { path: ownPath(c), token, params: { cycle_id: String(c) } });
const peersOf = (token: string, c = cycleId): Promise<Call> => callRoute(peersRoute.loader as never, { path: `${ownPath(c)}/peers`, token, params: { cycle_id: String(c) } });
const direct = (token: string, email: string, c = cycleId): Promise<Call> =>
  callRoute(directRoute.loader as never, { path: `/api/v1/cycles/${c}/direct_reports/${email}/feedbacks_summary`, token, params: { cycle_id: String(c), email } });
const secondaryOf = (token: string, email: string, c = cycleId): Promise<Call> =>
  callRoute(secondaryRoute.loader as never, { path: `/api/v1/cycles/${c}/secondary_reports/${email}/feedbacks_summary`, token, params: { cycle_id: String(c), email } });
const dashboard = (token: string | undefined, c = cycleId): Promise<Call> => callRoute(dashboardRoute.loader as never, { path: `/api/v1/cycles/${c}/dashboard`, token, params: { cycle_id: String(c) } });
const adminPdf = (token: string, query: string, c = cycleId) =>
  download(adminPdfRoute.loader, { path: `/api/v1/admin/cycles/${c}/feedbacks_summary/download${query}`, token, params: { cycle_id: String(c) } });

const section = (body: any, type: string) => body.sections.find((s: any) => s.reviewer_type === type);

// ---------------------------------------------------------------------------------------------

describe("own summary (participants/feedbacks_summary)", () => {
  it("is refused before the communication stage (403 summary_not_open), at every earlier stage", async () => {
    for (const state of ["START", "SPU_FEEDBACK", "MANAGER_FEEDBACK", "CALIBRATION"] as const) {
      await setStage(cycleId, state);
      const res = await own(tokens.reviewee);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "summary_not_open" });
      expect(res.body.error.message).toMatch(/opens in the communication stage/);
    }
    const pdf = await download(ownPdfRoute.loader, { path: `${ownPath()}/download`, token: tokens.reviewee, params: { cycle_id: String(cycleId) } });
    expect(pdf.status).toBe(403);
    expect((await peersOf(tokens.reviewee)).status).toBe(403);
  });

  it("in communication: named self/manager/matrix manager, anonymised upward feedback, peers withheld below 3 with the count", async () => {
    await setStage(cycleId, "COMMUNICATION");
    const res = await own(tokens.reviewee);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.viewer).toEqual({ role: "reviewee", named: false });
    expect(body.reviewee).toMatchObject({ email: reviewee.email, name: reviewee.name });
    expect(body.sections.map((s: any) => s.reviewer_type)).toEqual(["manager", "self", "matrix_manager", "peer", "direct_report", "matrix_team"]);
    expect(body.total_submitted).toBe(1 + 1 + 1 + 2 + 3 + 1);

    const mgr = section(body, "manager");
    expect(mgr).toMatchObject({ anonymised: false, visible: true, submitted: 1, requested: 1, reviewers: [{ name: manager.name, email: manager.email }] });
    const impact = mgr.questions.find((q: any) => q.id === "overall_impact");
    expect(impact).toMatchObject({ kind: "rating", responses: 1, average: 5, scale: { min: 1, max: 5 } });
    expect(impact.distribution.map((d: any) => d.count)).toEqual([0, 0, 0, 0, 1]);
    expect(mgr.questions.find((q: any) => q.id === "trajectory").distribution.find((d: any) => d.value === "Ready for more scope").count).toBe(1);

    const peer = section(body, "peer");
    expect(peer).toMatchObject({ anonymised: true, visible: false, submitted: 2, requested: 3, reviewers: null, questions: [] });
    expect(peer.message).toBe("Peer feedback is shown when at least 3 peers have answered (2 so far)");

    const up = section(body, "direct_report");
    expect(up).toMatchObject({ anonymised: true, visible: true, submitted: 3, reviewers: null });
    const strengths = up.questions.find((q: any) => q.id === "strengths");
    expect(strengths.answers.map((a: any) => a.value)).toEqual(["Upward strength 1", "Upward strength 2", "Upward strength 3"]);
    expect(strengths.answers.every((a: any) => a.reviewer === null)).toBe(true);
    const support = up.questions.find((q: any) => q.id === "support_growth");
    expect(support).toMatchObject({ average: 3.67, responses: 3, answers: [] }); // ratings only as counts when anonymous
    expect(section(body, "matrix_team")).toMatchObject({ visible: false, message: "Matrix team feedback is shown when at least 3 matrix team members have answered (1 so far)" });

    // No name, email or answer of a withheld or anonymous reviewer anywhere in the response.
    const text = JSON.stringify(body);
    for (const u of [...peers, ...reports, ...team]) {
      expect(text).not.toContain(u.email);
      expect(text).not.toContain(u.name);
    }
    expect(text).not.toContain("Peer strength");
    expect(text).not.toContain("Matrix team strength");
  });

  it("peers: the threshold message below 3 answers, anonymised answers sorted by text from 3 on", async () => {
    let res = await peersOf(tokens.reviewee);
    expect(res.status).toBe(200);
    expect(res.body.peers).toMatchObject({ visible: false, message: "Peer feedback is shown when at least 3 peers have answered (2 so far)" });

    const db = await getDb();
    const third = await db.feedback.findFirstOrThrow({ where: { revieweeId: revieweeParticipantId, reviewerId: peers[2]!.id } });
    await db.feedback.update({ where: { id: third.id }, data: { status: "SUBMITTED", answers: ANSWERS.PEER(3), submittedAt: new Date() } });
    res = await peersOf(tokens.reviewee);
    const p = res.body.peers;
    expect(p).toMatchObject({ visible: true, anonymised: true, submitted: 3, requested: 3, message: null, reviewers: null });
    const strengths = p.questions.find((q: any) => q.id === "strengths");
    // Answer order is by text, not by who answered first (Y, X, W were submitted in that order).
    expect(strengths.answers).toEqual([
      { value: "Peer strength W", reviewer: null },
      { value: "Peer strength X", reviewer: null },
      { value: "Peer strength Y", reviewer: null },
    ]);
    expect(p.questions.find((q: any) => q.id === "collaboration").distribution).toEqual([
      { value: "Rarely", label: "Rarely", count: 0 },
      { value: "Sometimes", label: "Sometimes", count: 0 },
      { value: "Often", label: "Often", count: 2 },
      { value: "Almost always", label: "Almost always", count: 1 },
    ]);
    const text = JSON.stringify(res.body);
    for (const u of peers) expect(text).not.toContain(u.email);
  });

  it("uses the cycle's own questionnaire (its questions, scales and options)", async () => {
    const c = await newCycle("COMMUNICATION");
    const p = await participant(c, reviewee, { managerId: manager.id });
    const db = await getDb();
    await db.questionnaire.create({
      data: {
        cycleId: c,
        definition: {
          MANAGER: [
            { id: "impact", kind: "rating", label: "Impact this half?", required: true, scale: { min: 0, max: 3, labels: { "0": "None", "3": "Huge" } } },
            { id: "ready", kind: "choice", label: "Ready for promotion?", required: true, options: ["Yes", "Not yet"] },
            { id: "notes", kind: "text", label: "Notes", required: false },
          ],
        },
      },
    });
    await db.feedback.create({
      data: { cycleId: c, revieweeId: p.id, reviewerId: manager.id, reviewerType: "MANAGER", status: "SUBMITTED", answers: { impact: 3, ready: "Not yet", notes: "Solid half" }, submittedAt: new Date() },
    });
    const res = await own(tokens.reviewee, c);
    expect(res.status).toBe(200);
    expect(res.body.sections).toHaveLength(1);
    const [impact, ready, notes] = res.body.sections[0].questions;
    expect(impact).toMatchObject({ id: "impact", label: "Impact this half?", average: 3, scale: { min: 0, max: 3 } });
    expect(impact.distribution).toEqual([
      { value: "0", label: "None", count: 0 },
      { value: "1", label: "1", count: 0 },
      { value: "2", label: "2", count: 0 },
      { value: "3", label: "Huge", count: 1 },
    ]);
    expect(ready.distribution).toEqual([
      { value: "Yes", label: "Yes", count: 0 },
      { value: "Not yet", label: "Not yet", count: 1 },
    ]);
    expect(notes.answers).toEqual([{ value: "Solid half", reviewer: { name: manager.name, email: manager.email } }]);
  });

  it("404 for a cycle you are not in, an unknown cycle or a malformed id, 401 without a token, 405 for POST", async () => {
    expect((await own(tokens.outsider)).body.error.message).toBe("You are not a participant of this cycle");
    expect((await own(tokens.outsider)).status).toBe(404);
    expect((await own(tokens.reviewee, 999_999)).status).toBe(404);
    // A malformed path parameter names no resource: 404 (api.server parseParams).
    const bad = await callRoute(ownRoute.loader as never, { path: "/api/v1/cycles/x/participants/feedbacks_summary", token: tokens.reviewee, params: { cycle_id: "x" } });
    expect(bad.status).toBe(404);
    expect((await own(undefined)).status).toBe(401);
    const post = await callRoute(ownRoute.action as never, { method: "POST", path: ownPath(), token: tokens.reviewee, params: { cycle_id: String(cycleId) } });
    expect(post.status).toBe(405);
  });

  it("downloads as a PDF: application/pdf, attachment, parsable, with anonymous peers and no peer names", async () => {
    const res = await download(ownPdfRoute.loader, { path: `${ownPath()}/download`, token: tokens.reviewee, params: { cycle_id: String(cycleId) } });
    expect(res.status).toBe(200);
    expect(res.response.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="feedback-summary-.+-cycle-\d+\.pdf"$/);
    const bytes = res.bytes;
    expect(Number(res.response.headers.get("Content-Length"))).toBe(bytes.byteLength);
    const text = pdfText(bytes);
    expect(text).toContain("Feedback Summary");
    expect(text).toContain(reviewee.name);
    expect(text).toContain("Owns outcomes end to end");
    expect(text).toContain("Peer strength W");
    expect(text).toContain("Matrix team feedback is shown when at least 3 matrix team members have answered (1 so far)");
    for (const u of [...peers, ...reports, ...team]) expect(text).not.toContain(u.name);
  });
});

describe("manager (direct_reports/{email}/feedbacks_summary)", () => {
  const setNames = async (peer: string, upward: string) => (await getDb()).cycle.update({ where: { id: cycleId }, data: { peerNames: peer, upwardNames: upward } });
  const reportFeedbacks = (email: string) =>
    callRoute(reportFeedbacksRoute.loader as never, { path: `/api/v1/cycles/${cycleId}/direct_reports/${email}/feedbacks`, token: tokens.manager, params: { cycle_id: String(cycleId), email } });
  const reportFeedback = (email: string, reviewerEmail: string) =>
    callRoute(reportFeedbackRoute.loader as never, {
      path: `/api/v1/cycles/${cycleId}/direct_reports/${email}/feedbacks/${reviewerEmail}`,
      token: tokens.manager,
      params: { cycle_id: String(cycleId), email, reviewer_email: reviewerEmail },
    });

  it("by default (ADR 0058) reads peer and upward feedback without names, under the threshold withheld, in the summary, the feedback list and the PDF", async () => {
    await setStage(cycleId, "SPU_FEEDBACK");
    await setNames("nobody", "nobody");
    const res = await direct(tokens.manager, reviewee.email);
    expect(res.status).toBe(200);
    expect(res.body.viewer).toEqual({ role: "manager", named: false });
    expect(res.body.cycle.reviewer_names).toMatchObject({ peer: "nobody", upward: "nobody" });
    expect(res.body.cycle.reviewer_names.rule[0]).toContain("visible to super admins only");
    expect(section(res.body, "peer")).toMatchObject({ anonymised: true, reviewers: null });
    expect(section(res.body, "matrix_team")).toMatchObject({ anonymised: true, visible: false, reviewers: null, questions: [] });
    expect(section(res.body, "manager").reviewers).toEqual([{ name: manager.name, email: manager.email }]);
    const hidden = [...peers, ...reports, ...team];
    for (const u of hidden) expect(JSON.stringify(res.body)).not.toContain(u.email);
    const list = await reportFeedbacks(reviewee.email);
    expect(list.status).toBe(200);
    expect(list.body.feedbacks.map((f: any) => f.reviewer_type).sort()).toEqual(["manager", "matrix_manager", "self"]);
    for (const u of hidden) expect(JSON.stringify(list.body)).not.toContain(u.email);
    expect((await reportFeedback(reviewee.email, peers[0]!.email)).status).toBe(404);
    expect((await reportFeedback(reviewee.email, reports[0]!.email)).status).toBe(404);
    expect((await reportFeedback(reviewee.email, manager.email)).status).toBe(200);
    const pdf = pdfText((await download(directPdfRoute.loader, { path: `/api/v1/cycles/${cycleId}/direct_reports/${reviewee.email}/feedbacks_summary/download`, token: tokens.manager, params: { cycle_id: String(cycleId), email: reviewee.email } })).bytes);
    for (const u of hidden) expect(pdf).not.toContain(u.name);
  });

  it("peer names to managers and the panel, upward anonymous: only the peers are named", async () => {
    await setNames("managers_and_calibration", "nobody");
    const res = await direct(tokens.manager, reviewee.email);
    expect(res.body.viewer).toEqual({ role: "manager", named: false });
    expect(section(res.body, "peer")).toMatchObject({ anonymised: false, visible: true });
    expect(section(res.body, "direct_report")).toMatchObject({ anonymised: true, reviewers: null });
    for (const u of [...reports, ...team]) expect(JSON.stringify(res.body)).not.toContain(u.email);
    const list = await reportFeedbacks(reviewee.email);
    expect(list.body.feedbacks.some((f: any) => f.reviewer_type === "peer")).toBe(true);
    expect(list.body.feedbacks.some((f: any) => f.reviewer_type === "direct_report" || f.reviewer_type === "matrix_team")).toBe(false);
    expect((await reportFeedback(reviewee.email, peers[0]!.email)).status).toBe(200);
  });

  it("reads named feedback of a direct report at any stage, peers below the threshold too, when the cycle shows names to managers", async () => {
    await setStage(cycleId, "SPU_FEEDBACK");
    // The rest of this file reads the manager's named view.
    await setNames("managers", "managers");
    const res = await direct(tokens.manager, reviewee.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.viewer).toEqual({ role: "manager", named: true });
    const peer = section(res.body, "peer");
    expect(peer).toMatchObject({ visible: true, anonymised: false, submitted: 3 });
    expect(peer.reviewers.map((r: any) => r.email).sort()).toEqual(peers.slice(0, 3).map((u) => u.email).sort());
    const team = section(res.body, "matrix_team");
    expect(team).toMatchObject({ visible: true, anonymised: false, submitted: 1 });
    const impact = peer.questions.find((q: any) => q.id === "overall_impact");
    expect(impact.answers.every((a: any) => a.reviewer && a.reviewer.email)).toBe(true);
  });

  it("403 for someone who is not their report, for a peer, for the secondary manager; 404 unknown or not an email", async () => {
    const notMine = await direct(tokens.manager, otherReviewee.email);
    expect(notMine.status).toBe(403);
    expect((await direct(tokens.peer, reviewee.email)).status).toBe(403);
    expect((await direct(tokens.secondary, reviewee.email)).status).toBe(403);
    expect((await direct(tokens.otherManager, reviewee.email)).status).toBe(403);
    expect((await direct(tokens.manager, `nobody.${randomUUID().slice(0, 6)}@example.com`)).status).toBe(404);
    expect((await direct(tokens.manager, reviewee.email, 999_999)).status).toBe(404);
    expect((await direct(tokens.manager, "not-an-email")).status).toBe(404);
  });

  it("writes the PDF's headings in the reader's language (Accept-Language zh-CN); names and answers as written", async () => {
    const res = await download(directPdfRoute.loader, {
      path: `/api/v1/cycles/${cycleId}/direct_reports/${reviewee.email}/feedbacks_summary/download`,
      token: tokens.manager,
      params: { cycle_id: String(cycleId), email: reviewee.email },
      language: "zh-CN,zh;q=0.9,en;q=0.5",
    });
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes).replace(/\s+/g, " ");
    for (const part of ["反馈汇总", "同事/协作方反馈", "第 1 页", peers[0]!.name, "Peer strength Y"]) expect(text, part).toContain(part);
    expect(text).not.toContain("Feedback Summary");
  });

  it("downloads the named PDF", async () => {
    const res = await download(directPdfRoute.loader, {
      path: `/api/v1/cycles/${cycleId}/direct_reports/${reviewee.email}/feedbacks_summary/download`,
      token: tokens.manager,
      params: { cycle_id: String(cycleId), email: reviewee.email },
    });
    expect(res.status).toBe(200);
    expect(res.response.headers.get("Content-Type")).toBe("application/pdf");
    const text = pdfText(res.bytes);
    expect(text).toContain(peers[0]!.name);
    expect(text).toContain("Peer strength Y");
    const refused = await download(directPdfRoute.loader, {
      path: `/api/v1/cycles/${cycleId}/direct_reports/${otherReviewee.email}/feedbacks_summary/download`,
      token: tokens.manager,
      params: { cycle_id: String(cycleId), email: otherReviewee.email },
    });
    expect(refused.status).toBe(403);
  });
});

describe("secondary manager (secondary_reports/{email}/feedbacks_summary)", () => {
  it("is refused before the manager feedback stage, reads an anonymised summary from then on", async () => {
    await setStage(cycleId, "SPU_FEEDBACK");
    const early = await secondaryOf(tokens.secondary, reviewee.email);
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("summary_not_open");
    await setStage(cycleId, "MANAGER_FEEDBACK");
    const res = await secondaryOf(tokens.secondary, reviewee.email);
    expect(res.status).toBe(200);
    expect(res.body.viewer).toEqual({ role: "secondary_manager", named: false });
    expect(section(res.body, "peer")).toMatchObject({ anonymised: true, visible: true, reviewers: null });
    expect(section(res.body, "matrix_team")).toMatchObject({ visible: false });
    expect(section(res.body, "manager").reviewers).toEqual([{ name: manager.name, email: manager.email }]);
    const text = JSON.stringify(res.body);
    for (const u of [...peers, ...reports, ...team]) expect(text).not.toContain(u.email);
  });

  it("403 for the primary manager, a peer or an outsider; 404 unknown participant", async () => {
    expect((await secondaryOf(tokens.manager, reviewee.email)).status).toBe(403);
    expect((await secondaryOf(tokens.peer, reviewee.email)).status).toBe(403);
    expect((await secondaryOf(tokens.outsider, reviewee.email)).status).toBe(403);
    expect((await secondaryOf(tokens.secondary, `nobody.${randomUUID().slice(0, 6)}@example.com`)).status).toBe(404);
  });

  it("downloads the anonymised PDF", async () => {
    const res = await download(secondaryPdfRoute.loader, {
      path: `/api/v1/cycles/${cycleId}/secondary_reports/${reviewee.email}/feedbacks_summary/download`,
      token: tokens.secondary,
      params: { cycle_id: String(cycleId), email: reviewee.email },
    });
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain(reviewee.name);
    for (const u of peers) expect(text).not.toContain(u.name);
  });
});

describe("admin download (admin/cycles/{cycle_id}/feedbacks_summary/download?email=)", () => {
  it("a super admin downloads any participant's named PDF at any stage", async () => {
    await setStage(cycleId, "START");
    const res = await adminPdf(tokens.admin, `?email=${encodeURIComponent(reviewee.email)}`);
    expect(res.status).toBe(200);
    expect(res.response.headers.get("Content-Type")).toBe("application/pdf");
    const text = pdfText(res.bytes);
    expect(text).toContain(reviewee.name);
    expect(text).toContain(peers[1]!.name);
  });

  it("403 for HR ops and employees, 400 without an email, 404 for an unknown participant or cycle", async () => {
    expect((await adminPdf(tokens.hrOps, `?email=${reviewee.email}`)).status).toBe(403);
    expect((await adminPdf(tokens.manager, `?email=${reviewee.email}`)).status).toBe(403);
    expect((await adminPdf(tokens.admin, "")).status).toBe(400);
    expect((await adminPdf(tokens.admin, "?email=nope")).status).toBe(400);
    expect((await adminPdf(tokens.admin, `?email=${outsider.email}`)).status).toBe(404);
    expect((await adminPdf(tokens.admin, `?email=${reviewee.email}`, 999_999)).status).toBe(404);
  });
});

describe("dashboard", () => {
  it("shows counts by type and whether the manager gave feedback; no rating or decision before communication", async () => {
    const db = await getDb();
    await db.participant.update({ where: { id: revieweeParticipantId }, data: { calibratedRating: "4", promotionDecision: "PROMOTED" } });
    await setStage(cycleId, "CALIBRATION");
    const res = await dashboard(tokens.reviewee);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      report_open: false,
      calibrated_rating: null,
      promotion_decision: null,
      manager_feedback: { given: true },
      participant: { email: reviewee.email, manager: { email: manager.email } },
    });
    expect(res.body.report_message).toMatch(/opens in the communication stage/);
    expect(res.body.feedback_received.by_type).toEqual([
      { reviewer_type: "self", label: "Self", requested: 1, submitted: 1 },
      { reviewer_type: "manager", label: "Manager", requested: 1, submitted: 1 },
      { reviewer_type: "direct_report", label: "Direct Report", requested: 3, submitted: 3 },
      { reviewer_type: "peer", label: "Peer/Stakeholder", requested: 3, submitted: 3 },
      { reviewer_type: "matrix_manager", label: "Matrix Manager", requested: 1, submitted: 1 },
      { reviewer_type: "matrix_team", label: "Matrix Team", requested: 1, submitted: 1 },
    ]);
    expect(res.body.feedback_received).toMatchObject({ requested: 10, submitted: 10 });
  });

  it("shows the calibrated rating and promotion decision in communication", async () => {
    await setStage(cycleId, "COMMUNICATION");
    const res = await dashboard(tokens.reviewee);
    expect(res.body).toMatchObject({
      report_open: true,
      report_message: null,
      calibrated_rating: { value: 4, label: "4 - Exceeds Expectations" },
      promotion_decision: { value: "PROMOTED", label: "Promoted" },
    });
  });

  it("manager feedback not given while the MANAGER row is a draft; 404 for a non-participant; 401 without a token", async () => {
    const c = await newCycle("MANAGER_FEEDBACK");
    const p = await participant(c, reviewee, { managerId: manager.id });
    await feedback(c, p.id, manager, "MANAGER", false);
    const res = await dashboard(tokens.reviewee, c);
    expect(res.body.manager_feedback).toEqual({ given: false, submitted_at: null });
    expect(res.body.feedback_received.by_type).toEqual([{ reviewer_type: "manager", label: "Manager", requested: 1, submitted: 0 }]);
    expect((await dashboard(tokens.outsider)).status).toBe(404);
    expect((await dashboard(undefined)).status).toBe(401);
  });
});

describe("pages", () => {
  it("the report page shows the report; before communication it says when it opens; outsiders see 'not a participant'", async () => {
    await setStage(cycleId, "COMMUNICATION");
    let page = await callPage(reportPage.loader as never, { path: `/app/performance/final-assessment?cycle_id=${cycleId}`, userId: reviewee.id });
    expect(page.data).toMatchObject({ kind: "selected", dashboard: { report_open: true, calibrated_rating: { value: 4 } } });
    await setStage(cycleId, "CALIBRATION");
    page = await callPage(reportPage.loader as never, { path: `/app/performance/final-assessment?cycle_id=${cycleId}`, userId: reviewee.id });
    expect(page.data).toMatchObject({ kind: "selected", dashboard: { report_open: false, calibrated_rating: null } });
    page = await callPage(reportPage.loader as never, { path: `/app/performance/final-assessment?cycle_id=${cycleId}`, userId: outsider.id });
    expect(page.data).toMatchObject({ kind: "not_participant" });
  });

  it("the summary page: a note before communication, the summary in communication", async () => {
    await setStage(cycleId, "CALIBRATION");
    let page = await callPage(summaryPage.loader as never, { path: `/app/performance/final-assessment/summary?cycle_id=${cycleId}`, userId: reviewee.id });
    expect(page.data.kind).toBe("not_open");
    // The note goes to the page as a key (issue 28), the stage's own sentence in each language.
    expect(page.data.message).toEqual({ key: "summary.ownNotOpen.calibration" });
    expect(en.summary.ownNotOpen.calibration).toBe("Your feedback summary opens in the communication stage; this cycle is in the calibration stage.");
    await setStage(cycleId, "COMMUNICATION");
    page = await callPage(summaryPage.loader as never, { path: `/app/performance/final-assessment/summary?cycle_id=${cycleId}`, userId: reviewee.id });
    expect(page.data.kind).toBe("selected");
    expect(page.data.summary.viewer.named).toBe(false);
  });

  it("manager pages: named summary for a report, 403 for a non-report, redirect to a cycle without cycle_id", async () => {
    const params = { email: reviewee.email };
    let page = await callPage(managerPage.loader as never, { path: `/app/my-reportees/${reviewee.email}/feedback/summary?cycle_id=${cycleId}`, userId: manager.id, params });
    expect(page.data.summary.viewer).toEqual({ role: "manager", named: true });
    page = await callPage(managerPage.loader as never, { path: `/app/my-reportees/${reviewee.email}/feedback/summary?cycle_id=${cycleId}`, userId: outsider.id, params });
    expect(page.status).toBe(403);
    page = await callPage(managerPage.loader as never, { path: `/app/my-reportees/${otherReviewee.email}/feedback/summary?cycle_id=${cycleId}`, userId: manager.id, params: { email: otherReviewee.email } });
    expect(page.status).toBe(403);
    page = await callPage(managerPage.loader as never, { path: `/app/my-reportees/${reviewee.email}/feedback/summary`, userId: manager.id, params });
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/\?cycle_id=\d+$/);
    page = await callPage(secondaryPage.loader as never, { path: `/app/my-reportees/secondary/${reviewee.email}/feedback/summary?cycle_id=${cycleId}`, userId: secondary.id, params });
    expect(page.data.summary.viewer).toEqual({ role: "secondary_manager", named: false });
    page = await callPage(secondaryPage.loader as never, { path: `/app/my-reportees/secondary/${reviewee.email}/feedback/summary?cycle_id=${cycleId}`, userId: manager.id, params });
    expect(page.status).toBe(403);
  });

  it("the OpenAPI document lists the summary calls and the bulk PDF job", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = Object.keys(res.body.paths);
    for (const p of [
      "/api/v1/cycles/{cycle_id}/participants/feedbacks_summary",
      "/api/v1/cycles/{cycle_id}/participants/feedbacks_summary/download",
      "/api/v1/cycles/{cycle_id}/participants/feedbacks_summary/peers",
      "/api/v1/cycles/{cycle_id}/direct_reports/{email}/feedbacks_summary",
      "/api/v1/cycles/{cycle_id}/secondary_reports/{email}/feedbacks_summary/download",
      "/api/v1/cycles/{cycle_id}/dashboard",
      "/api/v1/admin/cycles/{cycle_id}/feedbacks_summary/download",
      "/api/v1/admin/cycles/{cycle_id}/bulk_participants_feedback_pdf_jobs",
    ]) {
      expect(paths).toContain(p);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Bulk PDF job

describe("bulk participants feedback PDF job", () => {
  let stopWorker: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    stopWorker = (await startTestWorker()).stop;
  });
  afterAll(async () => {
    await stopWorker?.();
  });

  async function jobCycle(people: number) {
    const c = await newCycle("COMMUNICATION", "Bulk PDF");
    const boss = await createTestUser({ name: "Bulk Boss" });
    const users = await Promise.all(Array.from({ length: people }, (_, i) => createTestUser({ name: `Bulk Person ${i + 1}` })));
    const rows = [];
    for (const u of users) rows.push(await participant(c, u, { managerId: boss.id }));
    const onlyReviewer = await createTestUser({ name: "Bulk Reviewer Only" });
    await participant(c, onlyReviewer, { reviewerOnly: true });
    for (const [i, p] of rows.entries()) {
      await feedback(c, p.id, boss, "MANAGER", true);
      await feedback(c, p.id, users[(i + 1) % users.length]!, "PEER", true, i);
    }
    return { cycleId: c, users, onlyReviewer };
  }

  it("writes one named PDF per participant into one ZIP archive (API: start, progress, file)", async () => {
    const { cycleId: c, users, onlyReviewer } = await jobCycle(3);
    const params = { id: String(c) };
    const started = await callRoute(jobsRoute.action as never, { method: "POST", path: `/api/v1/admin/cycles/${c}/bulk_participants_feedback_pdf_jobs`, token: tokens.admin, body: {}, params });
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ type: "bulk_feedback_pdf", status: expect.stringMatching(/pending|running|succeeded/) });
    const jobId = started.body.job.id as number;
    const handle = (await getTemporalClient()).workflow.getHandle(started.body.job.workflow_id);
    expect(await handle.result()).toEqual({ jobId, status: "SUCCEEDED" });

    const detail = await callRoute(jobRoute.loader as never, { path: `/api/v1/admin/cycles/${c}/bulk_participants_feedback_pdf_jobs/${jobId}`, token: tokens.hrOps, params: { ...params, jobId: String(jobId) } });
    expect(detail.body.job).toMatchObject({ status: "succeeded", total_rows: 3, processed_rows: 3, succeeded_rows: 3, failed_rows: 0, message: "3 feedback summary PDFs written" });
    expect(detail.body.job.output_file_url).toBe(`/api/v1/admin/cycles/${c}/bulk_participants_feedback_pdf_jobs/${jobId}/file`);

    const file = await download(jobFileRoute.loader, { path: detail.body.job.output_file_url, token: tokens.admin, params: { ...params, jobId: String(jobId) } });
    expect(file.status).toBe(200);
    expect(file.response.headers.get("Content-Type")).toBe("application/zip");
    expect(file.response.headers.get("Content-Disposition")).toContain(`feedback-summaries-cycle-${c}-job-${jobId}.zip`);
    const zip = file.bytes;
    const entries = readStoredZip(zip);
    expect([...entries.keys()].sort()).toEqual(users.map((u) => `${u.email}.pdf`).sort());
    expect(entries.has(`${onlyReviewer.email}.pdf`)).toBe(false);
    for (const u of users) {
      const text = pdfText(entries.get(`${u.email}.pdf`)!);
      expect(text).toContain(u.name);
      expect(text).toContain("Bulk Boss"); // named: the admin's view
    }
    // An independent reader agrees, when one is installed.
    if (fs.existsSync("/usr/bin/unzip")) {
      const tmp = path.join(os.tmpdir(), `pdfs-${randomUUID()}.zip`);
      fs.writeFileSync(tmp, zip);
      try {
        expect(execFileSync("/usr/bin/unzip", ["-t", tmp], { encoding: "utf8" })).toMatch(/No errors detected/);
      } finally {
        fs.rmSync(tmp, { force: true });
      }
    }

    // The archive holds named feedback: HR ops may follow the job but not download it; employees neither.
    expect((await download(jobFileRoute.loader, { path: detail.body.job.output_file_url, token: tokens.hrOps, params: { ...params, jobId: String(jobId) } })).status).toBe(403);
    expect((await callRoute(jobsRoute.action as never, { method: "POST", path: "/x", token: tokens.hrOps, body: {}, params })).status).toBe(403);
    expect((await callRoute(jobsRoute.loader as never, { path: "/x", token: tokens.manager, params })).status).toBe(403);
    const list = await callRoute(jobsRoute.loader as never, { path: "/x", token: tokens.admin, params });
    expect(list.body.jobs.map((j: any) => j.id)).toEqual([jobId]);
    expect((await callRoute(jobsRoute.action as never, { method: "POST", path: "/x", token: tokens.admin, body: {}, params: { id: "999999" } })).status).toBe(404);
    expect((await callRoute(jobsRoute.action as never, { method: "POST", path: "/x", token: tokens.admin, body: { x: 1 }, params })).status).toBe(400);
  });

  it("is restart safe: a retried begin, step or finish writes nothing twice; progress counts participants", async () => {
    const { cycleId: c, users } = await jobCycle(23);
    const db = await getDb();
    // A job row without a workflow: the activities are called directly, as Temporal would (retries included).
    const job = await db.job.create({ data: { cycleId: c, type: "BULK_FEEDBACK_PDF", workflowId: `job-direct-${randomUUID()}`, createdById: admin.id } });
    const actor: Actor = { userId: admin.id, realUserId: admin.id, source: "api" };
    const input = { jobId: job.id, actor, chunkRows: 1000 };
    const begun = await beginJob(input);
    expect(await beginJob(input)).toEqual(begun);
    const running = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(running).toMatchObject({ status: "RUNNING", totalRows: 23, processedRows: 0, message: PDF_PHASE });
    let step = begun.next;
    const progress: number[] = [];
    while (step) {
      const result = await runJobStep({ ...input, step });
      expect(await runJobStep({ ...input, step })).toEqual(result); // the reply was lost: run again
      progress.push((await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows);
      step = result.next;
    }
    expect(progress).toEqual([10, 20, 23]);
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });
    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: 23, processedRows: 23, succeededRows: 23 });
    const files = await db.jobFile.findMany({ where: { jobId: job.id }, select: { kind: true, content: true } });
    expect(files.map((f) => f.kind)).toEqual(["output"]);
    const entries = readStoredZip(files[0]!.content);
    expect(entries.size).toBe(23);
    expect([...entries.keys()].sort()).toEqual(users.map((u) => `${u.email}.pdf`).sort());
    const actions = (await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["job.start", "job.rows_committed", "job.rows_committed", "job.rows_committed", "job.succeed"]);
  });

  it("fails without retrying when the person who started it is no longer a super admin", async () => {
    const { cycleId: c } = await jobCycle(1);
    const db = await getDb();
    const former = await createTestUser({ name: "Former Admin" });
    const job = await db.job.create({ data: { cycleId: c, type: "BULK_FEEDBACK_PDF", workflowId: `job-direct-${randomUUID()}`, createdById: former.id } });
    await expect(beginJob({ jobId: job.id, actor: { userId: former.id, realUserId: former.id, source: "api" }, chunkRows: 10 })).rejects.toMatchObject({
      type: "JobInputInvalid",
      nonRetryable: true,
    });
    // The job says why in every reader's language: its code beside the English (issue 28, ADR 0107).
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: "FAILED",
      message: "Only a super admin can download every participant's feedback; the person who started this job no longer is one",
      messageCode: expect.objectContaining({ key: "storedTexts.jobs.stopped.notSuperAdmin" }),
    });
  });

  it("the page lists the jobs and starts one (super admin only)", async () => {
    const { cycleId: c } = await jobCycle(1);
    const params = { cycleId: String(c) };
    const list = await callPage(jobListPage.loader as never, { path: `/app/admin/cycles/${c}/bulk-participants-feedback-pdf-download`, userId: admin.id, params });
    expect(list.data).toMatchObject({ view: { pagePath: "bulk-participants-feedback-pdf-download", hasOutput: true }, jobs: [] });
    expect((await callPage(jobListPage.loader as never, { path: "/x", userId: hrOps.id, params })).status).toBe(403);
    const request = new Request(`http://127.0.0.1/app/admin/cycles/${c}/bulk-participants-feedback-pdf-download`, {
      method: "POST",
      headers: { Cookie: await sessionCookie(admin.id), "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const res = (await jobListPage.action({ request, params, context: {} } as never)) as Response;
    expect(res.status).toBe(302);
    const jobId = Number(/\/(\d+)$/.exec(res.headers.get("Location")!)![1]);
    const job = await (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.type).toBe("BULK_FEEDBACK_PDF");
    expect(await (await getTemporalClient()).workflow.getHandle(job.workflowId).result()).toEqual({ jobId, status: "SUCCEEDED" });
  });
});
