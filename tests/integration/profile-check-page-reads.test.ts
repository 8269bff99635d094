/**
 * Issue 27: the Check your profile page (/app/performance/prep) reads what it shows in at most 3 database round trips
 * of its own (it made 7; the frame's session and shell reads are counted apart), equal to what the API reads
 * (getMyInfo: GET cycles/{cycle_id}/my_info) for every member of a cycle (managers, a matrix manager, a reviewer-only
 * participant), none for a non-participant, and the same page for an unknown cycle. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as prep from "~/routes/app.performance.prep";
import { getMyInfo } from "~/features/peer-selection/service.server";
import { getCurrentUser } from "~/platform/auth.server";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { createTestUser } from "../support/api";
import { expectPageLoad } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("ProfileCheck");
  await moveCycleTo(org, "start");
  // A's record names an HR partner; their profile has a title, department, location and picture.
  const hr = await createTestUser({ name: "ProfileCheck HR" });
  const db = await getDb();
  await db.participant.update({ where: { id: org.participantId.A }, data: { hrPartnerId: hr.id } });
  await db.user.update({ where: { id: org.A.id }, data: { jobTitle: "Engineer 工程师", department: "Platform", location: "Shanghai", profileImageUrl: "https://example.com/a.png" } });
});
afterAll(async () => {
  await stopWorker?.();
});

async function apiInfo(who: User) {
  const current = (await getCurrentUser(new Request("http://x/", { headers: { Cookie: await sessionCookieFor(who.id) } })))!;
  try {
    return await getMyInfo(current, org.cycleId);
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

describe("the Check your profile page", () => {
  it("reads the viewer's profile in the cycle in at most 3 round trips, equal to GET my_info", async () => {
    const path = `/app/performance/prep?cycle_id=${org.cycleId}`;
    for (const who of [org.A, org.M, org.S, org.C, org.P]) {
      const info = await apiInfo(who);
      const data = await expectPageLoad(prep.loader, path, who, (d) => ({ ...d, kind: "selected", cycleId: org.cycleId, info }), { label: who.email });
      if (who === org.A) {
        expect(info?.my_info).toMatchObject({ job_title: "Engineer 工程师", location: "Shanghai", manager: { email: org.M.email }, secondary_manager: { email: org.S.email } });
        expect(info?.my_info.hr_partner).not.toBeNull();
      }
      if (who === org.C) expect(info?.my_info.reviewer_only).toBe(true);
      if (who === org.P) expect(data).toMatchObject({ kind: "selected", info: null });
    }
  });

  it("says so for an unknown cycle, as before", async () => {
    const data = await expectPageLoad(prep.loader, "/app/performance/prep?cycle_id=999999", org.A, (d) => d);
    expect(data.kind).toBe("invalid");
  });
});
