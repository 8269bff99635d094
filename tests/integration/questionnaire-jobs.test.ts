/**
 * Upload questionnaire jobs through their API routes and pages, run by the app's worker against a
 * real Temporal dev server: a good file becomes the next version (audited through the questionnaire
 * service), the same file again changes nothing, bad headers are 400s, bad rows fail the job with
 * row errors and change nothing, the lock rule fails the job with its message, authorization, 404s.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Role, User } from "~/generated/prisma/client.ts";
import type { Questionnaire } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { getQuestionnaire } from "~/features/questionnaires/service.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { sessionCookieFor } from "../support/session";
import { CycleIdKey, JobTypeKey } from "../../workflows/search-attributes-contract";
import * as jobsRoute from "~/routes/api.v1.admin.cycles.$id.upload_questionnaire_jobs";
import * as jobRoute from "~/routes/api.v1.admin.cycles.$id.upload_questionnaire_jobs.$jobId";
import * as downloadRoute from "~/routes/api.v1.admin.cycles.$id.download_participant_jobs";
import * as uploadPage from "~/routes/app.admin.cycles.$cycleId.upload-questionnaire";
import * as listPage from "~/routes/app.admin.cycles.$cycleId.upload-questionnaire-jobs._index";
import * as detailPage from "~/routes/app.admin.cycles.$cycleId.upload-questionnaire-jobs.$jobId";
import * as templateRoute from "~/routes/app.admin.cycles.$cycleId.questionnaire-template[.]csv";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];

const LOCKED = "The questionnaire cannot change: feedback has already been given in this cycle";
const HEADER = "reviewer_type,question_id,kind,label,help,required,scale_min,scale_max,scale_labels,options,max_length";

let stopWorker: () => Promise<void>;
let admin: User;
const tokens = {} as Record<Role, string>;
const users = {} as Record<Role, User>;

async function newCycle(name = "Questionnaire upload"): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name: `${name} ${randomUUID().slice(0, 6)}`, state: "START", workflowId: `test-qjob-${randomUUID()}` } })).id;
}

/** POST a multipart upload to a route's action, like a browser or API client would. */
async function upload(
  handler: Handler,
  opts: { cycle: number | string; token?: string; csv?: string; fileName?: string; errorMode?: string; cookie?: string; path?: string; params?: Record<string, string> },
) {
  const headers = new Headers();
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  const form = new FormData();
  if (opts.csv !== undefined) form.set("file", new Blob([opts.csv], { type: "text/csv" }), opts.fileName ?? "questionnaire.csv");
  if (opts.errorMode !== undefined) form.set("error_mode", opts.errorMode);
  const request = new Request(`http://127.0.0.1${opts.path ?? `/api/v1/admin/cycles/${opts.cycle}/upload_questionnaire_jobs`}`, { method: "POST", headers, body: form });
  let result: unknown;
  try {
    result = await handler({ request, params: opts.params ?? { id: String(opts.cycle) }, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else throw thrown;
  }
  const response = result instanceof Response ? result : Response.json((result as { data?: unknown })?.data ?? result, { status: (result as { init?: { status?: number } })?.init?.status ?? 200 });
  const text = await response.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body, response };
}

async function waitForJob(jobId: number): Promise<{ jobId: number; status: string }> {
  return (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();
}

const detail = (cycle: number, jobId: number | string, token = tokens.SUPER_ADMIN, query = "") =>
  callRoute(jobRoute.loader as Handler, {
    path: `/api/v1/admin/cycles/${cycle}/upload_questionnaire_jobs/${jobId}${query}`,
    token,
    params: { id: String(cycle), jobId: String(jobId) },
  });

async function auditActions(jobId: number): Promise<string[]> {
  const rows = await (await getDb()).auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
  return rows.map((r) => r.action);
}

async function cookieFor(userId: number): Promise<string> {
  return sessionCookieFor(userId);
}

async function givenFeedback(cycleId: number) {
  const db = await getDb();
  const reviewee = await createTestUser({ name: "Reviewee" });
  const reviewer = await createTestUser({ name: "Reviewer" });
  const participant = await db.participant.create({ data: { cycleId, userId: reviewee.id } });
  await db.feedback.create({
    data: { cycleId, revieweeId: participant.id, reviewerId: reviewer.id, reviewerType: "PEER", status: "SUBMITTED", answers: { strengths: "Great" }, submittedAt: new Date() },
  });
}

/** A valid file: Self (2 questions) and Peer/Stakeholder (3), the types written in different ways. */
const GOOD_CSV = [
  HEADER,
  "SELF,wins,text,What went well?,Think of outcomes,true,,,,,800",
  'Self,rating,rating,"Your impact, overall",,yes,1,4,1=Low|4=High,,',
  "Peer/Stakeholder,strengths,text,Their strengths?,,,,,,,",
  'peer,again,choice,Work with them again?,,false,,,,"Yes|No|Not sure",',
  "PEER,impact,rating,Impact on your work,,,1,5,,,",
].join("\r\n");

const GOOD: Questionnaire = {
  SELF: [
    { id: "wins", kind: "text", label: "What went well?", help: "Think of outcomes", required: true, max_length: 800 },
    { id: "rating", kind: "rating", label: "Your impact, overall", required: true, scale: { min: 1, max: 4, labels: { "1": "Low", "4": "High" } } },
  ],
  PEER: [
    { id: "strengths", kind: "text", label: "Their strengths?", required: true },
    { id: "again", kind: "choice", label: "Work with them again?", required: false, options: ["Yes", "No", "Not sure"] },
    { id: "impact", kind: "rating", label: "Impact on your work", required: true, scale: { min: 1, max: 5 } },
  ],
};

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Questionnaire Admin" });
  tokens.SUPER_ADMIN = await bearerFor(admin.id);
  for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
    users[role] = await createTestUser({ role });
    tokens[role] = await bearerFor(users[role].id);
  }
});

afterAll(async () => {
  await stopWorker?.();
});

describe("upload questionnaire jobs", () => {
  it("applies a good file as the next version through the questionnaire service; the same file again changes nothing", async () => {
    const cycleId = await newCycle();
    const res = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV, fileName: "q.csv" });
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({ cycle_id: cycleId, type: "upload_questionnaire", type_label: "Upload questionnaire", status: "pending", error_mode: "all_or_nothing", file_name: "q.csv" });
    const jobId: number = res.body.job.id;
    const desc = await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).describe();
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(cycleId));
    expect(desc.typedSearchAttributes.get(JobTypeKey)).toBe("upload_questionnaire");

    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });
    const d = await detail(cycleId, jobId);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({
      job: { status: "succeeded", total_rows: 5, processed_rows: 5, succeeded_rows: 5, failed_rows: 0, message: "Questionnaire saved as version 1 (5 questions: Self 2, Peer/Stakeholder 3)" },
      row_errors: [],
      row_errors_total: 0,
    });
    const q = await getQuestionnaire(cycleId);
    expect(q).toMatchObject({ version: 1, is_default: false, definition: GOOD, updated_by: { id: admin.id } });
    expect(await auditActions(jobId)).toEqual(["job.create", "job.start", "job.rows_committed", "job.succeed"]);
    const db = await getDb();
    const saved = await db.auditRecord.findMany({ where: { entityType: "Questionnaire", action: "questionnaire.upload", after: { path: ["cycle_id"], equals: cycleId } } });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ actorId: admin.id, source: "workflow", before: null });
    expect(saved[0]!.after).toMatchObject({ version: 1, definition: GOOD });

    // The same file again: nothing changes (no new version, no questionnaire audit).
    const again = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV });
    expect(await waitForJob(again.body.job.id)).toEqual({ jobId: again.body.job.id, status: "SUCCEEDED" });
    expect((await detail(cycleId, again.body.job.id)).body.job.message).toBe("The questionnaire is already the same as the file (version 1); nothing changed");
    expect((await getQuestionnaire(cycleId)).version).toBe(1);

    // A changed file bumps the version; its audit has the definition before and after.
    const changed = GOOD_CSV.replace("What went well?", "What are you proud of?");
    const third = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: changed });
    expect(await waitForJob(third.body.job.id)).toEqual({ jobId: third.body.job.id, status: "SUCCEEDED" });
    const v2 = await getQuestionnaire(cycleId);
    expect(v2.version).toBe(2);
    expect(v2.definition.SELF![0]!.label).toBe("What are you proud of?");
    const second = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Questionnaire", action: "questionnaire.upload", after: { path: ["version"], equals: 2 } }, orderBy: { id: "desc" } });
    expect(second.before).toMatchObject({ version: 1, definition: GOOD });

    // The list: newest first.
    const list = await callRoute(jobsRoute.loader as Handler, { path: `/api/v1/admin/cycles/${cycleId}/upload_questionnaire_jobs`, token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.jobs.map((j: { id: number }) => j.id)).toEqual([third.body.job.id, again.body.job.id, jobId]);
  });

  it("rejects a bad upload with 422 (415 when not multipart) and starts no job", async () => {
    const cycleId = await newCycle();
    const db = await getDb();
    const before = await db.job.count({ where: { cycleId } });
    const missing = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: "reviewer_type,label,colour\nSELF,Hi,red\n" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toBe("Invalid CSV header: missing columns question_id, kind; unknown column colour");
    expect(missing.body.error.details).toMatchObject({ missing_columns: ["question_id", "kind"], unknown_columns: ["colour"] });
    const repeated = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: "reviewer_type,question_id,kind,label,label\n" });
    expect(repeated.status).toBe(422);
    expect(repeated.body.error.details.repeated_columns).toEqual(["label"]);
    expect((await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: "\n\n" })).status).toBe(422);
    expect((await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN })).status).toBe(422); // no file (ADR 0060)
    const validOnly = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV, errorMode: "valid_only" });
    expect(validOnly.status).toBe(400);
    expect(validOnly.body.error.message).toBe("error_mode must be all_or_nothing for upload questionnaire jobs");
    // Its key beside the English (ADR 0108), for a client that shows it in its reader's language.
    expect(validOnly.body.error.details.message_key).toEqual({ key: "jobs.failure.errorModeFor.upload_questionnaire" });
    expect((await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV, errorMode: "some" })).status).toBe(400);
    const notMultipart = await callRoute(jobsRoute.action as Handler, { method: "POST", path: "/x", token: tokens.SUPER_ADMIN, params: { id: String(cycleId) }, body: { file: GOOD_CSV } });
    expect(notMultipart.status).toBe(415); // ADR 0041
    expect(notMultipart.body.error.details.message_key).toEqual({ key: "jobs.failure.notMultipart" });
    expect(await db.job.count({ where: { cycleId } })).toBe(before);
  });

  it("fails a file with bad rows: every row error with row and column, nothing applied", async () => {
    const cycleId = await newCycle();
    const csv = [
      "reviewer_type,question_id,kind,label,scale_min,scale_max,options",
      "SELF,wins,text,What went well?,,,", // 2 ok
      "BOSS,x,text,Who?,,,", // 3 unknown type
      "SELF,wins,text,Again?,,,", // 4 duplicate id for Self
      "", // 5 blank line: skipped, counted in row numbers
      "PEER,impact,stars,Impact,,,", // 6 bad kind
      "PEER,r,rating,Rate,5,3,", // 7 scale
      "PEER,c,choice,Pick,,,Only", // 8 one option
      "MANAGER,m,text", // 9 too few cells
      "MANAGER,wins,text,Fine for another type,,,", // 10 ok (ids are per type)
    ].join("\n");
    const res = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv });
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "FAILED" });
    const d = await detail(cycleId, jobId, tokens.SUPER_ADMIN, "?page_size=50");
    expect(d.body.job).toMatchObject({
      status: "failed",
      total_rows: 8,
      processed_rows: 8,
      succeeded_rows: 0,
      failed_rows: 6,
      message: "6 of 8 rows have errors; the questionnaire was not changed (it is applied only when every row is valid)",
    });
    expect(d.body.row_errors).toMatchObject([
      { row_number: 3, column: "reviewer_type", message: "Unknown reviewer type 'BOSS' (use SELF, MANAGER, DIRECT_REPORT, PEER, MATRIX_MANAGER, MATRIX_TEAM)", message_key: { key: "questionnaires.issues.unknownType" } },
      { row_number: 4, column: "question_id", message: "Question id 'wins' is already used for Self on row 2", message_key: { key: "storedTexts.jobs.rows.questionIdTwice" } },
      { row_number: 6, column: "kind", message: "Unknown kind 'stars' (use rating, text or choice)", message_key: { key: "questionnaires.issues.csvUnknownKind", values: { kind: "stars" } } },
      { row_number: 7, column: "scale_max", message: "scale_max must be greater than scale_min", message_key: { key: "questionnaires.issues.csvScaleOrder" } },
      { row_number: 8, column: "options", message: "A choice question needs at least 2 options", message_key: { key: "questionnaires.issues.tooFewOptions", values: { min: 2 } } },
      { row_number: 9, column: null, message: "The row has 3 cells; the header has 7", message_key: { key: "storedTexts.jobs.rows.cellCount", values: { cells: 3, columns: 7 } } },
    ]);
    const q = await getQuestionnaire(cycleId);
    expect(q).toMatchObject({ version: 0, is_default: true, definition: DEFAULT_QUESTIONNAIRE });
    expect(await auditActions(jobId)).toEqual(["job.create", "job.start", "job.fail"]);
  });

  it("fails with the lock message once feedback has been given, and changes nothing", async () => {
    const cycleId = await newCycle();
    const first = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV });
    expect(await waitForJob(first.body.job.id)).toMatchObject({ status: "SUCCEEDED" });
    await givenFeedback(cycleId);
    const res = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV.replace("Their strengths?", "Strengths?") });
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "FAILED" });
    expect((await detail(cycleId, jobId)).body.job).toMatchObject({ status: "failed", message: LOCKED, succeeded_rows: 0 });
    expect(await getQuestionnaire(cycleId)).toMatchObject({ version: 1, definition: GOOD, locked: true });
    expect(await auditActions(jobId)).toEqual(["job.create", "job.fail"]);
  });

  it("creating needs a super admin (403 for HR ops, people partners, employees; 401 without a token); reads need the admin cycle context", async () => {
    const cycleId = await newCycle();
    const db = await getDb();
    const before = await db.job.count({ where: { cycleId } });
    for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      const res = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens[role], csv: GOOD_CSV });
      expect(res.status, role).toBe(403);
    }
    expect((await upload(jobsRoute.action as Handler, { cycle: cycleId, csv: GOOD_CSV })).status).toBe(401);
    expect(await db.job.count({ where: { cycleId } })).toBe(before);

    const created = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV });
    const jobId: number = created.body.job.id;
    await waitForJob(jobId);
    const reads: Array<[Handler, Record<string, string>]> = [
      [jobsRoute.loader as Handler, { id: String(cycleId) }],
      [jobRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId) }],
    ];
    for (const [handler, params] of reads) {
      for (const role of ["PEOPLE_PARTNER", "EMPLOYEE"] as const) {
        expect((await callRoute(handler, { path: "/x", token: tokens[role], params })).status, role).toBe(403);
      }
      expect((await callRoute(handler, { path: "/x", token: tokens.HR_OPS, params })).status).toBe(200);
      expect((await callRoute(handler, { path: "/x", params })).status).toBe(401);
    }
  });

  it("answers 404 for an unknown cycle or job, a job of another type or cycle; item routes only answer GET", async () => {
    const cycleId = await newCycle();
    const db = await getDb();
    const missing = (await db.cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    expect((await upload(jobsRoute.action as Handler, { cycle: missing, token: tokens.SUPER_ADMIN, csv: GOOD_CSV })).status).toBe(404);
    expect((await callRoute(jobsRoute.loader as Handler, { path: "/x", token: tokens.SUPER_ADMIN, params: { id: String(missing) } })).status).toBe(404);
    expect((await callRoute(jobsRoute.loader as Handler, { path: "/x", token: tokens.SUPER_ADMIN, params: { id: "abc" } })).status).toBe(404);

    const created = await upload(jobsRoute.action as Handler, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: GOOD_CSV });
    const jobId: number = created.body.job.id;
    await waitForJob(jobId);
    const download = await callRoute(downloadRoute.action as Handler, { method: "POST", path: "/x", token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    const otherType: number = download.body.job.id;
    await waitForJob(otherType);
    const other = await newCycle("other");
    for (const [cycle, id] of [
      [cycleId, jobId + 100000], // unknown job
      [cycleId, otherType], // a download job
      [other, jobId], // another cycle
      [missing, jobId], // unknown cycle
      [cycleId, "x"],
    ] as const) {
      expect((await detail(cycle, id)).status, `${cycle}/${id}`).toBe(404);
    }
    const post = await callRoute(jobRoute.action as Handler, { method: "POST", path: "/x", token: tokens.SUPER_ADMIN, params: { id: String(cycleId), jobId: String(jobId) } });
    expect(post.status).toBe(405);
  });

  it("is in the OpenAPI document", async () => {
    const res = await callRoute(openapi.loader as Handler, { path: "/api/v1/openapi.json" });
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/api/v1/admin/cycles/{cycle_id}/upload_questionnaire_jobs"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/v1/admin/cycles/{cycle_id}/upload_questionnaire_jobs/{job_id}"]!)).toEqual(["get"]);
  });
});

describe("upload questionnaire pages", () => {
  const pageArgs = async (path: string, userId: number, params: Record<string, string>, body?: BodyInit) => {
    const headers = new Headers({ Cookie: await cookieFor(userId) });
    const request = new Request(`http://127.0.0.1${path}`, body ? { method: "POST", headers, body } : { headers });
    return { request, params, context: {} } as never;
  };
  const statusOf = async (p: Promise<unknown>) => {
    try {
      const r = await p;
      return r instanceof Response ? r.status : 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      throw thrown;
    }
  };

  it("the template is the cycle's questionnaire in the upload format; uploading it from the page applies it and shows the job", async () => {
    const cycleId = await newCycle();
    const base = `/app/admin/cycles/${cycleId}`;
    const template = (await templateRoute.loader(await pageArgs(`${base}/questionnaire-template.csv`, admin.id, { cycleId: String(cycleId) }))) as Response;
    expect(template.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(template.headers.get("Content-Disposition")).toBe(`attachment; filename="questionnaire-cycle-${cycleId}.csv"`);
    const csv = await template.text();
    expect(csv.split("\r\n")[0]).toBe(HEADER);
    expect(csv).toContain("PEER,collaboration,choice,");

    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "template.csv");
    const redirect = (await uploadPage.action(await pageArgs(`${base}/upload-questionnaire`, admin.id, { cycleId: String(cycleId) }, form))) as Response;
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("Location")!;
    const jobId = Number(/upload-questionnaire-jobs\/(\d+)$/.exec(location)![1]);
    expect(location).toBe(`${base}/upload-questionnaire-jobs/${jobId}`);
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });
    // The default questionnaire becomes the cycle's own version 1.
    expect(await getQuestionnaire(cycleId)).toMatchObject({ version: 1, is_default: false, definition: DEFAULT_QUESTIONNAIRE });

    const page = (await detailPage.loader(await pageArgs(`${base}/upload-questionnaire-jobs/${jobId}`, admin.id, { cycleId: String(cycleId), jobId: String(jobId) }))) as {
      job: { status: string; message: string };
      view: { label: string; pagePath: string };
    };
    expect(page.job).toMatchObject({ status: "succeeded", message: "Questionnaire saved as version 1 (24 questions: Self 5, Manager 5, Direct Report 4, Peer/Stakeholder 4, Matrix Manager 3, Matrix Team 3)" });
    expect(page.view).toMatchObject({ label: "Upload questionnaire", pagePath: "upload-questionnaire-jobs" });
    const list = (await listPage.loader(await pageArgs(`${base}/upload-questionnaire-jobs`, admin.id, { cycleId: String(cycleId) }))) as { jobs: Array<{ id: number }> };
    expect(list.jobs.map((j) => j.id)).toEqual([jobId]);
  });

  it("a bad header comes back to the form as an error (422); other roles get 403 on every page", async () => {
    const cycleId = await newCycle();
    const base = `/app/admin/cycles/${cycleId}`;
    const form = new FormData();
    form.set("file", new Blob(["question,label\nx,y\n"], { type: "text/csv" }), "bad.csv");
    const result = (await uploadPage.action(await pageArgs(`${base}/upload-questionnaire`, admin.id, { cycleId: String(cycleId) }, form))) as unknown as {
      data: { ok: boolean; formError: string; details: string[] };
      init: { status: number };
    };
    expect(result.init.status).toBe(422);
    expect(result.data).toMatchObject({
      ok: false,
      // The sentence and its parts as keys, the columns as values (ADR 0100).
      formError: {
        key: "jobs.failure.headerParts.two",
        values: {
          a: { key: "jobs.failure.headerMissing", values: { count: 3, columns: "reviewer_type, question_id, kind" } },
          b: { key: "jobs.failure.headerUnknown", values: { count: 1, columns: "question" } },
        },
      },
    });

    const loaded = (await uploadPage.loader(await pageArgs(`${base}/upload-questionnaire`, admin.id, { cycleId: String(cycleId) }))) as { version: number; locked: boolean };
    expect(loaded).toMatchObject({ version: 0, locked: false });

    for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      const user = users[role];
      const params = { cycleId: String(cycleId) };
      expect(await statusOf(uploadPage.loader(await pageArgs(`${base}/upload-questionnaire`, user.id, params))), role).toBe(403);
      expect(await statusOf(uploadPage.action(await pageArgs(`${base}/upload-questionnaire`, user.id, params, new FormData()))), role).toBe(403);
      expect(await statusOf(listPage.loader(await pageArgs(`${base}/upload-questionnaire-jobs`, user.id, params))), role).toBe(403);
      expect(await statusOf(detailPage.loader(await pageArgs(`${base}/upload-questionnaire-jobs/1`, user.id, { ...params, jobId: "1" }))), role).toBe(403);
      expect(await statusOf(templateRoute.loader(await pageArgs(`${base}/questionnaire-template.csv`, user.id, params))), role).toBe(403);
    }
    expect(await statusOf(detailPage.loader(await pageArgs(`${base}/upload-questionnaire-jobs/999999`, admin.id, { cycleId: String(cycleId), jobId: "999999" })))).toBe(404);
  });
});
