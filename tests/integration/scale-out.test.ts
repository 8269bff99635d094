/**
 * Two app processes and two workers on one PostgreSQL and one Temporal server (issue 17 §3; ADR 0045), the way a
 * company runs it when one machine is not enough: the production web entry (build/app-server.mjs) twice, on two
 * ports, and the production worker (worker/main.ts) twice, all on the test database and the test Temporal server
 * (a task queue of this file's), with one SESSION_SECRET.
 *  - a session made on app 1 (signed in through the local OpenID provider) answers on app 2, and ends on both;
 *  - a participant upload started on app 1 and a stage move started on app 2 are each done exactly once;
 *  - app 1 and the worker running a 10,000-row upload are SIGKILLed mid-job: the job finishes on the other
 *    worker, read through app 2, with exact row counts and audit records.
 * PostgreSQL only (a PGlite folder belongs to one process). Needs `npm run build`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CookieJar, untilOutput } from "../../scripts/lib/child-process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { createCycle } from "~/features/cycles/workflow.server";
import { mandatoryPairs } from "~/features/participants/rules";
import { bearerFor, createTestUser } from "../support/api";
import { testDbKind } from "../support/db";
import { startWorkerProcess, type WorkerProcess } from "../support/fault";
import { until } from "../support/wait";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const onPostgres = testDbKind() === "postgres";
const [PORT_1, PORT_2] = (process.env.SCALE_OUT_PORTS ?? "3641,3642").split(",").map(Number) as [number, number];
const OIDC_PORT = Number(process.env.SCALE_OUT_OIDC_PORT ?? 5641);
const taskQueue = `scale-out-${randomUUID().slice(0, 8)}`;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `pmr-${taskQueue}-`));
const savedQueue = process.env.TEMPORAL_TASK_QUEUE;
const SESSION_SECRET = `scale-out-${randomUUID()}-${randomUUID()}`;

type WebProcess = { url: string; kill(): Promise<void>; stop(): Promise<void> };

/** build/app-server.mjs on `port` (as `npm run start:web` runs it), once it listens. */
async function startWebProcess(name: string, port: number, extra: Record<string, string> = {}): Promise<WebProcess> {
  const logFile = path.join(logDir, `${name}.log`);
  const log = fs.openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "build/app-server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      TEMPORAL_TASK_QUEUE: taskQueue,
      SESSION_SECRET,
      ...extra,
    },
    stdio: ["ignore", "pipe", log],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  await untilOutput(child, { text: "App listening on", logFile, timeoutMs: 150_000, exited, what: name }); // four processes start at once on a busy machine
  const end = async (signal: NodeJS.Signals) => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(force);
  };
  return { url: `http://127.0.0.1:${port}`, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}

const workerEnv = (name: string) => ({
  // The name shows in pg_stat_activity: the test sees which worker holds the job's transaction.
  DATABASE_URL: `${process.env.DATABASE_URL!}${process.env.DATABASE_URL!.includes("?") ? "&" : "?"}application_name=${name}`,
  TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS!,
  TEMPORAL_TASK_QUEUE: taskQueue,
  SESSION_SECRET,
});

let app1: WebProcess | null = null;
let app2: WebProcess | null = null;
const workers = new Map<string, WorkerProcess>();
let admin: User;
let adminToken: string;
let actor: Actor;

beforeAll(async () => {
  if (!onPostgres) return;
  if (!fs.existsSync(path.join(root, "build/app-server.mjs"))) {
    throw new Error("tests/integration/scale-out.test.ts runs the production build: run `npm run build` first");
  }
  // Workflows this file starts from the test process (the cycle's) go to the two workers' queue too.
  process.env.TEMPORAL_TASK_QUEUE = taskQueue;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Scale Admin" });
  adminToken = await bearerFor(admin.id);
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
  const started = await Promise.all([
    startWebProcess("app-1", PORT_1, { DEV_OIDC_PORT: String(OIDC_PORT) }),
    startWebProcess("app-2", PORT_2),
    startWorkerProcess(workerEnv("scale-worker-1"), path.join(logDir, "worker-1.log")),
    startWorkerProcess(workerEnv("scale-worker-2"), path.join(logDir, "worker-2.log")),
  ]);
  [app1, app2] = [started[0], started[1]];
  workers.set("scale-worker-1", started[2]);
  workers.set("scale-worker-2", started[3]);
});

let failed = false;
afterEach((ctx) => {
  if (ctx.task.result?.state === "fail") failed = true;
});

afterAll(async () => {
  if (savedQueue === undefined) delete process.env.TEMPORAL_TASK_QUEUE;
  else process.env.TEMPORAL_TASK_QUEUE = savedQueue;
  await Promise.all([app1?.stop(), app2?.stop(), ...[...workers.values()].map((w) => w.stop())]);
  // The processes' logs stay when a test failed.
  if (failed) console.log(`scale-out: the app and worker logs are in ${logDir}`);
  else fs.rmSync(logDir, { recursive: true, force: true });
});

const api = (app: WebProcess, method: string, pathName: string, body?: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${pathName}`, { method, body, headers: { Authorization: `Bearer ${adminToken}`, ...headers } });

/** `count` users; user i reports to user floor((i - 1) / 8), user 0 to nobody. */
async function makeUsers(count: number, label: string): Promise<User[]> {
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const data = Array.from({ length: count }, (_, i) => ({ email: `${label}${i}.${tag}@scale.example.com`, name: `${label} ${i} ${tag}` }));
  for (let i = 0; i < data.length; i += 2000) await db.user.createMany({ data: data.slice(i, i + 2000) });
  return db.user.findMany({ where: { email: { endsWith: `.${tag}@scale.example.com` } }, orderBy: { id: "asc" } });
}
const managerIndex = (i: number) => (i === 0 ? null : Math.floor((i - 1) / 8));

function uploadForm(users: User[]): FormData {
  const lines = ["email,manager_email,reviewer_only", ...users.map((u, i) => `${u.email},${managerIndex(i) === null ? "" : users[managerIndex(i)!]!.email},false`)];
  const form = new FormData();
  form.set("error_mode", "valid_only");
  form.set("file", new Blob([lines.join("\n") + "\n"], { type: "text/csv" }), "people.csv");
  return form;
}

async function newCycle(label: string): Promise<number> {
  return (await createCycle(actor, { name: `${label} ${randomUUID().slice(0, 8)}`, max_peers: 10 })).id;
}

/** The job's status read through `app`, once it has ended. */
async function jobEnded(app: WebProcess, cycleId: number, jobId: number, timeoutMs = 100_000) {
  return until(
    `job ${jobId} to end`,
    async () => {
      const res = await api(app, "GET", `/api/v1/admin/cycles/${cycleId}/upload_participant_jobs/${jobId}`);
      if (res.status !== 200) return null;
      const { job } = (await res.json()) as { job: { status: string; processed_rows: number; succeeded_rows: number; failed_rows: number } };
      return job.status === "succeeded" || job.status === "failed" ? job : null;
    },
    timeoutMs,
  );
}

/** Per-participant and per-job audit counts of an upload into `cycleId`. */
async function uploadAudits(cycleId: number, jobId: number) {
  const db = await getDb();
  const perParticipant = await db.$queryRaw<Array<{ action: string; n: number; entities: number }>>`
    SELECT a.action, count(*)::int AS n, count(DISTINCT a."entityId")::int AS entities
    FROM "AuditRecord" a JOIN "Participant" p ON a."entityType" = 'Participant' AND a."entityId" = p.id::text
    WHERE p."cycleId" = ${cycleId} GROUP BY a.action`;
  const jobAudits = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) } });
  const count = (action: string) => jobAudits.filter((a) => a.action === action).length;
  return { perParticipant, create: count("job.create"), start: count("job.start"), chunks: count("job.rows_committed"), succeed: count("job.succeed"), all: jobAudits.length };
}

// ---------------------------------------------------------------------------------------------- sign-in


const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** Signs `email` in on `app` the way a browser does: login button → local provider's picker → callback. */
async function browserSignIn(app: WebProcess, email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const start = await fetch(`${app.url}/auth/google`, { method: "POST", body: new URLSearchParams(), headers: { Origin: app.url }, redirect: "manual" });
  expect(start.status).toBe(302);
  jar.add(start);
  const authorize = new URL(start.headers.get("Location")!);
  expect(authorize.origin).toBe(`http://127.0.0.1:${OIDC_PORT}`);
  const html = await (await fetch(authorize)).text();
  const form = [...html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)].find((f) => f[2]!.includes(`name="email" value="${email}"`));
  if (!form) throw new Error(`${email} is not listed by the local provider`);
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.set(m[1]!, unescapeHtml(m[2]!));
  const chosen = await fetch(new URL(unescapeHtml(form[1]!), authorize), { method: "POST", body: fields, redirect: "manual" });
  expect(chosen.status).toBe(302);
  const back = new URL(chosen.headers.get("Location")!);
  expect(back.origin).toBe(app.url);
  const callback = await fetch(back, { headers: { Cookie: jar.header() }, redirect: "manual" });
  expect(callback.status).toBe(302);
  jar.add(callback);
  expect(jar.has("__pmr_session")).toBe(true);
  return jar;
}

// ---------------------------------------------------------------------------------------------- the tests

describe.skipIf(!onPostgres)("two app processes and two workers on one PostgreSQL and one Temporal server", () => {
  it("a session made on app 1 answers on app 2, and signing out on app 2 ends it on app 1", async () => {
    const person = await createTestUser({ name: "Scale Person" });
    const jar = await browserSignIn(app1!, person.email);
    const page = (app: WebProcess) => fetch(`${app.url}/app/anytime-feedback`, { headers: { Cookie: jar.header() }, redirect: "manual" });
    for (const app of [app1!, app2!]) {
      const res = await page(app);
      expect(res.status, app.url).toBe(200);
      expect(await res.text()).toContain(person.name);
    }
    const out = await fetch(`${app2!.url}/app/logout`, { method: "POST", headers: { Cookie: jar.header(), Origin: app2!.url }, redirect: "manual" });
    expect(out.status).toBeLessThan(400);
    const after = await page(app1!);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toContain("/app/login");
  });

  it("a participant upload started on app 1 and a stage move started on app 2 are each done once", async () => {
    const db = await getDb();
    const N = 300;
    const users = await makeUsers(N, "j");
    const uploadCycle = await newCycle("scale upload");
    // The stage move's cycle, its participants in place; moved by app 2 while the job runs.
    const moveUsers = await makeUsers(400, "m");
    const moveCycle = await newCycle("scale move");
    await db.participant.createMany({ data: moveUsers.map((u, i) => ({ cycleId: moveCycle, userId: u.id, managerId: managerIndex(i) === null ? null : moveUsers[managerIndex(i)!]!.id })) });

    const started = await api(app1!, "POST", `/api/v1/admin/cycles/${uploadCycle}/upload_participant_jobs`, uploadForm(users));
    expect(started.status).toBe(202);
    const jobId = ((await started.json()) as { job: { id: number } }).job.id;
    const move = async (transition: string) => {
      const res = await api(app2!, "PATCH", `/api/v1/admin/cycles/${moveCycle}/${transition}`);
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await move("start");
    await move("progress_to_spu_feedback");

    const job = await jobEnded(app2!, uploadCycle, jobId);
    expect(job).toMatchObject({ status: "succeeded", processed_rows: N, succeeded_rows: N, failed_rows: 0 });
    const participants = await db.participant.findMany({ where: { cycleId: uploadCycle }, select: { userId: true } });
    expect(participants).toHaveLength(N);
    expect(new Set(participants.map((p) => p.userId)).size).toBe(N);
    const audits = await uploadAudits(uploadCycle, jobId);
    expect(audits.perParticipant).toEqual([{ action: "participant.create", n: N, entities: N }]);
    expect(audits).toMatchObject({ create: 1, start: 1, succeed: 1 });
    expect(audits.all).toBe(audits.chunks + 3);

    const expected = mandatoryPairs(await db.participant.findMany({ where: { cycleId: moveCycle } })).filter((p) => p.reviewerType !== "manager");
    const cycleAudits = await db.auditRecord.findMany({ where: { entityType: "Cycle", entityId: String(moveCycle) } });
    expect(cycleAudits.filter((a) => a.action === "cycle.transition").map((a) => (a.after as { transition: string }).transition)).toEqual(["start", "progress_to_spu_feedback"]);
    expect(cycleAudits.filter((a) => a.action === "cycle.feedback_requests_opened")).toHaveLength(1);
    const feedbacks = await db.feedback.findMany({ where: { cycleId: moveCycle }, select: { revieweeId: true, reviewerId: true } });
    expect(feedbacks).toHaveLength(expected.length);
    expect(new Set(feedbacks.map((r) => `${r.revieweeId}>${r.reviewerId}`)).size).toBe(expected.length);
    expect((await db.cycle.findUniqueOrThrow({ where: { id: moveCycle } })).state).toBe("SPU_FEEDBACK");
  });

  it("app 1 and the worker running a 10,000-row upload SIGKILLed mid-job: it finishes on the other, nothing lost or doubled", async () => {
    const db = await getDb();
    const N = 10_000;
    const users = await makeUsers(N, "k");
    const cycleId = await newCycle("scale kill");
    const t0 = Date.now();
    const started = await api(app1!, "POST", `/api/v1/admin/cycles/${cycleId}/upload_participant_jobs`, uploadForm(users));
    expect(started.status).toBe(202);
    const jobId = ((await started.json()) as { job: { id: number } }).job.id;

    // Wait until a worker holds one of the job's chunk transactions open, then kill that worker and app 1.
    const holder = await until(
      "a worker to hold the job's work in a transaction",
      async () => {
        const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
        if (job.status !== "PENDING" && job.status !== "RUNNING") throw new Error(`Job ${jobId} ended (${job.status}) before the kill: make it larger`);
        // Only this job runs on the workers' queue now: a transaction of theirs is the job's (its staging or a chunk).
        const open = await db.$queryRaw<Array<{ name: string }>>`
          SELECT application_name AS name FROM pg_stat_activity
          WHERE datname = current_database() AND backend_xid IS NOT NULL AND application_name LIKE 'scale-worker-%' LIMIT 1`;
        return open[0]?.name ?? null;
      },
      60_000,
    );
    const killedAt = (await db.job.findUniqueOrThrow({ where: { id: jobId } })).processedRows;
    await Promise.all([workers.get(holder)!.kill(), app1!.kill()]);
    workers.delete(holder);
    const stopped = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(["PENDING", "RUNNING"]).toContain(stopped.status);
    expect(stopped.processedRows).toBeLessThan(N);
    expect(await fetch(`${app1!.url}/api/v1/config`).catch(() => null)).toBeNull();

    const t1 = Date.now();
    const job = await jobEnded(app2!, cycleId, jobId);
    const resumedS = (Date.now() - t1) / 1000;
    expect(job).toMatchObject({ status: "succeeded", processed_rows: N, succeeded_rows: N, failed_rows: 0 });
    const participants = await db.participant.findMany({ where: { cycleId }, select: { userId: true, managerId: true } });
    expect(participants).toHaveLength(N);
    expect(new Set(participants.map((p) => p.userId)).size).toBe(N);
    const byUser = new Map(participants.map((p) => [p.userId, p]));
    users.forEach((u, i) => expect(byUser.get(u.id)?.managerId ?? null).toBe(managerIndex(i) === null ? null : users[managerIndex(i)!]!.id));
    const audits = await uploadAudits(cycleId, jobId);
    expect(audits.perParticipant).toEqual([{ action: "participant.create", n: N, entities: N }]);
    expect(audits).toMatchObject({ create: 1, start: 1, succeed: 1 });
    expect(audits.all).toBe(audits.chunks + 3);
    // The job's work ran once: its committed chunks cover the rows without overlap.
    const ranges = (await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId), action: "job.rows_committed" } })).map((a) => a.after as { from_row: number; created: number });
    expect(new Set(ranges.map((r) => r.from_row)).size).toBe(ranges.length);
    expect(ranges.reduce((n, r) => n + r.created, 0)).toBe(N);
    // The other app and worker still serve.
    expect((await api(app2!, "GET", `/api/v1/admin/cycles/${cycleId}/upload_participant_jobs`)).status).toBe(200);

    console.log(
      `fault: one app and one worker killed mid-job — survived, ${holder} and app 1 SIGKILLed at row ${killedAt} of ${N}, the job finished on the other worker` +
        ` ${resumedS.toFixed(1)} s later (${((Date.now() - t0) / 1000).toFixed(1)} s in all), read through app 2: ${participants.length} participants, 0 duplicates,` +
        ` ${audits.perParticipant[0]!.n} participant.create, ${audits.chunks} job.rows_committed, 1 job.start, 1 job.succeed`,
    );
  });
});
