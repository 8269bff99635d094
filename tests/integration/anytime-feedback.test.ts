import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { API_TOKEN_TTL_MS, hashToken, newTokenValue } from "~/platform/auth.server";
import { BODY_MAX_LENGTH } from "~/features/anytime-feedback/rules";
import { loadAppShell } from "~/features/shell/pages.server";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import * as page from "~/routes/app.anytime-feedback";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { call } from "../support/calibration";
import { callWithSession, sessionCookieFor } from "../support/session";

/**
 * Anytime feedback (ADR 0029) through the real route manifest: every realtime_feedbacks call with 400/401/403/404/405,
 * and who reads what: the reviewee, the reviewer, the direct or secondary manager of either; nobody else (a stranger,
 * another manager, a super admin). Writes are refused while spoofing and the text is hidden from a spoofing admin.
 *
 *   M manages A and B; S is A's secondary manager; Y manages Z (a manager of neither); X has no reports;
 *   I is inactive; admin is a super admin.
 */

const BASE = "/api/v1/realtime_feedbacks";
type U = Awaited<ReturnType<typeof createTestUser>>;

describe("anytime feedback API", () => {
  let M: U, S: U, A: U, B: U, X: U, Y: U, Z: U, I: U, admin: U;
  const tok: Record<string, string> = {};
  let spoofB: string;
  let itemId: number;

  beforeAll(async () => {
    const db = await getDb();
    M = await createTestUser({ name: "Rtf Manager" });
    S = await createTestUser({ name: "Rtf Secondary" });
    Y = await createTestUser({ name: "Rtf Other Manager" });
    A = await createTestUser({ name: "Rtf Alice", managerId: M.id });
    await db.user.update({ where: { id: A.id }, data: { secondaryManagerId: S.id } });
    B = await createTestUser({ name: "Rtf Bob", managerId: M.id });
    Z = await createTestUser({ name: "Rtf Zed", managerId: Y.id });
    X = await createTestUser({ name: "Rtf Stranger" });
    I = await createTestUser({ name: "Rtf Inactive" });
    await db.user.update({ where: { id: I.id }, data: { active: false } });
    admin = await createTestUser({ name: "Rtf Admin", role: "SUPER_ADMIN" });
    for (const [k, u] of Object.entries({ M, S, A, B, X, Y, Z, admin })) tok[k] = await bearerFor(u.id);
    spoofB = newTokenValue();
    await db.apiToken.create({ data: { userId: B.id, realUserId: admin.id, tokenHash: hashToken(spoofB), provider: "spoof", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) } });
  });

  const give = (token: string | undefined, body: unknown) => call("POST", BASE, { token, body });

  it("answers 401 to every call without a valid token", async () => {
    const gets = ["", "/received", "/sent", "/received_feedback_user_emails", "/sent_feedback_user_emails", "/received_unread_count", "/direct_reports_feedbacks", "/direct_report_feedback_reviewee_and_reviewer"];
    for (const token of [undefined, "not-a-token"]) {
      for (const p of gets) {
        const res = await call("GET", BASE + p, { token });
        expect(res.status, p).toBe(401);
        expect(res.body.error.code).toBe("unauthorized");
      }
      expect((await give(token, { reviewee_email: B.email, body: "Hi" })).status).toBe(401);
      expect((await call("PATCH", `${BASE}/1/update_has_been_viewed_by_reviewee`, { token })).status).toBe(401);
    }
  });

  it("refuses invalid feedback with 400 and writes nothing", async () => {
    const db = await getDb();
    const before = await db.realtimeFeedback.count();
    const cases: Array<[unknown, string]> = [
      [{ reviewee_email: B.email }, "body"],
      [{ reviewee_email: B.email, body: "   " }, "body"],
      [{ reviewee_email: B.email, body: "x".repeat(BODY_MAX_LENGTH + 1) }, "body"],
      [{ reviewee_email: "not-an-email", body: "Hi" }, "reviewee_email"],
      [{ reviewee_email: B.email, body: "Hi", anonymous: true }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await give(tok.A, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      if (field) expect(res.body.error.details.fieldErrors[field]).toBeTruthy();
    }
    expect((await call("POST", BASE, { token: tok.A, rawBody: "{oops" })).body.error.code).toBe("invalid_json");
    for (const [email, message] of [
      ["nobody.here@test.example.com", "No user with this email"],
      [A.email, "You cannot give feedback to yourself"],
      [I.email, "This person is no longer active"],
    ] as const) {
      const res = await give(tok.A, { reviewee_email: email, body: "Hi" });
      expect(res.status).toBe(422); // well-formed, names no colleague one may write to (ADR 0060)
      expect(res.body.error).toMatchObject({ code: "bad_request", message, details: { field: "reviewee_email" } });
    }
    expect(await db.realtimeFeedback.count()).toBe(before);
    expect((await call("DELETE", BASE, { token: tok.A })).status).toBe(405);
  });

  it("gives feedback: 201, named, audited without its text, and the reviewee is notified", async () => {
    const res = await give(tok.A, { reviewee_email: B.email.toUpperCase(), body: "  Great demo on Tuesday.  " });
    expect(res.status).toBe(201);
    const item = res.body.realtime_feedback;
    itemId = item.id;
    expect(item).toMatchObject({ reviewer: { id: A.id }, reviewee: { id: B.id }, body: "Great demo on Tuesday.", has_been_viewed_by_reviewee: false, direction: "sent" });
    const db = await getDb();
    const audit = await db.auditRecord.findFirstOrThrow({ where: { entityType: "RealtimeFeedback", entityId: String(itemId), action: "realtime_feedback.create" } });
    expect(audit.actorId).toBe(A.id);
    expect(JSON.stringify(audit)).not.toContain("Great demo");
    const note = await db.notification.findFirstOrThrow({ where: { userId: B.id, kind: "anytime_feedback" } });
    expect(note.title).toBe(`New feedback from ${A.name}`);
    expect(note.body).not.toContain("Great demo");
  });

  it("lists received and sent items with person, period and page filters", async () => {
    const db = await getDb();
    // An older item from Z to B (40 days ago) and a second one from A.
    await db.realtimeFeedback.create({ data: { reviewerId: Z.id, revieweeId: B.id, body: "Old note", createdAt: new Date(Date.now() - 40 * 86_400_000) } });
    await give(tok.A, { reviewee_email: B.email, body: "Second note" });

    const received = await call("GET", `${BASE}/received`, { token: tok.B });
    expect(received.status).toBe(200);
    expect(received.body.total).toBe(3);
    expect(received.body.realtime_feedbacks.map((f: { body: string }) => f.body)).toEqual(["Second note", "Great demo on Tuesday.", "Old note"]);
    expect((await call("GET", `${BASE}/received?days=30`, { token: tok.B })).body.total).toBe(2);
    expect((await call("GET", `${BASE}/received?email=${encodeURIComponent(Z.email)}`, { token: tok.B })).body.realtime_feedbacks.map((f: { body: string }) => f.body)).toEqual(["Old note"]);
    const page2 = await call("GET", `${BASE}/received?limit=1&offset=1`, { token: tok.B });
    expect(page2.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page2.body.realtime_feedbacks.map((f: { id: number }) => f.id)).toEqual([itemId]);

    const sent = await call("GET", `${BASE}/sent?email=${encodeURIComponent(B.email)}`, { token: tok.A });
    expect(sent.body.total).toBe(2);
    const all = await call("GET", BASE, { token: tok.A });
    expect(all.body.realtime_feedbacks.every((f: { direction: string }) => f.direction === "sent")).toBe(true);

    expect((await call("GET", `${BASE}/received_feedback_user_emails`, { token: tok.B })).body.user_emails.sort()).toEqual([A.email, Z.email].sort());
    expect((await call("GET", `${BASE}/received_feedback_user_emails?days=30`, { token: tok.B })).body.user_emails).toEqual([A.email]);
    expect((await call("GET", `${BASE}/sent_feedback_user_emails`, { token: tok.A })).body).toEqual({ user_emails: [B.email], users: [{ id: B.id, name: B.name, email: B.email }] });

    for (const q of ["limit=0", "limit=101", "offset=-1", "days=0", "days=abc", "email=nope", "cursor=1"]) {
      const res = await call("GET", `${BASE}/received?${q}`, { token: tok.B });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await call("GET", `${BASE}/received_feedback_user_emails?days=-3`, { token: tok.B })).status).toBe(400);
    expect((await call("POST", `${BASE}/received`, { token: tok.B, body: {} })).status).toBe(405);
  });

  it("keeps an item from a third party: a stranger and a super admin see nothing of it and get 404 on it", async () => {
    for (const who of ["X", "admin", "Y"]) {
      for (const p of ["", "/received", "/sent"]) {
        const res = await call("GET", BASE + p, { token: tok[who] });
        expect(res.status).toBe(200);
        expect(res.body.realtime_feedbacks.some((f: { id: number }) => f.id === itemId), `${who} ${p}`).toBe(false);
      }
      const res = await call("PATCH", `${BASE}/${itemId}/update_has_been_viewed_by_reviewee`, { token: tok[who] });
      expect(res.status, who).toBe(404);
    }
  });

  it("counts unread items; only the reviewee marks one viewed (403 for its other readers, 404 unknown), once, audited", async () => {
    const url = `${BASE}/${itemId}/update_has_been_viewed_by_reviewee`;
    const unread = async () => (await call("GET", `${BASE}/received_unread_count`, { token: tok.B })).body.received_unread_count as number;
    expect(await unread()).toBe(3);
    for (const who of ["A", "M", "S"]) {
      const res = await call("PATCH", url, { token: tok[who] });
      expect(res.status, who).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    const spoofed = await call("PATCH", url, { token: spoofB });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.error.code).toBe("spoofing");
    expect((await call("PATCH", `${BASE}/999999999/update_has_been_viewed_by_reviewee`, { token: tok.B })).status).toBe(404);
    expect((await call("PATCH", `${BASE}/abc/update_has_been_viewed_by_reviewee`, { token: tok.B })).status).toBe(404);
    expect((await call("GET", url, { token: tok.B })).status).toBe(405);

    const res = await call("PATCH", url, { token: tok.B });
    expect(res.status).toBe(200);
    expect(res.body.realtime_feedback).toMatchObject({ id: itemId, has_been_viewed_by_reviewee: true, direction: "received" });
    expect(await unread()).toBe(2);
    expect((await call("PATCH", url, { token: tok.B })).status).toBe(200);
    const audits = await (await getDb()).auditRecord.findMany({ where: { entityType: "RealtimeFeedback", entityId: String(itemId), action: "realtime_feedback.viewed" } });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(B.id);
  });

  it("shows a spoofing super admin the viewed user's lists without the text, and refuses to give feedback", async () => {
    const res = await call("GET", `${BASE}/received`, { token: spoofB });
    expect(res.status).toBe(200);
    expect(res.body.realtime_feedbacks.length).toBeGreaterThan(0);
    expect(res.body.realtime_feedbacks.every((f: { body: string | null; body_hidden: boolean }) => f.body === null && f.body_hidden)).toBe(true);
    const given = await give(spoofB, { reviewee_email: A.email, body: "In B's name" });
    expect(given.status).toBe(403);
    expect(given.body.error.code).toBe("spoofing");
  });

  it("lets a manager read the items given to and by their direct and secondary reports; a manager of neither sees nothing", async () => {
    const team = await call("GET", `${BASE}/direct_reports_feedbacks`, { token: tok.M });
    expect(team.status).toBe(200);
    const ids = team.body.realtime_feedbacks.map((f: { id: number }) => f.id);
    expect(ids).toContain(itemId);
    expect(team.body.realtime_feedbacks.find((f: { id: number }) => f.id === itemId)).toMatchObject({ direction: "team", body: "Great demo on Tuesday." });
    // S is A's secondary manager: A gave the item.
    expect((await call("GET", `${BASE}/direct_reports_feedbacks?reviewer_email=${encodeURIComponent(A.email)}`, { token: tok.S })).body.total).toBe(2);
    expect((await call("GET", `${BASE}/direct_reports_feedbacks?reviewee_email=${encodeURIComponent(B.email)}`, { token: tok.S })).body.total).toBe(2);
    // Y manages Z, who gave B the old note: Y sees that one only.
    const y = await call("GET", `${BASE}/direct_reports_feedbacks`, { token: tok.Y });
    expect(y.body.realtime_feedbacks.map((f: { body: string }) => f.body)).toEqual(["Old note"]);
    expect((await call("GET", `${BASE}/direct_reports_feedbacks?email=${encodeURIComponent(A.email)}`, { token: tok.Y })).body.total).toBe(0);
    expect((await call("GET", `${BASE}/direct_reports_feedbacks?days=30&email=${encodeURIComponent(B.email)}`, { token: tok.M })).body.total).toBe(2);

    const people = await call("GET", `${BASE}/direct_report_feedback_reviewee_and_reviewer`, { token: tok.M });
    expect(people.status).toBe(200);
    expect(people.body.reviewees).toEqual([{ id: B.id, name: B.name, email: B.email, direct_report: true }]);
    expect(people.body.reviewers.map((p: { email: string; direct_report: boolean }) => [p.email, p.direct_report]).sort()).toEqual([[A.email, true], [Z.email, false]].sort());

    for (const who of ["X", "admin", "A"]) {
      for (const p of ["/direct_reports_feedbacks", "/direct_report_feedback_reviewee_and_reviewer"]) {
        const res = await call("GET", BASE + p, { token: tok[who] });
        expect(res.status, `${who} ${p}`).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
    }
    expect((await call("GET", `${BASE}/direct_reports_feedbacks?limit=500`, { token: tok.M })).status).toBe(400);
    expect((await call("GET", `${BASE}/direct_report_feedback_reviewee_and_reviewer?days=0`, { token: tok.M })).status).toBe(400);
  });

  it("puts the unread count in the shell's navigation data", async () => {
    const cookie = await sessionCookieFor(B.id);
    const data = (await loadAppShell(new Request("http://127.0.0.1/app/home", { headers: { Cookie: cookie } }))) as { badges?: Record<string, number> };
    expect(data.badges).toEqual({ anytime_feedback_unread: 2 });
  });

  it("serves the page: tabs by role, the give form's errors by field, opening marks viewed; refused while spoofing", async () => {
    const path = "/app/anytime-feedback";
    const asA = await sessionCookieFor(A.id);
    const teamForA = await callWithSession(page.loader as never, { path: `${path}?tab=team`, cookie: asA });
    expect(teamForA.body).toMatchObject({ tab: "received", isManager: false });
    const teamForM = await callWithSession(page.loader as never, { path: `${path}?tab=team&person=${encodeURIComponent(A.email)}&days=30`, cookie: await sessionCookieFor(M.id) });
    expect(teamForM.body).toMatchObject({ tab: "team", isManager: true, person: A.email, days: 30 });
    expect(teamForM.body.list.realtime_feedbacks.length).toBe(2);
    expect(teamForM.body.people.map((p: { email: string }) => p.email).sort()).toEqual([A.email, B.email].sort());

    const self = await callWithSession(page.action as never, { method: "POST", path, cookie: asA, form: { intent: "give", reviewee_email: A.email, body: "Me" } });
    expect(self.status).toBe(400);
    expect(self.body.fieldErrors).toEqual({ reviewee_email: { key: "anytime.result.yourself" } });
    const blank = await callWithSession(page.action as never, { method: "POST", path, cookie: asA, form: { intent: "give", reviewee_email: B.email, body: " " } });
    expect(blank.body.fieldErrors.body).toEqual({ key: "anytime.result.writeFeedback" });
    const ok = await callWithSession(page.action as never, { method: "POST", path, cookie: asA, form: { intent: "give", reviewee_email: B.email, body: "From the page" } });
    expect(ok.body).toMatchObject({ ok: true, message: { key: "anytime.result.sent", values: { name: B.name } } });

    const item = await (await getDb()).realtimeFeedback.findFirstOrThrow({ where: { body: "From the page" } });
    const asAdminViewingB = await sessionCookieFor(B.id, admin.id);
    const spoofed = await callWithSession(page.action as never, { method: "POST", path, cookie: asAdminViewingB, form: { intent: "viewed", id: String(item.id) } });
    expect(spoofed.status).toBe(403);
    const viewed = await callWithSession(page.action as never, { method: "POST", path, cookie: await sessionCookieFor(B.id), form: { intent: "viewed", id: String(item.id) } });
    expect(viewed.body.ok).toBe(true);
    expect((await (await getDb()).realtimeFeedback.findUniqueOrThrow({ where: { id: item.id } })).hasBeenViewedByReviewee).toBe(true);
    const byReviewer = await callWithSession(page.action as never, { method: "POST", path, cookie: asA, form: { intent: "viewed", id: String(item.id) } });
    expect(byReviewer.status).toBe(403);
  });

  it("describes every call in the OpenAPI document", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = res.body.paths;
    for (const p of ["", "/received", "/sent", "/received_feedback_user_emails", "/sent_feedback_user_emails", "/received_unread_count", "/direct_reports_feedbacks", "/direct_report_feedback_reviewee_and_reviewer"]) {
      expect(paths[BASE + p]?.get, p).toBeTruthy();
    }
    expect(paths[BASE].post).toBeTruthy();
    expect(paths[`${BASE}/{id}/update_has_been_viewed_by_reviewee`].patch).toBeTruthy();
  });
});
