/**
 * Issue 27: the promotion panelist's and sign-off party's session pages read what they show in at most 3 database round
 * trips of their own (the Prisma reads made 72 and 38; the frame's session and shell reads are counted apart). What
 * they show is what the API answers for the same person (the session detail, the open nomination's comments and its
 * nominee's feedback summary) and what the old service read gives for the session's comments; the pages refuse
 * (403/404) whom the API refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as panelistRoute from "~/routes/app.promotions.calibration-panelist.sessions.$id";
import * as signOffRoute from "~/routes/app.promotions.sign-off-party.sessions.$id";
import { getCurrentUser } from "~/platform/auth.server";
import { listComments } from "~/features/calibration/views.server";
import { sessionCookieFor } from "../support/session";
import { PANELIST_NS, SIGN_OFF_NS, call, createPromotionOrg, moveCycleTo, nominate, sessionBody, sessionsUrl, transitionUrl, type PromotionOrg } from "../support/promotions";
import { startTestWorker } from "../support/worker";
import { loadPageWithin, pageStatus } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: PromotionOrg;
let sessionId: number;

async function ok(res: Promise<{ status: number; body: unknown }>, status = 200) {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createPromotionOrg("PromMeet");
  await moveCycleTo(org, "spu_feedback");
  await nominate(org, ["A", "B", "C"]);
  const made = await ok(call("POST", sessionsUrl(org, "hr_partner"), { token: org.token.hr, body: sessionBody(org, "Meeting reads", ["A", "B"], { pa: ["pa", "pb"] }) }), 201);
  sessionId = (made.body as { promotion_calibration_session: { id: number } }).promotion_calibration_session.id;
  await ok(call("POST", `${sessionsUrl(org, "hr_partner", sessionId, "A")}/endorsements`, { token: org.token.sa, body: { endorser_ids: [org.users.e1.id, org.users.e2.id] } }), 201);
  await moveCycleTo(org, "calibration");
  await ok(call("PATCH", transitionUrl(org, sessionId, "activate"), { token: org.token.hr }));
  const vote = (who: "pa" | "pb", nominee: "A" | "B", body: unknown) => ok(call("POST", `${sessionsUrl(org, PANELIST_NS, sessionId, nominee)}/vote`, { token: org.token[who], body }));
  await vote("pa", "A", { vote: "PROMOTED", note: "Ready — 准备好了" });
  await vote("pb", "A", { vote: "DEFERRED" });
  await vote("pa", "B", { vote: "NOT_PROMOTED", note: "Next cycle" });
  await ok(call("POST", `${sessionsUrl(org, PANELIST_NS, sessionId, "A")}/comments`, { token: org.token.pa, body: { body: "Strong endorsements." } }), 201);
  await ok(call("POST", `${sessionsUrl(org, "hr_partner", sessionId, "A")}/comments`, { token: org.token.sa, body: { body: "Agreed." } }), 201);
  const decide = (nominee: "A" | "B", decision: string, reason: string) =>
    ok(call("PATCH", `${sessionsUrl(org, "hr_partner", sessionId, nominee)}/decision`, { token: org.token.hr, body: { decision, reason } }));
  await decide("A", "PROMOTED", "Endorsed and ready");
  await decide("B", "NOT_PROMOTED", "Needs another cycle");
  await ok(call("PATCH", transitionUrl(org, sessionId, "progress_to_review"), { token: org.token.sa }));
  await ok(call("PATCH", transitionUrl(org, sessionId, "progress_to_revision_requested"), { token: org.token.so, body: { comment: "Reconsider Ben" } }));
  await decide("B", "DEFERRED", "Revisit in six months");
  await ok(call("PATCH", transitionUrl(org, sessionId, "progress_to_review"), { token: org.token.hr }));
});
afterAll(async () => {
  await stopWorker?.();
});

/** The session page's route params (the page's loader after the frame's: tests/support/page-load.ts). */
const sessionParams = () => ({ params: { id: String(sessionId) } });

async function sessionCommentsOf(userId: number, role: "panelist" | "sign_off") {
  const current = await getCurrentUser(new Request("http://127.0.0.1/", { headers: { Cookie: await sessionCookieFor(userId) } }));
  return listComments(current!, role, org.cycleId, sessionId, null, "PROMOTION");
}

describe("the promotion meeting pages read in at most 3 round trips and show what the API answers", () => {
  it("the panelist's page, with and without a nomination open", async () => {
    const base = `/app/promotions/calibration-panelist/sessions/${sessionId}?cycle_id=${org.cycleId}`;
    for (const who of ["pa", "pb"] as const) {
      const data = await loadPageWithin(panelistRoute.loader, base, org.users[who].id, sessionParams());
      const api = await ok(call("GET", sessionsUrl(org, PANELIST_NS, sessionId), { token: org.token[who] }));
      expect(data.detail).toEqual(api.body);
      expect(data.detail.nominations.map((n) => n.nominee.name)).toEqual([org.users.A.name, org.users.B.name].sort());
      expect(data.open).toBeNull();
      expect(data.sessionComments).toEqual(await sessionCommentsOf(org.users[who].id, "panelist"));
    }
    const data = await loadPageWithin(panelistRoute.loader, `${base}&nomination=${org.nid.A}`, org.users.pa.id, sessionParams());
    const a = data.detail.nominations.find((n) => n.nomination_id === org.nid.A)!;
    expect(a.votes.map((v) => v.vote)).toEqual(["PROMOTED", "DEFERRED"]);
    expect(a.my_vote?.note).toBe("Ready — 准备好了");
    expect(a.endorsements).toHaveLength(2);
    expect(a.comment_count).toBe(2);
    const comments = await ok(call("GET", `${sessionsUrl(org, PANELIST_NS, sessionId, "A")}/comments`, { token: org.token.pa }));
    expect(data.open?.comments).toEqual((comments.body as { comments: unknown }).comments);
    expect(data.open?.comments.map((c) => c.body)).toEqual(["Strong endorsements.", "Agreed."]);
    const summary = await ok(call("GET", `${sessionsUrl(org, PANELIST_NS, sessionId, "A")}/feedbacks_summary`, { token: org.token.pa }));
    expect(data.open?.summary).toEqual(summary.body);
    // a nomination not in this session opens nothing
    expect((await loadPageWithin(panelistRoute.loader, `${base}&nomination=${org.nid.C}`, org.users.pa.id, sessionParams())).open).toBeNull();
  });

  it("the sign-off party's page: the outcome with its history, the session's comments, the open nomination without a summary", async () => {
    const base = `/app/promotions/sign-off-party/sessions/${sessionId}?cycle_id=${org.cycleId}`;
    const data = await loadPageWithin(signOffRoute.loader, `${base}&nomination=${org.nid.B}`, org.users.so.id, sessionParams());
    const api = await ok(call("GET", sessionsUrl(org, SIGN_OFF_NS, sessionId), { token: org.token.so }));
    expect(data.detail).toEqual(api.body);
    expect(data.detail.session).toMatchObject({ state: "in_review", decided_count: 2, nomination_count: 2 });
    const b = data.detail.nominations.find((n) => n.nomination_id === org.nid.B)!;
    expect(b.history.map((h) => [h.new_value, h.superseded])).toEqual([
      ["DEFERRED", false],
      ["NOT_PROMOTED", true],
    ]);
    expect(data.detail.allowed.sign_off).toBe(true);
    expect(data.sessionComments).toEqual(await sessionCommentsOf(org.users.so.id, "sign_off"));
    expect(data.sessionComments.map((c) => c.body)).toEqual(["Revision requested: Reconsider Ben"]);
    const comments = await ok(call("GET", `${sessionsUrl(org, SIGN_OFF_NS, sessionId, "B")}/comments`, { token: org.token.so }));
    expect(data.open).toEqual({ nomination_id: org.nid.B, comments: (comments.body as { comments: unknown }).comments, summary: null });
  });

  it("refuses whom the API refuses: 403 for a non-member or the wrong role, 404 for another cycle", async () => {
    const panel = `/app/promotions/calibration-panelist/sessions/${sessionId}?cycle_id=${org.cycleId}`;
    const signOff = `/app/promotions/sign-off-party/sessions/${sessionId}?cycle_id=${org.cycleId}`;
    expect(await pageStatus(panelistRoute.loader, panel, org.users.emp.id, sessionParams())).toBe(403);
    expect(await pageStatus(panelistRoute.loader, panel, org.users.so.id, sessionParams())).toBe(403);
    expect(await pageStatus(signOffRoute.loader, signOff, org.users.pa.id, sessionParams())).toBe(403);
    expect(await pageStatus(panelistRoute.loader, `/app/promotions/calibration-panelist/sessions/${sessionId}?cycle_id=999999`, org.users.pa.id, sessionParams())).toBe(404);
  });
});
