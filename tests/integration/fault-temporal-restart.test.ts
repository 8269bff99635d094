/**
 * Fault: the Temporal server restarts (ADR 0044). A Temporal CLI dev server of this file's own (ports 7631-7633,
 * its SQLite file in a temp folder, so its state survives) carries an open cycle workflow, a (promotion)
 * calibration session workflow and endorsement workflows, with timers and a Temporal Schedule due shortly after
 * the restart: the session's deadline reminder, an endorsement's expiry at its deadline and a one-off nudge
 * schedule. The server is killed (SIGKILL) and started again on the same file; the app's client and the worker (this
 * process, through the app's own services: the client is pointed at this server for the file) carry on by
 * themselves:
 *  - every timer and the schedule fire after the restart, each once (reminder notification, expiry, nudge job);
 *    a recurring nudge schedule made before the restart runs when triggered after it;
 *  - the workflows answer updates after it: an endorser accepts, the cycle moves twice (with its stage effects),
 *    the session is activated; each change is in the database once, with its audit record.
 * Runs in the PGlite lane (named *-restart: the PostgreSQL lane leaves out the Temporal-side files).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, Connection } from "@temporalio/client";
import type { Worker } from "@temporalio/worker";
import { getDb } from "~/platform/db.server";
import { setDeadlineThroughWorkflow } from "~/features/calibration/workflow.server";
import { createNudgeSchedule } from "~/features/nudges/schedules.server";
import { startTemporalDevServer, type TemporalDevServer } from "../../scripts/lib/temporal-dev";
import { createAppWorker } from "../../worker/worker";
import { auditCount, call, createPromotionOrg, endorsementWorkflow, moveCycleTo, nominate, sessionBody, sessionsUrl, sessionWorkflow, transitionUrl, type PromotionOrg } from "../support/promotions";
import { sleep, until } from "../support/wait";

const PORTS = { port: 7631, httpPort: 7632, metricsPort: 7633 };
const address = `127.0.0.1:${PORTS.port}`;
const taskQueue = "fault-temporal-restart";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-fault-temporal-"));
const serverOptions = { ...PORTS, headless: true, dbFile: path.join(dir, "temporal.db"), logFile: path.join(dir, "server.log") };
/** How long after the set-up the timers and the schedule are due (the restart comes in between). */
const DUE_IN_MS = 25_000;

let server: TemporalDevServer | null = null;
let worker: Worker | null = null;
let running: Promise<void> | null = null;
let savedClient: typeof globalThis.__pmrTemporal;
let ownClient: Promise<Client> | null = null;
const savedQueue = process.env.TEMPORAL_TASK_QUEUE;

beforeAll(async () => {
  server = await startTemporalDevServer(serverOptions);
  // The app's services (getTemporalClient, temporalSettings().taskQueue) use this server and queue for the file.
  savedClient = globalThis.__pmrTemporal;
  ownClient = Connection.connect({ address, connectTimeout: 5000 }).then((connection) => new Client({ connection, namespace: "default" }));
  globalThis.__pmrTemporal = ownClient;
  process.env.TEMPORAL_TASK_QUEUE = taskQueue;
  worker = await createAppWorker({ address, taskQueue });
  running = worker.run();
});

afterAll(async () => {
  if (worker?.getState() === "RUNNING") worker.shutdown();
  await running?.catch(() => {});
  globalThis.__pmrTemporal = savedClient;
  if (savedQueue === undefined) delete process.env.TEMPORAL_TASK_QUEUE;
  else process.env.TEMPORAL_TASK_QUEUE = savedQueue;
  await (await ownClient?.catch(() => undefined))?.connection.close().catch(() => {});
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the Temporal server restarts", () => {
  it("open cycle, calibration session and endorsement workflows carry on; their timers and schedules still fire", async () => {
    const db = await getDb();
    const org: PromotionOrg = await createPromotionOrg("FaultT");
    await moveCycleTo(org, "spu_feedback");
    await nominate(org, ["A", "B"]);
    const created = await call("POST", sessionsUrl(org, "hr_partner"), { token: org.token.hr, body: sessionBody(org, "Fault restart", ["A", "B"]) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sessionId: number = created.body.promotion_calibration_session.id;
    const hrNom = (who: "A" | "B") => sessionsUrl(org, "hr_partner", sessionId, who);

    // Everything due at one moment shortly after the restart (whole seconds: a schedule's calendar has no finer unit).
    const dueAt = new Date(Math.ceil((Date.now() + DUE_IN_MS) / 1000) * 1000);
    const expiring = await call("POST", `${hrNom("A")}/endorsements`, { token: org.token.hr, body: { endorser_ids: [org.users.e1.id], deadline: dueAt.toISOString() } });
    expect(expiring.status, JSON.stringify(expiring.body)).toBe(201);
    const expiringId: number = expiring.body.endorsements[0].id;
    const answered = await call("POST", `${hrNom("B")}/endorsements`, { token: org.token.hr, body: { endorser_ids: [org.users.e2.id] } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    const answeredId: number = answered.body.endorsements[0].id;
    await setDeadlineThroughWorkflow(org.adminActor, sessionId, dueAt.toISOString());
    const nudge = await createNudgeSchedule(org.adminActor, org.cycleId, { kind: "once", at: dueAt });
    // A recurring schedule (next run months away): after the restart it is still there and runs when triggered.
    const monthly = await createNudgeSchedule(org.adminActor, org.cycleId, { kind: "recurring", cron: "0 7 1 * *", timeZone: "UTC" });
    const reminders = () => db.notification.count({ where: { userId: org.users.hr.id, kind: "calibration_reminder" } });
    const nudgeJobs = () => db.job.findMany({ where: { cycleId: org.cycleId, type: "NUDGE" } });
    expect(await reminders()).toBe(0);

    // The restart: the server is killed (SIGKILL, as in a crash: no orderly shutdown), then started again on the
    // same SQLite file.
    const stoppedAt = Date.now();
    process.kill(server!.pid, "SIGKILL");
    await server!.stop(); // returns once the process has gone
    server = await startTemporalDevServer(serverOptions);
    const restartedAt = Date.now();
    const downS = (restartedAt - stoppedAt) / 1000;
    const earlyS = (dueAt.getTime() - restartedAt) / 1000;

    // The workflows answer at once: the endorser accepts, the cycle moves on (its stage effects run once).
    const accept = await call("POST", `/api/v1/cycles/${org.cycleId}/nominations/${org.nid.B}/endorsements/${org.users.e2.id}/accept`, { token: org.token.e2 });
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    expect((await db.endorsement.findUniqueOrThrow({ where: { id: answeredId } })).status).toBe("accepted");
    expect(await endorsementWorkflow(answeredId)).toEqual({ status: "RUNNING", endorsementStatus: "accepted" });
    await moveCycleTo(org, "manager_feedback");

    // The timers and the schedule set before the restart fire after it, each once.
    await until("the session's deadline reminder", async () => (await reminders()) > 0, 60_000);
    await until("the endorsement's expiry", async () => (await db.endorsement.findUniqueOrThrow({ where: { id: expiringId } })).status === "expired", 60_000);
    await until("the endorsement workflow to end", async () => (await endorsementWorkflow(expiringId)).status === "COMPLETED", 30_000);
    const [job] = await until("the scheduled nudge's job", async () => {
      const jobs = await nudgeJobs();
      return jobs.length > 0 && jobs[0]!.status === "SUCCEEDED" && jobs;
    }, 60_000);
    const firedS = (Date.now() - restartedAt) / 1000;
    await sleep(2000); // nothing fires twice
    expect(await reminders()).toBe(1); // the HR partner who created the session: activate it
    expect(await nudgeJobs()).toHaveLength(1);
    expect(job!.triggerKey).toMatch(new RegExp(`^${nudge.schedule_id}-run-`));
    expect(await auditCount("endorsement.expire", expiringId)).toBe(1);
    await expect((await ownClient!).schedule.getHandle(nudge.schedule_id).describe()).resolves.toMatchObject({ state: { remainingActions: 0 } });
    await (await ownClient!).schedule.getHandle(monthly.schedule_id).trigger();
    const monthlyJob = await until("the recurring schedule's triggered run", async () => {
      const jobs = (await nudgeJobs()).filter((j) => j.triggerKey?.startsWith(`${monthly.schedule_id}-run-`));
      return jobs.length === 1 && jobs[0]!.status === "SUCCEEDED" && jobs[0];
    }, 60_000);
    expect(monthlyJob.id).not.toBe(job!.id);
    expect(await nudgeJobs()).toHaveLength(2);

    // The session workflow answers too, once the cycle is in calibration.
    await moveCycleTo(org, "calibration");
    const activate = await call("PATCH", transitionUrl(org, sessionId, "activate"), { token: org.token.hr });
    expect(activate.status, JSON.stringify(activate.body)).toBe(200);
    expect(await sessionWorkflow(sessionId)).toEqual({ status: "RUNNING", state: "active" });
    expect((await db.calibrationSession.findUniqueOrThrow({ where: { id: sessionId } })).state).toBe("active");

    const cycleAudits = await db.auditRecord.findMany({ where: { entityType: "Cycle", entityId: String(org.cycleId), action: "cycle.transition" } });
    expect(cycleAudits.map((a) => (a.after as { transition: string }).transition)).toEqual(["start", "progress_to_spu_feedback", "progress_to_manager_feedback", "progress_to_calibration"]);
    expect(await auditCount("cycle.manager_feedback_opened", org.cycleId)).toBe(1);
    expect(await auditCount("endorsement.accept", answeredId)).toBe(1);
    expect(await auditCount("calibration_session.transition", sessionId)).toBe(1);

    console.log(
      `fault: Temporal server SIGKILLed and restarted (down ${downS.toFixed(1)} s, ${earlyS > 0 ? `${earlyS.toFixed(1)} s before` : `${(-earlyS).toFixed(1)} s after`} the timers were due) — survived:` +
        ` cycle workflow moved twice, endorsement accepted, session activated after the restart;` +
        ` session reminder, endorsement expiry and the one-off nudge schedule fired once each, all within ${firedS.toFixed(1)} s of the restart;` +
        ` the recurring nudge schedule ran when triggered (${(await nudgeJobs()).length} nudge jobs in all)`,
    );
  }, 240_000); // about 50 s; a machine under heavy load needs more
});
