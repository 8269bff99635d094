/**
 * Issue 28 / ADR 0100, ADR 0107: the row errors and input refusals of the questionnaire, Therma-scan and directory
 * uploads are stored with a code (JobRowError.messageCode, Job.messageCode) beside their English, which stays word
 * for word; the API hands the code on as `message_key`, the job page's read gives the same, and a reader in Chinese
 * sees Chinese with no English words but the data (emails, ids, column names). Runs the job activities directly.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { storedMessage, storedMessageText, type StoredMessage } from "~/platform/i18n/stored-text";
import type { JobType } from "~/generated/prisma/client.ts";
import { getJobDetail } from "~/features/jobs/queries.server";
import { readJobDetailPage } from "~/features/jobs/page-reads.server";
import { beginJob, failJob } from "../../worker/activities/jobs";
import { createTestUser } from "../support/api";
import { codesWorld, directCsvJob, newTestCycle, runJobOnce } from "../support/job-codes";
import { sessionCookieFor } from "../support/session";
import * as uploadPage from "~/routes/app.admin.cycles.$cycleId.upload-questionnaire";

let actor: Actor;
let adminId: number;
let zh: TFunction;

beforeAll(async () => {
  ({ actor, adminId, zh } = await codesWorld());
});

const newCycle = () => newTestCycle("Upload codes");
const directJob = (cycleId: number | null, type: JobType, csv: string, errorMode: "VALID_ONLY" | "ALL_OR_NOTHING") =>
  directCsvJob({ cycleId, type, csv, errorMode, createdById: adminId, fileName: "file.csv" });
const runJob = (jobId: number) => runJobOnce(jobId, actor, 1000);

type Coded = { message: string; message_key: StoredMessage | null };
const inChinese = (e: Coded) => storedMessageText(zh, e.message_key!);
/** English words a Chinese sentence must not hold (data — emails, ids, column names — may stay). */
const ENGLISH = /\b(is|with|must|the|row|rows|cells|listed|used|more|than|questions|user|cannot|own|not|found|required|between|file)\b/;

/** The string values of a code (nested ones too). */
function valuesOf(message: StoredMessage): string[] {
  return Object.values(message.values ?? {}).flatMap((v) => (typeof v === "string" ? [v] : typeof v === "number" ? [] : valuesOf(v)));
}

/** Every stored row error has its code, the API and the page agree, and each reads in Chinese without English words. */
async function expectCodedRowErrors(cycleId: number | null, type: JobType, jobId: number) {
  const db = await getDb();
  const stored = await db.jobRowError.findMany({ where: { jobId }, orderBy: [{ rowNumber: "asc" }, { id: "asc" }] });
  for (const e of stored) expect(e.messageCode, e.message).toMatchObject({ en: e.message });
  const api = await getJobDetail(cycleId, type, jobId, { page: 1, page_size: 100 });
  const page = await readJobDetailPage(cycleId, type, jobId, { page: 1, page_size: 100 });
  expect(page.rowErrors).toEqual(api.row_errors);
  for (const e of api.row_errors) {
    expect(e.message_key, e.message).not.toBeNull();
    const chinese = inChinese(e);
    expect(chinese, e.message).not.toBe(e.message);
    // Data (the code's values: emails, ids, cells) and the file's column names are not English to translate.
    let rest = chinese;
    for (const v of valuesOf(e.message_key!)) rest = rest.replaceAll(v, "");
    rest = rest.replaceAll(e.column ?? "\u0000", "").replace(/[a-z_]+_[a-z_]+|question_id|rating|text|choice/g, "");
    expect(rest, chinese).not.toMatch(ENGLISH);
  }
  return api.row_errors;
}

/** A job whose input is refused: the job failed with the English and its code; the Chinese. */
async function expectCodedFailure(cycleId: number | null, type: JobType, jobId: number, english: string): Promise<string> {
  await expect(beginJob({ jobId, actor, chunkRows: 1000 })).rejects.toMatchObject({ nonRetryable: true, message: english });
  expect(await failJob({ jobId, actor, message: english })).toEqual({ status: "FAILED" });
  const db = await getDb();
  const row = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  expect(row).toMatchObject({ status: "FAILED", message: english });
  const api = await getJobDetail(cycleId, type, jobId, { page: 1, page_size: 25 });
  expect(api.job.message_key).toEqual(storedMessage(row.message, row.messageCode));
  return storedMessageText(zh, api.job.message_key!);
}

describe("a questionnaire upload", () => {
  it("stores every row error with its code; the English word for word", { timeout: 120_000 }, async () => {
    const cycleId = await newCycle();
    const csv = [
      "reviewer_type,question_id,kind,label,scale_min,scale_max,options,required,scale_labels",
      "SELF,wins,text,What went well?,,,,,", // 2 ok
      "BOSS,x,text,Who?,,,,,", // 3 unknown type
      "SELF,wins,text,Again?,,,,,", // 4 duplicate id for Self
      "PEER,impact,stars,Impact,,,,,", // 5 bad kind
      "PEER,r,rating,Rate,5,3,,,", // 6 scale order
      "PEER,c,choice,Pick,,,Only,,", // 7 one option
      "PEER,Bad Id,text,T,,,,maybe,", // 8 id slug, required word
      "PEER,s,rating,S,1,x,,,", // 9 whole number
      "PEER,l,rating,L,1,3,,,Low", // 10 scale label shape
      "MANAGER,m,text", // 11 too few cells
    ].join("\n");
    const job = await directJob(cycleId, "UPLOAD_QUESTIONNAIRE", csv, "ALL_OR_NOTHING");
    expect(await runJob(job.id)).toEqual({ status: "FAILED" });
    const errors = await expectCodedRowErrors(cycleId, "UPLOAD_QUESTIONNAIRE", job.id);
    expect(errors.map((e) => [e.row_number, e.column, e.message, e.message_key?.key])).toEqual([
      [3, "reviewer_type", "Unknown reviewer type 'BOSS' (use SELF, MANAGER, DIRECT_REPORT, PEER, MATRIX_MANAGER, MATRIX_TEAM)", "questionnaires.issues.unknownType"],
      [4, "question_id", "Question id 'wins' is already used for Self on row 2", "storedTexts.jobs.rows.questionIdTwice"],
      [5, "kind", "Unknown kind 'stars' (use rating, text or choice)", "questionnaires.issues.csvUnknownKind"],
      [6, "scale_max", "scale_max must be greater than scale_min", "questionnaires.issues.csvScaleOrder"],
      [7, "options", "A choice question needs at least 2 options", "questionnaires.issues.tooFewOptions"],
      [8, "required", "required must be true or false", "questionnaires.issues.trueOrFalse"],
      [9, "scale_max", "scale_max must be a whole number", "questionnaires.issues.wholeNumber"],
      [10, "scale_labels", "scale_labels: 'Low' is not point=words (e.g. 1=Low|5=High)", "questionnaires.issues.csvScaleLabelShape"],
      [11, null, "The row has 3 cells; the header has 9", "storedTexts.jobs.rows.cellCount"],
    ]);
    expect(inChinese(errors[1]!)).toBe("问题 ID“wins”已在第 2 行用于自评");
    expect(inChinese(errors[3]!)).toBe("scale_max 必须大于 scale_min");
  });

  it("more than 50 questions for a type: each row past the 50th, the type in the reader's language", { timeout: 120_000 }, async () => {
    const cycleId = await newCycle();
    const rows = Array.from({ length: 51 }, (_, i) => `PEER,q${i},text,Question ${i}`);
    const job = await directJob(cycleId, "UPLOAD_QUESTIONNAIRE", ["reviewer_type,question_id,kind,label", ...rows].join("\n"), "ALL_OR_NOTHING");
    expect(await runJob(job.id)).toEqual({ status: "FAILED" });
    const errors = await expectCodedRowErrors(cycleId, "UPLOAD_QUESTIONNAIRE", job.id);
    expect(errors.map((e) => [e.row_number, e.message])).toEqual([[52, "Peer/Stakeholder has more than 50 questions (this is question 51)"]]);
    expect(inChinese(errors[0]!)).toBe("同事/协作方的问题超过 50 个（这是第 51 个问题）");
  });

  it("a file over 300 rows and a locked questionnaire fail the job with the English and its code", { timeout: 120_000 }, async () => {
    const cycleId = await newCycle();
    const big = ["reviewer_type,question_id,kind,label", ...Array.from({ length: 301 }, (_, i) => `SELF,q${i},text,Q${i}`)].join("\n");
    const tooMany = await directJob(cycleId, "UPLOAD_QUESTIONNAIRE", big, "ALL_OR_NOTHING");
    const english = "The file has more than 300 rows: a questionnaire has at most 50 questions for each of the 6 reviewer types";
    expect(await expectCodedFailure(cycleId, "UPLOAD_QUESTIONNAIRE", tooMany.id, english)).toBe("文件超过 300 行：问卷的 6 种评估人类型每种最多 50 个问题");

    const db = await getDb();
    const reviewee = await createTestUser({ name: "Locked reviewee" });
    const reviewer = await createTestUser({ name: "Locked reviewer" });
    const participant = await db.participant.create({ data: { cycleId, userId: reviewee.id } });
    await db.feedback.create({
      data: { cycleId, revieweeId: participant.id, reviewerId: reviewer.id, reviewerType: "PEER", status: "SUBMITTED", answers: { a: "b" }, submittedAt: new Date() },
    });
    const locked = await directJob(cycleId, "UPLOAD_QUESTIONNAIRE", "reviewer_type,question_id,kind,label\nSELF,a,text,A", "ALL_OR_NOTHING");
    const chinese = await expectCodedFailure(cycleId, "UPLOAD_QUESTIONNAIRE", locked.id, "The questionnaire cannot change: feedback has already been given in this cycle");
    expect(chinese).not.toMatch(/[A-Za-z]/);
  });
});

describe("a Therma-scan upload", () => {
  it("stores every row error with its code; the English word for word", { timeout: 120_000 }, async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const tag = randomUUID().slice(0, 8);
    const [p, outsider] = [`tp.${tag}@codes.example.com`, `to.${tag}@codes.example.com`];
    const made = await Promise.all([p, outsider].map((email) => db.user.create({ data: { email, name: email } })));
    await db.participant.create({ data: { cycleId, userId: made[0]!.id } });
    const csv = [
      "participant_email,engagement,wellbeing,workload,flight_risk,comment",
      `${p},3,4,2,low,`, // 2 ok
      `not-an-email,3,4,2,low,`, // 3 bad email
      `${p},,4,9,sky,`, // 4 listed twice; required, range, flight risk
      `${outsider},3,4,2,low,`, // 5 not a participant
      `ghost.${tag}@codes.example.com,0,4,2,high,${"x".repeat(501)}`, // 6 range, comment too long
      `ghost2.${tag}@codes.example.com,1,1,1,medium,`, // 7 no user
    ].join("\n");
    const job = await directJob(cycleId, "UPLOAD_THERMA_SCAN", csv, "VALID_ONLY");
    expect(await runJob(job.id)).toEqual({ status: "SUCCEEDED" });
    const errors = await expectCodedRowErrors(cycleId, "UPLOAD_THERMA_SCAN", job.id);
    expect(errors.map((e) => [e.row_number, e.column, e.message, e.message_key?.key.replace("storedTexts.jobs.rows.", "")])).toEqual([
      [3, "participant_email", "Participant email must be a valid email address", "therma.emailInvalid"],
      [4, "participant_email", `${p} is listed more than once in the file (first on row 2)`, "listedTwiceInFile"],
      [6, "engagement", "Engagement must be a whole number from 1 to 5", "therma.scoreRange"],
      [6, "comment", "Comment must be at most 500 characters", "therma.commentTooLong"],
      [5, "participant_email", `${outsider} is not a participant of this cycle`, "therma.notParticipant"],
      [7, "participant_email", `No user with email ghost2.${tag}@codes.example.com`, "therma.noUser"],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)));
  });

  it("a row's blank score and unknown flight risk", { timeout: 120_000 }, async () => {
    const db = await getDb();
    const cycleId = await newCycle();
    const tag = randomUUID().slice(0, 8);
    const user = await db.user.create({ data: { email: `tb.${tag}@codes.example.com`, name: "Blank" } });
    await db.participant.create({ data: { cycleId, userId: user.id } });
    const csv = ["participant_email,engagement,wellbeing,workload,flight_risk", `${user.email},,4,9,sky`].join("\n");
    const job = await directJob(cycleId, "UPLOAD_THERMA_SCAN", csv, "VALID_ONLY");
    await runJob(job.id);
    const errors = await expectCodedRowErrors(cycleId, "UPLOAD_THERMA_SCAN", job.id);
    expect(errors.map((e) => [e.column, e.message])).toEqual([
      ["engagement", "Engagement is required"],
      ["workload", "Workload must be a whole number from 1 to 5"],
      ["flight_risk", "Flight risk must be one of low, medium, high"],
    ]);
    expect(errors.map(inChinese)).toEqual(["投入度为必填项", "工作负荷必须是 1 到 5 之间的整数", "离职风险必须是以下之一：low, medium, high"]);
  });
});

describe("an upload the form refuses before a job exists", () => {
  /** The upload page's action with this file part (or none): its status and form error (a key, never a sentence). */
  async function refused(cycleId: number, file: Blob | null, name = "q.csv") {
    const form = new FormData();
    if (file) form.set("file", file, name);
    const request = new Request(`http://127.0.0.1/app/admin/cycles/${cycleId}/upload-questionnaire`, {
      method: "POST",
      headers: new Headers({ Cookie: await sessionCookieFor(adminId) }),
      body: form,
    });
    const result = (await uploadPage.action({ request, params: { cycleId: String(cycleId) }, context: {} } as Parameters<typeof uploadPage.action>[0])) as unknown as {
      data: { ok: boolean; formError: StoredMessage };
      init: { status: number };
    };
    return { status: result.init.status, formError: result.data.formError, zh: storedMessageText(zh, result.data.formError) };
  }

  it("says each refusal as the key its thrower tied to it (ADR 0107): no file, an empty file, not CSV, not a CSV file", async () => {
    const cycleId = await newCycle();
    expect(await refused(cycleId, null)).toEqual({ status: 422, formError: { key: "jobs.failure.chooseFile" }, zh: expect.any(String) });
    expect(await refused(cycleId, new Blob(["\n\n"], { type: "text/csv" }))).toMatchObject({ status: 422, formError: { key: "jobs.failure.empty" } });
    const quote = await refused(cycleId, new Blob(['"reviewer_type,label\nx'], { type: "text/csv" }));
    // What the parser found is a key of its own (ADR 0122), never the parser's English.
    expect(quote).toEqual({ status: 400, formError: { key: "jobs.failure.notCsv", values: { detail: { key: "jobs.failure.csv.quoteNotClosed" } } }, zh: "文件不是有效的 CSV：某个单元格以引号开头，但没有对应的结束引号" });
    const sheet = await refused(cycleId, new Blob(["PK"], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), "q.xlsx");
    expect(sheet).toEqual({ status: 415, formError: { key: "jobs.failure.notCsvFile", values: { file: "q.xlsx" } }, zh: "请上传 CSV 文件（.csv）：q.xlsx 不是 CSV 文件" });
    for (const r of [await refused(cycleId, null), await refused(cycleId, new Blob(["\n\n"], { type: "text/csv" }))]) expect(r.zh).not.toMatch(/[a-z]/);
  });
});

describe("a directory import", () => {
  it("stores every row error with its code (the directory core's keys where it says the same); the English word for word", { timeout: 120_000 }, async () => {
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const at = (name: string) => `${name}.${tag}@dircodes.example.com`;
    const me = await db.user.findUniqueOrThrow({ where: { id: adminId } });
    const gone = await db.user.create({ data: { email: at("gone"), name: "Gone", active: false } });
    await db.user.create({ data: { email: at("numbered"), name: "Numbered", employeeNumber: `N-${tag}` } });
    const csv = [
      "email,name,role,manager_email,hr_partner_email,start_date,employee_number,active",
      `not-an-email,X,,,,,,`, // 2
      `${at("d1")},D1,,,,2024-02-30,,`, // 3
      `${at("d2")},D2,Wizard,,,,,maybe`, // 4
      `${at("ok1")},Ok One,,,,,K-${tag},`, // 5
      `${at("ok1")},Ok Again,,,,,,`, // 6
      `${at("d3")},D3,,${at("nobody")},,,,`, // 7
      `${at("d4")},D4,,${gone.email},,,,`, // 8
      `${at("d5")},D5,,,${at("d5")},,,`, // 9
      `${at("d6")},D6,,,,,K-${tag},`, // 10
      `${at("d7")},D7,,,,,N-${tag},`, // 11
      `${at("d8")},,,,,,,`, // 12
      `${at("la")},LA,,${at("lb")},,,,`, // 13
      `${at("lb")},LB,,${at("la")},,,,`, // 14
      `${me.email},,EMPLOYEE,,,,,false`, // 15
      "a,b", // 16
    ].join("\n");
    const job = await directJob(null, "IMPORT_DIRECTORY", csv, "VALID_ONLY");
    await runJob(job.id);
    const errors = await expectCodedRowErrors(null, "IMPORT_DIRECTORY", job.id);
    expect(errors.map((e) => [e.row_number, e.column, e.message_key?.key.replace("storedTexts.jobs.rows.", "")])).toEqual([
      [2, "email", "users.refusal.invalidEmail"],
      [3, "start_date", "users.refusal.startDate"],
      [4, "role", "directory.unknownRole"],
      [4, "active", "directory.activeInvalid"],
      [6, "email", "listedTwiceInFile"],
      [7, "manager_email", "directory.managerNotFound"],
      [8, "manager_email", "users.refusal.inactivePerson.manager_email"],
      [9, "hr_partner_email", "users.refusal.ownLink.hr_partner_email"],
      [10, "employee_number", "directory.employeeNumberTwice"],
      [11, "employee_number", "directory.employeeNumberTaken"],
      [12, "name", "directory.nameRequired"],
      [13, "manager_email", "directory.chainLoop"],
      [14, "manager_email", "directory.chainLoop"],
      [15, "active", "users.statusDialog.cannotDeactivateSelf"],
      [15, "role", "users.refusal.ownSuperAdminRole"],
      [16, null, "cellCount"],
    ]);
    // The English is the import's, word for word (tests/integration/directory-import.test.ts holds them all).
    expect(errors.find((e) => e.row_number === 7)!.message).toBe(`Manager not found: no user with the email ${at("nobody")} in the directory or in the file`);
    expect(errors.find((e) => e.row_number === 13)!.message).toBe(`${at("lb")} reports (directly or not) to ${at("la")}; a management chain cannot loop`);
    expect(inChinese(errors.find((e) => e.row_number === 11)!)).toBe(`另一位用户（${at("numbered")}）已使用工号 N-${tag}`);
  });
});
