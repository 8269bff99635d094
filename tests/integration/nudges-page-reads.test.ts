/**
 * Issue 27: the nudges page (/app/admin/cycles/{cycleId}/nudges) reads what it shows in at most 3 round trips of its own
 * counting Temporal's: at most 2 database statements (the guard's cycle and the page's one read) and one call to
 * Temporal (the active schedules described at the same time). It shows what the API's services read (listNudgeJobs,
 * listNudgeSchedules, pendingWorkRecipients' number: the old reads of this loader) in each stage with pending work, with
 * jobs (and their counts), a one-off, a recurring and a cancelled schedule, and an inactive person left out. PGlite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as nudgesPage from "~/routes/app.admin.cycles.$cycleId.nudges._index";
import { listNudgeJobs, sendNudgeNow } from "~/features/nudges/service.server";
import { cancelNudgeSchedule, createNudgeSchedule, listNudgeSchedules } from "~/features/nudges/schedules.server";
import { pendingWorkRecipients } from "~/features/nudges/pending-work.server";
import { getDb } from "~/platform/db.server";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { until } from "../support/wait";
import { expectPageLoad, pageOutcome } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("NudgesPage");
  // B has left: their pending work is nobody's reminder.
  const db = await getDb();
  await db.user.update({ where: { id: org.B.id }, data: { active: false } });
});
afterAll(async () => {
  await stopWorker?.();
});

async function jobsDone() {
  const db = await getDb();
  await until("the nudge jobs to finish", async () => (await db.job.count({ where: { cycleId: org.cycleId, type: "NUDGE", status: { in: ["PENDING", "RUNNING"] } } })) === 0);
}

/** The page for a query, against the old reads; answers the data. */
async function expectPage(query: string, q: { page: number; page_size: number }) {
  const path = `/app/admin/cycles/${org.cycleId}/nudges${query}`;
  const [{ jobs, total }, schedules, pending] = [await listNudgeJobs(org.cycleId, q), await listNudgeSchedules(org.cycleId), await pendingWorkRecipients(org.cycleId)];
  return expectPageLoad(
    nudgesPage.loader,
    path,
    org.admin,
    (d) => ({ ...d, jobs, total, page: q.page, pageSize: q.page_size, schedules, pendingCount: pending.length }),
    { params: { cycleId: String(org.cycleId) }, max: 2 },
  );
}

describe("the nudges page", () => {
  it("reads jobs, schedules and the pending recipients' number in 2 statements and one call to Temporal, equal to the API's reads", async () => {
    const first = await expectPage("", { page: 1, page_size: 25 });
    expect(first).toMatchObject({ jobs: [], total: 0, schedules: [] });

    const once = await createNudgeSchedule(org.adminActor, org.cycleId, { kind: "once", at: new Date(Date.now() + 86_400_000) });
    await createNudgeSchedule(org.adminActor, org.cycleId, { kind: "recurring", cron: "0 9 * * 1", timeZone: "Asia/Shanghai" });
    const cancelled = await createNudgeSchedule(org.adminActor, org.cycleId, { kind: "once", at: new Date(Date.now() + 2 * 86_400_000) });
    await cancelNudgeSchedule(org.adminActor, org.cycleId, cancelled.id);

    for (const stage of ["start", "spu_feedback", "manager_feedback", "calibration"] as const) {
      await moveCycleTo(org, stage);
      await sendNudgeNow(org.adminActor, org.cycleId);
      await jobsDone();
      const data = await expectPage("", { page: 1, page_size: 25 });
      if (stage !== "calibration") expect(data.pendingCount, stage).toBeGreaterThan(0);
    }
    const data = await expectPage("?page=2&page_size=3", { page: 2, page_size: 3 });
    expect(data.total).toBe(4);
    expect(data.jobs).toHaveLength(1);
    expect(data.schedules.map((s) => s.status)).toEqual(["scheduled", "scheduled", "cancelled"]);
    expect(data.schedules.find((s) => s.id === once.id)?.next_run_at).not.toBeNull();
    const full = await expectPage("", { page: 1, page_size: 25 });
    expect(full.jobs.some((j) => j.notified > 0)).toBe(true);
  });

  it("refuses anyone but a super admin and answers 404 for an unknown cycle, as before", async () => {
    expect(await pageOutcome(nudgesPage.loader, `/app/admin/cycles/${org.cycleId}/nudges`, org.M, { params: { cycleId: String(org.cycleId) } })).toEqual({ status: 403 });
    expect(await pageOutcome(nudgesPage.loader, "/app/admin/cycles/999999/nudges", org.admin, { params: { cycleId: "999999" } })).toEqual({ status: 404 });
  });
});
