/**
 * Issue 27: lean reads of the super admin's cycle list, Create Cycle and participant pages (/app/admin/cycles,
 * …/create, …/{id}/participants and its create, edit, rating, promotion decision and panel pages): each loader reads
 * what it shows in at most 3 database round trips of its own (the frame's session and shell reads are counted apart),
 * and shows what the API's services read (the old reads of these loaders); the same 403 and 404 as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cycleList from "~/routes/app.admin.cycles._index";
import * as cycleCreate from "~/routes/app.admin.cycles.create";
import * as participantList from "~/routes/app.admin.cycles.$cycleId.participants._index";
import * as participantCreate from "~/routes/app.admin.cycles.$cycleId.participants.create";
import * as participantEdit from "~/routes/app.admin.cycles.$cycleId.participants.$email.edit";
import * as editRating from "~/routes/app.admin.cycles.$cycleId.participants.$email.edit-rating";
import * as editDecision from "~/routes/app.admin.cycles.$cycleId.participants.$email.edit-promotion-decision";
import * as panelPage from "~/routes/app.admin.cycles.$cycleId.participants.$email.panel";
import { getDb } from "~/platform/db.server";
import { getCycle, listAdminCycles } from "~/features/cycles/service.server";
import { startPreviews } from "~/features/cycles/start-preview.server";
import { getParticipant, getParticipantPanel, listParticipants } from "~/features/participants/queries.server";
import { thermaScanOfParticipant } from "~/features/decision-support/therma-scan/service.server";
import { getAdminPanelView } from "~/features/peer-selection/admin-panel.server";
import { getCurrentUser } from "~/platform/auth.server";
import { sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { expectPageLoad, loadPageWithin, pageOutcome } from "../support/page-load";
import { createTestUser } from "../support/api";

let stopWorker: () => Promise<void>;
let draft: ReviewOrg; // a cycle not started, with a reminder schedule
let open: ReviewOrg; // in peer selection, with ratings on an earlier cycle below

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  draft = await createReviewOrg("AdminListDraft");
  open = await createReviewOrg("AdminListOpen", draft.admin);
  await moveCycleTo(open, "start");
  const db = await getDb();
  await db.nudgeSchedule.create({ data: { cycleId: draft.cycleId, kind: "ONCE", runAt: new Date(Date.now() + 86_400_000), createdById: draft.admin.id, scheduleId: `admin-list-reads-${draft.cycleId}` } });
  await db.participant.update({ where: { id: open.participantId.A }, data: { calibratedRating: "4", promotionDecision: "PROMOTED" } });
});
afterAll(async () => {
  await stopWorker?.();
});

describe("the cycle list and Create Cycle", () => {
  it("reads the cycles, the current cycle and the drafts' start previews in at most 3 round trips, equal to the old reads", async () => {
    const data = await loadPageWithin(cycleList.loader, "/app/admin/cycles", draft.admin.id);
    const list = await listAdminCycles();
    expect(data.cycles).toEqual(list.cycles);
    expect(data.current_cycle).toEqual(list.current_cycle);
    expect(data.current_cycle_chosen).toBe(list.current_cycle_chosen);
    expect(data.previews).toEqual(await startPreviews(list.cycles.filter((c) => c.state === "draft").map((c) => c.id)));
    expect(data.previews[draft.cycleId]).toMatchObject({ participants: 5, reminderSchedules: 1 });
    expect(data.previews[open.cycleId]).toBeUndefined();
    await expectPageLoad(cycleCreate.loader, "/app/admin/cycles/create", draft.admin.id, null);
  });

  it("refuses everyone but a super admin, as before", async () => {
    for (const loader of [cycleList.loader, cycleCreate.loader]) {
      expect(await pageOutcome(loader, "/app/admin/cycles", open.M)).toEqual({ status: 403 });
    }
  });
});

describe("the participant pages", () => {
  const paths = (org: ReviewOrg, email: string) => {
    const base = `/app/admin/cycles/${org.cycleId}/participants`;
    const params = { cycleId: String(org.cycleId), email };
    const at = `${base}/${encodeURIComponent(email)}`;
    return { base, params, at };
  };

  it("reads the list (search and pages), the forms and the outcome pages in at most 3 round trips, equal to the API's reads", async () => {
    for (const org of [draft, open]) {
      const cycle = await getCycle(org.cycleId);
      const { base, params } = paths(org, org.A.email);
      for (const [query, q] of [
        ["", { page: 1, page_size: 25 }],
        ["?page=2&page_size=2", { page: 2, page_size: 2 }],
        [`?q=${encodeURIComponent(org.A.name)}`, { q: org.A.name, page: 1, page_size: 25 }],
      ] as const) {
        const api = await listParticipants(org.cycleId, q);
        await expectPageLoad(participantList.loader, `${base}${query}`, org.admin.id, (data) => ({ ...data, cycle, participants: api.participants, total: api.total }), { params });
      }
      await expectPageLoad(participantCreate.loader, `${base}/create`, org.admin.id, (data) => ({ ...data, cycle }), { params });
      const current = (await getCurrentUser(new Request("http://x/", { headers: { Cookie: await sessionCookieFor(org.admin.id) } })))!;
      for (const person of [org.A, org.C]) {
        const { at, params: p } = paths(org, person.email);
        const participant = await getParticipant(org.cycleId, person.email);
        const thermaScan = await thermaScanOfParticipant(current, org.cycleId, participant.id);
        await expectPageLoad(participantEdit.loader, `${at}/edit`, org.admin.id, { cycle, participant, thermaScan }, { params: p });
        for (const loader of [editRating.loader, editDecision.loader]) {
          await expectPageLoad(loader, `${at}/edit-rating`, org.admin.id, { cycle, participant }, { params: p });
        }
      }
    }
  });

  it("reads the panel, and peer selection's add-reviewer view while a reviewer can be added, in one round trip, equal to the API's reads", async () => {
    for (const org of [draft, open]) {
      const cycle = await getCycle(org.cycleId);
      const current = (await getCurrentUser(new Request("http://x/", { headers: { Cookie: await sessionCookieFor(org.admin.id) } })))!;
      for (const person of [org.A, org.M, org.C]) {
        const { at, params } = paths(org, person.email);
        const view = await getAdminPanelView(current, org.cycleId, person.email);
        const data = await loadPageWithin(panelPage.loader, `${at}/panel`, org.admin, { params, max: 1 });
        expect(data.cycle).toEqual(cycle);
        expect(data.panel).toEqual(await getParticipantPanel(org.cycleId, person.email));
        if (view.can_edit) {
          // Peer selection, a participant who receives feedback: the form's view equals peer selection's own read.
          expect(data.editable).toEqual(view);
          expect(data.blocked).toBeNull();
        } else {
          expect(data.editable).toBeNull();
          expect(data.blocked).toBe(view.edit_blocked_reason);
        }
        expect(data.spoofing).toBe(false);
        if (org === open && person === org.A) {
          expect(view.can_edit).toBe(true);
          expect(view.peers.map((q) => q.status)).toEqual(["accepted", "requested", "accepted"]);
          expect(data.panel.peer_requests.map((q) => `${q.email} ${q.status}`)).toEqual([`${org.P.email} accepted`, `${org.Q.email} requested`, `${org.M.email} accepted`]);
        }
      }
    }
  });

  it("answers 404 for an unknown cycle or participant and 403 for anyone but a super admin, as before", async () => {
    const admin = await sessionCookieFor(open.admin.id);
    const manager = await sessionCookieFor(open.M.id);
    const stranger = await createTestUser({ name: "AdminList Stranger" });
    const loaders = [participantList.loader, participantCreate.loader, participantEdit.loader, editRating.loader, editDecision.loader, panelPage.loader];
    for (const loader of loaders) {
      expect(await pageOutcome(loader, "/app/admin/cycles/999999/participants", admin, { params: { cycleId: "999999", email: open.A.email } })).toEqual({ status: 404 });
      expect(await pageOutcome(loader, "/app/admin/cycles/x/participants", admin, { params: { cycleId: "x", email: open.A.email } })).toEqual({ status: 404 });
      const params = { cycleId: String(open.cycleId), email: open.A.email };
      expect(await pageOutcome(loader, `/app/admin/cycles/${open.cycleId}/participants`, manager, { params })).toEqual({ status: 403 });
    }
    for (const loader of [participantEdit.loader, editRating.loader, editDecision.loader, panelPage.loader]) {
      expect(await pageOutcome(loader, "/x", admin, { params: { cycleId: String(open.cycleId), email: stranger.email } })).toEqual({ status: 404 });
    }
  });
});
