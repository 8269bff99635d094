/**
 * Issue 27: lean reads of the Manager Feedback page (/app/my-reportees/{email}/feedback), Performance Trends
 * (/app/performance-dashboard) and the admin cycle page (/app/admin/cycles/{id}): each loader reads what it shows in at
 * most 3 database round trips of its own (the frame's session and shell reads are counted apart), and shows what the
 * API's services read (the old reads of these loaders), for every viewer and relationship of a small organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as managerFeedback from "~/routes/app.my-reportees.$email.feedback._index";
import * as trends from "~/routes/app.performance-dashboard";
import * as adminCycle from "~/routes/app.admin.cycles.$cycleId._index";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { listReportCycles, listReportFeedbacks } from "~/features/manager-review/service.server";
import { getManagerFeedback } from "~/features/manager-review/manager-feedback.server";
import { getMyRatings, getStatsTrend, getTeamRatings, getTrendsHeader, peopleOf } from "~/features/performance-trends/service.server";
import { TREND_CYCLES_DEFAULT } from "~/features/performance-trends/rules";
import type { TrendsPageData } from "~/features/performance-trends/types";
import { getCycle } from "~/features/cycles/service.server";
import { getCycleStatistics } from "~/features/cycles/statistics.server";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { expectPageLoad, loadPageWithin, pageOutcome } from "../support/page-load";

let stopWorker: () => Promise<void>;
let open: ReviewOrg; // in the manager feedback stage
let done: ReviewOrg; // an earlier cycle of other people, in communication, with ratings

async function giveFeedback(org: ReviewOrg, reviewee: keyof ReviewOrg["participantId"], reviewer: User, type: "PEER" | "DIRECT_REPORT" | "SELF", answers: Record<string, number | string> | null) {
  const db = await getDb();
  await db.feedback.upsert({
    where: { cycleId_revieweeId_reviewerId: { cycleId: org.cycleId, revieweeId: org.participantId[reviewee], reviewerId: reviewer.id } },
    create: {
      cycleId: org.cycleId,
      revieweeId: org.participantId[reviewee],
      reviewerId: reviewer.id,
      reviewerType: type,
      status: answers ? "SUBMITTED" : "DRAFT",
      answers: answers ?? {},
      submittedAt: answers ? new Date() : null,
    },
    update: { status: answers ? "SUBMITTED" : "DRAFT", answers: answers ?? {}, submittedAt: answers ? new Date() : null },
  });
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  open = await createReviewOrg("MgrReads");
  await moveCycleTo(open, "spu_feedback");
  await giveFeedback(open, "A", open.P, "PEER", { overall_impact: 4, strengths: "Clear writing 清楚" });
  await giveFeedback(open, "A", open.C, "DIRECT_REPORT", null);
  await giveFeedback(open, "A", open.A, "SELF", { overall_impact: 3 });
  await moveCycleTo(open, "manager_feedback");
  done = await createReviewOrg("TrendReads");
  await moveCycleTo(done, "spu_feedback");
  await giveFeedback(done, "A", done.P, "PEER", { overall_impact: 5 });
  await giveFeedback(done, "A", done.C, "DIRECT_REPORT", { overall_impact: 2 });
  await moveCycleTo(done, "calibration");
  const db = await getDb();
  await db.participant.update({ where: { id: done.participantId.A }, data: { calibratedRating: "4" } });
  await db.participant.update({ where: { id: done.participantId.B }, data: { calibratedRating: "2" } });
  await moveCycleTo(done, "communication");
});
afterAll(async () => {
  await stopWorker?.();
});

async function apiStatus(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 200;
  } catch (err) {
    return (err as { status: number }).status;
  }
}

describe("the Manager Feedback page", () => {
  it("reads the report's feedback and the manager feedback in at most 3 round trips, equal to the API's reads", async () => {
    const org = open;
    // C takes part as a reviewer only and reports to A.
    for (const [manager, report] of [
      [org.M, org.A],
      [org.M, org.B],
      [org.A, org.C],
    ] as const) {
      const email = report.email;
      const path = `/app/my-reportees/${encodeURIComponent(email)}/feedback?cycle_id=${org.cycleId}`;
      const feedbacks = await listReportFeedbacks(manager.id, org.cycleId, email);
      const mine = feedbacks.participant.reviewer_only ? null : await getManagerFeedback(manager.id, org.cycleId, email);
      const cycles = (await listReportCycles(manager.id, org.cycleId, email)).cycles.map((c) => ({ id: c.id, name: c.name }));
      await expectPageLoad(managerFeedback.loader, path, manager, (data) => ({ ...data, feedbacks, mine, cycles, me: manager.email }), { params: { email } });
    }
    const db = await getDb();
    await db.feedback.upsert({
      where: { cycleId_revieweeId_reviewerId: { cycleId: org.cycleId, revieweeId: org.participantId.B, reviewerId: org.M.id } },
      create: { cycleId: org.cycleId, revieweeId: org.participantId.B, reviewerId: org.M.id, reviewerType: "MANAGER", answers: { overall_impact: 4 }, status: "DRAFT" },
      update: { answers: { overall_impact: 4 } },
    });
    const b = await loadPageWithin(managerFeedback.loader, `/app/my-reportees/${org.B.email}/feedback?cycle_id=${org.cycleId}`, org.M, { params: { email: org.B.email } });
    expect(b.mine).toEqual(await getManagerFeedback(org.M.id, org.cycleId, org.B.email));
    expect(b.mine?.state).toBe("draft");
    const a = await loadPageWithin(managerFeedback.loader, `/app/my-reportees/${org.A.email}/feedback?cycle_id=${org.cycleId}`, org.M, { params: { email: org.A.email } });
    // Peer and upward reviewers are kept from managers by default (ADR 0058): their named rows are not on the page.
    expect(a.feedbacks.feedbacks.map((f) => f.reviewer_type).sort()).toEqual(["manager", "matrix_manager", "self"]);
    expect(a.mine?.editable).toBe(true);
  });

  it("refuses as the API does: not my report (403), no such participant (404), no such cycle (404)", async () => {
    const org = open;
    const cases: Array<[User, string, number]> = [
      [org.S, org.A.email, org.cycleId],
      [org.A, org.C.email, org.cycleId],
      [org.M, org.P.email, org.cycleId],
      [org.M, org.A.email, 999_999],
    ];
    for (const [viewer, email, cycleId] of cases) {
      const page = await pageOutcome(managerFeedback.loader, `/app/my-reportees/${email}/feedback?cycle_id=${cycleId}`, viewer, { params: { email } });
      const api = await apiStatus(() => listReportFeedbacks(viewer.id, cycleId, email));
      expect("status" in page ? page.status : 200, `${viewer.email} → ${email} in ${cycleId}`).toBe(api);
    }
  });
});

/** The Performance Trends page as its loader read it before (the five API services, ADR 0030). */
async function oldTrends(viewer: User, email: string): Promise<TrendsPageData> {
  const current = { user: viewer };
  const limit = TREND_CYCLES_DEFAULT;
  const header = await getTrendsHeader(current, email);
  const [peer, upward, people] = await Promise.all([getStatsTrend(current, email, "peer", limit), getStatsTrend(current, email, "upward", limit), peopleOf(current)]);
  let ratings: TrendsPageData["ratings"] = null;
  let team: TrendsPageData["team"] = null;
  if (header.relationship === "self") {
    ratings = (await getMyRatings(current, limit)).ratings;
    if (people.some((p) => p.relation === "direct_report")) team = await getTeamRatings(current, { limit });
  } else if (header.relationship === "manager") {
    ratings = (await getTeamRatings(current, { limit, email })).direct_reports[0]?.ratings ?? [];
  }
  return { viewer: { email: viewer.email, name: viewer.name }, people, header, ratings, peer, upward, team };
}

describe("the Performance Trends page", () => {
  it("reads a person's trends in at most 3 round trips, equal to the API's reads, for every viewer who may read them", async () => {
    const db = await getDb();
    const admin = await db.user.findUniqueOrThrow({ where: { id: done.admin.id } });
    for (const org of [done, open]) {
      const pairs: Array<[User, User]> = [
        [org.M, org.M],
        [org.M, org.A],
        [org.M, org.B],
        [org.S, org.A],
        [org.A, org.A],
        [org.A, org.C],
        [org.C, org.C],
        [admin, org.A],
        [org.P, org.P],
      ];
      for (const [viewer, person] of pairs) {
        const fresh = await db.user.findUniqueOrThrow({ where: { id: viewer.id } });
        const path = viewer.id === person.id ? "/app/performance-dashboard" : `/app/performance-dashboard?email=${encodeURIComponent(person.email.toUpperCase())}`;
        await expectPageLoad(trends.loader, path, viewer, await oldTrends(fresh, person.email), { label: `${viewer.email} reads ${person.email}` });
      }
    }
  });

  it("refuses as the API does: someone else's trends (403), an unknown person (404)", async () => {
    for (const [viewer, email] of [
      [open.P, open.A.email],
      [open.B, open.A.email],
      [open.M, "nobody.at.all@test.example.com"],
    ] as const) {
      const page = await pageOutcome(trends.loader, `/app/performance-dashboard?email=${email}`, viewer);
      const api = await apiStatus(() => getTrendsHeader({ user: viewer }, email));
      expect("status" in page ? page.status : 200, `${viewer.email} → ${email}`).toBe(api);
    }
  });
});

describe("the admin cycle page", () => {
  it("reads the cycle and its progress in at most 3 round trips, equal to the API's reads", async () => {
    for (const org of [open, done]) {
      const id = String(org.cycleId);
      const [cycle, statistics] = [await getCycle(org.cycleId), await getCycleStatistics(org.cycleId)];
      await expectPageLoad(adminCycle.loader, `/app/admin/cycles/${id}`, org.admin, (data) => ({ ...data, cycle, statistics }), { params: { cycleId: id } });
      expect(statistics.participants.total).toBe(5);
    }
    expect(await pageOutcome(adminCycle.loader, `/app/admin/cycles/999999`, open.admin, { params: { cycleId: "999999" } })).toEqual({ status: 404 });
  });
});
