/**
 * Issue 27: the Anytime Feedback page's loader (/app/anytime-feedback) reads what it shows in at most 3 database round
 * trips of its own (one prepared statement; the Prisma reads made 7), and shows what the /api/v1/realtime_feedbacks
 * API answers the same person: the tab's list (received, sent, direct_reports_feedbacks) with the same filters and page,
 * the people to filter by (…_user_emails, direct_report_feedback_reviewee_and_reviewer), the unread count, and the
 * team tab only for a manager. Runs on PGlite and PostgreSQL (TEST_DB=postgres).
 *
 *   M manages A and B; S is A's secondary manager; X has no reports (and no manager).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/routes/app.anytime-feedback";
import { getDb } from "~/platform/db.server";
import { myManagers } from "~/features/anytime-feedback/service.server";
import type { AnytimeFeedbackPageData, PersonOption, RealtimeFeedbackJson } from "~/features/anytime-feedback/types";
import { bearerFor, createTestUser } from "../support/api";
import { call } from "../support/calibration";
import { loadPageWithin } from "../support/page-load";

type U = Awaited<ReturnType<typeof createTestUser>>;
const BASE = "/api/v1/realtime_feedbacks";
const DAY = 24 * 60 * 60 * 1000;

let M: U, S: U, A: U, B: U, X: U;
const tok: Record<number, string> = {};

beforeAll(async () => {
  const db = await getDb();
  M = await createTestUser({ name: "Apr Manager" });
  S = await createTestUser({ name: "Apr Secondary" });
  A = await createTestUser({ name: "Apr Alice", managerId: M.id });
  await db.user.update({ where: { id: A.id }, data: { secondaryManagerId: S.id } });
  B = await createTestUser({ name: "Apr Bob", managerId: M.id });
  X = await createTestUser({ name: "Apr Xavier" });
  for (const u of [M, S, A, B, X]) tok[u.id] = await bearerFor(u.id);
  const now = Date.now();
  // 25 items to A (a second page), from B, X and M; some old (outside 30 days), some read.
  const rows = [];
  for (let i = 0; i < 25; i++) {
    const reviewer = [B, X, M][i % 3]!;
    rows.push({ reviewerId: reviewer.id, revieweeId: A.id, body: `To Alice ${i}`, createdAt: new Date(now - i * 3 * DAY), hasBeenViewedByReviewee: i % 4 === 0, viewedAt: i % 4 === 0 ? new Date(now) : null });
  }
  rows.push({ reviewerId: A.id, revieweeId: X.id, body: "Alice to Xavier", createdAt: new Date(now - DAY), hasBeenViewedByReviewee: false, viewedAt: null });
  rows.push({ reviewerId: X.id, revieweeId: M.id, body: "Xavier to Morgan", createdAt: new Date(now - 2 * DAY), hasBeenViewedByReviewee: false, viewedAt: null });
  rows.push({ reviewerId: B.id, revieweeId: S.id, body: "Bob to the secondary", createdAt: new Date(now - 100 * DAY), hasBeenViewedByReviewee: true, viewedAt: new Date(now) });
  rows.push({ reviewerId: S.id, revieweeId: X.id, body: "Secondary to Xavier", createdAt: new Date(now - 5 * DAY), hasBeenViewedByReviewee: false, viewedAt: null });
  // Two items at the same time: the id decides the order.
  const same = new Date(now - 7 * DAY);
  rows.push({ reviewerId: M.id, revieweeId: B.id, body: "Morgan to Bob 1", createdAt: same, hasBeenViewedByReviewee: false, viewedAt: null });
  rows.push({ reviewerId: M.id, revieweeId: B.id, body: "Morgan to Bob 2", createdAt: same, hasBeenViewedByReviewee: false, viewedAt: null });
  await db.realtimeFeedback.createMany({ data: rows });
});

/** The page's data for one request; fails above 3 round trips of its own (tests/support/page-load.ts). */
async function loadPage(who: U, query: string): Promise<AnytimeFeedbackPageData> {
  const path = `/app/anytime-feedback${query}`;
  return loadPageWithin(page.loader, path, who, { label: `${who.name} ${path}` });
}

async function api<T>(who: U, path: string): Promise<{ status: number; body: T }> {
  const res = await call("GET", `${BASE}${path}`, { token: tok[who.id] });
  return { status: res.status, body: res.body as T };
}

type ListJson = { realtime_feedbacks: RealtimeFeedbackJson[]; total: number; limit: number; offset: number };

/** What the API says the page should show for `who` at `tab` with the filters. */
async function expected(who: U, tab: "received" | "sent" | "team", f: { days?: number; person?: string; offset?: number }) {
  const q = new URLSearchParams({ limit: "20", offset: String(f.offset ?? 0) });
  if (f.days) q.set("days", String(f.days));
  if (f.person) q.set("email", f.person);
  const days = f.days ? `?days=${f.days}` : "";
  const list = await api<ListJson>(who, tab === "team" ? `/direct_reports_feedbacks?${q}` : `/${tab}?${q}`);
  expect(list.status).toBe(200);
  let people: PersonOption[];
  if (tab === "team") {
    const both = (await api<{ reviewees: PersonOption[]; reviewers: PersonOption[] }>(who, `/direct_report_feedback_reviewee_and_reviewer${days}`)).body;
    const byId = new Map<number, PersonOption>();
    for (const p of [...both.reviewees, ...both.reviewers]) if (p.direct_report) byId.set(p.id, p);
    people = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  } else {
    const users = (await api<{ users: Array<{ id: number; name: string; email: string }> }>(who, `/${tab}_feedback_user_emails${days}`)).body.users;
    people = users.map((u) => ({ ...u, direct_report: false }));
  }
  const unread = (await api<{ received_unread_count: number }>(who, "/received_unread_count")).body.received_unread_count;
  return { list: list.body, people, unread };
}

const isManager = async (who: U) => (await api(who, "/direct_reports_feedbacks")).status === 200;

describe("the Anytime Feedback page", () => {
  it("shows what the API answers, for every person, tab and filter, in at most 3 round trips", async () => {
    const db = await getDb();
    let compared = 0;
    for (const who of [M, S, A, B, X]) {
      const manager = await isManager(who);
      const user = await db.user.findUniqueOrThrow({ where: { id: who.id } });
      const managers = await myManagers({ user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "web" } } as never);
      for (const tab of ["received", "sent", "team"] as const) {
        const filters: Array<{ days?: number; person?: string; offset?: number }> = [{}, { days: 30 }, { days: 7 }, { offset: 20 }, { person: B.email }, { person: X.email.toUpperCase(), days: 90 }, { person: A.email }];
        for (const f of filters) {
          const q = new URLSearchParams({ tab });
          if (f.days) q.set("days", String(f.days));
          if (f.person) q.set("person", f.person);
          if (f.offset) q.set("offset", String(f.offset));
          const data = await loadPage(who, `?${q}`);
          const label = `${who.name} ${q}`;
          const shown = tab === "team" && !manager ? "received" : tab;
          expect(data.tab, label).toBe(shown);
          expect(data.isManager, label).toBe(manager);
          const want = await expected(who, shown, f);
          expect(data.list, label).toEqual(want.list);
          expect(data.people, label).toEqual(want.people);
          expect(data.unreadCount, label).toBe(want.unread);
          expect(data.myManagers, label).toEqual(managers);
          compared++;
        }
      }
    }
    expect(compared).toBe(5 * 3 * 7);
  });

  it("reads real lists: Alice's second page, Morgan's team filtered to Bob, Morgan's managers", async () => {
    const second = await loadPage(A, "?offset=20");
    expect(second.list.total).toBe(25);
    expect(second.list.realtime_feedbacks).toHaveLength(5);
    expect(second.unreadCount).toBeGreaterThan(0);
    const team = await loadPage(M, `?tab=team&person=${encodeURIComponent(B.email)}`);
    expect(team.tab).toBe("team");
    expect(team.list.realtime_feedbacks.length).toBeGreaterThan(0);
    for (const item of team.list.realtime_feedbacks) expect([item.reviewer.id, item.reviewee.id]).toContain(B.id);
    expect(team.people.map((p) => p.id).sort()).toEqual([A.id, B.id].sort());
    const bob = await loadPage(B, "?tab=sent");
    expect(bob.list.realtime_feedbacks.map((i) => i.body)).toContain("Bob to the secondary");
    expect(bob.myManagers).toEqual([M.name]);
    const alice = await loadPage(A, "?tab=team");
    expect(alice.tab, "Alice has no reports").toBe("received");
    expect(alice.myManagers).toEqual([M.name, S.name].sort());
  });
});
