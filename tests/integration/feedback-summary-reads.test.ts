/**
 * Issue 27: the feedback summary pages' loaders read what they show in at most 3 database round trips of their own
 * (the session and shell reads of the frame are counted apart, in platform-reads.test.ts): the own summary
 * (/app/performance/final-assessment/summary), the manager's and the secondary manager's. What they show is what
 * the API answers (feedback-summary.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scopedLoader } from "~/platform/request-scope.server";
import { countStatements } from "~/platform/sql.server";
import * as root from "~/root";
import * as appLayout from "~/routes/app";
import * as ownRoute from "~/routes/app.performance.final-assessment.summary";
import * as directRoute from "~/routes/app.my-reportees.$email.feedback.summary";
import * as secondaryRoute from "~/routes/app.my-reportees.secondary.$email.feedback.summary";
import { sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";

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

type AnyLoader = (args: { request: Request; context: unknown; params: Record<string, string> }) => unknown;

/** The frame's loaders and then the page's, as Remix runs them for one request (one load context); the page's counted. */
async function loadPage(loader: unknown, path: string, cookie: string, params: Record<string, string> = {}) {
  const context = {};
  const call = (l: unknown, p: Record<string, string> = {}) =>
    scopedLoader(l as AnyLoader)({ request: new Request(`http://127.0.0.1${path}`, { headers: { Cookie: cookie } }), context, params: p });
  await Promise.all([call(root.loader), call(appLayout.loader)]);
  return countStatements(() => call(loader, params));
}

describe("the feedback summary pages' loaders", () => {
  it("read the own summary in at most 3 round trips", async () => {
    const cookie = await sessionCookieFor(org.A.id);
    const r = await loadPage(ownRoute.loader, `/app/performance/final-assessment/summary?cycle_id=${org.cycleId}`, cookie);
    expect(r.count, r.statements.join("\n")).toBeLessThanOrEqual(3);
    const data = r.result as Awaited<ReturnType<typeof ownRoute.loader>>;
    expect(data.kind).toBe("selected");
    if (data.kind !== "selected") return;
    expect(data.summary.reviewee.email).toBe(org.A.email);
    expect(data.summary.cycle).toMatchObject({ id: org.cycleId, state: "communication" });
  });

  it("read the manager's and the secondary manager's summary in at most 3 round trips", async () => {
    const seg = encodeURIComponent(org.A.email);
    const direct = await loadPage(directRoute.loader, `/app/my-reportees/${seg}/feedback/summary?cycle_id=${org.cycleId}`, await sessionCookieFor(org.M.id), {
      email: org.A.email,
    });
    expect(direct.count, direct.statements.join("\n")).toBeLessThanOrEqual(3);
    expect((direct.result as Awaited<ReturnType<typeof directRoute.loader>>).summary?.reviewee.email).toBe(org.A.email);
    const secondary = await loadPage(
      secondaryRoute.loader,
      `/app/my-reportees/secondary/${seg}/feedback/summary?cycle_id=${org.cycleId}`,
      await sessionCookieFor(org.S.id),
      { email: org.A.email },
    );
    expect(secondary.count, secondary.statements.join("\n")).toBeLessThanOrEqual(3);
    expect((secondary.result as Awaited<ReturnType<typeof secondaryRoute.loader>>).summary?.reviewee.email).toBe(org.A.email);
  });
});
