/**
 * Issue 27: the decision support pages' loaders read what they show in at most 3 database round trips of their own (the
 * frame's session and shell reads are counted apart, platform-reads.test.ts): the reports page (the inactive
 * participants and the latest report jobs) and the Therma-scan upload page. The reports page shows exactly what the
 * API reads (listInactiveParticipants: the same people in the same order with the same reminders, whose English keys
 * read as the API's `pending_work`; listReportJobs: the same jobs and metrics) in every stage; the same 403 and 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstance, type TFunction } from "i18next";
import en from "~/platform/i18n/locales/en";
import { getDb } from "~/platform/db.server";
import { getTemporalClient } from "~/platform/temporal.server";
import type { CurrentUser } from "~/platform/auth.server";
import type { CycleStage } from "~/features/cycles/rules";
import { listInactiveParticipants } from "~/features/decision-support/inactive.server";
import { listReportJobs, startParticipantsReport } from "~/features/decision-support/reports.server";
import { inactiveRule } from "~/features/decision-support/rules";
import { INACTIVE_RULE_KEYS } from "~/features/decision-support/messages";
import type { PageMessage } from "~/platform/i18n/page-message";
import * as reportsPage from "~/routes/app.admin.cycles.$cycleId.decision-support.reports._index";
import * as uploadPage from "~/routes/app.admin.cycles.$cycleId.therma-scan-report.upload";
import { createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { loadPageWithin } from "../support/page-load";

type Handler = Parameters<typeof callWithSession>[0];
type ReportsData = Awaited<ReturnType<typeof reportsPage.loader>>;

let stopWorker: () => Promise<void>;
let org: ReviewOrg;
let cookie: string;
let current: CurrentUser;

const i18n = createInstance();
void i18n.init({ lng: "en", resources: { en: { common: en } }, defaultNS: "common", fallbackLng: false, initImmediate: false, interpolation: { escapeValue: false } });
const t: TFunction = i18n.t;
const english = (reasons: PageMessage[]) => reasons.map((m) => t(m.key, m.values ?? {}) as string).join(t("decisionSupport.inactive.separator"));

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("DsReads");
  cookie = await sessionCookieFor(org.admin.id);
  current = { user: org.admin, realUser: null, actor: org.adminActor };
});
afterAll(async () => {
  await stopWorker?.();
});

const reportsPath = (q = "") => `/app/admin/cycles/${org.cycleId}/decision-support/reports${q}`;

async function reportsData(q = ""): Promise<ReportsData> {
  return (await loadPageWithin(reportsPage.loader, reportsPath(q), cookie, { params: { cycleId: String(org.cycleId) } })) as ReportsData;
}

/** The page's inactive participants equal the API's, stage rule and reminders included. */
async function expectSameAsApi(stage: CycleStage) {
  const data = await reportsData();
  const api = await listInactiveParticipants(org.cycleId, { limit: 500, offset: 0 });
  expect(data.stage).toBe(stage);
  expect(api.stage).toBe(stage);
  expect(t(INACTIVE_RULE_KEYS[data.stage])).toBe(inactiveRule(stage));
  expect(data.inactive.total).toBe(api.total);
  expect(data.inactive.participants.map(({ reasons, ...p }) => ({ ...p, pending_work: english(reasons) }))).toEqual(api.participants);
  return data;
}

describe("the decision support pages' reads", () => {
  it("the reports page shows the API's inactive participants in every stage, in at most 3 round trips", async () => {
    const db = await getDb();
    await expectSameAsApi("draft");
    await moveCycleTo(org, "start");
    const start = await expectSameAsApi("start");
    expect(start.inactive.total, "someone is inactive at the start").toBeGreaterThan(0);
    // An inactive user is never reminded, so never listed.
    const someone = start.inactive.participants[0]!;
    const participant = await db.participant.findUniqueOrThrow({ where: { id: someone.participant_id } });
    await db.user.update({ where: { id: participant.userId }, data: { active: false } });
    const without = await expectSameAsApi("start");
    expect(without.inactive.participants.map((p) => p.participant_id)).not.toContain(someone.participant_id);
    await db.user.update({ where: { id: participant.userId }, data: { active: true } });

    await moveCycleTo(org, "spu_feedback");
    const spu = await expectSameAsApi("spu_feedback");
    expect(spu.inactive.total).toBeGreaterThan(0);
    // A saved answer is progress: B's own feedback drafted with an answer takes B off the list.
    const bSelf = await db.feedback.findFirst({ where: { cycleId: org.cycleId, reviewerId: org.B.id, reviewerType: "SELF" } });
    expect(spu.inactive.participants.map((p) => p.email)).toContain(org.B.email);
    expect(bSelf, "the stage opened B's own feedback").not.toBeNull();
    await db.feedback.update({ where: { id: bSelf!.id }, data: { answers: { strengths: "Started" } } });
    const after = await expectSameAsApi("spu_feedback");
    expect(after.inactive.participants.map((p) => p.email)).not.toContain(org.B.email);
    // Paged: the second page of a short list is empty, the total the same.
    const first = await reportsData();
    const second = await reportsData("?page=2");
    expect(second.inactive).toEqual({ total: first.inactive.total, participants: [] });
    expect((await reportsData("?page=zz")).page).toBe(1);

    await moveCycleTo(org, "manager_feedback");
    await expectSameAsApi("manager_feedback");
    await moveCycleTo(org, "calibration");
    const calibration = await expectSameAsApi("calibration");
    expect(calibration.inactive.total).toBe(0);
  });

  it("the reports page lists the latest report jobs with their metrics as the API does", async () => {
    const empty = await reportsData();
    expect(empty.recentJobs).toEqual([]);
    const client = await getTemporalClient();
    for (const metric of ["feedback_given", "response_rate", "peer_selection", "manager_feedback", "feedback_received", "response_rate"]) {
      const job = await startParticipantsReport(current, org.cycleId, metric);
      await client.workflow.getHandle(`job-${job.id}`).result();
    }
    const data = await reportsData();
    const api = await listReportJobs(org.cycleId, { page: 1, page_size: 5 });
    expect(data.recentJobs).toHaveLength(5);
    expect(data.recentJobs).toEqual(api.jobs.map((j) => ({ id: j.id, status: j.status, created_at: j.created_at, metric_type: j.metric_type })));
    expect(data.jobsPath).toBe(`/app/admin/cycles/${org.cycleId}/decision-support/reports/jobs`);
  });

  it("the Therma-scan upload page reads the cycle and its coverage in at most 3 round trips", async () => {
    const db = await getDb();
    await db.thermaScanEntry.create({
      data: { participantId: org.participantId.A, engagement: 4, wellbeing: 4, workload: 3, flightRisk: "low" },
    });
    const data = await loadPageWithin(uploadPage.loader, `/app/admin/cycles/${org.cycleId}/therma-scan-report/upload`, cookie, { params: { cycleId: String(org.cycleId) } });
    expect(data).toMatchObject({
      cycle: { id: org.cycleId, state: "calibration" },
      stored: 1,
      participants: await db.participant.count({ where: { cycleId: org.cycleId } }),
      jobsPath: `/app/admin/cycles/${org.cycleId}/therma-scan-report/jobs`,
    });
  });

  it("both pages refuse as before: 403 for anyone but a super admin, 404 for an unknown or malformed cycle", async () => {
    const hrOps = await createTestUser({ role: "HR_OPS" });
    const missing = (await (await getDb()).cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    for (const [route, path] of [
      [reportsPage.loader, "decision-support/reports"],
      [uploadPage.loader, "therma-scan-report/upload"],
    ] as const) {
      const denied = await callWithSession(route as Handler, { path: `/app/admin/cycles/${org.cycleId}/${path}`, cookie: await sessionCookieFor(hrOps.id), params: { cycleId: String(org.cycleId) } });
      expect(denied.status, path).toBe(403);
      for (const id of [String(missing), "x1"]) {
        const res = await callWithSession(route as Handler, { path: `/app/admin/cycles/${id}/${path}`, cookie, params: { cycleId: id } });
        expect(res.status, `${path} ${id}`).toBe(404);
      }
    }
  });
});
