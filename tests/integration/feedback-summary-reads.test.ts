/**
 * Issue 27: the feedback summary pages' loaders read what they show in at most 3 database round trips of their own
 * (the session and shell reads of the frame are counted apart, in platform-reads.test.ts): the own summary
 * (/app/performance/final-assessment/summary), the manager's and the secondary manager's. What they show is what
 * the API answers (feedback-summary.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ownRoute from "~/routes/app.performance.final-assessment.summary";
import * as directRoute from "~/routes/app.my-reportees.$email.feedback.summary";
import * as secondaryRoute from "~/routes/app.my-reportees.secondary.$email.feedback.summary";
import { sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { loadPageWithin } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("SummaryReads");
  await moveCycleTo(org, "communication");
});
afterAll(async () => {
  await stopWorker?.();
});


describe("the feedback summary pages' loaders", () => {
  it("read the own summary in at most 3 round trips", async () => {
    const cookie = await sessionCookieFor(org.A.id);
    const data = await loadPageWithin(ownRoute.loader, `/app/performance/final-assessment/summary?cycle_id=${org.cycleId}`, cookie);
    expect(data.kind).toBe("selected");
    if (data.kind !== "selected") return;
    expect(data.summary.reviewee.email).toBe(org.A.email);
    expect(data.summary.cycle).toMatchObject({ id: org.cycleId, state: "communication" });
  });

  it("read the manager's and the secondary manager's summary in at most 3 round trips", async () => {
    const seg = encodeURIComponent(org.A.email);
    const direct = await loadPageWithin(directRoute.loader, `/app/my-reportees/${seg}/feedback/summary?cycle_id=${org.cycleId}`, org.M, { params: { email: org.A.email } });
    expect(direct.summary?.reviewee.email).toBe(org.A.email);
    const secondary = await loadPageWithin(secondaryRoute.loader, `/app/my-reportees/secondary/${seg}/feedback/summary?cycle_id=${org.cycleId}`, org.S, { params: { email: org.A.email } });
    expect(secondary.summary?.reviewee.email).toBe(org.A.email);
  });
});
