/**
 * Issue 27, lean reads (ADR 0091): the meeting roles' session lists (/app/session-admin/calibration-sessions,
 * /app/ratings/calibration-panelist/sessions, /app/sign-off-party/calibration-sessions) read in at most 3 round trips
 * of their own (the frame's are counted apart) and give EXACTLY what the old reads gave (sessions.server.ts
 * cyclesForRole + listSessions): the cycle switcher's cycles, "Invalid Cycle ID" for a cycle that does not exist, an
 * empty list for a cycle without my sessions, the redirect to my latest cycle, "none" when I sit in no session.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import * as adminList from "~/routes/app.session-admin.calibration-sessions._index";
import * as panelistList from "~/routes/app.ratings.calibration-panelist.sessions._index";
import * as signOffList from "~/routes/app.sign-off-party.calibration-sessions._index";
import { cyclesForRole, listSessions } from "~/features/calibration/sessions.server";
import type { MeetingRole } from "~/features/calibration/meeting-page-types";
import { loadPageWithin, pageRefusal } from "../support/page-load";

const tag = randomUUID().slice(0, 8);
const asCurrent = (user: User): CurrentUser => ({ user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "api" } });

let users: Record<"hr" | "a" | "b" | "none", User>;
let cycles: number[] = [];

const LISTS: Array<[MeetingRole, unknown, string]> = [
  ["session_admin", adminList.loader, "/app/session-admin/calibration-sessions"],
  ["panelist", panelistList.loader, "/app/ratings/calibration-panelist/sessions"],
  ["sign_off", signOffList.loader, "/app/sign-off-party/calibration-sessions"],
];

beforeAll(async () => {
  const db = await getDb();
  const mk = (name: string) => db.user.create({ data: { email: `${name}.${tag}@lists.example.com`, name: `${name} ${tag}` } });
  users = { hr: await mk("hr"), a: await mk("a"), b: await mk("b"), none: await mk("none") };
  const guideline = { 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 };
  for (const i of [1, 2, 3]) {
    const cycle = await db.cycle.create({ data: { name: `Lists ${tag} ${i}`, state: "CALIBRATION", workflowId: `lists-${tag}-${i}` } });
    cycles.push(cycle.id);
  }
  // Cycle 1: two sessions where a runs one and sits on the other's panel; b signs both off. Cycle 2: a promotion
  // session (not listed) and a closed rating one a runs. Cycle 3: nobody of ours.
  const session = async (cycleId: number, name: string, members: Array<[User, "ADMIN" | "PANELIST" | "SIGN_OFF"]>, extra: { kind?: "RATING" | "PROMOTION"; state?: "draft" | "active" | "closed"; deadline?: Date } = {}) => {
    const s = await db.calibrationSession.create({
      data: { cycleId, name, kind: extra.kind ?? "RATING", state: extra.state ?? "active", createdById: users.hr.id, guideline, deadline: extra.deadline ?? null },
    });
    await db.calibrationSessionMember.createMany({ data: members.map(([u, role]) => ({ sessionId: s.id, userId: u.id, role })) });
    return s.id;
  };
  const s1 = await session(cycles[0]!, `One ${tag}`, [[users.a, "ADMIN"], [users.b, "SIGN_OFF"]], { deadline: new Date(Date.UTC(2026, 11, 1, 12)) });
  await session(cycles[0]!, `Two ${tag}`, [[users.a, "PANELIST"], [users.b, "SIGN_OFF"], [users.hr, "ADMIN"]]);
  await session(cycles[1]!, `Promo ${tag}`, [[users.a, "ADMIN"], [users.b, "PANELIST"]], { kind: "PROMOTION" });
  await session(cycles[1]!, `Closed ${tag}`, [[users.a, "ADMIN"]], { state: "closed" });
  // People in the first session (its counts), one proposed rating changed, one terminated.
  const people = await Promise.all([1, 2, 3].map((i) => db.user.create({ data: { email: `p${i}.${tag}@lists.example.com`, name: `P${i} ${tag}` } })));
  for (const [i, u] of people.entries()) {
    const p = await db.participant.create({ data: { cycleId: cycles[0]!, userId: u.id, proposedRating: 3 } });
    await db.calibrationSessionParticipant.create({ data: { sessionId: s1, participantId: p.id, kind: "RATING", rating: i === 0 ? 4 : 3, terminatedAt: i === 2 ? new Date() : null } });
  }
});

describe("the meeting roles' session lists read in at most 3 round trips and show what the old reads showed", () => {
  it("every cycle of the switcher, each role, each user: the same cycles and sessions", async () => {
    for (const user of [users.a, users.b, users.hr]) {
      for (const [role, loader, base] of LISTS) {
        const current = asCurrent(user);
        const mine = (await cyclesForRole(current, role)).map((c) => ({ id: c.id, name: c.name }));
        for (const cycleId of [...cycles, ...mine.map((c) => c.id)]) {
          const data = await loadPageWithin(loader, `${base}?cycle_id=${cycleId}`, user);
          expect(data, `${user.name} ${role} ${cycleId}`).toEqual({ role, cycles: mine, kind: "selected", cycleId, sessions: await listSessions(current, role, cycleId) });
        }
      }
    }
  });

  it("the data is what the test meant: counts, a deadline, members; a promotion session left out", async () => {
    const data = (await loadPageWithin(adminList.loader, `${LISTS[0]![2]}?cycle_id=${cycles[0]}`, users.a)) as { sessions: Array<{ name: string; participant_count: number; changed_count: number; terminated_count: number; deadline: string | null }> };
    expect(data.sessions.map((s) => s.name)).toEqual([`One ${tag}`]);
    expect(data.sessions[0]).toMatchObject({ participant_count: 2, changed_count: 1, terminated_count: 1, deadline: "2026-12-01T12:00:00.000Z" });
    const cyclesOfA = (await loadPageWithin(adminList.loader, `${LISTS[0]![2]}?cycle_id=${cycles[0]}`, users.a)) as { cycles: Array<{ id: number }> };
    expect(cyclesOfA.cycles.map((c) => c.id)).toEqual([cycles[1], cycles[0]]);
  });

  it("without cycle_id: to my latest cycle, or 'none'; a cycle that does not exist or a malformed one is 'Invalid Cycle ID'", async () => {
    const adminHome = await pageRefusal(adminList.loader, LISTS[0]![2], users.a);
    expect([adminHome.status, adminHome.headers.get("Location")]).toEqual([302, `${LISTS[0]![2]}?cycle_id=${cycles[1]}`]);
    const signOffHome = await pageRefusal(signOffList.loader, LISTS[2]![2], users.b);
    expect([signOffHome.status, signOffHome.headers.get("Location")]).toEqual([302, `${LISTS[2]![2]}?cycle_id=${cycles[0]}`]);
    for (const [role, loader, base] of LISTS) {
      expect(await loadPageWithin(loader, base, users.none)).toEqual({ role, cycles: [], kind: "none", message: "You are not in any calibration session yet" });
      for (const bad of [String(cycles[2]! + 100_000), "abc", "99999999999"]) {
        expect(await loadPageWithin(loader, `${base}?cycle_id=${bad}`, users.a), `${role} ${bad}`).toMatchObject({ role, kind: "invalid", message: "Invalid Cycle ID" });
      }
    }
  });
});
