/**
 * Issue 27: the promotion pages' loaders (the admin Promotion Dashboard, the endorser's list, endorse and view pages,
 * the panelist's and the sign-off party's session lists) read what they show in at most 3 database round trips of their
 * own (the session and shell reads of the frame are counted apart, in platform-reads.test.ts).
 * What they show is what the API answers (promotions-api*.test.ts); here each page's data is checked for the one
 * session, nomination and endorsement the test made.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminLayout from "~/routes/app.admin";
import * as dashboardRoute from "~/routes/app.admin.promotion-dashboard";
import * as endorsementsRoute from "~/routes/app.promotions.endorsements._index";
import * as endorseRoute from "~/routes/app.promotions.endorsements.$endorsementId.endorse";
import * as viewRoute from "~/routes/app.promotions.endorsements.$endorsementId.view";
import * as panelistListRoute from "~/routes/app.promotions.calibration-panelist.sessions._index";
import * as signOffListRoute from "~/routes/app.promotions.sign-off-party.sessions._index";
import { call, createPromotionOrg, moveCycleTo, nominate, sessionBody, sessionsUrl, transitionUrl, type PromotionOrg } from "../support/promotions";
import { startTestWorker } from "../support/worker";
import { loadPageWithin } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: PromotionOrg;
let sessionId: number;
let endorsementId: number;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createPromotionOrg("PromReads");
  await moveCycleTo(org, "spu_feedback");
  await nominate(org, ["A", "B"]);
  const made = await call("POST", sessionsUrl(org, "hr_partner"), { token: org.token.hr, body: sessionBody(org, "Reads", ["A", "B"], { pa: ["pa", "pb"] }) });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  sessionId = made.body.promotion_calibration_session.id;
  const ask = await call("POST", `${sessionsUrl(org, "hr_partner", sessionId, "A")}/endorsements`, { token: org.token.sa, body: { endorser_ids: [org.users.e1.id] } });
  if (ask.status !== 201) throw new Error(JSON.stringify(ask.body));
  endorsementId = ask.body.endorsements[0].id;
  await moveCycleTo(org, "calibration");
  const activated = await call("PATCH", transitionUrl(org, sessionId, "activate"), { token: org.token.hr });
  if (activated.status !== 200) throw new Error(JSON.stringify(activated.body));
});
afterAll(async () => {
  await stopWorker?.();
});

describe("the promotion pages' loaders read in at most 3 round trips", () => {
  it("the admin Promotion Dashboard", async () => {
    const data = await loadPageWithin(dashboardRoute.loader, `/app/admin/promotion-dashboard?cycle_id=${org.cycleId}`, org.users.admin.id, { layouts: [adminLayout.loader] });
    expect(data.kind).toBe("selected");
    if (data.kind !== "selected") return;
    expect(data.sessions.map((s) => s.id)).toEqual([sessionId]);
    expect(data.dashboard.cycle?.id).toBe(org.cycleId);
  });

  it("the endorser's list, endorse and view pages", async () => {
    const list = await loadPageWithin(endorsementsRoute.loader, "/app/promotions/endorsements", org.users.e1.id);
    expect(list.endorsements.map((e) => e.id)).toContain(endorsementId);
    const params = { endorsementId: String(endorsementId) };
    const endorse = await loadPageWithin(endorseRoute.loader, `/app/promotions/endorsements/${endorsementId}/endorse?cycle_id=${org.cycleId}`, org.users.e1.id, { params });
    expect(endorse.endorsement.nominee.name).toBe(org.users.A.name);
    const view = await loadPageWithin(viewRoute.loader, `/app/promotions/endorsements/${endorsementId}/view?cycle_id=${org.cycleId}`, org.users.sa.id, { params });
    expect(view.endorsement.id).toBe(endorsementId);
  });

  it("the panelist's session list", async () => {
    const list = await loadPageWithin(panelistListRoute.loader, `/app/promotions/calibration-panelist/sessions?cycle_id=${org.cycleId}`, org.users.pa.id);
    expect(list.kind === "selected" && list.sessions.map((s) => s.id)).toEqual([sessionId]);
  });

  it("the sign-off party's session list", async () => {
    const list = await loadPageWithin(signOffListRoute.loader, `/app/promotions/sign-off-party/sessions?cycle_id=${org.cycleId}`, org.users.so.id);
    expect(list.kind === "selected" && list.sessions.map((s) => s.id)).toEqual([sessionId]);
  });
});
