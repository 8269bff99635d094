/**
 * Issue 27: the manager's page of one direct report's peer selection (/app/my-reportees/{email}/peer-finalization)
 * reads what it shows in at most 3 database round trips of its own (it made 9; the frame's session and shell reads are
 * counted apart), equal to what the API's services read (listReportCycles: GET direct_reports/{email}/cycles;
 * getReportPanel: GET direct_reports/{email}/panel), in the selection stage (a busy requested peer's warning) and after;
 * the same 403 and 404 as before. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reportPeers from "~/routes/app.my-reportees.$email.peer-finalization";
import { listReportCycles } from "~/features/manager-review/service.server";
import { getReportPanel } from "~/features/peer-selection/manager-panel.server";
import { cycleView, panelView } from "~/features/peer-selection/pages.server";
import { ADVISED_MAX_ACCEPTED_REQUESTS } from "~/features/peer-selection/rules";
import { getDb } from "~/platform/db.server";
import { getCurrentUser } from "~/platform/auth.server";
import { sessionCookieFor } from "../support/session";
import type { User } from "~/generated/prisma/client.ts";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { createTestUser } from "../support/api";
import { expectPageLoad, pageOutcome } from "../support/page-load";

let stopWorker: () => Promise<void>;
let earlier: ReviewOrg; // an earlier cycle of the same people, in the selection stage
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  earlier = await createReviewOrg("ReportPeersEarlier");
  await moveCycleTo(earlier, "start");
  org = await createReviewOrg("ReportPeers", earlier.admin);
  await moveCycleTo(org, "start");
  const db = await getDb();
  // The same manager and reports in the earlier cycle: the cycle switcher lists both cycles.
  for (const [who, mgr] of [
    [org.A, org.M],
    [org.B, org.M],
    [org.C, org.A],
  ] as const) {
    await db.participant.create({ data: { cycleId: earlier.cycleId, userId: who.id, managerId: mgr.id } });
  }
  // Q, requested by A and not answered, has accepted as many requests as advised: the panel warns of them.
  for (let i = 0; i < ADVISED_MAX_ACCEPTED_REQUESTS; i++) {
    const u = await createTestUser({ name: `ReportPeers Busy ${i}` });
    const p = await db.participant.create({ data: { cycleId: org.cycleId, userId: u.id } });
    await db.peerRequest.create({ data: { cycleId: org.cycleId, participantId: p.id, reviewerId: org.Q.id, status: "ACCEPTED", requestedById: u.id, respondedAt: new Date() } });
  }
});
afterAll(async () => {
  await stopWorker?.();
});

/** The page's data as its loader read it before (requireReportPage, then getReportPanel). */
async function oldPage(manager: User, report: User) {
  const current = (await getCurrentUser(new Request("http://x/", { headers: { Cookie: await sessionCookieFor(manager.id) } })))!;
  const { cycles } = await listReportCycles(manager.id, org.cycleId, report.email);
  const { panel } = await getReportPanel(current, org.cycleId, report.email);
  return { cycles: cycles.map((c) => ({ id: c.id, name: c.name })), cycleId: org.cycleId, cycle: cycleView(panel.cycle), panel: panelView(panel), spoofing: false };
}

const pathOf = (report: User) => `/app/my-reportees/${encodeURIComponent(report.email)}/peer-finalization?cycle_id=${org.cycleId}`;

describe("the manager's page of a report's peer selection", () => {
  it("reads the report's cycles and panel in at most 3 round trips, equal to the API's reads, in selection and after", async () => {
    for (const stage of ["start", "spu_feedback"] as const) {
      if (stage !== "start") await moveCycleTo(org, stage);
      for (const [manager, report] of [
        [org.M, org.A],
        [org.M, org.B],
        [org.A, org.C],
      ] as const) {
        const data = await expectPageLoad(reportPeers.loader, pathOf(report), manager, await oldPage(manager, report), {
          params: { email: report.email },
          label: `${stage}: ${manager.email} reads ${report.email}`,
        });
        if (stage === "start" && manager === org.M && report === org.A) {
          expect(data.cycles.map((c) => c.id).sort()).toEqual([earlier.cycleId, org.cycleId].sort());
          expect(data.panel.peers.map((p) => `${p.email} ${p.status}`)).toEqual([`${org.P.email} accepted`, `${org.Q.email} requested`, `${org.M.email} accepted`]);
          expect(data.panel.peers[1]!.warning_notice).not.toBeNull();
          expect(data.panel.mandatory_reviewers.length).toBeGreaterThan(0);
          expect(data.panel.can_edit).toBe(true);
        }
        if (stage !== "start" && manager === org.M && report === org.A) {
          // The selection closed with the stage: nothing to change, the unanswered request expired.
          expect(data.panel.can_edit).toBe(false);
          expect(data.panel.peers.map((p) => p.status)).toEqual(["accepted", "declined", "accepted"]);
        }
      }
    }
  });

  it("refuses as before: not my report (403), no such participant or cycle, a malformed email (404)", async () => {
    const cases: Array<[User, string, number, number]> = [
      [org.S, org.A.email, org.cycleId, 403],
      [org.A, org.B.email, org.cycleId, 403],
      [org.M, org.P.email, org.cycleId, 404],
      [org.M, org.A.email, 999_999, 404],
      [org.M, "not-an-email", org.cycleId, 404],
    ];
    for (const [viewer, email, cycleId, status] of cases) {
      const page = await pageOutcome(reportPeers.loader, `/app/my-reportees/${encodeURIComponent(email)}/peer-finalization?cycle_id=${cycleId}`, viewer, { params: { email } });
      expect(page, `${viewer.email} → ${email} in ${cycleId}`).toEqual({ status });
    }
  });
});
