/**
 * Issue 27: the final assessment page (/app/performance/final-assessment) reads what it shows in at most 3 database
 * round trips of its own (it made 8; the frame's session and shell reads are counted apart), equal to what the API
 * reads (getParticipantDashboard: GET cycles/{cycle_id}/dashboard) for a report and for a manager who takes part too,
 * while feedback is given and once the outcome is open (communication: rating and decision), and for a non-participant.
 * PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as finalAssessment from "~/routes/app.performance.final-assessment._index";
import { getParticipantDashboard } from "~/features/summaries/service.server";
import { getCurrentUser } from "~/platform/auth.server";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { expectPageLoad } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

async function give(reviewee: "A" | "M", reviewer: User, type: "PEER" | "SELF" | "MANAGER" | "DIRECT_REPORT", submitted: boolean) {
  const db = await getDb();
  const data = { status: submitted ? ("SUBMITTED" as const) : ("DRAFT" as const), answers: { overall_impact: 4 }, submittedAt: submitted ? new Date() : null };
  await db.feedback.upsert({
    where: { cycleId_revieweeId_reviewerId: { cycleId: org.cycleId, revieweeId: org.participantId[reviewee], reviewerId: reviewer.id } },
    create: { cycleId: org.cycleId, revieweeId: org.participantId[reviewee], reviewerId: reviewer.id, reviewerType: type, ...data },
    update: data,
  });
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("FinalAssessment");
  await moveCycleTo(org, "spu_feedback");
  await give("A", org.P, "PEER", true);
  await give("A", org.Q, "PEER", false);
  await give("A", org.A, "SELF", true);
  await give("M", org.A, "DIRECT_REPORT", true);
});
afterAll(async () => {
  await stopWorker?.();
});

async function apiDashboard(who: User) {
  const current = (await getCurrentUser(new Request("http://x/", { headers: { Cookie: await sessionCookieFor(who.id) } })))!;
  try {
    return await getParticipantDashboard(current, org.cycleId);
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

async function expectEqualToApi(who: User) {
  const dashboard = await apiDashboard(who);
  const path = `/app/performance/final-assessment?cycle_id=${org.cycleId}`;
  return expectPageLoad(finalAssessment.loader, path, who, (d) => (dashboard ? { ...d, kind: "selected", dashboard } : { ...d, kind: "not_participant" }), { label: who.email });
}

describe("the final assessment page", () => {
  it("reads the viewer's dashboard in at most 3 round trips, equal to GET dashboard, before and after the outcome opens", async () => {
    for (const who of [org.A, org.M, org.C, org.P]) await expectEqualToApi(who);
    const a = await expectEqualToApi(org.A);
    expect(a.kind === "selected" && a.dashboard.feedback_received.submitted).toBe(2);

    await moveCycleTo(org, "manager_feedback");
    await give("A", org.M, "MANAGER", true);
    await moveCycleTo(org, "calibration");
    const db = await getDb();
    await db.participant.update({ where: { id: org.participantId.A }, data: { calibratedRating: "4", promotionDecision: "PROMOTED" } });
    await moveCycleTo(org, "communication");
    for (const who of [org.A, org.M, org.P]) await expectEqualToApi(who);
    const open = await expectEqualToApi(org.A);
    expect(open.kind === "selected" && open.dashboard).toMatchObject({ report_open: true, manager_feedback: { given: true }, calibrated_rating: { value: 4 } });
  });
});
