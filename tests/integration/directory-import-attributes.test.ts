/**
 * People attribute columns of the directory import (issue 29 §1, ADR 0110): a column per attribute kept as a value
 * (built-in gender and employment type, custom ones), headed by the attribute's name in any case; values checked by
 * their kind (a row error with its code), written through setAttributeValues with the job's actor (one
 * `user.attributes` record per person changed); a blank cell clears, a file without the column keeps; an unknown
 * column refuses the header (the upload's 422 and the worker's check); a built-in kept in the user's fields keeps its
 * own column of the import.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { createAttribute, deleteAttribute } from "~/features/insights/attributes.server";
import { SYSTEM_ACTOR } from "~/platform/audit.server";
import * as collectionRoute from "~/routes/api.v1.admin.directory_import_jobs";
import * as exportRoute from "~/routes/api.v1.admin.users.directory[.]csv";
import { parse } from "csv-parse/sync";
import { toCsv } from "~/platform/csv";
import { beginJob } from "../../worker/activities/jobs";
import { directoryImportJob, runJobActivitiesToEnd } from "../support/job-run";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { jobTypeDef } from "~/features/jobs/job-types.server";

type Handler = Parameters<typeof callRoute>[0];

let admin: User;
let actor: Actor;
let tag: string;
let band: { id: number; name: string };
let tenure: { id: number; name: string };
let joined: { id: number; name: string };
let gender: number;
let employment: number;
const at = (local: string) => `${local}.${tag}@attr.example.com`;

beforeAll(async () => {
  tag = randomUUID().slice(0, 8);
  admin = await createTestUser({ role: "SUPER_ADMIN" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
  band = await createAttribute(SYSTEM_ACTOR, { name: `Band ${tag}`, kind: "category" });
  tenure = await createAttribute(SYSTEM_ACTOR, { name: `Hours ${tag}`, kind: "number" });
  joined = await createAttribute(SYSTEM_ACTOR, { name: `Joined ${tag}`, kind: "date" });
  const db = await getDb();
  gender = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } })).id;
  employment = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "employment_type" } })).id;
});

afterAll(async () => {
  for (const a of [band, tenure, joined]) await deleteAttribute(SYSTEM_ACTOR, a.id).catch(() => undefined);
});

const importJob = (lines: string[], errorMode: "ALL_OR_NOTHING" | "VALID_ONLY" = "VALID_ONLY") => directoryImportJob(lines, admin.id, errorMode);

/** Runs the job's activities to the end, each step twice; the job as it ends. */
async function runToEnd(jobId: number, chunkRows = 2) {
  await runJobActivitiesToEnd(jobId, actor, chunkRows);
  return (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
}

async function valuesOf(email: string): Promise<Record<number, string>> {
  const db = await getDb();
  const u = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const rows = await db.attributeValue.findMany({ where: { userId: u.id } });
  return Object.fromEntries(rows.map((r) => [r.attributeId, r.value]));
}

async function attributeAudits(jobStartId: number) {
  const db = await getDb();
  const rows = await db.auditRecord.findMany({ where: { id: { gt: jobStartId }, action: "user.attributes" }, orderBy: { id: "asc" } });
  const ids = new Map((await db.user.findMany({ where: { id: { in: rows.map((r) => Number(r.entityId)) } }, select: { id: true, email: true } })).map((u) => [String(u.id), u.email]));
  return rows.filter((r) => ids.get(r.entityId!)?.includes(`.${tag}@`)).map((r) => ({ email: ids.get(r.entityId!), actorId: r.actorId, source: r.source, before: r.before, after: r.after }));
}
const lastAuditId = async () => (await (await getDb()).auditRecord.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0;

describe("directory import: people attribute columns", () => {
  it("sets values from columns headed by the attributes' names in any case, audited per person with the job's actor", async () => {
    const since = await lastAuditId();
    const jobId = await importJob([
      `email,name,level,GENDER,employment type,${band.name.toLowerCase()},${tenure.name},${joined.name}`,
      `${at("ann")},Ann,L3,Woman,Full-time,B2,37.50,2021-04-01`,
      `${at("bob")},Bob,L4,Man,Part-time,,20,`,
      `${at("cat")},Cat,L5,,,B1,,`,
    ]);
    const job = await runToEnd(jobId);
    expect(job).toMatchObject({ status: "SUCCEEDED", succeededRows: 3, failedRows: 0 });
    expect(await valuesOf(at("ann"))).toEqual({ [gender]: "Woman", [employment]: "Full-time", [band.id]: "B2", [tenure.id]: "37.5", [joined.id]: "2021-04-01" });
    expect(await valuesOf(at("bob"))).toEqual({ [gender]: "Man", [employment]: "Part-time", [tenure.id]: "20" });
    expect(await valuesOf(at("cat"))).toEqual({ [band.id]: "B1" });
    // The built-in level keeps its own column (a User field, not a value).
    expect((await (await getDb()).user.findUniqueOrThrow({ where: { email: at("ann") } })).level).toBe("L3");
    const audits = await attributeAudits(since);
    expect(audits.map((a) => a.email)).toEqual([at("ann"), at("bob"), at("cat")]);
    expect(audits.map((a) => [a.actorId, a.source])).toEqual([[admin.id, "workflow"], [admin.id, "workflow"], [admin.id, "workflow"]]);
    expect(audits[1]!.after).toEqual({ Gender: "Man", "Employment type": "Part-time", [tenure.name]: "20" });
  });

  it("a blank cell clears, a file without the column keeps; a person changed only by attributes counts as updated", async () => {
    const since = await lastAuditId();
    const jobId = await importJob([`email,${band.name},gender`, `${at("ann")},,Woman`, `${at("cat")},B3,`]);
    const job = await runToEnd(jobId);
    expect(job.message).toBe("2 of 2 rows committed (0 created, 2 updated, 0 deactivated, 0 reactivated, 0 unchanged)");
    // ann: band cleared, the rest (not in the file) kept.
    expect(await valuesOf(at("ann"))).toEqual({ [gender]: "Woman", [employment]: "Full-time", [tenure.id]: "37.5", [joined.id]: "2021-04-01" });
    expect(await valuesOf(at("cat"))).toEqual({ [band.id]: "B3" });
    const audits = await attributeAudits(since);
    expect(audits).toEqual([
      expect.objectContaining({ email: at("ann"), before: { [band.name]: "B2" }, after: { [band.name]: null } }),
      expect.objectContaining({ email: at("cat"), before: { [band.name]: "B1" }, after: { [band.name]: "B3" } }),
    ]);
    // The same file again changes nothing and writes no record.
    const again = await lastAuditId();
    const second = await runToEnd(await importJob([`email,${band.name},gender`, `${at("ann")},,Woman`, `${at("cat")},B3,`]));
    expect(second.message).toBe("2 of 2 rows committed (0 created, 0 updated, 0 deactivated, 0 reactivated, 2 unchanged)");
    expect(await attributeAudits(again)).toEqual([]);
  });

  it("refuses a bad value as a row error with its column and code; all_or_nothing writes nothing", async () => {
    const since = await lastAuditId();
    const lines = [
      `email,name,${tenure.name},${joined.name},gender`,
      `${at("dan")},Dan,lots,2021-02-30,${"x".repeat(101)}`,
      `${at("eve")},Eve,12,2020-01-01,Woman`,
    ];
    const job = await runToEnd(await importJob(lines, "ALL_OR_NOTHING"));
    expect(job).toMatchObject({ status: "FAILED", failedRows: 1 });
    const errors = await (await getDb()).jobRowError.findMany({ where: { jobId: job.id }, orderBy: { id: "asc" } });
    expect(errors.map((e) => ({ row: e.rowNumber, column: e.column, message: e.message, code: e.messageCode }))).toEqual([
      { row: 2, column: tenure.name, message: "Enter a number, e.g. 12 or 37.5", code: { key: "attributeValues.error.number", en: "Enter a number, e.g. 12 or 37.5" } },
      { row: 2, column: joined.name, message: "Enter a date as yyyy-mm-dd, e.g. 2024-03-31", code: { key: "attributeValues.error.date", en: "Enter a date as yyyy-mm-dd, e.g. 2024-03-31" } },
      { row: 2, column: "Gender", message: "At most 100 characters", code: { key: "attributeValues.error.tooLong", en: "At most 100 characters" } },
    ]);
    expect(await (await getDb()).user.findUnique({ where: { email: at("eve") } })).toBeNull();
    expect(await attributeAudits(since)).toEqual([]);
    // valid_only commits the good row with its values.
    const partial = await runToEnd(await importJob(lines, "VALID_ONLY"));
    expect(partial).toMatchObject({ status: "SUCCEEDED", succeededRows: 1, failedRows: 1 });
    expect(await valuesOf(at("eve"))).toEqual({ [tenure.id]: "12", [joined.id]: "2020-01-01", [gender]: "Woman" });
  });

  it("refuses a header naming no column and no attribute: the upload (422) and the worker's check; accepts attribute columns", async () => {
    const post = async (csv: string) => {
      const form = new FormData();
      form.set("file", new Blob([csv], { type: "text/csv" }), "people.csv");
      const request = new Request("http://127.0.0.1/api/v1/admin/directory_import_jobs", { method: "POST", headers: { Authorization: `Bearer ${await bearerFor(admin.id)}` }, body: form });
      const response = (await (collectionRoute.action as Handler)({ request, params: {}, context: {} } as never)) as Response;
      return { status: response.status, body: await response.json() };
    };
    const refused = await post(`email,gender,Shoe size ${tag}\n${at("fay")},Woman,42\n`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(`Invalid CSV header: unknown column shoe size ${tag}`);
    expect(refused.body.error.details.unknown_columns).toEqual([`shoe size ${tag}`]);
    expect(refused.body.error.details.allowed_columns).toEqual(expect.arrayContaining(["email", "level", "gender", "employment type", band.name.toLowerCase()]));
    // The upload check takes the attributes' columns in any case (no job is started here: the check runs before one).
    const check = jobTypeDef("IMPORT_DIRECTORY").checkUpload!;
    const upload = (csv: string) => ({ name: "people.csv", contentType: "text/csv", bytes: new TextEncoder().encode(csv) as Uint8Array<ArrayBuffer> });
    await expect(Promise.resolve(check(upload(`Email,GENDER,${band.name.toUpperCase()}\n${at("fay")},Woman,B1\n`)))).resolves.toBeUndefined();
    // The worker checks again against the attributes defined when it starts (one deleted since the upload).
    const gone = await createAttribute(SYSTEM_ACTOR, { name: `Gone ${tag}`, kind: "category" });
    const jobId = await importJob([`email,Gone ${tag}`, `${at("fay")},x`]);
    await deleteAttribute(SYSTEM_ACTOR, gone.id);
    await expect(beginJob({ jobId, actor, chunkRows: 2 })).rejects.toThrow(`Invalid CSV header: unknown column gone ${tag}`);
    expect(await (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "FAILED", message: `Invalid CSV header: unknown column gone ${tag}` });
  });

  it("the directory download writes the attribute columns after the import's, and imports back without a change", async () => {
    const response = await callRoute(exportRoute.loader as Handler, { path: "/api/v1/admin/users/directory.csv", token: await bearerFor(admin.id) });
    const text = response.body as string;
    const header = (parse(text, { to: 1 }) as string[][])[0]!;
    expect(header.slice(13)).toEqual(expect.arrayContaining(["Gender", "Employment type", band.name, tenure.name, joined.name]));
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    const mine = records.filter((r) => r.email!.includes(`.${tag}@`));
    expect(mine.find((r) => r.email === at("ann"))).toMatchObject({ Gender: "Woman", "Employment type": "Full-time", [band.name]: "", [tenure.name]: "37.5", [joined.name]: "2021-04-01" });
    const since = await lastAuditId();
    const again = await runToEnd(await importJob([toCsv([header]).trimEnd(), ...toCsv(mine.map((r) => header.map((c) => r[c] ?? ""))).trimEnd().split("\n")]), 5);
    expect(again).toMatchObject({ status: "SUCCEEDED", failedRows: 0, succeededRows: mine.length });
    expect(again.message).toContain(`(0 created, 0 updated, 0 deactivated, 0 reactivated, ${mine.length} unchanged)`);
    expect(await attributeAudits(since)).toEqual([]);
  });
});
