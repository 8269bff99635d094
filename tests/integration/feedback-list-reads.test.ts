/**
 * Issue 27: the loader of the 360 Feedback list (/app/performance/spu-feedback, a hot read path) reads what it shows in
 * at most 3 database round trips of its own (the session and shell reads of the frame are counted apart, in
 * platform-reads.test.ts), and shows what the API reads (listMyFeedbacks, feedbackReceivedCount) for everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as spuList from "~/routes/app.performance.spu-feedback._index";
import { feedbackReceivedCount, listMyFeedbacks } from "~/features/feedback/service.server";
import { getDb } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { loadPageWithin } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("ListReads");
  await moveCycleTo(org, "spu_feedback");
});
afterAll(async () => {
  await stopWorker?.();
});

describe("the 360 Feedback list page", () => {
  it("the 360 Feedback list reads the reviewer's people in at most 3 round trips", async () => {
    const data = await loadPageWithin(spuList.loader, `/app/performance/spu-feedback?cycle_id=${org.cycleId}`, org.P);
    expect(data?.kind).toBe("selected");
    if (data?.kind !== "selected") return;
    expect(data.list.feedbacks.map((f) => f.reviewee.email)).toContain(org.A.email);
    expect(data.received, "P takes no part in the cycle").toBeNull();
  });

  it("the 360 Feedback list shows what the API reads, for every person of the cycle (given and received)", async () => {
    for (const who of [org.M, org.A, org.B, org.S, org.C, org.P, org.Q, org.R]) {
      const data = await loadPageWithin(spuList.loader, `/app/performance/spu-feedback?cycle_id=${org.cycleId}`, who);
      if (data?.kind !== "selected") throw new Error("no cycle selected");
      const user = await (await getDb()).user.findUniqueOrThrow({ where: { id: who.id } });
      const current: CurrentUser = { user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "api" } };
      expect(data.list, who.email).toEqual(await listMyFeedbacks(current, org.cycleId));
      const received = await feedbackReceivedCount(current, org.cycleId).catch(() => null);
      expect(data.received, who.email).toEqual(received);
    }
  });
});
