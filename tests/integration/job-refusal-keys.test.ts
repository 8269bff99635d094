/**
 * Issue 28 (ADR 0122): every refusal a running job can meet carries its key, so the job fails with "Refused: …" whose
 * reason is that key (its English word for word the API's) and a reader in Chinese sees no English: the erasure's
 * 409s and 404 (the person re-activated, erased or gone meanwhile), the insights export's refusals (the creator lost
 * access, a filter's attribute gone, the session gone, the cycle gone) and the feedback archive's summary refusal. Each
 * job is driven into each refusal through the job activities, as its workflow runs them; a refusal without a key
 * would leave the reason an English string and fail here. Also the file that is not CSV (its detail a key by the
 * parser's error code) while a job reads it and when a job starts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { ApiError } from "~/platform/api.server";
import { storedMessage, storedMessageText, type StoredMessage } from "~/platform/i18n/stored-text";
import type { JobType, Prisma } from "~/generated/prisma/client.ts";
import { jobRefusal } from "~/features/jobs/runner.server";
import { readJobDetailPage } from "~/features/jobs/page-reads.server";
import { csvHeaderCheck } from "~/features/jobs/job-types.server";
import { summaryOf } from "~/features/summaries/service.server";
import { readCycleInsights } from "~/features/insights/service.server";
import { requireCycle } from "~/features/cycles/context.server";
import { createTestUser } from "../support/api";
import { codesWorld, directCsvJob, newTestCycle, runJobOnce } from "../support/job-codes";
import { translator } from "../support/translator";

let actor: Actor;
let adminId: number;
let zh: TFunction;
const en = translator("en");

beforeAll(async () => {
  ({ actor, adminId, zh } = await codesWorld());
});

/** A job of `type` as its API would create it (not started). */
async function newJob(data: { type: JobType; cycleId?: number | null; createdById: number; subjectUserId?: number; params?: Prisma.InputJsonValue }) {
  const db = await getDb();
  return db.job.create({ data: { errorMode: "ALL_OR_NOTHING", workflowId: `job-direct-${randomUUID()}`, ...data } });
}

/** Run the job to its failure; its stored message (English) and the message its code stands for. */
async function failedRun(jobId: number): Promise<{ message: string; code: StoredMessage }> {
  await expect(runJobOnce(jobId, actor, 1000)).rejects.toBeDefined();
  const job = await (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
  expect(job.status).toBe("FAILED");
  const code = storedMessage(job.message, job.messageCode);
  expect(code, `job ${jobId} failed without a code: ${job.message}`).not.toBeNull();
  // The job page reads the same key (its prepared read), which it says in the reader's language.
  const page = await readJobDetailPage(job.cycleId, job.type, job.id, { page: 1, page_size: 20 });
  expect(page.job.message_key).toEqual(code);
  return { message: job.message!, code: code! };
}

/** The reason inside "Refused: …" must be a key (an English string would be shown to every reader as it is). */
function expectRefusedWith(run: { message: string; code: StoredMessage }, key: string, values?: Record<string, string | number>) {
  expect(run.code.key).toBe("storedTexts.jobs.stopped.refused");
  const reason = run.code.values?.reason;
  expect(typeof reason, `the reason of "${run.message}" is not a key`).toBe("object");
  expect(reason).toEqual(values ? { key, values } : { key });
  // The English is the frame around the API's English, as before; Chinese has no English word left.
  expect(storedMessageText(en, run.code)).toBe(run.message);
  const chinese = storedMessageText(zh, run.code);
  expect(chinese).toMatch(/\p{Script=Han}/u);
  expect(chinese.replace(/\d+/g, ""), chinese).not.toMatch(/[A-Za-z]{3,}/);
}

describe("the erasure job's refusals", () => {
  it("a person re-activated or already erased meanwhile: the job fails with the refusal's key", async () => {
    const db = await getDb();
    const person = await createTestUser({ name: "Erasure Subject" }); // active: the erasure refuses
    const active = await failedRun((await newJob({ type: "ERASE_PERSON", createdById: adminId, subjectUserId: person.id })).id);
    expect(active.message).toBe("Refused: Deactivate the person before erasing their personal data");
    expectRefusedWith(active, "privacy.result.deactivateFirst");

    await db.user.update({ where: { id: person.id }, data: { active: false, erasedAt: new Date() } });
    const erased = await failedRun((await newJob({ type: "ERASE_PERSON", createdById: adminId, subjectUserId: person.id })).id);
    expect(erased.message).toBe("Refused: This person's personal data has already been erased");
    expectRefusedWith(erased, "privacy.result.alreadyErased");
  });
});

describe("the insights export job's refusals", () => {
  const cycleParams = (filters: Array<{ attribute_id: number; value: string | null }> = []) => ({ scope: "cycle", session_id: null, filters });

  it("a creator who is no longer the HR partner of anyone in the cycle: 403 as its key", async () => {
    const partner = await createTestUser({ role: "PEOPLE_PARTNER" });
    const cycleId = await newTestCycle("Refusal keys");
    const run = await failedRun((await newJob({ type: "EXPORT_INSIGHTS", cycleId, createdById: partner.id, params: cycleParams() })).id);
    expect(run.message).toBe("Refused: You do not have access to this page");
    expectRefusedWith(run, "insights.refusal.forbidden");
  });

  it("a filter's attribute gone since the start, and the session gone: their keys with the ids", async () => {
    const cycleId = await newTestCycle("Refusal keys");
    const missing = 2_000_000_000;
    const filter = await failedRun((await newJob({ type: "EXPORT_INSIGHTS", cycleId, createdById: adminId, params: cycleParams([{ attribute_id: missing, value: "x" }]) })).id);
    expect(filter.message).toBe(`Refused: No attribute ${missing} to filter by`);
    expectRefusedWith(filter, "insights.refusal.noAttribute", { id: missing });

    const session = await failedRun((await newJob({ type: "EXPORT_INSIGHTS", cycleId, createdById: adminId, params: { scope: "session", session_id: missing, filters: [] } })).id);
    expect(session.message).toBe(`Refused: Calibration session ${missing} not found`);
    expectRefusedWith(session, "insights.refusal.sessionNotFound", { id: missing });
  });

  it("the cycle gone (its jobs go with it, so the rule's own refusal): its key with the id", async () => {
    const admin = await (await getDb()).user.findUniqueOrThrow({ where: { id: adminId } });
    const missing = 2_000_000_001;
    const err = await readCycleInsights({ user: admin, realUser: null, actor }, missing).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    const text = jobRefusal(err as ApiError).text as { text: string; code: StoredMessage };
    expect(text.text).toBe(`Refused: Cycle ${missing} not found`);
    expectRefusedWith({ message: text.text, code: text.code }, "insights.refusal.cycleNotFound", { id: missing });
  });

  it("one filter per attribute (the service's other refusal a job could meet) has its key too", async () => {
    const db = await getDb();
    const attribute = await db.attributeDefinition.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
    const cycleId = await newTestCycle("Refusal keys");
    const twice = [
      { attribute_id: attribute.id, value: "a" },
      { attribute_id: attribute.id, value: "b" },
    ];
    const run = await failedRun((await newJob({ type: "EXPORT_INSIGHTS", cycleId, createdById: adminId, params: cycleParams(twice) })).id);
    expect(run.message).toBe("Refused: One filter per attribute");
    expectRefusedWith(run, "insights.refusal.filterTwice");
  });
});

describe("the feedback archive's refusal", () => {
  it("a summary the job's reader may no longer read: the summary's refusal key (the job checks its creator first; this is the rule's own)", async () => {
    const db = await getDb();
    const employee = await createTestUser();
    const cycleId = await newTestCycle("Refusal keys");
    const participant = await db.participant.create({
      data: { cycleId, userId: employee.id },
      include: {
        user: { select: { id: true, email: true, name: true, role: true, jobTitle: true, department: true, location: true, profileImageUrl: true, active: true } },
        manager: { select: { id: true, email: true, name: true } },
        secondaryManager: { select: { id: true, email: true, name: true } },
        hrPartner: { select: { id: true, email: true, name: true } },
      },
    });
    const cycle = await requireCycle(db, cycleId);
    const err = await summaryOf(db, { user: employee }, "admin", cycle, participant).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    const failure = jobRefusal(err as ApiError);
    expect(typeof failure.text).toBe("object");
    const text = failure.text as { text: string; code: StoredMessage };
    expectRefusedWith({ message: text.text, code: text.code }, "summaryRefusal.adminOnly");
    expect(text.text).toBe(`Refused: ${(err as ApiError).message}`);
  });
});

describe("a file that is not CSV", () => {
  const unclosed = "email\na@example.com\n\"unclosed,\nb@example.com\n";

  it("while a job reads it: 'not valid CSV near row N' with the parser's finding as its key, never the parser's English", async () => {
    const cycleId = await newTestCycle("Refusal keys");
    const job = await directCsvJob({ cycleId, type: "UPLOAD_PARTICIPANTS", csv: unclosed, errorMode: "VALID_ONLY", createdById: adminId });
    const run = await failedRun(job.id);
    expect(run.code).toEqual({ key: "jobs.failure.notCsvNear", values: { row: expect.any(Number), detail: { key: "jobs.failure.csv.quoteNotClosed" } } });
    expect(run.message).toMatch(/^The file is not valid CSV near row \d+: a quote opens a cell that no quote closes$/);
    expect(run.message).not.toMatch(/Quote Not Closed/);
    const chinese = storedMessageText(zh, run.code);
    expect(chinese.replace(/CSV/g, ""), chinese).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("when a job starts: 400 with the English and its key in details.message_key", () => {
    const check = csvHeaderCheck({ required: ["email"], allowed: ["email"] });
    let err: unknown = null;
    try {
      check({ name: "x.csv", contentType: "text/csv", bytes: new TextEncoder().encode('"email\n') as Uint8Array<ArrayBuffer> });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    const refusal = err as ApiError;
    expect(refusal.status).toBe(400);
    const key = (refusal.details as { message_key: StoredMessage }).message_key;
    expect(key).toEqual({ key: "jobs.failure.notCsv", values: { detail: { key: "jobs.failure.csv.quoteNotClosed" } } });
    expect(storedMessageText(en, key)).toBe(refusal.message);
    expect(storedMessageText(zh, key)).toBe("文件不是有效的 CSV：某个单元格以引号开头，但没有对应的结束引号");
  });
});
