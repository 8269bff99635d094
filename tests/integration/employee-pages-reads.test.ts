/**
 * Issue 27: the participant's Peer/Stakeholder Selection page (/app/performance/peer-finalization) reads what it shows
 * in at most 3 database round trips of its own (the frame's session and shell reads are counted apart, in
 * platform-reads.test.ts), and shows what the API reads (getMyPanel: GET cycles/{id}/panels, 404 for a non-participant;
 * listMyPeerRequests: GET cycles/{id}/peers) for everyone of the cycle, before and after requests change. The manager's
 * team list likewise, compared with the Prisma read it replaced (listTeamSelections). PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as myPeers from "~/routes/app.performance.peer-finalization";
import * as teamPeers from "~/routes/app.my-reportees.peer-finalization";
import { listTeamSelections } from "~/features/peer-selection/manager-panel.server";
import { getMyPanel } from "~/features/peer-selection/service.server";
import { listMyPeerRequests } from "~/features/peer-selection/peer-requests.server";
import { cycleView, incomingView, panelView, teamView } from "~/features/peer-selection/pages.server";
import { ApiError } from "~/platform/api.server";
import { getDb } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import type { User } from "~/generated/prisma/client.ts";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { loadPageWithin } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("PeerReads");
  await moveCycleTo(org, "start");
});
afterAll(async () => {
  await stopWorker?.();
});

type PageData = Awaited<ReturnType<typeof myPeers.loader>>;

/** The page's loader after the frame's, for one request; fails above 3 round trips of its own (tests/support/page-load.ts). */
async function loadPage(who: User): Promise<Extract<PageData, { kind: "selected" }>> {
  const data = await loadPageWithin(myPeers.loader, `/app/performance/peer-finalization?cycle_id=${org.cycleId}`, who, { label: who.email });
  if (data.kind !== "selected") throw new Error("no cycle selected");
  return data;
}

async function currentOf(who: User): Promise<CurrentUser> {
  const user = await (await getDb()).user.findUniqueOrThrow({ where: { id: who.id } });
  return { user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "api" } };
}

/** What the API reads for `who`, as the page shows it (its views). */
async function fromApi(who: User) {
  const current = await currentOf(who);
  const panel = await getMyPanel(current, org.cycleId).then(
    (r) => panelView(r.panel),
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    },
  );
  return { panel, incoming: incomingView(await listMyPeerRequests(current, org.cycleId)) };
}

async function expectAsApi(people: User[]) {
  for (const who of people) {
    const data = await loadPage(who);
    const api = await fromApi(who);
    expect(data.panel, who.email).toEqual(api.panel);
    expect(data.incoming, who.email).toEqual(api.incoming);
    expect(data.cycle, who.email).toEqual(api.incoming.cycle);
  }
}

describe("the participant's peer selection page", () => {
  it("reads Alice's panel (mandatory reviewers, peers with their counts) and her requests in at most 3 round trips", async () => {
    const data = await loadPage(org.A);
    expect(data.panel?.mandatory_reviewers.map((m) => [m.reviewer_type, m.email])).toEqual([
      ["self", org.A.email],
      ["manager", org.M.email],
      ["matrix_manager", org.S.email],
      ["direct_report", org.C.email],
    ]);
    expect(data.panel?.peers.map((p) => [p.email, p.status])).toEqual([
      [org.P.email, "accepted"],
      [org.Q.email, "requested"],
      [org.M.email, "accepted"],
    ]);
    expect(data.panel?.can_edit).toBe(true);
  });

  it("shows what the API reads for every person of the cycle and for one who takes no part", async () => {
    await expectAsApi([org.M, org.A, org.B, org.S, org.C, org.P, org.Q, org.R]);
    expect((await loadPage(org.P)).panel, "P takes no part in the cycle").toBeNull();
    expect((await loadPage(org.M)).incoming.requests.map((r) => r.participant.email)).toEqual([org.A.email]);
  });

  it("stays equal to the API when a reviewer is busy, a request is answered and the selection is Manager Approved", async () => {
    const db = await getDb();
    // Q, asked by Alice, has already accepted 8 requests of other participants (7 are advised): her row warns, and so
    // does Q's own list of requests.
    const others = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const u = await db.user.create({ data: { email: `peer-reads-${Date.now()}-${i}@example.com`, name: `Busy ${i}` } });
        return db.participant.create({ data: { cycleId: org.cycleId, userId: u.id } });
      }),
    );
    await db.peerRequest.createMany({
      data: others.map((p) => ({ cycleId: org.cycleId, participantId: p.id, reviewerId: org.Q.id, status: "ACCEPTED" as const, requestedById: org.Q.id, respondedAt: new Date() })),
    });
    await db.participant.update({ where: { id: org.participantId.B }, data: { panelStatus: "MANAGER_APPROVED" } });
    const alice = await loadPage(org.A);
    expect(alice.panel?.peers.find((p) => p.email === org.Q.email)?.warning_notice).toEqual({
      key: "peers.result.busyPeer",
      values: { name: org.Q.name, count: 8, max: 7 },
    });
    expect((await loadPage(org.Q)).incoming.warning).toEqual({ key: "peers.result.loadWarning", values: { count: 8, max: 7 } });
    expect((await loadPage(org.B)).panel?.edit_blocked_notice).toEqual({ key: "peers.result.managerApproved" });
    await expectAsApi([org.A, org.B, org.Q, org.M]);
    await moveCycleTo(org, "spu_feedback");
    expect((await loadPage(org.A)).panel?.edit_blocked_notice).toEqual({ key: "peers.result.wrongStage" });
    await expectAsApi([org.A, org.B, org.Q, org.M]);
  });
});

describe("the manager's team peer selection page", () => {
  it("lists the manager's direct reports in at most 3 round trips, as the Prisma read did", async () => {
    for (const who of [org.M, org.A, org.S, org.P]) {
      const data = await loadPageWithin(teamPeers.loader, `/app/my-reportees/peer-finalization?cycle_id=${org.cycleId}`, who, { label: who.email });
      if (data.kind !== "selected") throw new Error("no cycle selected");
      const old = await listTeamSelections(await currentOf(who), org.cycleId);
      expect(data.team, who.email).toEqual(teamView(old));
      expect(data.cycle, who.email).toEqual(cycleView(old.cycle));
    }
  });
});
