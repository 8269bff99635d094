/**
 * Issue 28 / ADR 0096: texts stored for later readers. A job's result and a sign-off comment keep their English (the
 * API's words, unchanged) and are stored with a code (Job.messageCode, CalibrationComment.bodyCode) that the API hands
 * on as `message_key` / `body_key` for the pages to show in the reader's language; an old row without a code shows its
 * text as it is. The page reads (prepared SQL) give the same key as the API's reads.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { CurrentUser } from "~/platform/auth.server";
import { getTemporalClient } from "~/platform/temporal.server";
import * as uploadRoute from "~/routes/api.v1.admin.cycles.$id.upload_participant_jobs";
import * as uploadItemRoute from "~/routes/api.v1.admin.cycles.$id.upload_participant_jobs.$jobId";
import { readJobDetailPage } from "~/features/jobs/page-reads.server";
import { applySessionTransition } from "../../worker/activities/calibration";
import { getSessionDetail } from "~/features/calibration/views.server";
import { readSessionPage } from "~/features/calibration/meeting-reads.server";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];
let stopWorker: () => Promise<void>;
let admin: User;
let token: string;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Stored Texts Admin" });
  token = await bearerFor(admin.id);
});

afterAll(async () => {
  await stopWorker?.();
});

const asCurrent = (user: User): CurrentUser => ({ user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "api" } });

async function newCycle(): Promise<number> {
  return (await (await getDb()).cycle.create({ data: { name: `Stored texts ${randomUUID().slice(0, 6)}`, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

describe("a job's result", () => {
  it("keeps its English for the API and carries its key; the job page's read gives the same key; an old row has none", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const tag = randomUUID().slice(0, 8);
    const emails = [0, 1].map((i) => `st${i}.${tag}@stored.example.com`);
    await db.user.createMany({ data: emails.map((email, i) => ({ email, name: `Stored ${i} ${tag}` })) });
    const csv = ["email,manager_email", `${emails[0]},`, `${emails[1]},`, `nobody.${tag}@stored.example.com,`].join("\n");
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "people.csv");
    form.set("error_mode", "valid_only");
    const request = new Request(`http://127.0.0.1/api/v1/admin/cycles/${cycleId}/upload_participant_jobs`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    const started = (await uploadRoute.action({ request, params: { id: String(cycleId) }, context: {} } as never)) as Response;
    expect(started.status).toBe(202);
    const jobId = ((await started.json()) as { job: { id: number } }).job.id;
    await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();

    const row = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(row.message).toBe("2 of 3 rows committed; 1 row with errors was skipped");
    expect(row.messageCode).toEqual({ key: "storedTexts.jobs.committedOneSkipped", values: { count: 3, failed: 1, committed: 2 }, en: row.message });

    const detail = await callRoute(uploadItemRoute.loader as Handler, { path: `/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`, token, params: { id: String(cycleId), jobId: String(jobId) } });
    expect(detail.status).toBe(200);
    expect(detail.body.job).toMatchObject({
      message: "2 of 3 rows committed; 1 row with errors was skipped",
      message_key: { key: "storedTexts.jobs.committedOneSkipped", values: { count: 3, failed: 1, committed: 2 } },
    });
    const page = await readJobDetailPage(cycleId, "UPLOAD_PARTICIPANTS", jobId, { page: 1, page_size: 25 });
    expect(page.job.message_key).toEqual(detail.body.job.message_key);

    // A row written before codes existed (or by something that left none): its text, as it is.
    await db.job.update({ where: { id: jobId }, data: { message: "An old result in English" } });
    const old = await callRoute(uploadItemRoute.loader as Handler, { path: `/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`, token, params: { id: String(cycleId), jobId: String(jobId) } });
    expect(old.body.job).toMatchObject({ message: "An old result in English", message_key: null });
  });
});

describe("a sign-off's revision request", () => {
  it("stores 'Revision requested: …' with its key; the API and the session page give body and key alike", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const signOff = await createTestUser({ name: `Sign Off ${randomUUID().slice(0, 6)}` });
    const sa = await createTestUser({ name: `Session Admin ${randomUUID().slice(0, 6)}` });
    const session = await db.calibrationSession.create({ data: { cycleId, name: "Stored texts session", kind: "RATING", state: "in_review" } });
    await db.calibrationSessionMember.createMany({ data: [{ sessionId: session.id, userId: signOff.id, role: "SIGN_OFF" }, { sessionId: session.id, userId: sa.id, role: "ADMIN" }] });
    const comment = "请重新评估 Łukasz 的评级 🙂";
    await applySessionTransition({ sessionId: session.id, transition: "progress_to_revision_requested", from: "in_review", to: "revision_requested", actor: { userId: signOff.id, realUserId: signOff.id, source: "web" }, comment } as never);

    const stored = await db.calibrationComment.findFirstOrThrow({ where: { sessionId: session.id } });
    expect(stored.body).toBe(`Revision requested: ${comment}`);
    expect(stored.bodyCode).toEqual({ key: "storedTexts.calibrationComment.revisionRequested", values: { comment }, en: stored.body });

    const detail = await getSessionDetail(asCurrent(sa), "session_admin", cycleId, session.id);
    expect(detail.comments).toEqual([
      expect.objectContaining({ body: `Revision requested: ${comment}`, body_key: { key: "storedTexts.calibrationComment.revisionRequested", values: { comment } } }),
    ]);
    const page = await readSessionPage(asCurrent(sa), "session_admin", cycleId, session.id, { page: 1, pageSize: 25, history: 1 } as never);
    expect(page.detail.comments).toEqual(detail.comments);
  });
});
