/**
 * Nudges (ADR 0019) against a real Temporal dev server, the app's worker and a real SMTP server on
 * loopback: who is pending in each stage, "send now" through the API (notifications, emails,
 * counts, audits), retries and replays that neither notify nor email twice, SMTP refusals,
 * schedules in Temporal that fire (trigger) and are cancelled, authorization, 400s and 404s, and
 * the notifications API the bell uses.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TypedSearchAttributes } from "@temporalio/common";
import { getDb } from "~/platform/db.server";
import type { CycleState, Role, User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { hashToken, newTokenValue, API_TOKEN_TTL_MS } from "~/platform/auth.server";
import { nudgeDedupeKey, sendNudgeNow } from "~/features/nudges/service.server";
import { pendingWorkRecipients } from "~/features/nudges/pending-work.server";
import { getTemporalClient } from "~/platform/temporal.server";
import * as nudgeJobsRoute from "~/routes/api.v1.admin.cycles.$id.nudge_jobs";
import * as nudgeJobRoute from "~/routes/api.v1.admin.cycles.$id.nudge_jobs.$jobId";
import * as schedulesRoute from "~/routes/api.v1.admin.cycles.$id.nudge_jobs.schedules";
import * as scheduleRoute from "~/routes/api.v1.admin.cycles.$id.nudge_jobs.schedules.$scheduleId";
import * as notificationsRoute from "~/routes/api.v1.notifications";
import * as notificationReadRoute from "~/routes/api.v1.notifications.$id.read";
import * as nudgesPage from "~/routes/app.admin.cycles.$cycleId.nudges._index";
import * as nudgePage from "~/routes/app.admin.cycles.$cycleId.nudges.$jobId";
import { beginJob, finishJob, runJobStep } from "../../worker/activities/jobs";
import { CycleIdKey, JobTypeKey } from "../../workflows/search-attributes-contract";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { callWithSession, sessionCookieFor } from "../support/session";
import { startTestWorker } from "../support/worker";
import { until } from "../support/wait";

let stopWorker: () => Promise<void>;
let smtp: TestSmtp;
let savedSmtpUrl: string | undefined;
let admin: User;
let actor: Actor;
const tokens = {} as Record<Role, string>;

const base = (cycle: number | string) => `/api/v1/admin/cycles/${cycle}/nudge_jobs`;

async function newCycle(name: string, state: CycleState): Promise<{ id: number; name: string }> {
  const db = await getDb();
  const full = `${name} ${randomUUID().slice(0, 6)}`;
  const cycle = await db.cycle.create({ data: { name: full, state, workflowId: `test-cycle-${randomUUID()}` } });
  return { id: cycle.id, name: full };
}

async function person(name: string, opts: { active?: boolean } = {}): Promise<User> {
  const u = await createTestUser({ name });
  if (opts.active === false) return (await getDb()).user.update({ where: { id: u.id }, data: { active: false } });
  return u;
}

async function participant(cycleId: number, user: User, opts: { manager?: User; secondary?: User; reviewerOnly?: boolean } = {}) {
  return (await getDb()).participant.create({
    data: { cycleId, userId: user.id, managerId: opts.manager?.id ?? null, secondaryManagerId: opts.secondary?.id ?? null, reviewerOnly: opts.reviewerOnly ?? false },
  });
}

async function jobDone(jobId: number) {
  return until(`job ${jobId} to finish`, async () => {
    const job = await (await getDb()).job.findUnique({ where: { id: jobId } });
    return job && (job.status === "SUCCEEDED" || job.status === "FAILED") && job;
  });
}

async function notificationsOf(jobId: number) {
  return (await getDb()).notification.findMany({ where: { dedupeKey: { startsWith: `nudge:${jobId}:` } }, orderBy: { id: "asc" } });
}

const ids = (users: Array<{ id: number }>) => users.map((u) => u.id).sort((a, b) => a - b);

/**
 * A cycle in SPU feedback: mgr leads e1, e2, a reviewer-only r and an inactive x; e1 asked outsider o
 * as a peer (accepted) and d (declined). Pending: e2 (self draft + upward for mgr), r (upward for mgr),
 * o (peer for e1). Not pending: mgr (self submitted; manager feedback is the next stage), e1 (done),
 * x (inactive), d (declined).
 */
async function spuScenario() {
  const db = await getDb();
  const cycle = await newCycle("Nudge SPU", "SPU_FEEDBACK");
  const mgr = await person("Mia Manager");
  const e1 = await person("Eve One");
  const e2 = await person("Ed Two");
  const r = await person("Rey Reviewer");
  const x = await person("Xan Inactive", { active: false });
  const o = await person("Oli Outsider");
  const d = await person("Dee Declined");
  const pm = await participant(cycle.id, mgr);
  const p1 = await participant(cycle.id, e1, { manager: mgr });
  const p2 = await participant(cycle.id, e2, { manager: mgr });
  await participant(cycle.id, r, { manager: mgr, reviewerOnly: true });
  await participant(cycle.id, x, { manager: mgr });
  await db.peerRequest.createMany({
    data: [
      { cycleId: cycle.id, participantId: p1.id, reviewerId: o.id, status: "ACCEPTED" },
      { cycleId: cycle.id, participantId: p1.id, reviewerId: d.id, status: "DECLINED" },
    ],
  });
  await db.feedback.createMany({
    data: [
      { cycleId: cycle.id, revieweeId: pm.id, reviewerId: mgr.id, reviewerType: "SELF", status: "SUBMITTED" },
      { cycleId: cycle.id, revieweeId: p1.id, reviewerId: e1.id, reviewerType: "SELF", status: "SUBMITTED" },
      { cycleId: cycle.id, revieweeId: pm.id, reviewerId: e1.id, reviewerType: "DIRECT_REPORT", status: "SUBMITTED" },
      { cycleId: cycle.id, revieweeId: p2.id, reviewerId: e2.id, reviewerType: "SELF", status: "DRAFT" },
    ],
  });
  return { cycle, mgr, e1, e2, r, x, o, d, p1, p2, pm };
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  savedSmtpUrl = process.env.SMTP_URL;
  process.env.SMTP_URL = smtp.url;
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Nudge Admin" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
  tokens.SUPER_ADMIN = await bearerFor(admin.id);
  for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) tokens[role] = await bearerFor((await createTestUser({ role })).id);
});

afterAll(async () => {
  await stopWorker?.();
  if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtpUrl;
  await smtp?.close();
});

describe("pending work of the current stage", () => {
  it("spu_feedback: reviewers owing self, upward or accepted peer feedback; active users only", async () => {
    const s = await spuScenario();
    const pending = await pendingWorkRecipients(s.cycle.id);
    expect(ids(pending.map((p) => ({ id: p.userId })))).toEqual(ids([s.e2, s.r, s.o]));
    const byUser = new Map(pending.map((p) => [p.userId, p]));
    expect(byUser.get(s.e2.id)).toMatchObject({ email: s.e2.email, reason: `You have 2 feedbacks to complete in ${s.cycle.name}`, link: `/app/performance/spu-feedback?cycle_id=${s.cycle.id}` });
    expect(byUser.get(s.r.id)!.reason).toBe(`You have 1 feedback to complete in ${s.cycle.name}`);
    expect(byUser.get(s.o.id)!.reason).toBe(`You have 1 feedback to complete in ${s.cycle.name}`);
  });

  it("manager_feedback: managers without submitted manager feedback (matrix managers give theirs in SPU feedback)", async () => {
    const db = await getDb();
    const cycle = await newCycle("Nudge MGR", "MANAGER_FEEDBACK");
    const mgr = await person("Max Manager");
    const sm = await person("Sam Matrix");
    const done = await person("Dan Done");
    const e1 = await person("Ela One");
    const e2 = await person("Eli Two");
    const e3 = await person("Emi Three");
    await participant(cycle.id, mgr);
    const p1 = await participant(cycle.id, e1, { manager: mgr, secondary: sm });
    await participant(cycle.id, e2, { manager: mgr });
    const p3 = await participant(cycle.id, e3, { manager: done });
    await db.feedback.createMany({
      data: [
        { cycleId: cycle.id, revieweeId: p1.id, reviewerId: mgr.id, reviewerType: "MANAGER", status: "SUBMITTED" },
        { cycleId: cycle.id, revieweeId: p3.id, reviewerId: done.id, reviewerType: "MANAGER", status: "SUBMITTED" },
        // Draft SPU feedback is not the manager stage's work.
        { cycleId: cycle.id, revieweeId: p1.id, reviewerId: e1.id, reviewerType: "SELF", status: "DRAFT" },
      ],
    });
    const pending = await pendingWorkRecipients(cycle.id);
    expect(ids(pending.map((p) => ({ id: p.userId })))).toEqual(ids([mgr]));
    const byUser = new Map(pending.map((p) => [p.userId, p]));
    expect(byUser.get(mgr.id)).toMatchObject({ reason: `1 person is waiting for your manager feedback in ${cycle.name}`, link: `/app/my-reportees/feedbacks?cycle_id=${cycle.id}` });
    expect(byUser.has(sm.id)).toBe(false);
  });

  it("start: participants with no peers chosen and reviewers with unanswered requests", async () => {
    const db = await getDb();
    const cycle = await newCycle("Nudge START", "START");
    const [chooser, chosen, asking, reviewer, acceptedReviewer, ro] = await Promise.all(
      ["Cal Chooser", "Cy Chosen", "Ash Asking", "Rob Reviewer", "Ace Accepted", "Ro Only"].map((n) => person(n)),
    );
    await participant(cycle.id, chooser!);
    const pChosen = await participant(cycle.id, chosen!);
    const pAsking = await participant(cycle.id, asking!);
    await participant(cycle.id, ro!, { reviewerOnly: true });
    await db.peerRequest.createMany({
      data: [
        { cycleId: cycle.id, participantId: pChosen.id, reviewerId: acceptedReviewer!.id, status: "ACCEPTED" },
        { cycleId: cycle.id, participantId: pAsking.id, reviewerId: reviewer!.id, status: "REQUESTED" },
      ],
    });
    const pending = await pendingWorkRecipients(cycle.id);
    expect(ids(pending.map((p) => ({ id: p.userId })))).toEqual(ids([chooser!, reviewer!]));
    const byUser = new Map(pending.map((p) => [p.userId, p]));
    expect(byUser.get(chooser!.id)!.reason).toBe(`Choose your peers and stakeholders for ${cycle.name}`);
    expect(byUser.get(reviewer!.id)!.reason).toBe(`Answer 1 peer feedback request in ${cycle.name}`);
  });

  it("calibration: admins of sessions that are not closed; draft and communication: nobody", async () => {
    const db = await getDb();
    const cycle = await newCycle("Nudge CAL", "CALIBRATION");
    const [a1, a2, panelist] = await Promise.all(["Ada Session", "Ann Closed", "Pat Panel"].map((n) => person(n)));
    const open = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: "Eng rating", kind: "RATING", state: "active" } });
    const closed = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: "Old", kind: "RATING", state: "closed" } });
    await db.calibrationSessionMember.createMany({
      data: [
        { sessionId: open.id, userId: a1!.id, role: "ADMIN" },
        { sessionId: open.id, userId: panelist!.id, role: "PANELIST" },
        { sessionId: closed.id, userId: a2!.id, role: "ADMIN" },
      ],
    });
    const pending = await pendingWorkRecipients(cycle.id);
    expect(pending.map((p) => p.userId)).toEqual([a1!.id]);
    expect(pending[0]!.reason).toBe(`Run your calibration session 'Eng rating' in ${cycle.name}`);

    for (const state of ["DRAFT", "COMMUNICATION"] as const) {
      const c = await newCycle(`Nudge ${state}`, state);
      await participant(c.id, await person(`Pa ${state}`));
      expect(await pendingWorkRecipients(c.id)).toEqual([]);
    }
  });
});

describe("send a nudge now", () => {
  it("202 {job}; job-<id> with CycleId/JobType; exactly the pending people get one notification and one email each", async () => {
    const s = await spuScenario();
    const before = smtp.messages.length;
    const res = await callRoute(nudgeJobsRoute.action, { method: "POST", path: base(s.cycle.id), token: tokens.SUPER_ADMIN, body: {}, params: { id: String(s.cycle.id) } });
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({ cycle_id: s.cycle.id, type: "nudge", type_label: "Nudge", status: "pending", created_by: { id: admin.id }, schedule_id: null });
    const jobId: number = res.body.job.id;
    expect(res.body.job.workflow_id).toBe(`job-${jobId}`);

    const client = await getTemporalClient();
    const handle = client.workflow.getHandle(`job-${jobId}`);
    const desc = await handle.describe();
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(s.cycle.id));
    expect(desc.typedSearchAttributes.get(JobTypeKey)).toBe("nudge");
    expect(await handle.result()).toEqual({ jobId, status: "SUCCEEDED" });

    const notes = await notificationsOf(jobId);
    expect(ids(notes.map((n) => ({ id: n.userId })))).toEqual(ids([s.e2, s.r, s.o]));
    for (const n of notes) {
      expect(n).toMatchObject({ kind: "nudge", title: `Reminder: you have pending work in ${s.cycle.name}`, link: `/app/performance/spu-feedback?cycle_id=${s.cycle.id}`, readAt: null });
      expect(n.dedupeKey).toBe(nudgeDedupeKey(jobId, n.userId));
      expect(n.emailedAt).not.toBeNull();
    }
    const e2Note = notes.find((n) => n.userId === s.e2.id)!;
    expect(e2Note.body).toBe(`You have 2 feedbacks to complete in ${s.cycle.name}`);

    const mails = smtp.messages.slice(before);
    expect(mails.map((m) => m.to).flat().sort()).toEqual([s.e2.email, s.r.email, s.o.email].map((e) => e.toLowerCase()).sort());
    for (const m of mails) {
      expect(m.to).toHaveLength(1);
      expect(m.subject).toBe(`Reminder: you have pending work in ${s.cycle.name}`);
      expect(m.raw).toContain(`/app/performance/spu-feedback?cycle_id=${s.cycle.id}`);
    }
    expect(smtp.to(s.e2.email)[0]!.raw).toContain("You have 2 feedbacks to complete");

    const detail = await callRoute(nudgeJobRoute.loader, { path: `${base(s.cycle.id)}/${jobId}`, token: tokens.SUPER_ADMIN, params: { id: String(s.cycle.id), jobId: String(jobId) } });
    expect(detail.status).toBe(200);
    expect(detail.body.job).toMatchObject({
      status: "succeeded",
      stage: "spu_feedback",
      recipients: 3,
      notified: 3,
      emailed: 3,
      email_failed: 0,
      total_rows: 3,
      processed_rows: 3,
      message: "Reminded 3 people with pending work in the 'Stage 2 - SPU Feedback stage' stage: 3 notifications, 3 emails sent",
    });
    expect(detail.body.row_errors).toEqual([]);

    const list = await callRoute(nudgeJobsRoute.loader, { path: base(s.cycle.id), token: tokens.HR_OPS, params: { id: String(s.cycle.id) } });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.jobs[0]).toMatchObject({ id: jobId, notified: 3, emailed: 3 });
    expect(list.body.schedules).toEqual([]);

    // Audits: the job's life, one notification.create and one notification.email per person, all by the workflow for the admin.
    const db = await getDb();
    const jobAudits = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
    expect(jobAudits.map((a) => a.action)).toEqual(["job.create", "job.start", "job.rows_committed", "job.succeed"]);
    expect(jobAudits.slice(1).every((a) => a.source === "workflow" && a.actorId === admin.id)).toBe(true);
    const noteAudits = await db.auditRecord.findMany({ where: { entityType: "Notification", entityId: { in: notes.map((n) => String(n.id)) } } });
    expect(noteAudits.filter((a) => a.action === "notification.create")).toHaveLength(3);
    expect(noteAudits.filter((a) => a.action === "notification.email")).toHaveLength(3);
    expect(noteAudits.every((a) => a.source === "workflow" && a.actorId === admin.id)).toBe(true);

    // A second nudge is a new run: everyone is reminded again (once).
    const again = await sendNudgeNow(actor, s.cycle.id);
    await jobDone(again.id);
    expect(await notificationsOf(again.id)).toHaveLength(3);
    expect(smtp.to(s.e2.email)).toHaveLength(2);
  });

  it("a stage with nobody pending succeeds with nothing sent", async () => {
    const cycle = await newCycle("Nudge empty", "COMMUNICATION");
    const job = await sendNudgeNow(actor, cycle.id);
    const done = await jobDone(job.id);
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: 0, processedRows: 0 });
    expect(done.message).toBe("Nobody has pending work in the 'Stage 5 - Communication stage' stage: no reminders sent");
    expect(await notificationsOf(job.id)).toEqual([]);
  });
});

describe("retries and replays in the same run", () => {
  it("never notify or email twice: a step retried after its commit, an email retried after a temporary SMTP failure, a replay past the watermark", async () => {
    const s = await spuScenario();
    const db = await getDb();
    const client = await getTemporalClient();
    // The job's workflow waits on a queue no worker polls; the test plays the activities itself.
    const job = await sendNudgeNow(actor, s.cycle.id, { taskQueue: `nudge-idle-${randomUUID().slice(0, 8)}` });
    const input = { jobId: job.id, actor, chunkRows: 100 };
    const first = await beginJob(input);
    expect(await beginJob(input)).toEqual(first); // begin retried after its commit
    expect(first.next).toEqual({ phase: "nudge", cursor: { row: 0 } });
    const step = { ...input, step: first.next! };
    const people = [s.e2, s.r, s.o].map((u) => u.email.toLowerCase());
    const sent = () => smtp.messages.filter((m) => people.includes(m.to[0]!)).length;
    const before = sent();

    // 1. The SMTP server is briefly unavailable: the notifications are committed, the first email fails and is released.
    smtp.refuse = (addr) => (people.includes(addr) ? 451 : null);
    await expect(runJobStep(step)).rejects.toThrow();
    let notes = await notificationsOf(job.id);
    expect(notes).toHaveLength(3);
    expect(notes.every((n) => n.emailedAt === null && n.emailError === null)).toBe(true);
    expect(sent()).toBe(before);

    // 2. Temporal retries the step: no new notification, every email goes out once.
    smtp.refuse = () => null;
    expect(await runJobStep(step)).toEqual({ next: null });
    notes = await notificationsOf(job.id);
    expect(notes).toHaveLength(3);
    expect(notes.every((n) => n.emailedAt !== null)).toBe(true);
    expect(sent()).toBe(before + 3);

    // 3. Retried again (a reply lost): nothing at all.
    expect(await runJobStep(step)).toEqual({ next: null });
    expect(await notificationsOf(job.id)).toHaveLength(3);
    expect(sent()).toBe(before + 3);

    // 4. Even past the watermark (the chunk claimed again), the dedupe keys keep it to one notification each.
    await db.job.update({ where: { id: job.id }, data: { processedRows: 0 } });
    await runJobStep(step);
    expect(await notificationsOf(job.id)).toHaveLength(3);
    expect(sent()).toBe(before + 3);
    const creates = await db.auditRecord.count({ where: { action: "notification.create", entityId: { in: notes.map((n) => String(n.id)) } } });
    expect(creates).toBe(3);
    const emailsAudited = await db.auditRecord.count({ where: { action: "notification.email", entityId: { in: notes.map((n) => String(n.id)) } } });
    expect(emailsAudited).toBe(3);
    await db.job.update({ where: { id: job.id }, data: { succeededRows: 3 } });

    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });
    const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.message).toBe("Reminded 3 people with pending work in the 'Stage 2 - SPU Feedback stage' stage: 3 notifications, 3 emails sent");
    const statusAudits = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id), action: { in: ["job.start", "job.succeed"] } } });
    expect(statusAudits.map((a) => a.action).sort()).toEqual(["job.start", "job.succeed"]);
    await client.workflow.getHandle(job.workflow_id).terminate("test done").catch(() => {});
  });

  it("an email refused for good becomes a row error; a temporary refusal is retried by Temporal and sent once", async () => {
    const db = await getDb();
    const cycle = await newCycle("Nudge SMTP", "START");
    const flaky = await person("Fay Flaky");
    const refused = await person("Ron Refused");
    const fine = await person("Fin Fine");
    for (const u of [flaky, refused, fine]) await participant(cycle.id, u);
    smtp.refuse = (addr, attempt) => (addr === refused.email.toLowerCase() ? 550 : addr === flaky.email.toLowerCase() && attempt === 1 ? 451 : null);
    try {
      const job = await sendNudgeNow(actor, cycle.id);
      const done = await jobDone(job.id);
      expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: 3, processedRows: 3, failedRows: 1 });
      expect(smtp.to(flaky.email)).toHaveLength(1);
      expect(smtp.attempts.get(flaky.email.toLowerCase())).toBe(2);
      expect(smtp.to(fine.email)).toHaveLength(1);
      expect(smtp.to(refused.email)).toHaveLength(0);
      const notes = await notificationsOf(job.id);
      expect(notes).toHaveLength(3);
      const r = notes.find((n) => n.userId === refused.id)!;
      expect(r.emailedAt).toBeNull();
      expect(r.emailError).toContain("550");
      const errors = await db.jobRowError.findMany({ where: { jobId: job.id } });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ column: "email" });
      expect(errors[0]!.message).toContain(refused.email);
      expect(done.message).toContain("2 emails sent, 1 refused");
      const detail = await callRoute(nudgeJobRoute.loader, { path: `${base(cycle.id)}/${job.id}`, token: tokens.SUPER_ADMIN, params: { id: String(cycle.id), jobId: String(job.id) } });
      expect(detail.body.job).toMatchObject({ stage: "start", recipients: 3, notified: 3, emailed: 2, email_failed: 1 });
      expect(detail.body.row_errors_total).toBe(1);
      expect(await db.auditRecord.count({ where: { action: "notification.email_failed", entityId: String(r.id) } })).toBe(1);
    } finally {
      smtp.refuse = () => null;
    }
  });

  it("without SMTP_URL only in-app notifications are created", async () => {
    const cycle = await newCycle("Nudge no mail", "START");
    const u = await person("Nia Nomail");
    await participant(cycle.id, u);
    delete process.env.SMTP_URL;
    try {
      const job = await sendNudgeNow(actor, cycle.id);
      const done = await jobDone(job.id);
      expect(done.status).toBe("SUCCEEDED");
      expect(done.message).toContain("no emails (SMTP_URL is not set)");
      const notes = await notificationsOf(job.id);
      expect(notes.map((n) => [n.userId, n.emailedAt])).toEqual([[u.id, null]]);
      expect(smtp.to(u.email)).toHaveLength(0);
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
  });
});

describe("scheduled nudges", () => {
  it("a recurring schedule is a Temporal Schedule for the cycle; each run creates its own job with the stage's people at run time; cancel stops it", async () => {
    const s = await spuScenario();
    const db = await getDb();
    const client = await getTemporalClient();
    const created = await callRoute(nudgeJobsRoute.action, {
      method: "POST",
      path: base(s.cycle.id),
      token: tokens.SUPER_ADMIN,
      body: { when: "recurring", cron: "0 9 * * MON-FRI", time_zone: "Europe/Berlin" },
      params: { id: String(s.cycle.id) },
    });
    expect(created.status).toBe(201);
    const schedule = created.body.schedule;
    expect(schedule).toMatchObject({
      cycle_id: s.cycle.id,
      schedule_id: `nudge-cycle-${s.cycle.id}-${schedule.id}`,
      kind: "recurring",
      cron: "0 9 * * MON-FRI",
      time_zone: "Europe/Berlin",
      status: "scheduled",
      runs: 0,
      created_by: { id: admin.id },
    });
    expect(schedule.next_run_at).not.toBeNull();

    const handle = client.schedule.getHandle(schedule.schedule_id);
    const desc = await handle.describe();
    expect(desc.spec.timezone).toBe("Europe/Berlin");
    expect(desc.action.workflowType).toBe("scheduledNudgeWorkflow");
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(s.cycle.id));
    expect(desc.typedSearchAttributes.get(JobTypeKey)).toBe("nudge");
    expect((desc.action.typedSearchAttributes as TypedSearchAttributes | undefined)?.get(CycleIdKey)).toBe(String(s.cycle.id));
    expect(await db.auditRecord.count({ where: { action: "nudge_schedule.create", entityId: String(schedule.id) } })).toBe(1);

    // Fire it: the run creates a job linked to the schedule, reminding the SPU people.
    await handle.trigger();
    const run1 = await until("the first run's job", () => db.job.findFirst({ where: { nudgeScheduleId: schedule.id }, orderBy: { id: "asc" } }));
    const done1 = await jobDone(run1.id);
    expect(done1).toMatchObject({ status: "SUCCEEDED", type: "NUDGE", createdById: admin.id });
    expect(done1.triggerKey).toMatch(new RegExp(`^nudge-cycle-${s.cycle.id}-${schedule.id}-run-`));
    expect(ids((await notificationsOf(run1.id)).map((n) => ({ id: n.userId })))).toEqual(ids([s.e2, s.r, s.o]));
    const childDesc = await client.workflow.getHandle(`job-${run1.id}`).describe();
    expect(childDesc.typedSearchAttributes.get(JobTypeKey)).toBe("nudge");
    expect(childDesc.typedSearchAttributes.get(CycleIdKey)).toBe(String(s.cycle.id));
    expect(await db.auditRecord.count({ where: { entityType: "Job", entityId: String(run1.id), action: "job.create", source: "workflow" } })).toBe(1);

    // The cycle moves on; the next run reminds whoever is pending then (the manager owes manager feedback).
    await db.cycle.update({ where: { id: s.cycle.id }, data: { state: "MANAGER_FEEDBACK" } });
    // The schedule skips a run while the previous one is still open (overlap policy SKIP): wait for it to close.
    await until("the first run to close", async () => (await handle.describe()).info.runningActions.length === 0);
    await handle.trigger();
    const run2 = await until("the second run's job", () => db.job.findFirst({ where: { nudgeScheduleId: schedule.id, id: { gt: run1.id } } }));
    await jobDone(run2.id);
    expect((await notificationsOf(run2.id)).map((n) => n.userId)).toEqual([s.mgr.id]);
    expect((await notificationsOf(run2.id))[0]!.link).toBe(`/app/my-reportees/feedbacks?cycle_id=${s.cycle.id}`);

    const listed = await callRoute(schedulesRoute.loader, { path: `${base(s.cycle.id)}/schedules`, token: tokens.HR_OPS, params: { id: String(s.cycle.id) } });
    expect(listed.status).toBe(200);
    expect(listed.body.schedules).toHaveLength(1);
    expect(listed.body.schedules[0]).toMatchObject({ id: schedule.id, status: "scheduled", runs: 2 });
    const jobs = await callRoute(nudgeJobsRoute.loader, { path: base(s.cycle.id), token: tokens.SUPER_ADMIN, params: { id: String(s.cycle.id) } });
    expect(jobs.body.jobs.map((j: { id: number; schedule_id: number | null }) => [j.id, j.schedule_id])).toEqual([
      [run2.id, schedule.id],
      [run1.id, schedule.id],
    ]);

    // Cancel: gone from Temporal, marked and audited; cancelling again changes nothing.
    const params = { id: String(s.cycle.id), scheduleId: String(schedule.id) };
    const path = `${base(s.cycle.id)}/schedules/${schedule.id}`;
    expect((await callRoute(scheduleRoute.action, { method: "DELETE", path, token: tokens.HR_OPS, params })).status).toBe(403);
    const cancelled = await callRoute(scheduleRoute.action, { method: "DELETE", path, token: tokens.SUPER_ADMIN, params });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.schedule).toMatchObject({ status: "cancelled", next_run_at: null });
    await expect(handle.describe()).rejects.toThrow();
    const again = await callRoute(scheduleRoute.action, { method: "DELETE", path, token: tokens.SUPER_ADMIN, params });
    expect(again.status).toBe(200);
    expect(again.body.schedule.cancelled_at).toBe(cancelled.body.schedule.cancelled_at);
    expect(await db.auditRecord.count({ where: { action: "nudge_schedule.cancel", entityId: String(schedule.id) } })).toBe(1);
    const got = await callRoute(scheduleRoute.loader, { path, token: tokens.HR_OPS, params });
    expect(got.body.schedule.status).toBe("cancelled");
  });

  it("a one-off schedule runs once at its time; a run of a cancelled schedule does nothing", async () => {
    const cycle = await newCycle("Nudge once", "START");
    const client = await getTemporalClient();
    const at = new Date(Math.ceil((Date.now() + 2 * 3600_000) / 1000) * 1000);
    const res = await callRoute(nudgeJobsRoute.action, {
      method: "POST",
      path: base(cycle.id),
      token: tokens.SUPER_ADMIN,
      body: { when: "at", at: at.toISOString() },
      params: { id: String(cycle.id) },
    });
    expect(res.status).toBe(201);
    expect(res.body.schedule).toMatchObject({ kind: "once", run_at: at.toISOString(), status: "scheduled", next_run_at: at.toISOString() });
    expect(res.body.schedule.description).toContain("Once on");
    const desc = await client.schedule.getHandle(res.body.schedule.schedule_id).describe();
    expect(desc.state.remainingActions).toBe(1);
    expect(desc.info.nextActionTimes[0]?.toISOString()).toBe(at.toISOString());

    // A run that starts after the schedule was cancelled (a race) creates no job.
    const db = await getDb();
    await db.nudgeSchedule.update({ where: { id: res.body.schedule.id }, data: { cancelledAt: new Date() } });
    const { startScheduledNudge } = await import("../../worker/activities/nudges");
    expect(await startScheduledNudge({ nudgeScheduleId: res.body.schedule.id, cycleId: cycle.id, actor, runWorkflowId: `x-${randomUUID()}` })).toEqual({
      jobId: null,
      reason: "The schedule was cancelled",
    });
    await expect(client.schedule.getHandle(res.body.schedule.schedule_id).describe()).rejects.toThrow(); // removed by the run

    // A deleted cycle takes its schedule rows with it; the next run removes the orphan Temporal Schedule.
    const doomed = await newCycle("Nudge doomed", "DRAFT");
    const rec = await callRoute(nudgeJobsRoute.action, {
      method: "POST",
      path: base(doomed.id),
      token: tokens.SUPER_ADMIN,
      body: { when: "recurring", cron: "0 7 1 * *" },
      params: { id: String(doomed.id) },
    });
    expect(rec.status).toBe(201);
    expect(rec.body.schedule.time_zone).toBe("UTC");
    await db.cycle.delete({ where: { id: doomed.id } });
    expect(await startScheduledNudge({ nudgeScheduleId: rec.body.schedule.id, cycleId: doomed.id, actor, runWorkflowId: `x-${randomUUID()}` })).toEqual({
      jobId: null,
      reason: "The cycle no longer exists",
    });
    await expect(client.schedule.getHandle(rec.body.schedule.schedule_id).describe()).rejects.toThrow();
  });
});

describe("authorization and input", () => {
  it("403 for each non-admin role (HR ops may read), 401 without a token", async () => {
    const cycle = await newCycle("Nudge auth", "START");
    const params = { id: String(cycle.id) };
    for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      const post = await callRoute(nudgeJobsRoute.action, { method: "POST", path: base(cycle.id), token: tokens[role], body: {}, params });
      expect(post.status, `${role} POST`).toBe(403);
      expect(post.body.error.message).toBe("You do not have access to this page");
    }
    for (const role of ["PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      expect((await callRoute(nudgeJobsRoute.loader, { path: base(cycle.id), token: tokens[role], params })).status, `${role} GET`).toBe(403);
      expect((await callRoute(schedulesRoute.loader, { path: `${base(cycle.id)}/schedules`, token: tokens[role], params })).status).toBe(403);
      expect((await callRoute(nudgeJobRoute.loader, { path: `${base(cycle.id)}/1`, token: tokens[role], params: { ...params, jobId: "1" } })).status).toBe(403);
      expect(
        (await callRoute(scheduleRoute.action, { method: "DELETE", path: `${base(cycle.id)}/schedules/1`, token: tokens[role], params: { ...params, scheduleId: "1" } })).status,
      ).toBe(403);
    }
    expect((await callRoute(nudgeJobsRoute.loader, { path: base(cycle.id), token: tokens.HR_OPS, params })).status).toBe(200);
    expect((await callRoute(nudgeJobsRoute.loader, { path: base(cycle.id), params })).status).toBe(401);
    expect((await callRoute(nudgeJobsRoute.action, { method: "POST", path: base(cycle.id), body: {}, params })).status).toBe(401);
    expect(await (await getDb()).job.count({ where: { cycleId: cycle.id } })).toBe(0);
  });

  it("400 on bad input, creating nothing", async () => {
    const cycle = await newCycle("Nudge 400", "START");
    const params = { id: String(cycle.id) };
    const post = (body: unknown, rawBody?: string) =>
      callRoute(nudgeJobsRoute.action, { method: "POST", path: base(cycle.id), token: tokens.SUPER_ADMIN, body, rawBody, params });
    const cases: Array<[unknown, string]> = [
      [{ when: "sometimes" }, "when"],
      [{ when: "now", extra: 1 }, "extra"],
      [{ when: "at" }, "at"],
      [{ when: "at", at: "tomorrow" }, "at"],
      [{ when: "at", at: "2026-12-01T09:00:00" }, "at"],
      [{ when: "recurring" }, "cron"],
      [{ when: "recurring", cron: "* * * * *" }, "cron"],
      [{ when: "recurring", cron: "*/5 9 * * *" }, "cron"],
      [{ when: "recurring", cron: "0 25 * * *" }, "cron"],
      [{ when: "recurring", cron: "0 9 * *" }, "cron"],
      [{ when: "recurring", cron: "0 9 * * FUNDAY" }, "cron"],
      [{ when: "recurring", cron: "0 9 * * MON", time_zone: "Mars/Olympus" }, "time_zone"],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(field === "when" ? "when" : field);
    }
    // A well-formed time in the past: a rule over the value, 422 (ADR 0060, "Statuses of refusals").
    const past = await post({ when: "at", at: "2020-01-01T09:00:00Z" });
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe("validation_failed");
    expect(past.body.error.details.fieldErrors.at).toEqual(["at must be at least a minute from now"]);
    const cron400 = await post({ when: "recurring", cron: "* * * * *" });
    expect(cron400.body.error.details.fieldErrors.cron[0]).toContain("at most once an hour");
    expect((await post(undefined, "{not json")).status).toBe(400);
    expect((await post([])).status).toBe(400);
    expect((await callRoute(nudgeJobsRoute.loader, { path: `${base(cycle.id)}?page=0`, token: tokens.SUPER_ADMIN, params })).status).toBe(400);
    expect((await callRoute(nudgeJobsRoute.action, { method: "PUT", path: base(cycle.id), token: tokens.SUPER_ADMIN, body: {}, params })).status).toBe(405);
    const db = await getDb();
    expect(await db.job.count({ where: { cycleId: cycle.id } })).toBe(0);
    expect(await db.nudgeSchedule.count({ where: { cycleId: cycle.id } })).toBe(0);
  });

  it("404 for an unknown cycle, job or schedule", async () => {
    const db = await getDb();
    const missing = (await db.cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    const cycle = await newCycle("Nudge 404", "START");
    const p = (id: number) => ({ id: String(id) });
    expect((await callRoute(nudgeJobsRoute.action, { method: "POST", path: base(missing), token: tokens.SUPER_ADMIN, body: {}, params: p(missing) })).status).toBe(404);
    expect(
      (await callRoute(nudgeJobsRoute.action, { method: "POST", path: base(missing), token: tokens.SUPER_ADMIN, body: { when: "recurring", cron: "0 9 * * *" }, params: p(missing) }))
        .status,
    ).toBe(404);
    expect((await callRoute(nudgeJobsRoute.loader, { path: base(missing), token: tokens.SUPER_ADMIN, params: p(missing) })).status).toBe(404);
    expect((await callRoute(schedulesRoute.loader, { path: `${base(missing)}/schedules`, token: tokens.SUPER_ADMIN, params: p(missing) })).status).toBe(404);
    expect((await callRoute(nudgeJobsRoute.action, { method: "POST", path: base("abc"), token: tokens.SUPER_ADMIN, body: {}, params: { id: "abc" } })).status).toBe(404);
    expect((await callRoute(nudgeJobRoute.loader, { path: `${base(cycle.id)}/999999`, token: tokens.SUPER_ADMIN, params: { id: String(cycle.id), jobId: "999999" } })).status).toBe(404);
    // Another type's job is not a nudge job.
    const other = await db.job.create({ data: { cycleId: cycle.id, type: "POPULATE_PARTICIPANTS", workflowId: `test-${randomUUID()}`, status: "SUCCEEDED" } });
    expect((await callRoute(nudgeJobRoute.loader, { path: `${base(cycle.id)}/${other.id}`, token: tokens.SUPER_ADMIN, params: { id: String(cycle.id), jobId: String(other.id) } })).status).toBe(404);
    for (const route of [scheduleRoute.loader, scheduleRoute.action]) {
      const res = await callRoute(route, {
        method: route === scheduleRoute.action ? "DELETE" : "GET",
        path: `${base(cycle.id)}/schedules/999999`,
        token: tokens.SUPER_ADMIN,
        params: { id: String(cycle.id), scheduleId: "999999" },
      });
      expect(res.status).toBe(404);
    }
  });
});

describe("notifications API", () => {
  it("lists the signed-in user's notifications newest first with the unread count; marking read is idempotent, audited, theirs only, not while spoofing", async () => {
    const db = await getDb();
    const cycle = await newCycle("Nudge bell", "START");
    const u = await person("Bea Bell");
    const other = await person("Oz Other");
    await participant(cycle.id, u);
    await participant(cycle.id, other);
    const job = await sendNudgeNow(actor, cycle.id);
    await jobDone(job.id);
    const token = await bearerFor(u.id);

    const list = await callRoute(notificationsRoute.loader, { path: "/api/v1/notifications", token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, unread_count: 1, read_only: false });
    const note = list.body.notifications[0];
    expect(note).toMatchObject({
      kind: "nudge",
      title: `Reminder: you have pending work in ${cycle.name}`,
      body: `Choose your peers and stakeholders for ${cycle.name}`,
      link: `/app/performance/peer-finalization?cycle_id=${cycle.id}`,
      read: false,
      read_at: null,
    });
    expect(note.emailed_at).not.toBeNull();

    const path = `/api/v1/notifications/${note.id}/read`;
    const otherToken = await bearerFor(other.id);
    expect((await callRoute(notificationReadRoute.action, { method: "PATCH", path, token: otherToken, params: { id: String(note.id) } })).status).toBe(404);
    expect((await callRoute(notificationReadRoute.action, { method: "POST", path, token, params: { id: String(note.id) } })).status).toBe(405);
    expect((await callRoute(notificationReadRoute.action, { method: "PATCH", path: "/api/v1/notifications/x/read", token, params: { id: "x" } })).status).toBe(404);

    // While a super admin views the user: read-only.
    const spoof = newTokenValue();
    await db.apiToken.create({ data: { userId: u.id, realUserId: admin.id, tokenHash: hashToken(spoof), provider: "spoof", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) } });
    const spoofList = await callRoute(notificationsRoute.loader, { path: "/api/v1/notifications", token: spoof });
    expect(spoofList.body).toMatchObject({ total: 1, read_only: true });
    expect((await callRoute(notificationReadRoute.action, { method: "PATCH", path, token: spoof, params: { id: String(note.id) } })).status).toBe(403);

    const read = await callRoute(notificationReadRoute.action, { method: "PATCH", path, token, params: { id: String(note.id) } });
    expect(read.status).toBe(200);
    expect(read.body.notification).toMatchObject({ id: note.id, read: true });
    const again = await callRoute(notificationReadRoute.action, { method: "PATCH", path, token, params: { id: String(note.id) } });
    expect(again.body.notification.read_at).toBe(read.body.notification.read_at);
    expect(await db.auditRecord.count({ where: { action: "notification.read", entityId: String(note.id) } })).toBe(1);

    const after = await callRoute(notificationsRoute.loader, { path: "/api/v1/notifications", token });
    expect(after.body).toMatchObject({ total: 1, unread_count: 0 });
    const unread = await callRoute(notificationsRoute.loader, { path: "/api/v1/notifications?unread=true", token });
    expect(unread.body).toMatchObject({ total: 0, notifications: [] });
    expect((await callRoute(notificationsRoute.loader, { path: "/api/v1/notifications?limit=0", token })).status).toBe(400);
    expect((await callRoute(notificationsRoute.loader, { path: "/api/v1/notifications" })).status).toBe(401);
  });
});

describe("nudges pages", () => {
  it("super admin only; the page shows the stage's pending people; its forms send now, schedule (with field errors) and cancel", async () => {
    const s = await spuScenario();
    const db = await getDb();
    const params = { cycleId: String(s.cycle.id) };
    const path = `/app/admin/cycles/${s.cycle.id}/nudges`;
    for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      const cookie = await sessionCookieFor((await createTestUser({ role })).id);
      expect((await callWithSession(nudgesPage.loader, { path, cookie, params })).status, role).toBe(403);
      expect((await callWithSession(nudgesPage.action, { method: "POST", path, cookie, params, form: { intent: "create", when: "now" } })).status, role).toBe(403);
      expect((await callWithSession(nudgePage.loader, { path: `${path}/1`, cookie, params: { ...params, jobId: "1" } })).status, role).toBe(403);
    }
    expect(await db.job.count({ where: { cycleId: s.cycle.id } })).toBe(0);
    const cookie = await sessionCookieFor(admin.id);
    expect((await callWithSession(nudgesPage.loader, { path: "/app/admin/cycles/999999/nudges", cookie, params: { cycleId: "999999" } })).status).toBe(404);

    const page = await callWithSession(nudgesPage.loader, { path, cookie, params });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ pendingCount: 3, emailOn: true, jobs: [], schedules: [] });

    // Field errors: a past time, a bad custom cron, an unknown time zone.
    const post = (form: Record<string, string>) => callWithSession(nudgesPage.action, { method: "POST", path, cookie, params, form: { intent: "create", ...form } });
    const past = await post({ when: "at", at_local: "2020-01-01T09:00", tz_offset: "0" });
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors.at).toEqual(["at must be at least a minute from now"]);
    const cron = await post({ when: "recurring", frequency: "custom", cron: "*/10 * * * *", time_zone: "UTC" });
    expect(cron.status).toBe(400);
    expect(cron.body.fieldErrors.cron[0]).toContain("at most once an hour");
    const tz = await post({ when: "recurring", frequency: "daily", time: "08:15", time_zone: "Nowhere/City" });
    expect(tz.body.fieldErrors.time_zone).toEqual(["time_zone must be an IANA time zone, e.g. Europe/Berlin"]);
    expect(await db.nudgeSchedule.count({ where: { cycleId: s.cycle.id } })).toBe(0);

    // A weekly schedule from the presets, in local time; a one-off in the browser's offset.
    const weekly = await post({ when: "recurring", frequency: "weekly", weekday: "WED", time: "08:15", time_zone: "Europe/Berlin" });
    expect(weekly.status).toBe(200);
    // The toast as a key and the schedule it describes (the page says "Nudge scheduled: Cron '15 8 * * WED' (Europe/Berlin)"; ADR 0088).
    expect(weekly.body.message).toMatchObject({ key: "nudges.result.scheduled", schedule: { kind: "recurring", cron: "15 8 * * WED", time_zone: "Europe/Berlin" } });
    const local = new Date(Date.now() + 3 * 3600_000);
    const atLocal = `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, "0")}-${String(local.getUTCDate()).padStart(2, "0")}T${String(local.getUTCHours()).padStart(2, "0")}:${String(local.getUTCMinutes()).padStart(2, "0")}`;
    const once = await post({ when: "at", at_local: atLocal, tz_offset: "-60" }); // the browser is at UTC+1
    expect(once.status).toBe(200);
    const rows = await db.nudgeSchedule.findMany({ where: { cycleId: s.cycle.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.kind, r.cron, r.timeZone])).toEqual([
      ["RECURRING", "15 8 * * WED", "Europe/Berlin"],
      ["ONCE", null, null],
    ]);
    expect(rows[1]!.runAt!.getTime()).toBe(Date.parse(`${atLocal}:00Z`) - 3600_000);

    // Cancel from the page.
    const cancelled = await callWithSession(nudgesPage.action, { method: "POST", path, cookie, params, form: { intent: "cancel", schedule_id: String(rows[0]!.id) } });
    expect(cancelled.status).toBe(200);
    expect((await db.nudgeSchedule.findUniqueOrThrow({ where: { id: rows[0]!.id } })).cancelledAt).not.toBeNull();
    const client = await getTemporalClient();
    await expect(client.schedule.getHandle(rows[0]!.scheduleId).describe()).rejects.toThrow();
    await client.schedule.getHandle(rows[1]!.scheduleId).delete();

    // Send now → the job page.
    const sent = await callWithSession(nudgesPage.action, { method: "POST", path, cookie, params, form: { intent: "create", when: "now" } });
    expect(sent.status).toBe(302);
    const location = sent.response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^${path}/\\d+$`));
    const jobId = Number(location.split("/").pop());
    await jobDone(jobId);
    const jobPage = await callWithSession(nudgePage.loader, { path: location, cookie, params: { ...params, jobId: String(jobId) } });
    expect(jobPage.body.job).toMatchObject({ id: jobId, status: "succeeded", recipients: 3, notified: 3, emailed: 3 });
    expect((await callWithSession(nudgePage.loader, { path: `${path}/abc`, cookie, params: { ...params, jobId: "abc" } })).status).toBe(404);
  });
});
