/**
 * Issue 28: the lists the server pages put people in the reader's collation (ADR 0101), the order the pages' own
 * sorting gives (sortByName): the admin's participants of a cycle, the calibration set-up picker (the HR partner's
 * create page, its loader with ?lng=), and the calibration session grid's statement. Pinyin (Han first) for zh-CN,
 * the root order for en. Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { sqlRows } from "~/platform/sql.server";
import { sortByName } from "~/platform/i18n/format";
import { nameKeyLanguage } from "~/platform/db/name-order.server";
import { listParticipantsOf } from "~/features/participants/queries.server";
import { PARTICIPANTS_SQL, type ParticipantsSqlRow } from "~/features/calibration/meeting-sql.server";
import { getSessionDetail } from "~/features/calibration/views.server";
import * as hrCreate from "~/routes/app.ratings.hr-partners.create-session";
import { sessionCookieFor } from "../support/session";
import { call, createCalibrationOrg, hrBase, sessionBody, type CalibrationOrg } from "../support/calibration";
import { moveCycleTo } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { countPageLoad } from "../support/page-load";

const NAMES = { A: "张伟", B: "李娜", C: "安娜", D: "Łukasz Żółć", E: "Zoe", R: "adam" } as const;

let stopWorker: () => Promise<void>;
let org: CalibrationOrg;
let sessionId: number;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createCalibrationOrg("NameOrder");
  const db = await getDb();
  for (const [p, name] of Object.entries(NAMES)) await db.user.update({ where: { id: org.users[p as keyof typeof NAMES].id }, data: { name } });
  await moveCycleTo(org, "start");
  const res = await call("POST", `${hrBase(org)}/calibration_sessions`, { token: org.token.hr, body: sessionBody(org, "Names", ["A", "B", "C", "D"]) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  sessionId = (res.body as { calibration_session: { id: number } }).calibration_session.id;
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
});

const inPageOrder = (names: string[], language: string) => sortByName(names, language, (n) => n);

describe("server-paged lists in the reader's collation", () => {
  it("the admin's participants of a cycle", async () => {
    const zh = (await listParticipantsOf(org.cycleId, { page: 1, page_size: 25 }, "zh-CN")).participants.map((p) => p.name);
    expect(zh).toEqual(["安娜", "李娜", "张伟", "adam", "Łukasz Żółć", "Zoe"]);
    const en = (await listParticipantsOf(org.cycleId, { page: 1, page_size: 25 }, "en")).participants.map((p) => p.name);
    expect(en).toEqual(["adam", "Łukasz Żółć", "Zoe", "安娜", "张伟", "李娜"]);
    expect(zh).toEqual(inPageOrder(en, "zh-CN"));
    expect(en).toEqual(inPageOrder(zh, "en"));
    // A page of two is the first two of that order; the API (no reader) has en's.
    expect((await listParticipantsOf(org.cycleId, { page: 2, page_size: 2 }, "zh-CN")).participants.map((p) => p.name)).toEqual(["张伟", "adam"]);
    expect((await listParticipantsOf(org.cycleId, { page: 1, page_size: 25 })).participants.map((p) => p.name)).toEqual(en);
  });

  it("the calibration set-up picker, by the page's language (?lng=), in at most 3 round trips", async () => {
    const cookie = await sessionCookieFor(org.users.hr.id);
    const pool = async (lng: string) => {
      const r = await countPageLoad(hrCreate.loader, `/app/ratings/hr-partners/create-session?cycle_id=${org.cycleId}&lng=${lng}`, cookie);
      expect(r.count, r.statements.join("\n")).toBeLessThanOrEqual(3);
      return (r.result as Awaited<ReturnType<typeof hrCreate.loader>>).pool.map((p) => p.user.name);
    };
    // Hana's people: A, B, C, D and the reviewer-only R (E is Hugo's).
    expect(await pool("zh-CN")).toEqual(["安娜", "李娜", "张伟", "adam", "Łukasz Żółć"]);
    expect(await pool("en")).toEqual(["adam", "Łukasz Żółć", "安娜", "张伟", "李娜"]);
  });

  it("the calibration session grid's statement", async () => {
    const grid = async (language: string) => {
      const [row] = await sqlRows<ParticipantsSqlRow>("calibration.meeting-participants", PARTICIPANTS_SQL, [sessionId, 1, null, true, 10, null, nameKeyLanguage(language)]);
      return row!.rows.map((p) => p.user.name);
    };
    expect(await grid("zh-CN")).toEqual(["安娜", "李娜", "张伟", "Łukasz Żółć"]);
    expect(await grid("en")).toEqual(["Łukasz Żółć", "安娜", "张伟", "李娜"]);
    expect(await grid("en-XA")).toEqual(await grid("en"));
    // The API (no reader) gives en's order, as the pages' statement does for an English reader.
    const current = { user: org.users.sa, realUser: null, actor: { userId: org.users.sa.id, realUserId: org.users.sa.id, source: "api" as const } };
    const detail = await getSessionDetail(current, "session_admin", org.cycleId, sessionId);
    expect(detail.participants.map((p) => p.user.name)).toEqual(await grid("en"));
  });

  it("the set-up API's participants (no reader) in en's order", async () => {
    const res = await call("GET", `${hrBase(org)}/participants`, { token: org.token.hr });
    expect(res.status).toBe(200);
    expect((res.body as { participants: Array<{ user: { name: string } }> }).participants.map((p) => p.user.name)).toEqual(["adam", "Łukasz Żółć", "安娜", "张伟", "李娜"]);
  });
});
