/**
 * Issue 27: the rating calibration session setup pages' loaders read what they show in at most 3 database round trips
 * of their own (the session and shell reads of the frame are counted apart, in platform-reads.test.ts): the HR
 * partner's list (/app/ratings/hr-partners), create and edit pages and the admin's list
 * (/app/admin/calibration-sessions). What they show is checked against the org made here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminLayout from "~/routes/app.admin";
import * as hrList from "~/routes/app.ratings.hr-partners._index";
import * as hrCreate from "~/routes/app.ratings.hr-partners.create-session";
import * as hrEdit from "~/routes/app.ratings.hr-partners.sessions.$id.edit";
import * as adminList from "~/routes/app.admin.calibration-sessions._index";
import { sessionCookieFor } from "../support/session";
import { adminBase, call, createCalibrationOrg, hrBase, sessionBody, type CalibrationOrg } from "../support/calibration";
import { moveCycleTo } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { loadPageWithin, pageStatus } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: CalibrationOrg;
let sessionId: number;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createCalibrationOrg("SetupReads");
  await moveCycleTo(org, "start");
  const res = await call("POST", `${hrBase(org)}/calibration_sessions`, { token: org.token.hr, body: sessionBody(org, "Engineering", ["A", "B"]) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  sessionId = (res.body as { calibration_session: { id: number } }).calibration_session.id;
});
afterAll(async () => {
  await stopWorker?.();
});


describe("the calibration session setup pages' loaders", () => {
  it("read the HR partner's list in at most 3 round trips", async () => {
    const data = await loadPageWithin(hrList.loader, `/app/ratings/hr-partners?cycle_id=${org.cycleId}`, org.users.hr);
    expect(data.kind).toBe("selected");
    if (data.kind !== "selected") return;
    expect(data.sessions.map((s) => [s.id, s.name, s.participant_count])).toEqual([[sessionId, "Engineering", 2]]);
    // A, B, C, D and the reviewer-only R; E is hr2's.
    expect(data.participants.map((p) => p.participant_id).sort((a, b) => a - b)).toEqual(["A", "B", "C", "D", "R"].map((p) => org.pid[p as "A"]).sort((a, b) => a - b));
    expect(data.participants.find((p) => p.participant_id === org.pid.A)?.session).toMatchObject({ id: sessionId, name: "Engineering" });
    // Their own session links to its insights (ADR 0117), without a read of its own.
    expect(data.insightSessions).toEqual([sessionId]);
    // The page's lean reads give what the API (the services) answers.
    expect(data.sessions).toEqual((await call("GET", `${hrBase(org)}/calibration_sessions`, { token: org.token.hr })).body.calibration_sessions);
    expect(data.participants).toEqual((await call("GET", `${hrBase(org)}/participants`, { token: org.token.hr })).body.participants);
  });

  it("read the HR partner's create and edit pages in at most 3 round trips", async () => {
    const cookie = await sessionCookieFor(org.users.hr.id);
    const create = await loadPageWithin(hrCreate.loader, `/app/ratings/hr-partners/create-session?cycle_id=${org.cycleId}`, cookie);
    expect(create.pool).toHaveLength(5);
    const data = await loadPageWithin(hrEdit.loader, `/app/ratings/hr-partners/sessions/${sessionId}/edit`, cookie, { params: { id: String(sessionId) } });
    expect(data.session).toMatchObject({ id: sessionId, name: "Engineering", participant_count: 2 });
    expect(data.session).toEqual((await call("GET", `${hrBase(org)}/calibration_sessions/${sessionId}`, { token: org.token.hr })).body.calibration_session);
    expect(data.pool).toHaveLength(5);
    expect(data.structureEditable).toBe(true);
    expect(data.cycle).toMatchObject({ id: org.cycleId, state: "start" });
    expect(data.insightsLink).toBe(true);
    // Another HR partner's session is not hr2's to edit.
    expect(await pageStatus(hrEdit.loader, `/app/ratings/hr-partners/sessions/${sessionId}/edit`, org.users.hr2, { params: { id: String(sessionId) } })).toBe(403);
  });

  it("read the admin's list in at most 3 round trips", async () => {
    const data = await loadPageWithin(adminList.loader, `/app/admin/calibration-sessions?cycle_id=${org.cycleId}`, org.users.admin, { layouts: [adminLayout.loader] });
    expect(data.kind).toBe("selected");
    if (data.kind !== "selected") return;
    expect(data.sessions.map((s) => s.id)).toEqual([sessionId]);
    const api = (await call("GET", adminBase(org), { token: org.token.admin })).body.calibration_sessions as Array<{ id: number }>;
    expect(data.sessions.map(({ workflow_id: _w, ...s }) => s)).toEqual(api);
    // C, D and E are in no session (R is reviewer-only).
    expect(data.unassigned.map((p) => p.participant_id).sort((a, b) => a - b)).toEqual([org.pid.C, org.pid.D, org.pid.E].sort((a, b) => a - b));
  });
});
