/**
 * Participants from the directory (issue 25 item 6; docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md):
 * the populate job fills a cycle with all active employees and people partners or those of chosen departments,
 * locations, levels and a start-date cut-off, with manager, secondary manager and HR partner from the directory;
 * the filters are the API body and the page form, kept in Job.params; a re-run adds nobody twice; bad filters are a
 * 400 and start nothing. Run by the app's worker against the Temporal dev server.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Role, User } from "~/generated/prisma/client.ts";
import { getTemporalClient } from "~/platform/temporal.server";
import * as populateRoute from "~/routes/api.v1.admin.cycles.$id.populate_participants_jobs";
import * as populatePage from "~/routes/app.admin.cycles.$cycleId.populate-participants-jobs._index";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];
const tag = randomUUID().slice(0, 8);
const SALES = `Sales ${tag}`;
const ENG = `Engineering ${tag}`;
const LISBON = `Lisbon ${tag}`;
const BERLIN = `Berlin ${tag}`;
const [L3, L4, L5] = ["L3", "L4", "L5"].map((l) => `${l}-${tag}`) as [string, string, string];

let stopWorker: () => Promise<void>;
let admin: User;
let adminToken: string;
let hrOpsToken: string;
const people: Record<string, User> = {};

async function newCycle(name: string): Promise<number> {
  return (await (await getDb()).cycle.create({ data: { name: `${name} ${tag}`, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

const start = (cycle: number, body: unknown, token = adminToken) =>
  callRoute(populateRoute.action as Handler, { method: "POST", path: `/api/v1/admin/cycles/${cycle}/populate_participants_jobs`, token, params: { id: String(cycle) }, body });

async function run(cycle: number, body: unknown) {
  const res = await start(cycle, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const jobId: number = res.body.job.id;
  const result = await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();
  expect(result).toMatchObject({ status: "SUCCEEDED" });
  return (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
}

async function participantsOf(cycle: number) {
  return (await getDb()).participant.findMany({ where: { cycleId: cycle }, orderBy: { userId: "asc" } });
}
const namesIn = async (cycle: number) => (await participantsOf(cycle)).map((p) => byId.get(p.userId) ?? `other:${p.userId}`).sort();
const byId = new Map<number, string>();

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Populate Admin" });
  adminToken = await bearerFor(admin.id);
  hrOpsToken = await bearerFor((await createTestUser({ role: "HR_OPS" })).id);
  const db = await getDb();
  const mk = async (key: string, role: Role, data: Partial<User> = {}) => {
    const user = await db.user.create({ data: { email: `${key}.${tag}@populate.example.com`, name: `${key} ${tag}`, role, ...(data as object) } });
    people[key] = user;
    byId.set(user.id, key);
    return user;
  };
  const date = (d: string) => new Date(`${d}T00:00:00.000Z`);
  await mk("hr", "PEOPLE_PARTNER", { department: ENG, location: BERLIN, level: L5, startDate: date("2015-01-01") });
  await mk("vp", "EMPLOYEE", { department: SALES, location: LISBON, level: L5, startDate: date("2016-05-01") });
  await mk("lead", "EMPLOYEE", { department: SALES, location: LISBON, level: L4, startDate: date("2019-03-01"), managerId: people.vp!.id, hrPartnerId: people.hr!.id });
  await mk("rep", "EMPLOYEE", {
    department: SALES, location: BERLIN, level: L3, startDate: date("2024-06-01"),
    managerId: people.lead!.id, secondaryManagerId: people.vp!.id, hrPartnerId: people.hr!.id,
  });
  await mk("newbie", "EMPLOYEE", { department: SALES, location: LISBON, level: L3, managerId: people.lead!.id }); // no start date
  await mk("dev", "EMPLOYEE", { department: ENG, location: BERLIN, level: L4, startDate: date("2020-01-01"), hrPartnerId: people.hr!.id });
  await mk("gone", "EMPLOYEE", { department: SALES, location: LISBON, level: L3, active: false, deactivatedAt: new Date() });
  await mk("ops", "HR_OPS", { department: SALES, location: LISBON, level: L4 });
});

afterAll(async () => {
  await stopWorker?.();
});

describe("populating a cycle from the directory", () => {
  it("adds only the people the filters select, with manager, secondary manager and HR partner from the directory", async () => {
    const cycle = await newCycle("filters");
    const job = await run(cycle, { departments: [SALES], levels: [L3, L4] });
    expect(job.params).toEqual({ departments: [SALES], levels: [L3, L4] });
    expect(await namesIn(cycle)).toEqual(["lead", "newbie", "rep"]); // not vp (L5), gone (inactive), ops (HR ops), dev/hr (Engineering)
    expect(job.succeededRows).toBe(3);
    expect(job.message).toBe("Created 3 participants; 0 users were already participants");
    const rows = new Map((await participantsOf(cycle)).map((p) => [byId.get(p.userId), p]));
    expect(rows.get("rep")).toMatchObject({ managerId: people.lead!.id, secondaryManagerId: people.vp!.id, hrPartnerId: people.hr!.id });
    expect(rows.get("lead")).toMatchObject({ managerId: people.vp!.id, secondaryManagerId: null, hrPartnerId: people.hr!.id });
    expect(rows.get("newbie")).toMatchObject({ managerId: people.lead!.id, hrPartnerId: null });

    // Audited like before: the job's creation with its params, one participant.create per person added.
    const db = await getDb();
    const created = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Job", entityId: String(job.id), action: "job.create" } });
    expect(JSON.stringify(created.after)).toContain(SALES);
    const participantAudits = await db.auditRecord.findMany({ where: { action: "participant.create", entityType: "Participant", entityId: { in: (await participantsOf(cycle)).map((p) => String(p.id)) } } });
    expect(participantAudits).toHaveLength(3);
    expect(participantAudits.every((a) => a.actorId === admin.id)).toBe(true);

    // A wider run adds the rest and nobody twice; the same run again adds nobody.
    const wider = await run(cycle, { departments: [ENG, SALES] });
    expect(wider.succeededRows).toBe(3); // vp, dev, hr
    expect(wider.message).toBe("Created 3 participants; 3 users were already participants");
    expect(await namesIn(cycle)).toEqual(["dev", "hr", "lead", "newbie", "rep", "vp"]);
    const again = await run(cycle, { departments: [ENG, SALES] });
    expect(again.succeededRows).toBe(0);
    expect((await participantsOf(cycle)).length).toBe(6);
  });

  it("keeps people whose start date is before the cut-off (none without a start date), combined with a location", async () => {
    const cycle = await newCycle("cut-off");
    await run(cycle, { locations: [LISBON, BERLIN], started_before: "2020-01-01" });
    expect(await namesIn(cycle)).toEqual(["hr", "lead", "vp"]); // dev started on the cut-off day, rep later, newbie has no date
    const byLocation = await newCycle("location");
    await run(byLocation, { locations: [BERLIN] });
    expect(await namesIn(byLocation)).toEqual(["dev", "hr", "rep"]);
    // The earliest dates the document admits select nobody (and do not fail in the database).
    for (const early of ["0000-01-01", "0001-01-01"]) {
      const none = await newCycle(`early ${early}`);
      const job = await run(none, { locations: [LISBON], started_before: early });
      expect(job.succeededRows).toBe(0);
    }
  });

  it("without filters adds every active employee and people partner", async () => {
    const cycle = await newCycle("everyone");
    const job = await run(cycle, {});
    expect(job.params).toEqual({});
    const mine = (await namesIn(cycle)).filter((n) => !n.startsWith("other:"));
    expect(mine).toEqual(["dev", "hr", "lead", "newbie", "rep", "vp"]);
    const eligible = await (await getDb()).user.count({ where: { active: true, erasedAt: null, role: { in: ["EMPLOYEE", "PEOPLE_PARTNER"] } } });
    expect((await participantsOf(cycle)).length).toBe(eligible);
  });

  it("refuses bad filters with 400 and starts nothing; HR ops cannot start one", async () => {
    const cycle = await newCycle("bad");
    const db = await getDb();
    const bad = [
      { departments: [] },
      { departments: SALES },
      { departments: [""] },
      { levels: [5] },
      { locations: ["x".repeat(201)] },
      { departments: ["Sales\u0000"] },
      { started_before: "2024-02-30" },
      { started_before: "01/02/2024" },
      { team: ["a"] },
    ];
    for (const body of bad) {
      const res = await start(cycle, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      // A NUL is refused by the input layer before the schema (ADR 0060).
      expect(res.body.error.code).toBe(JSON.stringify(body).includes("\\u0000") ? "invalid_characters" : "validation_failed");
    }
    expect((await start(cycle, { departments: [SALES] }, hrOpsToken)).status).toBe(403);
    expect(await db.job.count({ where: { cycleId: cycle } })).toBe(0);
  });
});

describe("the populate page", () => {
  it("offers the directory's departments, locations and levels and starts a job with the chosen ones", async () => {
    const cycle = await newCycle("page");
    const cookie = await sessionCookieFor(admin.id);
    const path = `/app/admin/cycles/${cycle}/populate-participants-jobs`;
    const page = await callWithSession(populatePage.loader as never, { path, cookie, params: { cycleId: String(cycle) } });
    expect(page.status).toBe(200);
    expect(page.body.filterOptions.departments).toEqual(expect.arrayContaining([SALES, ENG]));
    expect(page.body.filterOptions.locations).toEqual(expect.arrayContaining([LISBON, BERLIN]));
    expect(page.body.filterOptions.levels).toEqual(expect.arrayContaining([L3, L4, L5]));
    // Deactivated-only values are not offered.
    const gone = await (await getDb()).user.create({ data: { email: `ghost.${tag}@populate.example.com`, name: "Ghost", department: `Ghost dept ${tag}`, active: false } });
    const again = await callWithSession(populatePage.loader as never, { path, cookie, params: { cycleId: String(cycle) } });
    expect(again.body.filterOptions.departments).not.toContain(`Ghost dept ${tag}`);
    expect(gone.id).toBeGreaterThan(0);

    const form = new URLSearchParams([["departments", SALES], ["levels", L3], ["levels", L5], ["started_before", ""]]);
    // The repeated fields posted as the browser does (callWithSession's form has one value per key).
    const request = new Request(`http://127.0.0.1${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() });
    const response = (await (populatePage.action as (a: never) => Promise<Response>)({ request, params: { cycleId: String(cycle) }, context: {} } as never)) as Response;
    expect(response.status).toBe(302);
    const jobId = Number(/\/(\d+)$/.exec(response.headers.get("Location")!)![1]);
    const job = await (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.params).toEqual({ departments: [SALES], levels: [L3, L5] });
    await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();
    expect(await namesIn(cycle)).toEqual(["newbie", "rep", "vp"]);

    const bad = await callWithSession(populatePage.action as never, { method: "POST", path, cookie, params: { cycleId: String(cycle) }, form: { started_before: "2024-13-01" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, formError: { key: "jobs.failure.checkChoices" } });
  });

  it("the OpenAPI document describes the filters as the POST body", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const post = res.body.paths["/api/v1/admin/cycles/{cycle_id}/populate_participants_jobs"].post;
    const schema = post.requestBody.content["application/json"].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(["departments", "levels", "locations", "started_before"]);
    expect(schema.additionalProperties).toBe(false);
  });
});
