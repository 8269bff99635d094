/**
 * A nudge job (the bulk job workflow with the NUDGE handler, ADR 0019) whose worker is stopped in
 * the middle and a new worker finishing it: every pending person ends with exactly one notification
 * and exactly one email (real SMTP server on loopback, slowed down so the stop lands mid-job), whole
 * chunks committed once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "@temporalio/worker";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { sendNudgeNow } from "~/features/nudges/service.server";
import { NUDGE_PHASE } from "~/features/jobs/types/nudge.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createAppWorker } from "../../worker/worker";
import { createTestUser } from "../support/api";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { until } from "../support/wait";

let smtp: TestSmtp;
let savedSmtpUrl: string | undefined;
let actor: Actor;

beforeAll(async () => {
  smtp = await startTestSmtp();
  savedSmtpUrl = process.env.SMTP_URL;
  process.env.SMTP_URL = smtp.url;
  const admin = await createTestUser({ role: "SUPER_ADMIN", name: "Nudge Restart Admin" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

afterAll(async () => {
  if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtpUrl;
  await smtp?.close();
});

describe("nudge job workflow", () => {
  let first: Worker | undefined;
  let second: Worker | undefined;
  afterAll(async () => {
    for (const w of [first, second]) if (w && w.getState() === "RUNNING") w.shutdown();
  });

  it("survives a worker restart mid-job: one notification and one email per person, each chunk committed once", async () => {
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const cycle = await db.cycle.create({ data: { name: `Restart ${tag}`, state: "START", workflowId: `test-cycle-${randomUUID()}` } });
    const count = 24;
    await db.user.createMany({ data: Array.from({ length: count }, (_, i) => ({ email: `n${String(i).padStart(2, "0")}.${tag}@restart.example.com`, name: `N ${String(i).padStart(2, "0")} ${tag}` })) });
    const users = await db.user.findMany({ where: { email: { endsWith: `.${tag}@restart.example.com` } }, orderBy: { id: "asc" } });
    await db.participant.createMany({ data: users.map((u) => ({ cycleId: cycle.id, userId: u.id })) });
    const emails = users.map((u) => u.email.toLowerCase());
    smtp.delayMs = 120;

    const taskQueue = `nudge-restart-${tag}`;
    const address = process.env.TEMPORAL_ADDRESS!;
    first = await createAppWorker({ address, taskQueue });
    const firstRun = first.run();
    const job = await sendNudgeNow(actor, cycle.id, { taskQueue, chunkRows: 4 });

    await until("two chunks to be committed", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      return row.status === "RUNNING" && row.message === NUDGE_PHASE && row.processedRows >= 8 && row;
    });
    first.shutdown();
    await firstRun;
    const stopped = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(stopped.status).toBe("RUNNING");
    expect(stopped.totalRows).toBe(count);
    expect(stopped.processedRows).toBeLessThan(count);
    expect(stopped.processedRows % 4).toBe(0); // whole chunks only
    const notifiedBefore = await db.notification.count({ where: { dedupeKey: { startsWith: `nudge:${job.id}:` } } });
    expect(notifiedBefore).toBe(stopped.processedRows);
    const mailedBefore = smtp.messages.filter((m) => emails.includes(m.to[0]!)).length;
    expect(mailedBefore).toBeLessThanOrEqual(notifiedBefore);

    // Nothing moves without a worker.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows).toBe(stopped.processedRows);

    second = await createAppWorker({ address, taskQueue });
    const secondRun = second.run();
    const client = await getTemporalClient();
    expect(await client.workflow.getHandle(job.workflow_id).result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    second.shutdown();
    await secondRun;
    smtp.delayMs = 0;

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: count, processedRows: count, succeededRows: count, failedRows: 0 });
    const notes = await db.notification.findMany({ where: { dedupeKey: { startsWith: `nudge:${job.id}:` } } });
    expect(notes).toHaveLength(count);
    expect(new Set(notes.map((n) => n.userId))).toEqual(new Set(users.map((u) => u.id)));
    expect(notes.every((n) => n.emailedAt !== null)).toBe(true);
    for (const e of emails) expect(smtp.to(e), e).toHaveLength(1);

    const chunks = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id), action: "job.rows_committed" }, orderBy: { id: "asc" } });
    const ranges = chunks.map((c) => c.after as { from_row: number; to_row: number; notified: number });
    expect(ranges.map((r) => r.from_row)).toEqual([1, 5, 9, 13, 17, 21]);
    expect(ranges.reduce((n, r) => n + r.notified, 0)).toBe(count);
    const emailAudits = await db.auditRecord.count({ where: { action: "notification.email", entityId: { in: notes.map((n) => String(n.id)) } } });
    expect(emailAudits).toBe(count);
  });
});
