/**
 * Issue 27, lean reads: the calibration meeting pages' loaders (the session admin's page with its Therma-scan panel,
 * the panelist's session and participant pages, the sign-off party's page) read what they show in at most 3 database
 * round trips of their own (the frame's session and shell reads are counted apart, platform-reads.test.ts), and
 * give EXACTLY what the API's reads give (views.server.ts getSessionDetail / getParticipantDetail, cut to what a page
 * ships by participant-page.ts: a page of participants, the latest pages of the history, the 9-box in counts with one
 * box open — ADR 0091; thermaScansOfSession), on a session of realistic size: 130 people over 9 managers and 6
 * departments (outlier groups both ways), proposals of two panelists, comments on people and on the session, rating
 * and potential changes with ties in time, nominations, terminations, people moved in from another session with
 * their history, and Therma-scan entries.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import * as adminRoute from "~/routes/app.session-admin.calibration-sessions.$id";
import * as panelistRoute from "~/routes/app.ratings.calibration-panelist.sessions.$sessionId._index";
import * as participantRoute from "~/routes/app.ratings.calibration-panelist.sessions.$sessionId.participants.$participantId.calibration-rating";
import * as signOffRoute from "~/routes/app.sign-off-party.calibration-sessions.$id";
import { getParticipantDetail, getSessionDetail } from "~/features/calibration/views.server";
import { moveParticipants, terminateParticipant } from "~/features/calibration/meeting.server";
import { BOX_PREVIEW, HISTORY_PAGE, pageOfSession } from "~/features/calibration/participant-page";
import type { BoxKey, SessionAdminPageData } from "~/features/calibration/meeting-page-types";
import { thermaScansOfSession } from "~/features/decision-support/therma-scan/service.server";
import { loadPageWithin, pageStatus } from "../support/page-load";

const PEOPLE = 130;
const tag = randomUUID().slice(0, 8);
const asCurrent = (user: User): CurrentUser => ({ user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "api" } });

let cycleId: number;
let sessionId: number;
let otherId: number;
let users: Record<"hr" | "sa" | "pa" | "pb" | "so" | "out", User>;
/** Session participant ids of the session, in the grid's order (name, then id). */
let spIds: number[] = [];
let movedIn: number[] = [];
let terminated: number;

beforeAll(async () => {
  const db = await getDb();
  const mk = (name: string, role: "EMPLOYEE" | "SUPER_ADMIN" = "EMPLOYEE") => db.user.create({ data: { email: `${name.toLowerCase()}.${tag}@reads.example.com`, name: `${name} ${tag}`, role } });
  users = { hr: await mk("Hr"), sa: await mk("Sa"), pa: await mk("Pa"), pb: await mk("Pb"), so: await mk("So"), out: await mk("Out") };
  const cycle = await db.cycle.create({ data: { name: `Reads ${tag}`, state: "CALIBRATION", workflowId: `reads-${tag}`, peerNames: "managers_and_calibration" } });
  cycleId = cycle.id;
  const sql = (q: string, ...args: unknown[]) => db.$executeRawUnsafe(q, ...args);
  await sql(`INSERT INTO "User"(email, name, department, "updatedAt") SELECT 'mgr' || g || '.' || $1 || '@reads.example.com', 'Manager ' || g, 'Dept ' || (g % 6), now() FROM generate_series(1, 9) g`, tag);
  // Names repeat (every 40th person shares a name) so the grid's order falls back on the id; some have no department
  // or an empty one, some no manager.
  await sql(
    `INSERT INTO "User"(email, name, department, "jobTitle", "updatedAt")
     SELECT 'p' || g || '.' || $1 || '@reads.example.com', 'Person ' || lpad((g % 40)::text, 3, '0') || ' ' || $1,
            CASE WHEN g % 17 = 0 THEN NULL WHEN g % 19 = 0 THEN '' ELSE 'Dept ' || (g % 6) END, CASE WHEN g % 3 = 0 THEN 'Engineer' END, now()
     FROM generate_series(1, $2::int) g`,
    tag,
    PEOPLE,
  );
  // Manager 1's people proposed 5, manager 2's 1 (outliers high and low); others spread; every 11th unproposed.
  await sql(
    `INSERT INTO "Participant"("cycleId", "userId", "managerId", "hrPartnerId", "proposedRating", "proposedPotential", "updatedAt")
     SELECT $1::int, u.id, CASE WHEN g % 23 = 0 THEN NULL ELSE (SELECT id FROM "User" WHERE email = 'mgr' || (1 + g % 9) || '.' || $3 || '@reads.example.com') END, $2::int,
            CASE WHEN g % 11 = 0 THEN NULL WHEN g % 9 = 0 THEN 5 WHEN g % 9 = 1 THEN 1 ELSE 1 + (g * 7) % 5 END, 1 + g % 3, now()
     FROM generate_series(1, $4::int) g JOIN "User" u ON u.email = 'p' || g || '.' || $3 || '@reads.example.com'`,
    cycleId,
    users.hr.id,
    tag,
    PEOPLE,
  );
  // The cycle's mean counts people outside the session too (and leaves reviewer-only ones out).
  await sql(
    `INSERT INTO "Participant"("cycleId", "userId", "proposedRating", "reviewerOnly", "updatedAt") VALUES ($1::int, $2::int, 3, false, now()), ($1::int, $3::int, 1, true, now())`,
    cycleId,
    users.out.id,
    users.hr.id,
  );
  const guideline = { 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 };
  const session = await db.calibrationSession.create({ data: { cycleId, name: `Reads ${tag}`, kind: "RATING", state: "active", createdById: users.hr.id, guideline, deadline: new Date(Date.UTC(2026, 11, 1, 12)) } });
  sessionId = session.id;
  const other = await db.calibrationSession.create({ data: { cycleId, name: `Other ${tag}`, kind: "RATING", state: "active", createdById: users.hr.id, guideline } });
  otherId = other.id;
  await db.calibrationSession.create({ data: { cycleId, name: `Closed ${tag}`, kind: "RATING", state: "closed", createdById: users.hr.id, guideline } });
  for (const id of [sessionId, otherId]) {
    await db.calibrationSessionMember.createMany({
      data: [
        { sessionId: id, userId: users.sa.id, role: "ADMIN" },
        { sessionId: id, userId: users.pa.id, role: "PANELIST" },
        { sessionId: id, userId: users.pb.id, role: "PANELIST" },
        { sessionId: id, userId: users.so.id, role: "SIGN_OFF" },
      ],
    });
  }
  // 120 people in the session, the last 10 in the other one (three of them move in below, with their history).
  await sql(
    `INSERT INTO "CalibrationSessionParticipant"("sessionId", "participantId", kind, rating, potential, "updatedAt")
     SELECT CASE WHEN row_number() OVER (ORDER BY p.id) <= $3::int - 10 THEN $1::int ELSE $2::int END, p.id, 'RATING',
            CASE WHEN p.id % 13 = 0 THEN 1 + p.id % 5 ELSE p."proposedRating" END, p."proposedPotential", now()
     FROM "Participant" p JOIN "User" u ON u.id = p."userId"
     WHERE p."cycleId" = $4::int AND u.email ~ ('^p[0-9]+[.]' || $5 || '@reads[.]example[.]com$')`,
    sessionId,
    otherId,
    PEOPLE,
    cycleId,
    tag,
  );
  const t0 = Date.UTC(2026, 10, 20, 9);
  const at = (minutes: number) => new Date(t0 + minutes * 60_000);
  const sps = await db.calibrationSessionParticipant.findMany({ where: { session: { cycleId } }, orderBy: { id: "asc" }, select: { id: true, sessionId: true, participantId: true } });
  // Proposals: both panelists on every 4th person, pa twice (the later counts), pb once at the same time as pa's first.
  await db.calibrationProposal.createMany({
    data: sps
      .filter((_, i) => i % 4 === 0)
      .flatMap((sp, i) => [
        { sessionId: sp.sessionId, sessionParticipantId: sp.id, panelistId: users.pa.id, rating: 1 + (i % 5), justification: `First view ${i}`, createdAt: at(i) },
        { sessionId: sp.sessionId, sessionParticipantId: sp.id, panelistId: users.pb.id, rating: 1 + ((i + 2) % 5), justification: `Second panelist ${i}`, createdAt: at(i + 1) },
        { sessionId: sp.sessionId, sessionParticipantId: sp.id, panelistId: users.pa.id, rating: 1 + ((i + 1) % 5), justification: `Revised ${i}`, createdAt: at(i + 2) },
      ]),
  });
  // Comments on people (some at the same minute: the id orders them) and on the sessions.
  await db.calibrationComment.createMany({
    data: sps
      .filter((_, i) => i % 3 === 0)
      .flatMap((sp, i) => [
        { sessionId: sp.sessionId, sessionParticipantId: sp.id, authorId: users.pa.id, body: `Delivery note ${i}`, createdAt: at(100 + (i % 7)) },
        { sessionId: sp.sessionId, sessionParticipantId: sp.id, authorId: users.sa.id, body: `Reply ${i}`, createdAt: at(100 + (i % 7)) },
      ])
      .concat([
        { sessionId, sessionParticipantId: null as unknown as number, authorId: users.so.id, body: "Session note", createdAt: at(5) },
        { sessionId, sessionParticipantId: null as unknown as number, authorId: users.sa.id, body: "Agenda", createdAt: at(5) },
        { sessionId: otherId, sessionParticipantId: null as unknown as number, authorId: users.sa.id, body: "Other session's note", createdAt: at(6) },
      ]),
  });
  // Rating and potential changes, twice for some people (the earlier superseded), ties in time broken by id.
  await db.calibrationRatingChange.createMany({
    data: sps
      .filter((_, i) => i % 2 === 0)
      .flatMap((sp, i) => [
        { sessionId: sp.sessionId, sessionParticipantId: sp.id, field: "rating", oldValue: 3, newValue: 4, reason: `Compared with peers ${i}`, changedById: users.sa.id, createdAt: at(200 + (i % 4)) },
        { sessionId: sp.sessionId, sessionParticipantId: sp.id, field: i % 2 ? "potential" : "rating", oldValue: 4, newValue: 2, reason: `Second look ${i}`, changedById: i % 3 ? users.sa.id : null, createdAt: at(200 + (i % 4)) },
      ]),
  });
  await db.promotionNomination.createMany({
    data: sps
      .filter((_, i) => i % 6 === 0)
      .map((sp, i) => ({ participantId: sp.participantId, status: i % 4 === 3 ? "withdrawn" : "nominated", nominatedById: i % 2 ? users.hr.id : null, rationale: i % 5 ? `Ready for more ${i}` : null, createdAt: at(300 + i) })),
  });
  await db.thermaScanEntry.createMany({
    data: sps.filter((_, i) => i % 7 === 0).map((sp, i) => ({ participantId: sp.participantId, engagement: 1 + (i % 5), wellbeing: 2, workload: 3, flightRisk: i % 2 ? "high" : "low", comment: i % 3 ? `Scan ${i}` : null })),
  });
  await db.feedback.create({
    data: { cycleId, revieweeId: sps[0]!.participantId, reviewerId: users.pa.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: at(1), answers: { strengths: "Clear plans" } },
  });
  // Through the services: three people move in (their proposals, history and thread follow them), one leaves the company.
  const inOther = sps.filter((s) => s.sessionId === otherId).map((s) => s.id);
  movedIn = inOther.slice(0, 3);
  await moveParticipants(asCurrent(users.sa), cycleId, otherId, sessionId, { participant_ids: movedIn });
  terminated = sps.find((s) => s.sessionId === sessionId)!.id;
  await terminateParticipant(asCurrent(users.sa), cycleId, sessionId, terminated);
  spIds = (await db.calibrationSessionParticipant.findMany({ where: { sessionId }, orderBy: [{ participant: { user: { name: "asc" } } }, { id: "asc" }], select: { id: true } })).map((s) => s.id);
}, 120_000);

afterAll(async () => {
  // Nothing to stop: no worker is needed for reads.
});

describe("the calibration meeting pages read in at most 3 round trips, and show what the API's reads show", () => {
  it("the data is what the test meant: outliers both ways, moves, a termination, history with superseded values", async () => {
    const detail = await getSessionDetail(asCurrent(users.sa), "session_admin", cycleId, sessionId);
    expect(detail.participants.length).toBe(PEOPLE - 10 + 3);
    expect(spIds.length).toBe(detail.participants.length);
    expect(new Set(detail.outliers.map((o) => o.direction))).toEqual(new Set(["high", "low"]));
    expect(detail.history.some((h) => h.superseded)).toBe(true);
    expect(detail.history.some((h) => movedIn.includes(h.session_participant_id))).toBe(true);
    expect(detail.participants.find((p) => p.id === terminated)?.terminated).toBe(true);
    expect(detail.participants.filter((p) => p.proposals.length === 2).length).toBeGreaterThan(10);
    expect(detail.participants.filter((p) => p.promotion_nomination?.status === "withdrawn").length).toBeGreaterThan(0);
    expect(detail.move_targets.map((t) => t.id)).toEqual([otherId]);
  });

  it("the session admin's page: every page of the grid (and one past the last), the history's pages, the 9-box in counts and each box opened, the Therma-scan panel", async () => {
    const current = asCurrent(users.sa);
    const old = { role: "session_admin" as const, cycleId, spoofing: false, detail: await getSessionDetail(current, "session_admin", cycleId, sessionId) };
    const thermaScans = await thermaScansOfSession(current, cycleId, sessionId);
    expect(thermaScans.entries.length).toBeGreaterThan(5);
    expect(old.detail.history.length).toBeGreaterThan(HISTORY_PAGE);
    const base = `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`;
    const cases: Array<[string, number, number, BoxKey | null]> = [
      ["", 1, 1, null],
      ["&page=2", 2, 1, null],
      ["&page=3&history=2", 3, 2, null],
      ["&page=9&history=9", 9, 9, null],
      ["&history=2&box=unplaced", 1, 2, "unplaced"],
    ];
    // Every box that has more people than it shows, opened.
    const counted = pageOfSession(old, 1, 1, null).board.boxes;
    const crowded = (Object.keys(counted) as BoxKey[]).filter((k) => counted[k]!.count > BOX_PREVIEW);
    expect(crowded.length).toBeGreaterThan(2);
    for (const box of crowded) cases.push([`&box=${box}`, 1, 1, box]);
    for (const [query, page, history, box] of cases) {
      const data = await loadPageWithin(adminRoute.loader, base + query, users.sa, { params: { id: String(sessionId) } });
      expect(data, query).toEqual({ ...pageOfSession(old, page, history, box), thermaScans });
    }
    // What the page ships instead of everyone: the 9-box's people are at most 5 a box (plus the open box's).
    const first = (await loadPageWithin(adminRoute.loader, base, users.sa, { params: { id: String(sessionId) } })) as SessionAdminPageData;
    const shipped = Object.values(first.board.boxes).reduce((n, b) => n + b!.people.length, 0);
    expect(shipped).toBeLessThanOrEqual(10 * BOX_PREVIEW);
    expect(first.detail.history.length).toBe(HISTORY_PAGE);
    // Page rows (ADR 0123): the grid's and the history's rows carry no one's email.
    expect(JSON.stringify([first.detail.participants, first.detail.history, first.board])).not.toContain("@reads.example.com");
  });

  it("refuses a malformed page, history or box with the 404 page", async () => {
    const base = `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`;
    for (const query of ["&page=0", "&history=x", "&box=4-4", "&box=1"]) {
      expect(await pageStatus(adminRoute.loader, base + query, users.sa, { params: { id: String(sessionId) } }), query).toBe(404);
    }
    const signOff = `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}&history=-1`;
    expect(await pageStatus(signOffRoute.loader, signOff, users.so, { params: { id: String(sessionId) } })).toBe(404);
  });

  it("the panelist's session page and the sign-off party's page: one page of participants, the history's latest pages", async () => {
    for (const [who, role, loader, path, param] of [
      [users.pa, "panelist", panelistRoute.loader, `/app/ratings/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`, "sessionId"],
      [users.so, "sign_off", signOffRoute.loader, `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}`, "id"],
    ] as const) {
      const old = { role, cycleId, spoofing: false, detail: await getSessionDetail(asCurrent(who), role, cycleId, sessionId) };
      for (const [query, page, history] of [["", 1, 1], ["&page=2", 2, 1], ["&page=3&history=3", 3, 3], ["&page=7", 7, 1]] as const) {
        const data = await loadPageWithin(loader, path + query, who, { params: { [param]: String(sessionId) } });
        expect(data, `${role}${query}`).toEqual(pageOfSession(old, page, history));
      }
    }
  });

  it("the panelist's participant page: people with proposals, a nomination, history, a thread, moved in, terminated", async () => {
    const picks = [...new Set([spIds[0]!, spIds[1]!, spIds[2]!, ...movedIn, terminated, spIds[spIds.length - 1]!])];
    const db = await getDb();
    const reviewed = await db.feedback.findFirstOrThrow({ where: { cycleId, reviewerId: users.pa.id }, select: { revieweeId: true } });
    const withFeedback = await db.calibrationSessionParticipant.findFirstOrThrow({ where: { participantId: reviewed.revieweeId }, select: { id: true, sessionId: true } });
    expect(withFeedback.sessionId).toBe(sessionId);
    picks.push(withFeedback.id);
    for (const spId of picks) {
      const path = `/app/ratings/calibration-panelist/sessions/${sessionId}/participants/${spId}/calibration-rating?cycle_id=${cycleId}`;
      const data = await loadPageWithin(participantRoute.loader, path, users.pa, { params: { sessionId: String(sessionId), participantId: String(spId) } });
      expect(data).toEqual({ cycleId, spoofing: false, myId: users.pa.id, detail: await getParticipantDetail(asCurrent(users.pa), "panelist", cycleId, sessionId, spId) });
    }
  });

  it("refuses as the API's reads do: not a member (403), not the session's cycle or id (404), a participant of another session (404)", async () => {
    const run = (loader: unknown, path: string, u: User, params: Record<string, string>) => pageStatus(loader, path, u, { params });
    expect(await run(adminRoute.loader, `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`, users.pa, { id: String(sessionId) })).toBe(403);
    expect(await run(adminRoute.loader, `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId + 1000}`, users.sa, { id: String(sessionId) })).toBe(404);
    expect(await run(signOffRoute.loader, `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}`, users.out, { id: String(sessionId) })).toBe(403);
    const other = (await getDb()).calibrationSessionParticipant.findFirstOrThrow({ where: { sessionId: otherId }, select: { id: true } });
    const spId = (await other).id;
    const path = `/app/ratings/calibration-panelist/sessions/${sessionId}/participants/${spId}/calibration-rating?cycle_id=${cycleId}`;
    expect(await run(participantRoute.loader, path, users.pa, { sessionId: String(sessionId), participantId: String(spId) })).toBe(404);
    const mine = `/app/ratings/calibration-panelist/sessions/${sessionId}/participants/${spIds[1]}/calibration-rating?cycle_id=${cycleId}`;
    expect(await run(participantRoute.loader, mine, users.so, { sessionId: String(sessionId), participantId: String(spIds[1]) })).toBe(403);
  });
});
