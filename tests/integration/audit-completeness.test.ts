/**
 * Every mutation has its audit record (issue 17 §6, ADR 0046). A trigger on every app table logs each row the
 * database receives (tests/support/audit-probe.ts) while a whole review year runs through the app's API and its
 * workflows: a cycle created and moved through every stage, participants added (one by one and by an upload job),
 * peers picked and accepted, 360 and self feedback, manager feedback, a promotion nomination with an endorsement,
 * panel votes and a decision, a calibration session with a rating, a comment and its sign-off, anytime feedback and
 * a notification read.
 * Then every row written to an audited table must have an audit record naming it (or its owning entity, where the
 * app audits the aggregate) with an actor, written in the same transaction. Users and tokens are made beforehand
 * (test fixtures, outside the recorded window).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Question } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import { getTemporalClient } from "~/platform/temporal.server";
import { compareWithAudit, installProbe, lastSeq, removeProbe, writesSince, type Rules } from "../support/audit-probe";
import { bearerFor, createTestUser } from "../support/api";
import { call, resolveRoute } from "../support/calibration";
import { until } from "../support/wait";
import { startTestWorker } from "../support/worker";

/** Tables the app does not audit by design, each with its reason. */
const EXEMPT: Rules["exempt"] = {
  AuditRecord: "the audit log itself",
  UserSession: "sign-in state; signing in and out is audited as session.login / session.logout on the User",
  IdempotentRequest: "a stored answer to replay for a retried request (Idempotency-Key); the request's own write is audited",
  JobStagedBatch: "an upload's staging rows (ADR 0038), read by the job's steps and deleted when it ends",
  JobRowError: "a job's per-row error report, the job's output; the job's audit records carry the counts",
  JobFile: "a job's input or output file; job.create audits the upload with the file's name and size",
  InsightsDataVersion: "the fairness insights' data version (ADR 0121): a trigger adds 1 at the commit of a write to a table they read; that write is audited",
};

/** Columns whose change alone is bookkeeping, not a change of state. */
const BOOKKEEPING: Rules["bookkeeping"] = {
  ApiToken: ["lastUsedAt"], // written when a token is used (at most every few minutes)
  CalibrationSession: ["version"], // the live meeting's change counter, bumped with every audited change inside it
};

/**
 * Rows that the app audits through their owning entity, by design: bulk effects of a stage move are audited once on
 * the cycle with their counts (ADR 0021), a session's members and participants with the session's create / update
 * record, and the meeting's history rows (proposals, rating changes, votes, comments) with the record of the act
 * that wrote them, which names the session or the session participant. Each with the actions that do so.
 */
const session = (...actions: string[]) => ({ entityType: "CalibrationSession", column: "sessionId", actions });
const sessionParticipant = (...actions: string[]) => ({ entityType: "CalibrationSessionParticipant", column: "sessionParticipantId", actions });
const COVERED_BY: Rules["coveredBy"] = {
  Feedback: [{ entityType: "Cycle", column: "cycleId", actions: ["cycle.feedback_requests_opened", "cycle.manager_feedback_opened"] }],
  Participant: [{ entityType: "Cycle", column: "cycleId", actions: ["cycle.proposed_ratings", "cycle.calibration_opened"] }],
  CalibrationSessionMember: [session("calibration_session.create", "promotion_session.create", "calibration_session.update", "promotion_session.update")],
  CalibrationSessionParticipant: [
    session("calibration_session.create", "promotion_session.create", "calibration_session.update", "promotion_session.update", "calibration_session.seeded"),
  ],
  CalibrationProposal: [sessionParticipant("calibration_session.proposal")],
  CalibrationRatingChange: [sessionParticipant("calibration_session.rating_change", "promotion_session.decision")],
  PromotionVote: [sessionParticipant("promotion_session.vote")],
  CalibrationComment: [session("calibration_session.comment", "calibration_session.transition"), sessionParticipant("calibration_session.comment")],
  // A spoofing token is the spoof session, audited on the viewed user; a role change revokes the user's tokens at once.
  ApiToken: ["userId", "realUserId"].map((column) => ({ entityType: "User", column, actions: ["spoof.start", "spoof.end", "session.revoke_all"] })),
};

type U = Awaited<ReturnType<typeof createTestUser>>;
let stopWorker: () => Promise<void>;
const t: Record<string, string> = {};
let u: Record<"admin" | "hr" | "M" | "A" | "B" | "P" | "sa" | "pa" | "so" | "e1", U>;

/** The answer of a call that must succeed (any 2xx; the status codes themselves are other tests' business). */
const ok = async (res: Promise<{ status: number; body: any }>) => {
  const r = await res;
  expect(r.status >= 200 && r.status < 300, `${r.status} ${JSON.stringify(r.body)}`).toBe(true);
  return r.body;
};

function answers(questions: readonly Question[], text: string): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const q of questions) out[q.id] = q.kind === "rating" ? q.scale!.max : q.kind === "choice" ? q.options![0]! : `${text} (${q.id})`;
  return out;
}

/** A multipart upload through the route manifest, like an API client. */
async function upload(url: string, token: string, csv: string) {
  const route = resolveRoute(url)!;
  const mod = (await import(/* @vite-ignore */ pathToFileURL(path.resolve("app", route.file)).href)) as { action: (a: unknown) => Promise<Response> };
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "people.csv");
  form.set("error_mode", "valid_only");
  const request = new Request(`http://127.0.0.1${url}`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  const res = await mod.action({ request, params: route.params, context: {} });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  const make = (name: string, extra: Parameters<typeof createTestUser>[0] = {}) => createTestUser({ name: `Audit ${name}`, ...extra });
  const admin = await make("Admin", { role: "SUPER_ADMIN" });
  const M = await make("Manager");
  u = {
    admin,
    hr: await make("Hr Partner"),
    M,
    A: await make("Alice", { managerId: M.id }),
    B: await make("Bob", { managerId: M.id }),
    P: await make("Peer"),
    sa: await make("Session Admin"),
    pa: await make("Panelist"),
    so: await make("Sign Off"),
    e1: await make("Endorser"),
  };
  for (const [k, user] of Object.entries(u)) t[k] = await bearerFor(user.id);
  await installProbe();
});

/** The figures of both parts, printed once at the end as the issue's one line. */
const total = { checked: 0, entities: 0, missing: 0 };

afterAll(async () => {
  console.log(`audit: ${total.checked} writes checked, ${total.entities} entities, missing: ${total.missing}`);
  await removeProbe().catch(() => {});
  await stopWorker?.();
});

describe("every write of a whole review year has its audit record", () => {
  it("runs the journey through the API and compares the database's writes with the audit log", async () => {
    const start = await lastSeq();
    const db = await getDb();
    // The cycle, its participants (one by the API, the others by an upload job) and its start.
    const cycle = (await ok(call("POST", "/api/v1/admin/cycles", { token: t.admin, body: { name: `Audit year ${Date.now().toString(36)}`, max_peers: 5 } }))).cycle;
    const cid = cycle.id as number;
    const admin = `/api/v1/admin/cycles/${cid}`;
    const base = `/api/v1/cycles/${cid}`;
    await ok(call("POST", `${admin}/participants`, { token: t.admin, body: { email: u.M.email, hr_partner_email: u.hr.email } }));
    const csv = ["email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only", `${u.A.email},${u.M.email},,${u.hr.email},false`, `${u.B.email},${u.M.email},,${u.hr.email},false`, `${u.P.email},,,,false`].join("\n");
    const job = (await ok(upload(`${admin}/upload_participant_jobs`, t.admin, csv))).job;
    expect(await (await getTemporalClient()).workflow.getHandle(`job-${job.id}`).result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    await ok(call("PATCH", `${admin}/start`, { token: t.admin }));

    // Peers: A asks P, M approves A's panel, P accepts.
    await ok(call("POST", `${base}/panels/new`, { token: t.A, body: { peer_email: u.P.email } }));
    await ok(call("PATCH", `${base}/direct_reports/${encodeURIComponent(u.A.email)}/panel/approve`, { token: t.M }));
    const incoming = await ok(call("GET", `${base}/peers`, { token: t.P }));
    const requestId = incoming.requests.find((r: { participant: { email: string } }) => r.participant.email === u.A.email).id;
    await ok(call("PATCH", `${base}/peers/${requestId}/accept`, { token: t.P }));

    // 360 feedback: P about A, A about themself; M nominates A for promotion.
    await ok(call("PATCH", `${admin}/progress_to_spu_feedback`, { token: t.admin }));
    const feedbackOf = (about: U) => `${base}/participants/${encodeURIComponent(about.email)}/feedback`;
    await ok(call("POST", feedbackOf(u.A), { token: t.P, body: { answers: { strengths: "Helps the team ship" } } }));
    await ok(call("POST", `${feedbackOf(u.A)}/submit`, { token: t.P, body: { answers: answers(DEFAULT_QUESTIONNAIRE.PEER!, "Peer view") } }));
    await ok(call("POST", `${feedbackOf(u.A)}/submit`, { token: t.A, body: { answers: answers(DEFAULT_QUESTIONNAIRE.SELF!, "Self view") } }));
    await ok(call("POST", `${base}/promotion_nominations`, { token: t.M, body: { email: u.A.email, rationale: "Leads the platform team's largest project." } }));
    const nid = (await db.promotionNomination.findFirstOrThrow({ where: { participant: { cycleId: cid, userId: u.A.id } } })).id;

    // Promotion session: created by the HR partner, an endorser asked, accepts and endorses.
    const promo = `${base}/hr_partner/promotion_calibration_sessions`;
    const members = { session_admin_id: u.sa.id, panelist_ids: [u.pa.id], sign_off_ids: [u.so.id] };
    const ps = (await ok(call("POST", promo, { token: t.hr, body: { name: "Audit promotions", nomination_ids: [nid], ...members } }))).promotion_calibration_session.id;
    await ok(call("POST", `${promo}/${ps}/promotion_nominations/${nid}/endorsements`, { token: t.sa, body: { endorser_ids: [u.e1.id] } }));
    await ok(call("POST", `${base}/nominations/${nid}/endorsements/${u.e1.id}/accept`, { token: t.e1 }));
    await ok(call("POST", `${base}/nominations/${nid}/endorsements/${u.e1.id}/endorse`, { token: t.e1, body: { outcome: "endorsed", endorsement: "Leads by example." } }));

    // Manager feedback; the calibration session is set up before the cycle enters calibration.
    await ok(call("PATCH", `${admin}/progress_to_manager_feedback`, { token: t.admin }));
    for (const who of [u.A, u.B]) {
      const url = `${base}/direct_reports/${encodeURIComponent(who.email)}/feedback`;
      await ok(call("PUT", url, { token: t.M, body: { answers: { strengths: "Early words" } } }));
      await ok(call("POST", `${url}/submit`, { token: t.M, body: { answers: answers(DEFAULT_QUESTIONNAIRE.MANAGER!, "Manager view") } }));
    }
    const pids = Object.fromEntries((await db.participant.findMany({ where: { cycleId: cid } })).map((p) => [p.userId, p.id]));
    const cal = `${base}/hr_partner/calibration_sessions`;
    const cs = (await ok(call("POST", cal, { token: t.hr, body: { name: "Audit calibration", participant_ids: [pids[u.A.id], pids[u.B.id]], ...members, guideline: { ...DEFAULT_GUIDELINE } } }))).calibration_session.id;

    // Calibration: activate, a rating and a comment, review, sign-off; the promotion session votes, decides, closes.
    await ok(call("PATCH", `${admin}/progress_to_calibration`, { token: t.admin }));
    await ok(call("PATCH", `${cal}/${cs}/activate`, { token: t.hr }));
    const sp = await db.calibrationSessionParticipant.findMany({ where: { sessionId: cs }, orderBy: { id: "asc" } });
    const panel = `${base}/calibration_session_panelist/calibration_sessions/${cs}/participants`;
    await ok(call("POST", `${panel}/${sp[0]!.id}/calibration_rating`, { token: t.pa, body: { rating: 4, justification: "Strong delivery across the year" } }));
    await ok(call("POST", `${panel}/${sp[0]!.id}/comments`, { token: t.pa, body: { body: "Her scope grew mid-year." } }));
    await ok(call("PATCH", `${base}/calibration_session_admin/calibration_sessions/${cs}/progress_to_review`, { token: t.sa }));
    await ok(call("PATCH", `${base}/calibration_session_sign_off_party/calibration_sessions/${cs}/progress_to_close`, { token: t.so, body: { comment: "Signed off" } }));

    const transition = (event: string, token: string, body?: unknown) => call("PATCH", `${base}/promotion_calibration_sessions/${ps}/transition?event=${event}`, { token, body });
    await ok(transition("activate", t.hr));
    await ok(call("POST", `${base}/promotion_calibration_session_panelist/promotion_calibration_sessions/${ps}/promotion_nominations/${nid}/vote`, { token: t.pa, body: { vote: "PROMOTED", note: "Ready" } }));
    await ok(call("PATCH", `${promo}/${ps}/promotion_nominations/${nid}/decision`, { token: t.hr, body: { decision: "PROMOTED", reason: "Endorsed and ready" } }));
    await ok(transition("progress_to_review", t.sa));
    await ok(transition("progress_to_close", t.so, { comment: "Approved" }));

    // Communication; anytime feedback and its reading.
    await ok(call("PATCH", `${admin}/progress_to_communication`, { token: t.admin }));
    const rtf = (await ok(call("POST", "/api/v1/realtime_feedbacks", { token: t.A, body: { reviewee_email: u.B.email, body: "Thanks for the careful review." } }))).realtime_feedback.id;
    await ok(call("PATCH", `/api/v1/realtime_feedbacks/${rtf}/update_has_been_viewed_by_reviewee`, { token: t.B }));
    const unread = (await ok(call("GET", "/api/v1/notifications?unread=true", { token: t.B }))).notifications;
    expect(unread.length).toBeGreaterThan(0);
    await ok(call("PATCH", `/api/v1/notifications/${unread[0].id}/read`, { token: t.B }));

    // Let the workflows finish what the steps started (endorsement and session workflows complete).
    await until("the sessions' workflows to complete", async () => {
      const client = await getTemporalClient();
      const states = await Promise.all([`calibration-session-${cs}`, `calibration-session-${ps}`].map(async (id) => (await client.workflow.getHandle(id).describe()).status.name));
      return states.every((s) => s === "COMPLETED");
    });

    await expectEveryWriteAudited(start);
  });

  it("and so has every other write: cycle and participant edits, peers removed and declined, nudges, tokens, spoofing, settings", async () => {
    const start = await lastSeq();
    // A draft cycle renamed and deleted; a participant added, changed and removed.
    const draft = (await ok(call("POST", "/api/v1/admin/cycles", { token: t.admin, body: { name: `Audit draft ${Date.now().toString(36)}`, max_peers: 3 } }))).cycle.id;
    await ok(call("PATCH", `/api/v1/admin/cycles/${draft}`, { token: t.admin, body: { name: `Audit draft renamed ${Date.now().toString(36)}` } }));
    await ok(call("POST", `/api/v1/admin/cycles/${draft}/participants`, { token: t.admin, body: { email: u.B.email } }));
    await ok(call("PATCH", `/api/v1/admin/cycles/${draft}/participants/${encodeURIComponent(u.B.email)}`, { token: t.admin, body: { reviewer_only: true } }));
    await ok(call("DELETE", `/api/v1/admin/cycles/${draft}/participants/${encodeURIComponent(u.B.email)}`, { token: t.admin }));
    await ok(call("DELETE", `/api/v1/admin/cycles/${draft}`, { token: t.admin }));

    // Another cycle: a peer asked, removed, asked again and declined; a nudge now and a recurring one, cancelled.
    const cid = (await ok(call("POST", "/api/v1/admin/cycles", { token: t.admin, body: { name: `Audit second ${Date.now().toString(36)}`, max_peers: 3 } }))).cycle.id;
    const admin = `/api/v1/admin/cycles/${cid}`;
    const base = `/api/v1/cycles/${cid}`;
    for (const body of [{ email: u.M.email }, { email: u.A.email, manager_email: u.M.email }, { email: u.P.email }]) await ok(call("POST", `${admin}/participants`, { token: t.admin, body }));
    await ok(call("PATCH", `${admin}/start`, { token: t.admin }));
    await ok(call("POST", `${base}/panels/new`, { token: t.A, body: { peer_email: u.P.email } }));
    await ok(call("DELETE", `${base}/panels/${encodeURIComponent(u.P.email)}`, { token: t.A }));
    await ok(call("POST", `${base}/panels/new`, { token: t.A, body: { peer_email: u.P.email } }));
    const incoming = await ok(call("GET", `${base}/peers`, { token: t.P }));
    const requestId = incoming.requests.find((r: { participant: { email: string } }) => r.participant.email === u.A.email).id;
    await ok(call("PATCH", `${base}/peers/${requestId}/decline`, { token: t.P }));
    await ok(call("PATCH", `${admin}/progress_to_spu_feedback`, { token: t.admin }));
    const nudge = (await ok(call("POST", `${admin}/nudge_jobs`, { token: t.admin, body: {} }))).job;
    expect(await (await getTemporalClient()).workflow.getHandle(`job-${nudge.id}`).result()).toMatchObject({ status: "SUCCEEDED" });
    const schedule = (await ok(call("POST", `${admin}/nudge_jobs`, { token: t.admin, body: { when: "recurring", cron: "0 9 * * MON-FRI", time_zone: "Europe/Berlin" } }))).schedule;
    await ok(call("DELETE", `${admin}/nudge_jobs/schedules/${schedule.id}`, { token: t.admin }));

    // Personal and admin settings: a token made and revoked, a coachmark, user feedback, a role, spoofing.
    const made = await ok(call("POST", "/api/v1/api_tokens", { token: t.A, body: { name: "Audit export", expires_in_days: 7 } }));
    await ok(call("DELETE", `/api/v1/api_tokens/${made.api_token.id}`, { token: t.A }));
    await ok(call("POST", "/api/v1/coachmarks", { token: t.A, body: { coachmark_type: "user_feedback", is_dismissed: true } }));
    await ok(call("POST", "/api/v1/user_feedback", { token: t.A, body: { has_liked: true, text: "Clear pages" } }));
    await ok(call("PATCH", `/api/v1/admin/users/${u.P.id}`, { token: t.admin, body: { role: "HR_OPS" } }));
    const spoof = await ok(call("POST", "/api/v1/admin/spoof", { token: t.admin, body: { spoofed_user_email: u.B.email } }));
    await ok(call("DELETE", "/api/v1/admin/spoof", { token: spoof.token }));

    await expectEveryWriteAudited(start);
  });
});

/** The writes since `start` against the audit log: prints the figure and what is missing, fails when anything is. */
async function expectEveryWriteAudited(start: number) {
  {
    const writes = await writesSince(start);
    const { checked, entities, missing, noActor } = compareWithAudit(writes, { exempt: EXEMPT, bookkeeping: BOOKKEEPING, coveredBy: COVERED_BY });
    const byTable = new Map<string, number>();
    for (const m of [...missing, ...noActor]) byTable.set(`${m.tbl} ${m.op}${m.changed ? ` (${m.changed.join(",")})` : ""}`, (byTable.get(`${m.tbl} ${m.op}${m.changed ? ` (${m.changed.join(",")})` : ""}`) ?? 0) + 1);
    console.log(`audit (this part): ${checked} writes checked, ${entities} entities, missing: ${missing.length + noActor.length}`);
    total.checked += checked;
    total.entities += entities;
    total.missing += missing.length + noActor.length;
    const written = new Map<string, number>();
    for (const w of writes) written.set(`${w.tbl} ${w.op}`, (written.get(`${w.tbl} ${w.op}`) ?? 0) + 1);
    console.log(`  written: ${[...written].map(([k, n]) => `${k} ${n}`).join(", ")}`);
    for (const [k, n] of byTable) console.log(`  missing ${n}× ${k}`);
    for (const m of [...missing, ...noActor].slice(0, 80)) console.log(`  ${m.tbl} ${m.op} ${String(m.id)} — in its transaction: ${m.actionsInTx.join("; ") || "no audit"}`);
    expect(checked).toBeGreaterThan(20);
    expect(missing.length, "writes without an audit record naming them in their transaction (listed above)").toBe(0);
    expect(noActor.length, "writes whose audit record names no actor (listed above)").toBe(0);
  }
}
