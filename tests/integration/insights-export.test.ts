/**
 * The fairness insights' CSV export (issue 29 §5, ADR 0115) on the real database and the Temporal dev server (the
 * app's worker runs the job): POST /api/v1/insights/{cycles/{id},calibration_sessions/{id}}/export_jobs starts a bulk
 * job whose file holds exactly the figures GET /api/v1/insights/… answers the same reader with the same filters (every
 * figure × attribute × row × measure, the gaps' tests, p-values and effects); an HR partner's file holds her people
 * only and is hers (404 to another HR partner); the privacy floor holds in the file (a single-out attempt by filters
 * finds no line under the floor); an employee is refused and bad input is a 4xx JSON error that starts nothing; the
 * insight page's form starts one and its page shows it.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { getTemporalClient } from "~/platform/temporal.server";
import type { InsightsJson } from "~/features/insights/insight-json";
import { exportRowKind, INSIGHTS_EXPORT_COLUMNS } from "~/features/insights/export/csv";
import * as cycleInsights from "~/routes/api.v1.insights.cycles.$cycle_id";
import * as sessionInsights from "~/routes/api.v1.insights.calibration_sessions.$session_id";
import * as cycleExports from "~/routes/api.v1.insights.cycles.$cycle_id.export_jobs";
import * as cycleExport from "~/routes/api.v1.insights.cycles.$cycle_id.export_jobs.$jobId";
import * as cycleExportFile from "~/routes/api.v1.insights.cycles.$cycle_id.export_jobs.$jobId.file";
import * as sessionExports from "~/routes/api.v1.insights.calibration_sessions.$session_id.export_jobs";
import * as sessionExportFile from "~/routes/api.v1.insights.calibration_sessions.$session_id.export_jobs.$jobId.file";
import * as cyclePage from "~/routes/app.insights.cycles.$cycleId";
import * as exportPage from "~/routes/app.insights.exports.$jobId";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];
type Line = Record<(typeof INSIGHTS_EXPORT_COLUMNS)[number], string>;

const K = 5;
let stopWorker: () => Promise<void>;
let admin: User;
let hr: User;
let hr2: User;
const tokens = {} as Record<"admin" | "hr" | "hr2" | "employee", string>;
let cycleId: number;
let sessionId: number;
let genderId: number;
let departmentId: number;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  const db = await getDb();
  await db.companySettings.updateMany({ data: { insightsPrivacyFloor: K } });
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Export Admin" });
  hr = await createTestUser({ role: "PEOPLE_PARTNER", name: "Export HR" });
  hr2 = await createTestUser({ role: "PEOPLE_PARTNER", name: "Export Other HR" });
  const employee = await createTestUser({ name: "Export Employee" });
  [tokens.admin, tokens.hr, tokens.hr2, tokens.employee] = await Promise.all([admin, hr, hr2, employee].map((u) => bearerFor(u.id)));
  genderId = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } })).id;
  departmentId = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "department" } })).id;
  cycleId = (await db.cycle.create({ data: { name: "Export cycle", state: "CALIBRATION", workflowId: `export-${Date.now()}`, startDate: new Date("2026-07-01") } })).id;
  sessionId = (await db.calibrationSession.create({ data: { cycleId, name: "Export session", kind: "RATING", createdById: admin.id } })).id;
  const peer = await createTestUser({ name: "Export Peer" });
  // hr's people: 6 women in Eng (rated lower), 6 men in Sales, one "X" in Eng (a group of one nobody may single out);
  // hr2's: 5 women in Ops.
  const spec = [
    ...Array.from({ length: 6 }, (_, i) => ({ gender: "Woman", department: "Eng", hr: hr.id, accepted: i % 2 === 0, before: 2 + (i % 2), after: 2 })),
    ...Array.from({ length: 6 }, (_, i) => ({ gender: "Man", department: "Sales", hr: hr.id, accepted: i !== 0, before: 4, after: 4 + (i % 2) })),
    { gender: "X", department: "Eng", hr: hr.id, accepted: true, before: 5, after: 1 },
    ...Array.from({ length: 5 }, () => ({ gender: "Woman", department: "Ops", hr: hr2.id, accepted: false, before: 3, after: 3 })),
  ];
  for (const s of spec) {
    const user = await createTestUser({ name: `Export ${s.gender}` });
    await db.user.update({ where: { id: user.id }, data: { department: s.department } });
    await db.attributeValue.create({ data: { userId: user.id, attributeId: genderId, value: s.gender } });
    const p = await db.participant.create({ data: { cycleId, userId: user.id, hrPartnerId: s.hr, proposedRating: s.before } });
    await db.peerRequest.create({ data: { cycleId, participantId: p.id, reviewerId: peer.id, status: s.accepted ? "ACCEPTED" : "DECLINED" } });
    await db.calibrationSessionParticipant.create({ data: { sessionId, participantId: p.id, kind: "RATING", rating: s.after } });
  }
}, 120_000);

afterAll(async () => {
  await stopWorker?.();
});

const cyclePath = (rest = "") => `/api/v1/insights/cycles/${cycleId}/export_jobs${rest}`;
const sessionPath = (rest = "") => `/api/v1/insights/calibration_sessions/${sessionId}/export_jobs${rest}`;
const cycleParams = (jobId?: number) => ({ cycle_id: String(cycleId), ...(jobId ? { jobId: String(jobId) } : {}) });

const startCycleExport = (token: string, body: unknown = {}) => callRoute(cycleExports.action as Handler, { method: "POST", path: cyclePath(), token, params: cycleParams(), body });
const waitForJob = async (jobId: number) => (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();

async function cycleFile(token: string, jobId: number) {
  const res = await callRoute(cycleExportFile.loader as Handler, { path: cyclePath(`/${jobId}/file`), token, params: cycleParams(jobId) });
  return { ...res, lines: res.status === 200 ? csvLines(res.body as string, res.response) : [] };
}

/** The file's lines; its length says the UTF-8 BOM came first (reading the body as text drops it). */
function csvLines(text: string, response: Response): Line[] {
  expect(Number(response.headers.get("Content-Length")), "the BOM's 3 bytes and the text").toBe(Buffer.byteLength(text, "utf8") + 3);
  return parse(text, { columns: true });
}

const filterQuery = (filters: Array<{ attribute_id: number; value: string }>) =>
  filters.length ? `?${filters.map((f) => `filter=${f.attribute_id}:${encodeURIComponent(f.value)}`).join("&")}` : "";

async function apiCycleInsights(token: string, filters: Array<{ attribute_id: number; value: string }> = []): Promise<InsightsJson> {
  const res = await callRoute(cycleInsights.loader as Handler, { path: `/api/v1/insights/cycles/${cycleId}${filterQuery(filters)}`, token, params: { cycle_id: String(cycleId) } });
  expect(res.status).toBe(200);
  return res.body as InsightsJson;
}

/** The file's lines are the answer's figures, each row's every measure with its gap, and nothing else. */
function expectFileMatches(lines: Line[], insights: InsightsJson) {
  let expected = 0;
  const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  for (const figure of insights.figures) {
    const of = lines.filter((l) => l.figure === figure.figure && l.attribute_id === String(figure.attribute.id));
    if (!figure.shown) {
      expect(of, `${figure.figure} by ${figure.attribute.name}`).toEqual([expect.objectContaining({ shown: "false", suppressed_reason: figure.suppressed_reason ?? "", people: "" })]);
      expected += 1;
      continue;
    }
    for (const row of [...figure.rows, figure.total!]) {
      const kind = exportRowKind(row, row === figure.total);
      const rowLines = of.filter((l) => l.row === kind && l.group === (kind === "group" ? row.group : ""));
      for (const m of figure.measures) {
        const line = rowLines.find((l) => l.measure === m.key);
        expect(line, `${figure.figure} by ${figure.attribute.name}: ${kind} ${row.group} ${m.key}`).toBeDefined();
        expect(line).toMatchObject({ people: String(row.people), value: cell(row.values[m.key]), privacy_floor: String(insights.privacy_floor) });
        const gap = kind === "everyone" ? undefined : figure.gaps.find((g) => g.measure === m.key && g.group === row.group && g.other === row.other);
        expect(line).toMatchObject(gap ? { gap_test: gap.test, gap_p_value: String(gap.p), gap_effect: String(gap.effect), gap_significant: String(gap.significant) } : { gap_test: "", gap_p_value: "" });
      }
      const distribution = row.distribution ? Object.keys(row.distribution.before).length + Object.keys(row.distribution.after).length : 0;
      expect(rowLines).toHaveLength(figure.measures.length + distribution);
      expected += rowLines.length;
    }
  }
  expect(lines).toHaveLength(expected);
}

describe("POST …/export_jobs", () => {
  it("a super admin's export of the cycle runs as job-<id>; its file holds exactly the API's figures; the start is audited", async () => {
    const res = await startCycleExport(tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const jobId: number = res.body.job.id;
    expect(res.body.job).toMatchObject({ cycle_id: cycleId, type: "export_insights", status: "pending", workflow_id: `job-${jobId}`, output_file_url: null });
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });

    const item = await callRoute(cycleExport.loader as Handler, { path: cyclePath(`/${jobId}`), token: tokens.admin, params: cycleParams(jobId) });
    expect(item.status).toBe(200);
    expect(item.body.job).toMatchObject({ status: "succeeded", output_file_url: cyclePath(`/${jobId}/file`), message: `${item.body.job.total_rows} rows written` });

    const file = await cycleFile(tokens.admin, jobId);
    expect(file.status).toBe(200);
    expect(file.response.headers.get("Content-Disposition")).toContain(`insights-cycle-${cycleId}-job-${jobId}.csv`);
    const insights = await apiCycleInsights(tokens.admin);
    expect(insights.figures.length).toBeGreaterThan(4);
    expectFileMatches(file.lines, insights);
    expect(item.body.job.total_rows).toBe(file.lines.length);
    // Every gap of the answer is on its measure's line, with its words.
    const gaps = insights.figures.flatMap((f) => f.gaps);
    expect(gaps.length).toBeGreaterThan(0);
    expect(file.lines.filter((l) => l.gap_test !== "" && l.gap_words !== "")).toHaveLength(gaps.length);
    expect(file.lines.some((l) => l.group === "X")).toBe(false);

    const audits = await (await getDb()).auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["job.create", "job.start", "job.succeed"]);
    expect(audits[0]!.after).toMatchObject({ type: "export_insights", cycle_id: cycleId, job_params: { scope: "cycle", session_id: null, filters: [] } });
    expect(audits[0]!.actorId).toBe(admin.id);
  });

  it("a session's export holds the session's ratings as its API answers them", async () => {
    const res = await callRoute(sessionExports.action as Handler, { method: "POST", path: sessionPath(), token: tokens.admin, params: { session_id: String(sessionId) }, body: { filters: [] } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });
    const file = await callRoute(sessionExportFile.loader as Handler, { path: sessionPath(`/${jobId}/file`), token: tokens.admin, params: { session_id: String(sessionId), jobId: String(jobId) } });
    expect(file.status).toBe(200);
    const lines = csvLines(file.body as string, file.response);
    const api = await callRoute(sessionInsights.loader as Handler, { path: `/api/v1/insights/calibration_sessions/${sessionId}`, token: tokens.admin, params: { session_id: String(sessionId) } });
    expectFileMatches(lines, api.body as InsightsJson);
    expect(lines.every((l) => l.scope === "session" && l.session_id === String(sessionId) && l.figure === "ratings")).toBe(true);
    // The session's export is not in the cycle's list, nor the other way round.
    const list = await callRoute(sessionExports.loader as Handler, { path: sessionPath(), token: tokens.admin, params: { session_id: String(sessionId) } });
    expect(list.body.jobs.map((j: { id: number }) => j.id)).toEqual([jobId]);
  });

  it("an HR partner's export holds her people only, and it is hers: another HR partner gets 404", async () => {
    const res = await startCycleExport(tokens.hr);
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });
    const file = await cycleFile(tokens.hr, jobId);
    expect(file.status).toBe(200);
    expectFileMatches(file.lines, await apiCycleInsights(tokens.hr));
    // 13 people: hers (6 women, 6 men, X), never hr2's 5 women in Ops.
    expect(new Set(file.lines.filter((l) => l.row === "everyone").map((l) => l.people))).toEqual(new Set(["13"]));
    expect(file.lines.some((l) => l.group === "Ops")).toBe(false);

    expect((await cycleFile(tokens.hr2, jobId)).status).toBe(404);
    expect((await callRoute(cycleExport.loader as Handler, { path: cyclePath(`/${jobId}`), token: tokens.hr2, params: cycleParams(jobId) })).status).toBe(404);
    const theirs = await callRoute(cycleExports.loader as Handler, { path: cyclePath(), token: tokens.hr2, params: cycleParams() });
    expect(theirs.status).toBe(200);
    expect(theirs.body.jobs.map((j: { id: number }) => j.id)).not.toContain(jobId);
    // A super admin reads every export of the cycle.
    expect((await cycleFile(tokens.admin, jobId)).status).toBe(200);
  });

  it("the privacy floor holds in the file: no filter combination singles anyone out there either", async () => {
    const combos = [
      [{ attribute_id: genderId, value: "X" }],
      [{ attribute_id: departmentId, value: "Eng" }],
      [
        { attribute_id: genderId, value: "X" },
        { attribute_id: departmentId, value: "Eng" },
      ],
      [
        { attribute_id: genderId, value: "Woman" },
        { attribute_id: departmentId, value: "Eng" },
      ],
      [{ attribute_id: departmentId, value: "Ops" }],
    ];
    for (const [token, name] of [
      [tokens.admin, "admin"],
      [tokens.hr, "hr"],
    ] as const) {
      for (const filters of combos) {
        const res = await startCycleExport(token, { filters });
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        expect(await waitForJob(res.body.job.id)).toEqual({ jobId: res.body.job.id, status: "SUCCEEDED" });
        const { lines } = await cycleFile(token, res.body.job.id);
        const what = `${name} ${JSON.stringify(filters)}`;
        expectFileMatches(lines, await apiCycleInsights(token, filters));
        for (const l of lines) if (l.people !== "") expect(Number(l.people), `${what}: ${l.figure} ${l.row} ${l.group}`).toBeGreaterThanOrEqual(K);
        // The one "X" never stands alone: filtered on, every figure is hidden.
        if (filters.some((f) => f.value === "X")) expect(lines.every((l) => l.shown === "false"), what).toBe(true);
        expect(lines.every((l) => l.filters !== ""), what).toBe(true);
      }
    }
  }, 240_000);

  it("an employee is refused; bad input is a 4xx JSON error; neither starts a job", async () => {
    const db = await getDb();
    const before = await db.job.count({ where: { type: "EXPORT_INSIGHTS" } });
    expect((await startCycleExport(tokens.employee)).status).toBe(403);
    expect((await callRoute(cycleExports.loader as Handler, { path: cyclePath(), token: tokens.employee, params: cycleParams() })).status).toBe(403);
    expect((await callRoute(sessionExports.action as Handler, { method: "POST", path: sessionPath(), token: tokens.employee, params: { session_id: String(sessionId) }, body: {} })).status).toBe(403);
    const unknown = await callRoute(cycleExports.action as Handler, { method: "POST", path: "/api/v1/insights/cycles/2000000000/export_jobs", token: tokens.admin, params: { cycle_id: "2000000000" }, body: {} });
    expect(unknown.status).toBe(404);
    for (const body of [
      { filters: "x" },
      { filters: [{ attribute_id: 999_999, value: "x" }] },
      { filters: [{ attribute_id: genderId, value: "Woman" }, { attribute_id: genderId, value: "Man" }] },
      { filters: [], other: 1 },
    ]) {
      const res = await startCycleExport(tokens.admin, body);
      expect([400, 422], JSON.stringify(body)).toContain(res.status);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await db.job.count({ where: { type: "EXPORT_INSIGHTS" } })).toBe(before);
    expect((await callRoute(cycleExports.action as Handler, { method: "PUT", path: cyclePath(), token: tokens.admin, params: cycleParams(), body: {} })).status).toBe(405);
  });
});

describe("the insight page's export", () => {
  it("'Export as CSV' with the page's filter starts a job and opens its page; the page is its creator's", async () => {
    const cookie = await sessionCookieFor(hr.id);
    const posted = await callWithSession(cyclePage.action as Handler, {
      method: "POST",
      path: `/app/insights/cycles/${cycleId}?by=${departmentId}`,
      cookie,
      params: { cycleId: String(cycleId) },
      form: { filter: `${genderId}:Man` },
    });
    expect(posted.status).toBe(302);
    const location = posted.response.headers.get("Location")!;
    const jobId = Number(/^\/app\/insights\/exports\/(\d+)$/.exec(location)?.[1]);
    expect(jobId).toBeGreaterThan(0);
    const job = await (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ type: "EXPORT_INSIGHTS", cycleId, createdById: hr.id, params: { scope: "cycle", session_id: null, filters: [{ attribute_id: genderId, value: "Man" }] } });
    await waitForJob(jobId);
    const page = await callWithSession(exportPage.loader as Handler, { path: location, cookie, params: { jobId: String(jobId) } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ scope: { kind: "cycle", cycleId }, name: "Export cycle", job: { id: jobId, status: "succeeded", output_file_url: cyclePath(`/${jobId}/file`) } });
    const other = await callWithSession(exportPage.loader as Handler, { path: location, cookie: await sessionCookieFor(hr2.id), params: { jobId: String(jobId) } });
    expect(other.status).toBe(404);
    const employee = await callWithSession(cyclePage.action as Handler, { method: "POST", path: `/app/insights/cycles/${cycleId}`, cookie: await sessionCookieFor((await createTestUser()).id), params: { cycleId: String(cycleId) }, form: {} });
    expect(employee.status).toBe(403);
  });
});
