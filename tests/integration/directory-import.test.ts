/**
 * The directory import (IMPORT_DIRECTORY, ADR 0052), a company-wide bulk job:
 *  - through the API (/api/v1/admin/directory_import_jobs, the engine's generic company-wide routes) and its workflow;
 *  - through the job activities called directly (as Temporal calls them), each step run twice (a lost reply), so a
 *    re-run of a step writes nothing twice: managers later in the file, every refusal with its row and column,
 *    valid_only against all_or_nothing, loops in the management chain, one audit record per created or changed user,
 *    deactivation ending sessions and tokens, and the round trip with the directory download.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { getDb } from "~/platform/db.server";
import type { Role, User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { toCsv } from "~/platform/csv";
import { getTemporalClient } from "~/platform/temporal.server";
import * as collectionRoute from "~/routes/api.v1.admin.directory_import_jobs";
import * as itemRoute from "~/routes/api.v1.admin.directory_import_jobs.$jobId";
import * as exportRoute from "~/routes/api.v1.admin.users.directory[.]csv";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { claimRows } from "~/features/jobs/runner.server";
import { columnsPresent } from "~/features/jobs/types/directory/columns";
import { DIRECTORY_PHASE } from "~/features/jobs/types/directory/handler.server";
import { saveChunk } from "~/features/jobs/types/directory/write.server";
import { beginJob, finishJob, runJobStep } from "../../worker/activities/jobs";
import { directoryImportJob, runJobActivitiesToEnd } from "../support/job-run";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];
const HEADER = "email,name,role,job_title,department,level,location,manager_email,secondary_manager_email,hr_partner_email,start_date,employee_number,active";

let admin: User;
let actor: Actor;
let tag: string;
const at = (local: string) => `${local}.${tag}@dir.example.com`;

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

const importJob = (lines: string[], errorMode: "ALL_OR_NOTHING" | "VALID_ONLY" = "VALID_ONLY") => directoryImportJob(lines, admin.id, errorMode);

/** Runs the job's activities to the end, each step twice; the job as it ends. */
async function runToEnd(jobId: number, chunkRows = 2) {
  await runJobActivitiesToEnd(jobId, actor, chunkRows);
  return (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
}

async function rowErrors(jobId: number) {
  const rows = await (await getDb()).jobRowError.findMany({ where: { jobId }, orderBy: [{ rowNumber: "asc" }, { id: "asc" }] });
  // Every row error has its code beside the English it stands for (ADR 0100, 0107).
  for (const r of rows) expect(r.messageCode, r.message).toMatchObject({ key: expect.any(String), en: r.message });
  return rows.map((r) => ({ row: r.rowNumber, column: r.column, message: r.message }));
}

async function user(email: string) {
  return (await getDb()).user.findUnique({ where: { email }, include: { manager: true, secondaryManager: true, hrPartner: true } });
}

/** The user.* audit records written since `sinceId`, for users of this test's tag. */
async function userAudits(sinceId: number) {
  const rows = await (await getDb()).auditRecord.findMany({ where: { id: { gt: sinceId }, entityType: "User", action: { startsWith: "user." } }, orderBy: { id: "asc" } });
  return rows.filter((r) => String((r.after as { email?: string } | null)?.email ?? "").includes(`.${tag}@`));
}
const lastAuditId = async () => (await (await getDb()).auditRecord.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0;

async function existing(local: string, data: { role?: Role; active?: boolean; managerId?: number; employeeNumber?: string } = {}) {
  return (await getDb()).user.create({ data: { email: at(local), name: `Existing ${local}`, ...data } });
}

describe("directory import", () => {
  beforeAll(() => {
    tag = randomUUID().slice(0, 8);
  });

  it("creates users whose managers come later in the file, with one user.create record each and exact counts", async () => {
    const since = await lastAuditId();
    const hr = await existing("hr", { role: "PEOPLE_PARTNER" });
    const jobId = await importJob([
      HEADER,
      `${at("ann").toUpperCase()},Ann,,Engineer,R&D,L3,Paris,${at("bob")},${at("cat")},${hr.email},2024-03-01,E-1,`,
      `${at("bob")},Bob,employee,Lead,R&D,L5,Paris,${at("cat")},,${hr.email},2020-01-15,E-2,true`,
      `${at("cat")},Cat,HR Ops,Director,R&D,L7,Berlin,,,,,E-3,yes`,
    ]);
    const job = await runToEnd(jobId);
    expect(job).toMatchObject({ status: "SUCCEEDED", cycleId: null, totalRows: 3, succeededRows: 3, failedRows: 0 });
    expect(job.message).toBe("3 of 3 rows committed (3 created, 0 updated, 0 deactivated, 0 reactivated, 0 unchanged)");
    const ann = (await user(at("ann")))!;
    expect(ann).toMatchObject({ name: "Ann", role: "EMPLOYEE", jobTitle: "Engineer", department: "R&D", level: "L3", location: "Paris", employeeNumber: "E-1", active: true });
    expect(ann.startDate?.toISOString().slice(0, 10)).toBe("2024-03-01");
    expect([ann.manager?.email, ann.secondaryManager?.email, ann.hrPartner?.email]).toEqual([at("bob"), at("cat"), hr.email]);
    expect((await user(at("bob")))!.manager?.email).toBe(at("cat"));
    expect((await user(at("cat")))!.role).toBe("HR_OPS");
    const audits = await userAudits(since);
    expect(audits.map((a) => a.action)).toEqual(["user.create", "user.create", "user.create"]);
    expect(audits[0]!.after).toEqual({
      id: ann.id, email: at("ann"), name: "Ann", role: "EMPLOYEE", job_title: "Engineer", department: "R&D", level: "L3", location: "Paris",
      manager_email: at("bob"), secondary_manager_email: at("cat"), hr_partner_email: hr.email, start_date: "2024-03-01",
      employee_number: "E-1", active: true, deactivated_at: null, scim_managed: false, scim_external_id: null,
    });
    expect(await (await getDb()).directoryStagedRow.count({ where: { jobId } })).toBe(0);
  });

  it("refuses each bad row with its row number, column and message; valid_only commits the others", async () => {
    const gone = await existing("gone", { active: false });
    await existing("numbered", { employeeNumber: "N-9" });
    const lines = [
      HEADER,
      `not-an-email,X,,,,,,,,,,,`, // 2
      `${at("d1")},D1,,,,,,,,,2024-02-30,,`, // 3
      `${at("d2")},D2,Wizard,,,,,,,,,,maybe`, // 4
      `${at("ok1")},Ok One,,,,,,,,,,K-1,`, // 5
      `${at("ok1")},Ok Again,,,,,,,,,,,`, // 6
      `${at("d3")},D3,,,,,,${at("nobody")},,,,,`, // 7
      `${at("d4")},D4,,,,,,${gone.email},,,,,`, // 8
      `${at("d5")},D5,,,,,,,,${at("d5")},,,`, // 9
      `${at("d6")},D6,,,,,,,,,,K-1,`, // 10
      `${at("d7")},D7,,,,,,,,,,N-9,`, // 11
      `${at("d8")},,,,,,,,,,,,`, // 12
      `${at("ok2")},Ok Two,,,,,,${at("ok1")},,,,,`, // 13
    ];
    const expected = [
      { row: 2, column: "email", message: "not-an-email is not a valid email address" },
      { row: 3, column: "start_date", message: "Start date 2024-02-30 is not a date (YYYY-MM-DD)" },
      { row: 4, column: "role", message: "Unknown role Wizard: use one of SUPER_ADMIN, PEOPLE_PARTNER, HR_OPS, EMPLOYEE" },
      { row: 4, column: "active", message: "active must be true or false, not maybe" },
      { row: 6, column: "email", message: `${at("ok1")} is listed more than once in the file (first on row 5)` },
      { row: 7, column: "manager_email", message: `Manager not found: no user with the email ${at("nobody")} in the directory or in the file` },
      { row: 8, column: "manager_email", message: `${gone.email} is deactivated and cannot be set as manager` },
      { row: 9, column: "hr_partner_email", message: "A user cannot be their own HR partner" },
      { row: 10, column: "employee_number", message: "Employee number K-1 is listed more than once in the file (first on row 5)" },
      { row: 11, column: "employee_number", message: `Another user (${at("numbered")}) already has the employee number N-9` },
      { row: 12, column: "name", message: "Name is required for a new user" },
    ];
    const db = await getDb();
    const before = await db.user.count();
    const strict = await runToEnd(await importJob(lines, "ALL_OR_NOTHING"));
    expect(strict).toMatchObject({ status: "FAILED", totalRows: 12, succeededRows: 0, failedRows: 10, message: "10 of 12 rows have errors; nothing was committed" });
    expect(await rowErrors(strict.id)).toEqual(expected);
    expect(await db.user.count()).toBe(before);

    const lenient = await runToEnd(await importJob(lines, "VALID_ONLY"));
    expect(lenient).toMatchObject({ status: "SUCCEEDED", totalRows: 12, succeededRows: 2, failedRows: 10 });
    expect(lenient.message).toBe("2 of 12 rows committed; 10 rows with errors were skipped (2 created, 0 updated, 0 deactivated, 0 reactivated, 0 unchanged)");
    expect(await rowErrors(lenient.id)).toEqual(expected);
    expect(await db.user.count()).toBe(before + 2);
    expect((await user(at("ok2")))!.manager?.email).toBe(at("ok1"));
  });

  it("refuses rows that would make a management loop, and the rows that then name an unknown manager", async () => {
    const top = await existing("top");
    const mid = await existing("mid", { managerId: top.id });
    const jobId = await importJob([
      "email,name,manager_email",
      `${top.email},Top,${mid.email}`, // 2: mid already reports to top
      `${at("c1")},C1,${at("c2")}`, // 3: c1 -> c2 -> c1, both new
      `${at("c2")},C2,${at("c1")}`, // 4
      `${at("c3")},C3,${at("c1")}`, // 5: its manager's row is refused: unknown
      `${at("c4")},C4,${mid.email}`, // 6: fine
    ]);
    const job = await runToEnd(jobId);
    expect(await rowErrors(jobId)).toEqual([
      { row: 2, column: "manager_email", message: `${mid.email} reports (directly or not) to ${top.email}; a management chain cannot loop` },
      { row: 3, column: "manager_email", message: `${at("c2")} reports (directly or not) to ${at("c1")}; a management chain cannot loop` },
      { row: 4, column: "manager_email", message: `${at("c1")} reports (directly or not) to ${at("c2")}; a management chain cannot loop` },
      { row: 5, column: "manager_email", message: `Manager not found: no user with the email ${at("c1")} in the directory or in the file` },
    ]);
    expect(job).toMatchObject({ status: "SUCCEEDED", succeededRows: 1, failedRows: 4 });
    expect((await user(top.email))!.managerId).toBeNull();
    expect((await user(at("c4")))!.managerId).toBe(mid.id);
  });

  it("updates, deactivates (ending sessions and tokens) and re-activates: one audit record per changed user", async () => {
    const db = await getDb();
    const keep = await existing("keep");
    const change = await existing("change");
    const leave = await existing("leave");
    const back = await existing("back", { active: false });
    await db.userSession.create({ data: { id: `s-${randomUUID()}`, userId: leave.id } });
    await bearerFor(leave.id);
    const since = await lastAuditId();
    const job = await runToEnd(
      await importJob([
        "email,name,job_title,active",
        `${keep.email},${keep.name},,true`,
        `${change.email},Changed Name,Analyst,`,
        `${leave.email},,,false`,
        `${back.email},,,true`,
      ]),
    );
    expect(job.message).toBe("4 of 4 rows committed (0 created, 1 updated, 1 deactivated, 1 reactivated, 1 unchanged)");
    const audits = await userAudits(since);
    expect(audits.map((a) => [a.action, a.entityId])).toEqual([
      ["user.update", String(change.id)],
      ["user.deactivate", String(leave.id)],
      ["user.reactivate", String(back.id)],
    ]);
    expect(audits[0]!.before).toMatchObject({ name: "Existing change", job_title: null });
    expect(audits[0]!.after).toMatchObject({ name: "Changed Name", job_title: "Analyst" });
    expect((await user(leave.email))!).toMatchObject({ active: false });
    expect((await user(leave.email))!.deactivatedAt).not.toBeNull();
    expect(await db.userSession.count({ where: { userId: leave.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: leave.id, revokedAt: null } })).toBe(0);
    const revoke = await db.auditRecord.findFirstOrThrow({ where: { id: { gt: since }, action: "session.revoke_all", entityId: String(leave.id) } });
    expect(revoke.after).toEqual({ reason: "deactivated", sessions: 1, tokens: 1 });
    expect((await user(back.email))!).toMatchObject({ active: true, deactivatedAt: null });
  });

  it("round-trips with the directory download: unchanged rows write nothing, an edited cell one user.update", async () => {
    const db = await getDb();
    const boss = await existing("rt-boss");
    await db.user.create({
      data: { email: at("rt-formula"), name: "=SUM(A1)", jobTitle: "-lead", managerId: boss.id, startDate: new Date("2023-05-04T00:00:00Z"), employeeNumber: `RT-${tag}` },
    });
    const response = await callRoute(exportRoute.loader as Handler, { path: "/api/v1/admin/users/directory.csv", token: await bearerFor(admin.id) });
    expect(response.status).toBe(200);
    expect(response.response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = response.body as string;
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    // The import's columns, then one per people attribute kept as a value (ADR 0110; directory-import-attributes test).
    expect(Object.keys(records[0]!).slice(0, 13).join(",")).toBe(HEADER);
    expect(Object.keys(records[0]!).slice(13)).toEqual(expect.arrayContaining(["Gender", "Employment type"]));
    const mine = records.filter((r) => r.email!.includes(`.${tag}@`));
    const formula = mine.find((r) => r.email === at("rt-formula"))!;
    expect(formula).toMatchObject({ name: "'=SUM(A1)", job_title: "'-lead", manager_email: boss.email, start_date: "2023-05-04", active: "true" });

    const asCsv = (rows: Array<Record<string, string>>) => toCsv(rows.map((r) => HEADER.split(",").map((c) => r[c] ?? "")), { columns: undefined }).trimEnd().split("\n");
    const since = await lastAuditId();
    const same = await runToEnd(await importJob([HEADER, ...asCsv(mine)]), 5);
    expect(same).toMatchObject({ status: "SUCCEEDED", failedRows: 0, succeededRows: mine.length });
    expect(await userAudits(since)).toEqual([]);
    expect((await user(at("rt-formula")))!).toMatchObject({ name: "=SUM(A1)", jobTitle: "-lead", employeeNumber: `RT-${tag}` });

    const edited = mine.map((r) => (r.email === at("rt-formula") ? { ...r, department: "Sales" } : r));
    await runToEnd(await importJob([HEADER, ...asCsv(edited)]), 5);
    const audits = await userAudits(since);
    expect(audits.map((a) => a.action)).toEqual(["user.update"]);
    expect(audits[0]!.after).toMatchObject({ email: at("rt-formula"), department: "Sales", name: "=SUM(A1)" });
  });
});

describe("directory import after a worker died in a step", () => {
  it("a save step rolled back half-way leaves nothing, and the retried step writes each user and record once", async () => {
    tag = randomUUID().slice(0, 8);
    const since = await lastAuditId();
    const lines = ["email,name,manager_email", ...Array.from({ length: 6 }, (_, i) => `${at(`k${i}`)},K ${i},${i < 5 ? at(`k${i + 1}`) : ""}`)];
    const jobId = await importJob(lines);
    const input = { jobId, actor, chunkRows: 4 };
    let step = (await beginJob(input)).next;
    while (step && step.phase !== "save") step = (await runJobStep({ ...input, step })).next;
    expect(step).toEqual({ phase: "save", cursor: { row: 0 } });
    // The worker dies inside the step's transaction, after its writes: nothing of them stays.
    const db = await getDb();
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    await expect(
      db.$transaction(async (tx) => {
        const has = columnsPresent(["email", "name", "manager_email"]);
        await claimRows(tx, jobId, { phase: DIRECTORY_PHASE.saving, from: 0, to: 4 });
        await saveChunk(tx, { jobId, from: 0, to: 4 }, has, { ...actor, source: "workflow" }, new Date());
        throw new Error("SIGKILL");
      }),
    ).rejects.toThrow("SIGKILL");
    expect((await db.job.findUniqueOrThrow({ where: { id: jobId } })).processedRows).toBe(job.processedRows);
    expect(await userAudits(since)).toEqual([]);
    while (step) step = (await runJobStep({ ...input, step })).next;
    await finishJob(input);
    const done = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(done).toMatchObject({ status: "SUCCEEDED", succeededRows: 6, failedRows: 0 });
    const audits = await userAudits(since);
    expect(audits).toHaveLength(6);
    expect(new Set(audits.map((a) => a.entityId)).size).toBe(6);
    expect((await user(at("k0")))!.manager?.email).toBe(at("k1"));
    const ranges = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId), action: "job.rows_committed" }, orderBy: { id: "asc" } });
    expect(ranges.map((r) => (r.after as { from_row: number; to_row: number }).from_row)).toEqual([1, 5]);
  });
});

describe("directory import API", () => {
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    stopWorker = (await startTestWorker()).stop;
  });
  afterAll(async () => stopWorker());

  async function post(token: string, csv: string | null, errorMode = "valid_only") {
    const form = new FormData();
    if (csv !== null) form.set("file", new Blob([csv], { type: "text/csv" }), "people.csv");
    form.set("error_mode", errorMode);
    const request = new Request("http://127.0.0.1/api/v1/admin/directory_import_jobs", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    const response = (await (collectionRoute.action as Handler)({ request, params: {}, context: {} } as never)) as Response;
    return { status: response.status, body: await response.json() };
  }

  it("starts a company-wide job (202), lists it and shows its row errors; a bad header is a 422 and a non-admin a 403", async () => {
    const token = await bearerFor(admin.id);
    const local = randomUUID().slice(0, 8);
    const created = await post(token, `email,name,manager_email\napi.${local}@dir.example.com,Api,\nbad,Bad,\n`);
    expect(created.status).toBe(202);
    expect(created.body.job).toMatchObject({ cycle_id: null, type: "import_directory", status: "pending", error_mode: "valid_only" });
    const jobId: number = created.body.job.id;
    expect(await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result()).toEqual({ jobId, status: "SUCCEEDED" });

    const { body } = await callRoute(itemRoute.loader as Handler, { path: `/api/v1/admin/directory_import_jobs/${jobId}`, token, params: { jobId: String(jobId) } });
    expect(body.job).toMatchObject({ id: jobId, cycle_id: null, status: "succeeded", succeeded_rows: 1, failed_rows: 1 });
    expect(body.row_errors).toMatchObject([{ row_number: 3, column: "email", message: "bad is not a valid email address" }]);
    const { body: list } = await callRoute(collectionRoute.loader as Handler, { path: "/api/v1/admin/directory_import_jobs", token });
    expect(list.jobs[0]).toMatchObject({ id: jobId });

    const badHeader = await post(token, "email,nickname\nx@y.z,X\n");
    expect(badHeader.status).toBe(422);
    expect(badHeader.body.error.details.unknown_columns).toEqual(["nickname"]);
    const employee = await createTestUser({ role: "EMPLOYEE" });
    expect((await post(await bearerFor(employee.id), "email\nx@y.z\n")).status).toBe(403);
    // The OpenAPI document states the company-wide routes: no cycle in their addresses.
    const { body: doc } = await callRoute(openapi.loader as Handler, { path: "/api/v1/openapi.json" });
    const paths = doc.paths as Record<string, Record<string, { parameters?: Array<{ name: string }>; requestBody?: { content: Record<string, unknown> } }>>;
    expect(Object.keys(paths["/api/v1/admin/directory_import_jobs"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/v1/admin/directory_import_jobs"]!.post!.requestBody!.content)).toEqual(["multipart/form-data"]);
    expect(paths["/api/v1/admin/directory_import_jobs/{job_id}"]!.get!.parameters!.filter((p) => p.name !== "page" && p.name !== "page_size").map((p) => p.name)).toEqual(["job_id"]);
    expect(paths["/api/v1/admin/users/directory.csv"]!.get).toBeDefined();
    const missing = await callRoute(itemRoute.loader as Handler, { path: "/api/v1/admin/directory_import_jobs/999999999", token, params: { jobId: "999999999" } });
    expect(missing.status).toBe(404);
  });
});
