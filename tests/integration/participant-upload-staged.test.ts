/**
 * The set-based participant upload (ADR 0038) beyond what the API tests of bulk-jobs.test.ts cover, through the
 * job activities called directly (as Temporal calls them):
 *  - the audit records it writes are the single create's (participantAuditSnapshot), per participant;
 *  - emails resolve as findActiveUsersByEmails does (exact lower-case email first, else the oldest user whose email
 *    differs only in case; inactive users are unknown);
 *  - a participant already in the cycle gets the clash of its kept values before "already a participant";
 *  - a file unusable past its first rows fails the job at its start (no retries), nothing staged;
 *  - a worker that dies in the middle of the start (staging) or of a chunk leaves nothing of it, and the retried
 *    activity does it once: one job.start, one set of duplicate errors, every row once, its audit once;
 *  - the staged rows are gone when the job ends.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { CHUNK_TX, type JobContext } from "~/features/jobs/runner.server";
import { participantAuditSnapshot, participantInclude, toParticipantJson } from "~/features/participants/model.server";
import { stageParticipantCsv } from "~/features/jobs/types/participants/staging.server";
import { insertStagedChunk } from "~/features/participants/rows/staged.server";
import { readCsvHeader } from "~/features/jobs/files.server";
import { beginJob, finishJob, runJobStep } from "../../worker/activities/jobs";
import { runJobActivitiesToEnd } from "../support/job-run";
import { createTestUser } from "../support/api";

let actor: Actor;

beforeAll(async () => {
  const admin = await createTestUser({ role: "SUPER_ADMIN" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

async function newCycle(): Promise<number> {
  return (await (await getDb()).cycle.create({ data: { name: "staged upload", workflowId: `test-cycle-${randomUUID()}` } })).id;
}

async function users(count: number, opts: { upper?: boolean } = {}): Promise<User[]> {
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const out: User[] = [];
  for (let i = 0; i < count; i++) {
    const email = `s${i}.${tag}@staged.example.com`;
    out.push(await db.user.create({ data: { email: opts.upper ? email.toUpperCase() : email, name: `S ${i} ${tag}` } }));
  }
  return out;
}

async function uploadJob(cycleId: number, lines: string[], errorMode: "ALL_OR_NOTHING" | "VALID_ONLY" = "VALID_ONLY"): Promise<number> {
  const db = await getDb();
  const job = await db.job.create({ data: { cycleId, type: "UPLOAD_PARTICIPANTS", errorMode, workflowId: `job-direct-${randomUUID()}` } });
  const content = new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;
  await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: "people.csv", contentType: "text/csv", content } });
  return job.id;
}

const runToEnd = (jobId: number, chunkRows: number) => runJobActivitiesToEnd(jobId, actor, chunkRows);

async function rowErrors(jobId: number) {
  const rows = await (await getDb()).jobRowError.findMany({ where: { jobId }, orderBy: [{ rowNumber: "asc" }, { id: "asc" }] });
  return rows.map((r) => ({ row: r.rowNumber, column: r.column, message: r.message }));
}

describe("set-based participant upload", () => {
  it("writes the single create's audit record for every participant it creates", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const [a, b, m, s, h] = await users(5);
    const jobId = await uploadJob(cycleId, [
      "email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only",
      `${a!.email},${m!.email},${s!.email},${h!.email},yes`,
      `${b!.email},,,,`,
    ]);
    expect(await runToEnd(jobId, 1)).toEqual({ status: "SUCCEEDED" });
    const rows = await db.participant.findMany({ where: { cycleId }, include: participantInclude, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.userId, r.managerId, r.secondaryManagerId, r.hrPartnerId, r.reviewerOnly])).toEqual([
      [a!.id, m!.id, s!.id, h!.id, true],
      [b!.id, null, null, null, false],
    ]);
    for (const row of rows) {
      const audits = await db.auditRecord.findMany({ where: { entityType: "Participant", entityId: String(row.id) } });
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ action: "participant.create", actorId: actor.userId, realActorId: actor.userId, source: "workflow", before: null });
      expect(audits[0]!.after).toEqual({ cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) });
    }
  });

  it("finds users as findActiveUsersByEmails does: exact email first, else the oldest differing only in case; never an inactive one", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const [upper] = await users(1, { upper: true }); // stored in upper case, named in lower case
    const tag = randomUUID().slice(0, 8);
    const older = await db.user.create({ data: { email: `Twin.${tag}@staged.example.com`, name: "older twin" } });
    await db.user.create({ data: { email: `TWIN.${tag}@staged.example.com`, name: "younger twin" } });
    const exact = await db.user.create({ data: { email: `dup.${tag}@staged.example.com`, name: "exact" } });
    await db.user.create({ data: { email: `Dup.${tag}@staged.example.com`, name: "case variant" } });
    const inactive = await db.user.create({ data: { email: `gone.${tag}@staged.example.com`, name: "inactive", active: false } });
    const jobId = await uploadJob(cycleId, [
      "email,manager_email",
      `${upper!.email.toLowerCase()},twin.${tag}@staged.example.com`,
      `dup.${tag}@staged.example.com,`,
      `${inactive.email},`,
    ]);
    expect(await runToEnd(jobId, 2)).toEqual({ status: "SUCCEEDED" });
    const rows = await db.participant.findMany({ where: { cycleId }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.userId, r.managerId])).toEqual([
      [upper!.id, older.id],
      [exact.id, null],
    ]);
    expect(await rowErrors(jobId)).toEqual([{ row: 4, column: "email", message: `No user with email ${inactive.email}` }]);
  });

  it("reports a participant already in the cycle, or the clash of its kept values first", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const [p, q, m] = await users(3);
    await db.participant.create({ data: { cycleId, userId: p!.id, managerId: m!.id } });
    await db.participant.create({ data: { cycleId, userId: q!.id } });
    // No manager_email column: p keeps manager m, so a secondary manager m clashes with it.
    const jobId = await uploadJob(cycleId, ["email,secondary_manager_email", `${p!.email},${m!.email}`, `${q!.email},${m!.email}`], "ALL_OR_NOTHING");
    expect(await runToEnd(jobId, 5)).toEqual({ status: "FAILED" });
    expect(await rowErrors(jobId)).toEqual([
      { row: 2, column: "secondary_manager_email", message: "Secondary manager must differ from the manager" },
      { row: 3, column: "email", message: `${q!.email} is already a participant of this cycle (use the upsert job to change participants)` },
    ]);
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ totalRows: 2, failedRows: 2, succeededRows: 0, message: "2 of 2 rows have errors; nothing was committed" });
    expect(await db.jobStagedBatch.count({ where: { jobId } })).toBe(0);
  });

  it("a file that turns out not to be CSV after its first rows fails the job at its start, nothing staged", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const [a, b] = await users(2);
    const jobId = await uploadJob(cycleId, ["email", a!.email, b!.email, '"unclosed', "more"]);
    await expect(beginJob({ jobId, actor, chunkRows: 10 })).rejects.toMatchObject({ type: "JobInputInvalid", nonRetryable: true });
    // A coded input error: the activity fails the job itself, with the English and its code (ADR 0107).
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.status).toBe("FAILED");
    expect(job.messageCode).toMatchObject({ key: "jobs.failure.notCsvNear" });
    expect(await db.jobStagedBatch.count({ where: { jobId } })).toBe(0);
  });

  it("a start or a chunk cut short leaves nothing behind; the retried activity does it exactly once", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const people = await users(7);
    const lines = ["email,manager_email", ...people.map((u, i) => `${u.email},${i > 0 ? people[0]!.email : ""}`), `${people[3]!.email},`];
    const jobId = await uploadJob(cycleId, lines);
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    const ctx: JobContext = { db, job, actor: { ...actor, source: "workflow" }, chunkRows: 3, heartbeat: () => {}, checkCancelled: () => {} };
    const header = (await readCsvHeader(db, jobId))!;

    // The worker dies after staging, before the start commits: the transaction rolls back.
    class Killed extends Error {}
    await expect(
      db.$transaction(async (tx) => {
        expect(await stageParticipantCsv(tx, ctx, header.start, header.columns)).toBe(8);
        throw new Killed();
      }, CHUNK_TX),
    ).rejects.toBeInstanceOf(Killed);
    expect(await db.jobStagedBatch.count({ where: { jobId } })).toBe(0);
    expect(await db.jobRowError.count({ where: { jobId } })).toBe(0);

    const input = { jobId, actor, chunkRows: 3 };
    const begun = await beginJob(input);
    expect(await beginJob(input)).toEqual(begun); // retried after its commit: nothing more
    expect(await rowErrors(jobId)).toEqual([{ row: 9, column: "email", message: `${people[3]!.email} is listed more than once in the file (first on row 5)` }]);

    // The worker dies in the middle of the first chunk's statement: nothing of the chunk stays.
    await expect(
      db.$transaction(async (tx) => {
        const saved = await insertStagedChunk(tx, { jobId, cycleId, from: 0, to: 3, has: { manager: true, secondary: false, hr: false } }, ctx.actor);
        expect(saved.created).toBe(3);
        throw new Killed();
      }, CHUNK_TX),
    ).rejects.toBeInstanceOf(Killed);
    expect(await db.participant.count({ where: { cycleId } })).toBe(0);

    let step = begun.next;
    while (step) {
      const result = await runJobStep({ ...input, step });
      expect(await runJobStep({ ...input, step })).toEqual(result);
      step = result.next;
    }
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });
    const done = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: 8, processedRows: 8, succeededRows: 7, failedRows: 1 });
    const rows = await db.participant.findMany({ where: { cycleId } });
    expect(rows).toHaveLength(7);
    const audits = await db.auditRecord.count({ where: { action: "participant.create", entityId: { in: rows.map((r) => String(r.id)) } } });
    expect(audits).toBe(7);
    const actions = (await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["job.start", "job.rows_committed", "job.rows_committed", "job.rows_committed", "job.succeed"]);
    expect(await db.jobStagedBatch.count({ where: { jobId } })).toBe(0);
    expect(await rowErrors(jobId)).toHaveLength(1);
  });
});
