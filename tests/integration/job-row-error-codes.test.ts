/**
 * Issue 28 / ADR 0100: a job's row errors, its input refusals and its "(N rows had been committed)" failure are
 * stored with a code (JobRowError.messageCode, Job.messageCode) beside their English, which stays word for word; the
 * API (getJobDetail, the jobs API's read) hands the code on as `message_key`, the job page's read (prepared SQL) gives
 * the same key, and a reader in Chinese sees Chinese. The upload form's header refusal is a key with the columns as
 * values. Runs the job activities directly (no workflow), as the workflow would.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { storedMessageText, type StoredMessage } from "~/platform/i18n/stored-text";
import type { JobType } from "~/generated/prisma/client.ts";
import { getJobDetail } from "~/features/jobs/queries.server";
import { readJobDetailPage } from "~/features/jobs/page-reads.server";
import { PARTICIPANT_UPLOAD_CHUNK_ROWS } from "~/features/jobs/job-types.server";
import { beginJob, failJob } from "../../worker/activities/jobs";
import { codesWorld, directCsvJob, newTestCycle, runJobOnce } from "../support/job-codes";

let actor: Actor;
let zh: TFunction;

beforeAll(async () => {
  ({ actor, zh } = await codesWorld());
});

const newCycle = () => newTestCycle("Row codes");
const directJob = (cycleId: number, type: JobType, csv: string, errorMode: "VALID_ONLY" | "ALL_OR_NOTHING" = "VALID_ONLY") => directCsvJob({ cycleId, type, csv, errorMode });
const runJob = (jobId: number, chunkRows: number) => runJobOnce(jobId, actor, chunkRows);

type Coded = { message: string; message_key: StoredMessage | null };
const inChinese = (e: Coded) => storedMessageText(zh, e.message_key!);

async function expectCodedRowErrors(cycleId: number, type: JobType, jobId: number) {
  const db = await getDb();
  const stored = await db.jobRowError.findMany({ where: { jobId }, orderBy: [{ rowNumber: "asc" }, { id: "asc" }] });
  for (const e of stored) expect(e.messageCode, e.message).toMatchObject({ en: e.message });
  const api = await getJobDetail(cycleId, type, jobId, { page: 1, page_size: 100 });
  const page = await readJobDetailPage(cycleId, type, jobId, { page: 1, page_size: 100 });
  expect(page.rowErrors).toEqual(api.row_errors);
  for (const e of api.row_errors) {
    expect(e.message_key, e.message).not.toBeNull();
    expect(inChinese(e)).not.toBe(e.message);
    expect(inChinese(e)).not.toMatch(/\b(is|with|must|the|row|cells|listed)\b/);
  }
  return api.row_errors;
}

describe("a participant upload's row errors", () => {
  it("keep their English, carry their codes to the API and the page, and read in Chinese", { timeout: 120_000 }, async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const tag = randomUUID().slice(0, 8);
    const [a, b, c] = [0, 1, 2].map((i) => `rc${i}.${tag}@codes.example.com`);
    await db.user.createMany({ data: [a, b, c].map((email, i) => ({ email: email!, name: `Codes ${i} ${tag}` })) });
    const existing = await db.user.findUniqueOrThrow({ where: { email: c! } });
    await db.participant.create({ data: { cycleId, userId: existing.id } });
    const csv = [
      "email,manager_email,reviewer_only",
      `${a},${a},`, // 2: own manager
      `nobody.${tag}@codes.example.com,,`, // 3: no such user
      "not-an-email,,", // 4: the schema's refusal
      `${b},,maybe`, // 5: reviewer_only
      `${b},,`, // 6: listed twice
      `${c},,`, // 7: already a participant
      `solo.${tag}@codes.example.com,`, // 8: too few cells
    ].join("\n");
    const job = await directJob(cycleId, "UPLOAD_PARTICIPANTS", csv);
    expect(await runJob(job.id, PARTICIPANT_UPLOAD_CHUNK_ROWS)).toEqual({ status: "SUCCEEDED" });

    const errors = await expectCodedRowErrors(cycleId, "UPLOAD_PARTICIPANTS", job.id);
    expect(errors.map((e) => [e.row_number, e.column, e.message])).toEqual([
      [2, "manager_email", "Manager must differ from the participant"],
      [3, "email", `No user with email nobody.${tag}@codes.example.com`],
      [4, "email", "Email must be a valid email address"],
      [5, "reviewer_only", "reviewer_only must be true or false"],
      [6, "email", `${b} is listed more than once in the file (first on row 5)`],
      [7, "email", `${c} is already a participant of this cycle (use the upsert job to change participants)`],
      [8, null, "The row has 2 cells; the header has 3"],
    ]);
    expect(errors.map(inChinese)).toEqual([
      "经理不能是参与者本人",
      `没有邮箱为 nobody.${tag}@codes.example.com 的用户`,
      "邮箱格式不正确",
      "reviewer_only 必须为 true 或 false",
      `${b} 在文件中出现了多次（首次出现在第 5 行）`,
      `${c} 已是本周期的参与者（如需修改参与者，请使用“更新参与者”任务）`,
      "该行有 2 个单元格，而表头有 3 列",
    ]);
    // A row error written by something that left no code (or before codes): its English, as it is.
    await db.jobRowError.create({ data: { jobId: job.id, rowNumber: 99, column: null, message: "An old row error" } });
    const old = (await getJobDetail(cycleId, "UPLOAD_PARTICIPANTS", job.id, { page: 1, page_size: 100 })).row_errors.at(-1)!;
    expect(old).toEqual({ row_number: 99, column: null, message: "An old row error", message_key: null });
  });

  it("an upsert's row errors (the planning pass) have their codes too", { timeout: 120_000 }, async () => {
    const cycleId = await newCycle();
    const tag = randomUUID().slice(0, 8);
    const csv = ["email,manager_email", `ghost.${tag}@codes.example.com,`, `ghost.${tag}@codes.example.com,`, "x,y"].join("\n");
    const job = await directJob(cycleId, "UPSERT_PARTICIPANTS", csv);
    await runJob(job.id, 1000);
    const errors = await expectCodedRowErrors(cycleId, "UPSERT_PARTICIPANTS", job.id);
    expect(errors.map((e) => e.message)).toEqual([
      `No user with email ghost.${tag}@codes.example.com`,
      `ghost.${tag}@codes.example.com is listed more than once in the file (first on row 2)`,
      "Email must be a valid email address",
      "Manager email must be a valid email address",
    ]);
  });
});

describe("a job that fails", () => {
  it("on its header: the sentence with the columns as values, in English and in Chinese", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const job = await directJob(cycleId, "UPLOAD_PARTICIPANTS", "mail,team\nx,y\n");
    await expect(beginJob({ jobId: job.id, actor, chunkRows: 100 })).rejects.toMatchObject({ nonRetryable: true, message: "Invalid CSV header: missing column email; unknown columns mail, team" });
    // What the workflow does next: failJob finds the job failed already (one job.fail).
    expect(await failJob({ jobId: job.id, actor, message: "Invalid CSV header: missing column email; unknown columns mail, team" })).toEqual({ status: "FAILED" });
    const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "FAILED", message: "Invalid CSV header: missing column email; unknown columns mail, team" });
    const api = await getJobDetail(cycleId, "UPLOAD_PARTICIPANTS", job.id, { page: 1, page_size: 25 });
    expect(storedMessageText(zh, api.job.message_key!)).toBe("CSV 表头无效：缺少列 email；无法识别的列 mail, team");
    const fails = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id), action: "job.fail" } });
    expect(fails).toHaveLength(1);
  });

  it("after rows were committed: one sentence with the reason as a value", async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const job = await db.job.create({
      data: { cycleId, type: "UPSERT_PARTICIPANTS", status: "RUNNING", totalRows: 10, processedRows: 5, succeededRows: 3, workflowId: `job-direct-${randomUUID()}` },
    });
    expect(await failJob({ jobId: job.id, actor, message: "Connection terminated unexpectedly" })).toEqual({ status: "FAILED" });
    const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.message).toBe("Connection terminated unexpectedly (3 rows had been committed)");
    const api = await getJobDetail(cycleId, "UPSERT_PARTICIPANTS", job.id, { page: 1, page_size: 25 });
    expect(api.job.message_key).toEqual({ key: "storedTexts.jobs.failedAfterCommit", values: { reason: "Connection terminated unexpectedly", committed: 3 } });
    expect(storedMessageText(zh, api.job.message_key!)).toBe("Connection terminated unexpectedly（此前已提交 3 行）");
  });
});
