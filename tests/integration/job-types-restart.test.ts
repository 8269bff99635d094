/**
 * A worker stopped in the middle of a job and a new worker finishing it, for every job type not covered
 * elsewhere (pattern of bulk-job-workflow.test.ts; the upload, questionnaire and nudge jobs have their own):
 *  - UPSERT_PARTICIPANTS: half the rows update existing participants, half create; exact created /
 *    updated / unchanged counts, no participant twice, one audit per changed participant, each bad row once;
 *  - POPULATE_PARTICIPANTS: every active employee / people partner exactly once, existing ones untouched;
 *  - DOWNLOAD_PARTICIPANTS: the CSV holds every participant once, in order, under one header;
 *  - BULK_FEEDBACK_PDF: the ZIP holds exactly one PDF per participant who receives feedback.
 * Small chunks make the stop land between committed chunks; while no worker runs nothing moves. A stop that
 * races Temporal handing out the next task costs its timeout (workflow task 10 s, activity heartbeat 30 s):
 * the test then takes longer, the outcome is the same.
 */
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "@temporalio/worker";
import { getDb } from "~/platform/db.server";
import type { CycleState, Job, Role, User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { PDF_PHASE } from "~/features/jobs/types/feedback-pdf.server";
import { createJob } from "~/features/jobs/service.server";
import { jobOutputResponse } from "~/features/jobs/queries.server";
import type { JobJson } from "~/features/jobs/rules";
import { PHASE } from "~/features/jobs/types/participants/common.server";
import { PARTICIPANT_DOWNLOAD_COLUMNS } from "~/features/jobs/types/participants/download.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createAppWorker } from "../../worker/worker";
import { createTestUser } from "../support/api";
import { pdfText, zipEntries } from "../support/files";
import { sleep, until } from "../support/wait";

let admin: User;
let actor: Actor;
const workers: Worker[] = [];

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Restart Admin" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

afterAll(async () => {
  for (const w of workers) if (w.getState() === "RUNNING") w.shutdown();
});

async function newCycle(name: string, state: CycleState = "START"): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name, state, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

type UserSpec = { name?: string; role?: Role; active?: boolean; managerId?: number | null; secondaryManagerId?: number | null; hrPartnerId?: number | null };

/** `count` users (one createMany per 1,000), in creation (= id) order. */
async function makeUsers(count: number, spec: (i: number) => UserSpec = () => ({})): Promise<User[]> {
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const data = Array.from({ length: count }, (_, i) => ({ email: `r${i}.${tag}@job-restart.example.com`, name: `R ${i} ${tag}`, ...spec(i) }));
  for (let i = 0; i < data.length; i += 1000) await db.user.createMany({ data: data.slice(i, i + 1000) });
  return db.user.findMany({ where: { email: { endsWith: `.${tag}@job-restart.example.com` } }, orderBy: { id: "asc" } });
}

const csvBytes = (lines: string[]) => new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;

async function jobAudits(jobId: number) {
  return (await getDb()).auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
}

/**
 * Start a job on a first worker of its own task queue, stop that worker once `midway` holds, check the
 * job stands still (RUNNING, part done) with `atStop`, then let a second worker finish it.
 */
async function restartMidJob(opts: {
  start: (taskQueue: string) => Promise<JobJson>;
  midway: (row: Job) => boolean;
  atStop: (stopped: Job) => Promise<void>;
}): Promise<{ job: JobJson; stopped: Job }> {
  const taskQueue = `job-restart-${randomUUID().slice(0, 8)}`;
  const address = process.env.TEMPORAL_ADDRESS!;
  const db = await getDb();

  const first = await createAppWorker({ address, taskQueue });
  workers.push(first);
  const firstRun = first.run();
  const job = await opts.start(taskQueue);
  const handle = (await getTemporalClient()).workflow.getHandle(job.workflow_id);
  const midway = await until("the job to be under way", async () => {
    const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    if (row.status !== "PENDING" && row.status !== "RUNNING") throw new Error(`Job ${job.id} ended (${row.status}) before the worker was stopped`);
    return row.status === "RUNNING" && opts.midway(row) && row;
  });
  first.shutdown();
  await firstRun;
  const stopped = await db.job.findUniqueOrThrow({ where: { id: job.id } });
  expect(stopped.status).toBe("RUNNING");
  expect(stopped.processedRows).toBeGreaterThanOrEqual(midway.processedRows);
  expect(stopped.processedRows).toBeGreaterThan(0);
  expect(stopped.processedRows).toBeLessThan(stopped.totalRows);
  await opts.atStop(stopped);

  // Nothing moves without a worker.
  await sleep(1000);
  expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows).toBe(stopped.processedRows);

  const second = await createAppWorker({ address, taskQueue });
  workers.push(second);
  const secondRun = second.run();
  expect(await handle.result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
  second.shutdown();
  await secondRun;
  return { job, stopped };
}

describe("worker restart in the middle of a job", () => {
  it("UPSERT_PARTICIPANTS (2,003 rows, half updates): exact created/updated counts, no duplicate, one audit per change", async () => {
    const db = await getDb();
    const N = 2000;
    const CHUNK = 250;
    const users = await makeUsers(N);
    const cycleId = await newCycle("upsert restart");
    const want = users.map((_, i) => ({ managerId: i === 0 ? null : users[Math.floor((i - 1) / 10)]!.id, reviewerOnly: i % 7 === 0 }));

    // Every even user already is a participant: one in five exactly as the file says (unchanged), the others differently.
    const existing = users.flatMap((u, i) => (i % 2 === 0 ? [i] : []));
    await db.participant.createMany({
      data: existing.map((i) => ({ cycleId, userId: users[i]!.id, ...(i % 10 === 0 ? want[i]! : { managerId: null, reviewerOnly: i % 7 !== 0 }) })),
    });
    const changedUsers = new Set(existing.filter((i) => i % 10 !== 0).map((i) => users[i]!.id));
    const newUsers = new Set(users.filter((_, i) => i % 2 === 1).map((u) => u.id));
    expect(changedUsers.size).toBe(800);

    // The file: every user once, plus three rows naming nobody (row errors), spread over the chunks.
    const lines = ["email,manager_email,reviewer_only"];
    const badRows: number[] = [];
    users.forEach((u, i) => {
      if (i === 500 || i === 1100 || i === 1900) {
        lines.push(`nobody-${i}.${randomUUID().slice(0, 6)}@job-restart.example.com,,false`);
        badRows.push(lines.length); // row number = line number (header = row 1)
      }
      lines.push(`${u.email},${i === 0 ? "" : users[Math.floor((i - 1) / 10)]!.email},${i % 7 === 0}`);
    });
    const TOTAL = N + badRows.length;

    const { job } = await restartMidJob({
      start: (taskQueue) =>
        createJob(actor, { cycleId, type: "UPSERT_PARTICIPANTS", errorMode: "valid_only", file: { name: "upsert.csv", contentType: "text/csv", bytes: csvBytes(lines) } }, { taskQueue, chunkRows: CHUNK }),
      midway: (row) => row.message === PHASE.saving && row.processedRows >= 3 * CHUNK && row.processedRows <= TOTAL - 3 * CHUNK,
      atStop: async (stopped) => {
        expect(stopped).toMatchObject({ totalRows: TOTAL, message: PHASE.saving });
        expect(stopped.processedRows % CHUNK).toBe(0); // whole chunks only
        expect(stopped.succeededRows + stopped.failedRows).toBe(stopped.processedRows);
        const chunks = (await jobAudits(stopped.id)).filter((a) => a.action === "job.rows_committed").map((a) => a.after as { created: number });
        expect(chunks).toHaveLength(stopped.processedRows / CHUNK);
        expect(await db.participant.count({ where: { cycleId } })).toBe(existing.length + chunks.reduce((n, c) => n + c.created, 0));
      },
    });

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: TOTAL, processedRows: TOTAL, succeededRows: N, failedRows: 3 });
    expect(done.message).toBe(`${N} of ${TOTAL} rows committed; 3 rows with errors were skipped`);

    const participants = await db.participant.findMany({ where: { cycleId }, select: { id: true, userId: true, managerId: true, reviewerOnly: true } });
    expect(participants).toHaveLength(N);
    expect(new Set(participants.map((p) => p.userId)).size).toBe(N);
    const byUser = new Map(participants.map((p) => [p.userId, p]));
    users.forEach((u, i) => expect(byUser.get(u.id), u.email).toMatchObject(want[i]!));

    // Every chunk once: consecutive row ranges; the counts add up to the file.
    const audits = await jobAudits(job.id);
    const ranges = audits.filter((a) => a.action === "job.rows_committed").map((a) => a.after as Record<string, number>);
    expect(ranges.map((r) => r.from_row)).toEqual(Array.from({ length: Math.ceil(TOTAL / CHUNK) }, (_, i) => 2 + i * CHUNK));
    const sum = (k: string) => ranges.reduce((n, r) => n + r[k]!, 0);
    expect({ rows: sum("rows"), committed: sum("committed"), created: sum("created"), updated: sum("updated"), unchanged: sum("unchanged") }).toEqual({
      rows: TOTAL,
      committed: N,
      created: 1000,
      updated: 800,
      unchanged: 200,
    });
    expect(audits.map((a) => a.action).filter((a) => a !== "job.rows_committed")).toEqual(["job.create", "job.start", "job.succeed"]);

    // One participant.create per new participant, one participant.update per changed one, none for the unchanged.
    const participantAudits = await db.auditRecord.findMany({
      where: { entityType: "Participant", entityId: { in: participants.map((p) => String(p.id)) } },
      select: { action: true, entityId: true },
    });
    const idsOf = (action: string) => participantAudits.filter((a) => a.action === action).map((a) => Number(a.entityId)).sort((a, b) => a - b);
    const participantIdsOf = (userIds: Set<number>) => participants.filter((p) => userIds.has(p.userId)).map((p) => p.id).sort((a, b) => a - b);
    expect(idsOf("participant.create")).toEqual(participantIdsOf(newUsers));
    expect(idsOf("participant.update")).toEqual(participantIdsOf(changedUsers));
    expect(participantAudits).toHaveLength(1000 + 800);

    // Each bad row recorded once.
    const rowErrors = await db.jobRowError.findMany({ where: { jobId: job.id }, orderBy: { rowNumber: "asc" } });
    expect(rowErrors.map((e) => [e.rowNumber, e.column])).toEqual(badRows.map((r) => [r, "email"]));
  });

  it("POPULATE_PARTICIPANTS: every active employee and people partner exactly once, existing participants untouched", async () => {
    const db = await getDb();
    const partners = await makeUsers(10, () => ({ role: "PEOPLE_PARTNER" }));
    const managers = await makeUsers(40);
    const staff = await makeUsers(400, (i) => ({
      managerId: managers[i % 40]!.id,
      secondaryManagerId: i % 3 === 0 ? managers[(i + 1) % 40]!.id : null,
      hrPartnerId: partners[i % 10]!.id,
    }));
    const left = await makeUsers(10, () => ({ active: false }));
    const hrOps = await makeUsers(5, () => ({ role: "HR_OPS" }));
    const cycleId = await newCycle("populate restart");
    const already = staff.slice(0, 30);
    await db.participant.createMany({ data: already.map((u) => ({ cycleId, userId: u.id, managerId: null, reviewerOnly: true })) });

    // Populate takes every active employee and people partner of the organisation (not only these).
    const eligible = (await db.user.findMany({ where: { active: true, role: { in: ["EMPLOYEE", "PEOPLE_PARTNER"] } }, select: { id: true } })).map((u) => u.id);
    const CHUNK = Math.max(20, Math.ceil(eligible.length / 10));

    const { job } = await restartMidJob({
      start: (taskQueue) => createJob(actor, { cycleId, type: "POPULATE_PARTICIPANTS" }, { taskQueue, chunkRows: CHUNK }),
      midway: (row) => row.message === PHASE.populating && row.processedRows >= 3 * CHUNK && row.processedRows <= eligible.length - 3 * CHUNK,
      atStop: async (stopped) => {
        expect(stopped.totalRows).toBe(eligible.length);
        expect(stopped.processedRows % CHUNK).toBe(0);
        expect(await db.participant.count({ where: { cycleId } })).toBe(already.length + stopped.succeededRows);
      },
    });

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    const created = eligible.length - already.length;
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: eligible.length, processedRows: eligible.length, succeededRows: created, failedRows: 0 });
    expect(done.message).toBe(`Created ${created} participants; ${already.length} users were already participants`);

    const participants = await db.participant.findMany({ where: { cycleId } });
    expect(participants).toHaveLength(eligible.length);
    expect(participants.map((p) => p.userId).sort((a, b) => a - b)).toEqual([...eligible].sort((a, b) => a - b));
    const byUser = new Map(participants.map((p) => [p.userId, p]));
    for (const u of [...left, ...hrOps]) expect(byUser.has(u.id)).toBe(false);
    for (const u of already) expect(byUser.get(u.id)).toMatchObject({ managerId: null, secondaryManagerId: null, hrPartnerId: null, reviewerOnly: true });
    for (const u of [...staff.slice(30), ...partners, ...managers]) {
      expect(byUser.get(u.id)).toMatchObject({ managerId: u.managerId, secondaryManagerId: u.secondaryManagerId, hrPartnerId: u.hrPartnerId, reviewerOnly: false });
    }

    // One create audit per new participant, none for the existing ones; every chunk once.
    const creates = await db.auditRecord.findMany({
      where: { action: "participant.create", entityId: { in: participants.map((p) => String(p.id)) } },
      select: { entityId: true },
    });
    expect(creates).toHaveLength(created);
    const alreadyIds = new Set(already.map((u) => String(byUser.get(u.id)!.id)));
    expect(new Set(creates.map((c) => c.entityId)).size).toBe(created);
    expect(creates.some((c) => alreadyIds.has(c.entityId))).toBe(false);
    const audits = await jobAudits(job.id);
    const chunks = audits.filter((a) => a.action === "job.rows_committed").map((a) => a.after as Record<string, number>);
    expect(chunks).toHaveLength(Math.ceil(eligible.length / CHUNK));
    expect(chunks.reduce((n, c) => n + c.rows!, 0)).toBe(eligible.length);
    expect(chunks.reduce((n, c) => n + c.created!, 0)).toBe(created);
    expect(chunks.reduce((n, c) => n + c.already_participants!, 0)).toBe(already.length);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.from_user_id).toBeGreaterThan(chunks[i - 1]!.to_user_id!);
    expect(audits.map((a) => a.action).filter((a) => a !== "job.rows_committed")).toEqual(["job.create", "job.start", "job.succeed"]);
  });

  it("DOWNLOAD_PARTICIPANTS (1,200 participants): the CSV has every participant once, in order, and one header", async () => {
    const db = await getDb();
    const N = 1200;
    const CHUNK = 100;
    const [partner] = await makeUsers(1, () => ({ role: "PEOPLE_PARTNER" }));
    // Names that need quoting in a CSV.
    const users = await makeUsers(N, (i) => (i % 100 === 0 ? { name: `Doe, "Jr" ${i}` } : {}));
    const cycleId = await newCycle("download restart");
    const fields = users.map((_, i) => ({
      managerId: i >= 10 ? users[Math.floor(i / 10)]!.id : null,
      secondaryManagerId: i > 0 && i % 3 === 0 ? users[i - 1]!.id : null,
      hrPartnerId: i % 4 === 0 ? partner!.id : null,
      reviewerOnly: i % 7 === 0,
      calibratedRating: i % 5 === 0 ? String(1 + (i % 4)) : null, // stored as the digit
      promotionDecision: i % 11 === 0 ? (["PROMOTED", "NOT_PROMOTED", "DEFERRED"] as const)[i % 3]! : null,
    }));
    await db.participant.createMany({ data: users.map((u, i) => ({ cycleId, userId: u.id, ...fields[i]! })) });
    // A participant of another cycle is not in this cycle's file.
    const outsider = await createTestUser({ name: "Other Cycle Person" });
    await db.participant.create({ data: { cycleId: await newCycle("other"), userId: outsider.id } });

    const emailOf = new Map(users.map((u) => [u.id, u.email]));
    emailOf.set(partner!.id, partner!.email);
    const expected = users.map((u, i) => {
      const f = fields[i]!;
      const email = (id: number | null) => (id === null ? "" : emailOf.get(id)!);
      return [u.email, email(f.managerId), email(f.secondaryManagerId), email(f.hrPartnerId), String(f.reviewerOnly), u.name, f.calibratedRating ?? "", f.promotionDecision ?? ""];
    });

    const { job } = await restartMidJob({
      start: (taskQueue) => createJob(actor, { cycleId, type: "DOWNLOAD_PARTICIPANTS" }, { taskQueue, chunkRows: CHUNK }),
      midway: (row) => row.message === PHASE.writing && row.processedRows >= 3 * CHUNK && row.processedRows <= N - 3 * CHUNK,
      atStop: async (stopped) => {
        expect(stopped.totalRows).toBe(N);
        expect(stopped.processedRows % CHUNK).toBe(0);
        // One part per committed chunk, no output yet.
        const kinds = (await db.jobFile.findMany({ where: { jobId: stopped.id }, select: { kind: true } })).map((f) => f.kind);
        expect(kinds.filter((k) => k.startsWith("part:"))).toHaveLength(stopped.processedRows / CHUNK);
        expect(kinds).not.toContain("output");
      },
    });

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: N, processedRows: N, succeededRows: N, failedRows: 0, message: `${N} participants written` });
    expect((await db.jobFile.findMany({ where: { jobId: job.id }, select: { kind: true } })).map((f) => f.kind)).toEqual(["output"]);

    const res = await jobOutputResponse(cycleId, "DOWNLOAD_PARTICIPANTS", job.id);
    expect(res.status).toBe(200);
    const text = await res.text();
    const records = parse(text) as string[][];
    const header = [...PARTICIPANT_DOWNLOAD_COLUMNS];
    expect(records[0]).toEqual(header);
    expect(records.filter((r) => r.join("\u0000") === header.join("\u0000"))).toHaveLength(1);
    const rows = records.slice(1);
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r[0])).size).toBe(N);
    expect(rows).toEqual(expected); // exactly these rows, in participant order (keyset by id)
    expect(text).toContain(`"Doe, ""Jr"" 100"`);
  });

  it("BULK_FEEDBACK_PDF (30 participants): the ZIP holds exactly one PDF per participant who receives feedback", async () => {
    const db = await getDb();
    const N = 30;
    const CHUNK = 3;
    const boss = await createTestUser({ name: "Restart Boss" });
    const people = await makeUsers(N);
    const reviewerOnly = await makeUsers(2);
    const cycleId = await newCycle("pdf restart", "COMMUNICATION");
    await db.participant.createMany({ data: people.map((u) => ({ cycleId, userId: u.id, managerId: boss.id })) });
    await db.participant.createMany({ data: reviewerOnly.map((u) => ({ cycleId, userId: u.id, reviewerOnly: true })) });
    const rows = await db.participant.findMany({ where: { cycleId, reviewerOnly: false }, orderBy: { id: "asc" } });
    const noteOf = new Map(people.map((u, i) => [u.id, `Restart strength ${i}`]));
    await db.feedback.createMany({
      data: rows.map((p) => ({
        cycleId,
        revieweeId: p.id,
        reviewerId: boss.id,
        reviewerType: "MANAGER" as const,
        status: "SUBMITTED" as const,
        submittedAt: new Date(),
        answers: { strengths: noteOf.get(p.userId)!, growth_areas: "Write more", overall_impact: 4, trajectory: "Ready for more scope" },
      })),
    });

    const { job } = await restartMidJob({
      start: (taskQueue) => createJob(actor, { cycleId, type: "BULK_FEEDBACK_PDF" }, { taskQueue, chunkRows: CHUNK }),
      midway: (row) => row.message === PDF_PHASE && row.processedRows >= 3 * CHUNK && row.processedRows <= N - 3 * CHUNK,
      atStop: async (stopped) => {
        expect(stopped.totalRows).toBe(N);
        expect(stopped.processedRows % CHUNK).toBe(0);
        // One ZIP entry part per participant of the committed chunks, no archive yet.
        const kinds = (await db.jobFile.findMany({ where: { jobId: stopped.id }, select: { kind: true } })).map((f) => f.kind);
        expect(kinds.filter((k) => k.startsWith("part:"))).toHaveLength(stopped.processedRows);
        expect(kinds).not.toContain("output");
      },
    });

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: N, processedRows: N, succeededRows: N, failedRows: 0, message: `${N} feedback summary PDFs written` });
    expect((await db.jobFile.findMany({ where: { jobId: job.id }, select: { kind: true } })).map((f) => f.kind)).toEqual(["output"]);
    const audits = await jobAudits(job.id);
    const chunks = audits.filter((a) => a.action === "job.rows_committed").map((a) => a.after as Record<string, number>);
    expect(chunks.map((c) => c.from_row)).toEqual(Array.from({ length: N / CHUNK }, (_, i) => 1 + i * CHUNK));
    expect(audits.map((a) => a.action).filter((a) => a !== "job.rows_committed")).toEqual(["job.create", "job.start", "job.succeed"]);

    const res = await jobOutputResponse(cycleId, "BULK_FEEDBACK_PDF", job.id);
    expect(res.status).toBe(200);
    const { count, entries } = zipEntries(new Uint8Array(await res.arrayBuffer()));
    expect(count).toBe(N); // names each once: the declared entries are the distinct ones
    expect([...entries.keys()].sort()).toEqual(people.map((u) => `${u.email}.pdf`).sort());
    for (const u of reviewerOnly) expect(entries.has(`${u.email}.pdf`)).toBe(false);
    for (const u of people) {
      const text = pdfText(entries.get(`${u.email}.pdf`)!);
      expect(text).toContain(u.name);
      expect(text).toContain(noteOf.get(u.id)!);
    }
  });
});
