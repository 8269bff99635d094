/**
 * Promotions (issue 14, ADR 0028): the rules that keep the process honest, end to end through the API, the
 * services, the real Temporal dev server and worker, and the database:
 *  - the sign-off party is never whoever runs the session (400);
 *  - a withdrawn nomination ends its open endorsement requests (through their workflows) and cannot be answered;
 *  - a request whose nomination left the process without being cancelled (e.g. a crash in between) is
 *    cancelled at its deadline, not expired, and nobody is told it expired;
 *  - a super admin's forced close writes no promotion decision; only the signed-off outcome does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { startTestWorker } from "../support/worker";
import { until } from "../support/wait";
import { adminBase, answerUrl, auditCount, call, createPromotionOrg, endorsementWorkflow, hrBase, moveCycleTo, nominate, sessionBody, sessionsUrl, transitionUrl, type PromotionOrg } from "../support/promotions";

let org: PromotionOrg;
let stopWorker: () => Promise<void>;
let session: number;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createPromotionOrg("PromProc");
  await moveCycleTo(org, "spu_feedback");
  await nominate(org, ["A", "B", "C"]);
});

afterAll(async () => {
  await stopWorker?.();
});

async function endorsementOf(nominationId: number, endorserId: number) {
  return (await getDb()).endorsement.findUniqueOrThrow({ where: { nominationId_endorserId: { nominationId, endorserId } } });
}

describe("who signs off", () => {
  it("refuses a sign-off party who created the session or is its session admin (422), and nothing is created", async () => {
    const db = await getDb();
    const before = await db.calibrationSession.count({ where: { cycleId: org.cycleId } });
    const asCreator = await call("POST", `${hrBase(org)}/promotion_calibration_sessions`, { token: org.token.hr, body: sessionBody(org, "Self approval", ["A"], { so: "hr" }) });
    expect(asCreator.status, JSON.stringify(asCreator.body)).toBe(422);
    expect(asCreator.body.error.message).toContain("sign-off party must not be");
    const asAdmin = await call("POST", `${hrBase(org)}/promotion_calibration_sessions`, { token: org.token.hr, body: sessionBody(org, "Self approval", ["A"], { sa: "so" }) });
    expect(asAdmin.status).toBe(422);
    expect(await db.calibrationSession.count({ where: { cycleId: org.cycleId } })).toBe(before);
  });

  it("creates the session with a distinct sign-off party (201)", async () => {
    const res = await call("POST", `${hrBase(org)}/promotion_calibration_sessions`, { token: org.token.hr, body: sessionBody(org, "Process", ["A", "B", "C"]) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    session = res.body.promotion_calibration_session.id;
  });
});

describe("a withdrawn nomination", () => {
  it("cancels its open requests through their workflows; the endorser can no longer answer (409)", async () => {
    const ask = await call("POST", `${sessionsUrl(org, "hr_partner", session, "A")}/endorsements`, { token: org.token.hr, body: { endorser_ids: [org.users.e1.id] } });
    expect(ask.status, JSON.stringify(ask.body)).toBe(201);
    const id = ask.body.endorsements[0].id as number;
    await until("the request's workflow runs", async () => (await endorsementWorkflow(id)).status === "RUNNING");

    const withdraw = await call("DELETE", `/api/v1/cycles/${org.cycleId}/promotion_nominations/${encodeURIComponent(org.users.A.email)}`, { token: org.token.M });
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    expect((await endorsementOf(org.nid.A!, org.users.e1.id)).status).toBe("cancelled");
    // The workflow ends right after the cancel was applied (and its search attribute is read from visibility):
    // wait for it rather than race it on a busy machine.
    await until("the request's workflow ends cancelled", async () => {
      const wf = await endorsementWorkflow(id);
      return wf.status === "COMPLETED" && wf.endorsementStatus === "cancelled";
    });
    expect(await auditCount("endorsement.cancel", id)).toBe(1);

    const answer = await call("POST", answerUrl(org, "A", org.users.e1, "accept"), { token: org.token.e1 });
    expect(answer.status).toBe(409);
    // Someone else trying is refused before anything is read (403), whether or not such a request exists.
    expect((await call("POST", answerUrl(org, "A", org.users.e1, "accept"), { token: org.token.e2 })).status).toBe(403);
    expect((await call("POST", answerUrl(org, "B", org.users.e1, "accept"), { token: org.token.e2 })).status).toBe(403);
  });

  it("a request left open when its nomination left the process is cancelled at its deadline, not expired", async () => {
    const deadline = new Date(Date.now() + 5_000).toISOString();
    const ask = await call("POST", `${sessionsUrl(org, "hr_partner", session, "B")}/endorsements`, { token: org.token.hr, body: { endorser_ids: [org.users.e2.id], deadline } });
    expect(ask.status, JSON.stringify(ask.body)).toBe(201);
    const id = ask.body.endorsements[0].id as number;
    // As if the process died between the withdrawal and the cancel: the row says withdrawn, the request is open.
    const db = await getDb();
    await db.promotionNomination.update({ where: { id: org.nid.B! }, data: { status: "withdrawn" } });
    await until("the request ends at its deadline", async () => (await endorsementWorkflow(id)).status === "COMPLETED", 60_000);
    expect((await endorsementOf(org.nid.B!, org.users.e2.id)).status).toBe("cancelled");
    expect(await auditCount("endorsement.expire", id)).toBe(0);
    expect(await auditCount("endorsement.cancel", id)).toBe(1);
    expect(await db.notification.count({ where: { dedupeKey: { startsWith: `endorsement:${id}:` }, kind: "endorsement_request", title: { startsWith: "Endorsement request expired" } } })).toBe(0);
    await db.promotionNomination.update({ where: { id: org.nid.B! }, data: { status: "nominated" } });
  });
});

describe("the outcome", () => {
  it("a super admin's forced close decides nothing; the decisions stay unsigned", async () => {
    await moveCycleTo(org, "calibration");
    expect((await call("PATCH", transitionUrl(org, session, "activate"), { token: org.token.hr })).status).toBe(200);
    const decide = await call("PATCH", `${sessionsUrl(org, "hr_partner", session, "C")}/decision`, { token: org.token.hr, body: { decision: "PROMOTED", reason: "Ready: leads the team" } });
    expect(decide.status, JSON.stringify(decide.body)).toBe(200);
    const close = await call("PATCH", `${adminBase(org)}/${session}/transition?event=close`, { token: org.token.admin });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.promotion_calibration_session.state).toBe("closed");
    const db = await getDb();
    expect((await db.participant.findUniqueOrThrow({ where: { id: org.pid.C } })).promotionDecision).toBeNull();
    expect(await auditCount("participant.promotion_decision", org.pid.C)).toBe(0);
  });
});
