/**
 * The current cycle a super admin chooses, and Home across cycles (issue 26 §4, ADR 0059), on the real database:
 * PUT /api/v1/admin/current_cycle (who may, what it refuses, its audit record), the admin list's current cycle,
 * the cycle every page opens without ?cycle_id=, and Home listing what waits in the viewer's other cycles.
 * Cycles are plain rows (no workflow): these only read a cycle's state.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { CycleState, User } from "~/generated/prisma/client.ts";
import * as currentCycleRoute from "~/routes/api.v1.admin.current_cycle";
import * as homePage from "~/routes/app.home";
import { listAdminCycles, resolveSelectedCycle } from "~/features/cycles/service.server";
import type { HomePageData } from "~/features/home/types";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";

async function newCycle(name: string, state: CycleState, plannedEnd: string) {
  const db = await getDb();
  const full = `${name} ${randomUUID().slice(0, 6)}`;
  // A start date too: list order puts cycles with one ahead of those without (spec §4), whatever other files made.
  const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
  return db.cycle.create({ data: { name: full, state, startDate: day("2098-01-05"), plannedEndDate: day(plannedEnd), workflowId: `test-current-${randomUUID()}` } });
}

let admin: User;
let employee: User;
let adminToken: string;
let employeeToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Current Admin" });
  employee = await createTestUser({ name: "Current Employee" });
  [adminToken, employeeToken] = await Promise.all([bearerFor(admin.id), bearerFor(employee.id)]);
});

// The setting is company-wide: each test starts with none chosen, and later files open the first cycle of the list.
const clearSetting = async () => {
  await (await getDb()).companySettings.deleteMany({});
};
beforeEach(clearSetting);
afterAll(clearSetting);

const put = (token: string, body: unknown) => callRoute(currentCycleRoute.action as never, { method: "PUT", path: "/api/v1/admin/current_cycle", token, body });

/** The cycle a page opens without ?cycle_id= (the redirect resolveSelectedCycle throws). */
async function openedWithoutCycleId(): Promise<number> {
  const thrown = await resolveSelectedCycle(new Request("http://127.0.0.1/app/home")).catch((e: unknown) => e);
  expect(thrown).toBeInstanceOf(Response);
  return Number(new URL((thrown as Response).headers.get("location")!, "http://127.0.0.1").searchParams.get("cycle_id"));
}

describe("PUT /api/v1/admin/current_cycle", () => {
  it("lets a super admin choose a started cycle: pages open it, starting another does not change it, audited", async () => {
    const db = await getDb();
    // Far-future end dates put these first in list order (later planned end date first).
    const chosen = await newCycle("Chosen", "SPU_FEEDBACK", "2099-06-30");
    const before = await openedWithoutCycleId();
    const res = await put(adminToken, { cycle_id: chosen.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.current_cycle).toMatchObject({ id: chosen.id, name: chosen.name });
    expect(await openedWithoutCycleId()).toBe(chosen.id);
    const list = await listAdminCycles();
    expect(list.current_cycle?.id).toBe(chosen.id);
    expect(list.current_cycle_chosen).toBe(true);

    // A cycle started later, first in list order now, does not become everyone's cycle.
    const later = await newCycle("Started later", "START", "2099-12-31");
    expect((await listAdminCycles()).cycles[0]!.id).toBe(later.id);
    expect(await openedWithoutCycleId()).toBe(chosen.id);

    const audit = await db.auditRecord.findFirstOrThrow({ where: { action: "company.current_cycle", actorId: admin.id }, orderBy: { id: "desc" } });
    expect(audit).toMatchObject({ entityType: "CompanySettings", entityId: "1", source: "api" });
    expect(audit.after).toEqual({ current_cycle_id: chosen.id });

    // null: none chosen, the list order again (spec §2).
    const cleared = await put(adminToken, { cycle_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.current_cycle).toBeNull();
    expect(await openedWithoutCycleId()).toBe(later.id);
    expect((await listAdminCycles()).current_cycle_chosen).toBe(false);
    expect(before).toBeGreaterThan(0);
  });

  it("refuses a draft cycle (400), an unknown one (404), an employee (403) and a bad body (400); nothing changes", async () => {
    const db = await getDb();
    const draft = await newCycle("Draft", "DRAFT", "2099-01-31");
    const count = () => db.auditRecord.count({ where: { action: "company.current_cycle" } });
    const audits = await count();
    expect((await put(adminToken, { cycle_id: draft.id })).status).toBe(409); // not in a state to be current (ADR 0060)
    expect((await put(adminToken, { cycle_id: 2_000_000_000 })).status).toBe(404);
    expect((await put(employeeToken, { cycle_id: draft.id })).status).toBe(403);
    for (const body of [{}, { cycle_id: "1" }, { cycle_id: 2_147_483_648 }, { cycle_id: 1, extra: true }]) {
      expect((await put(adminToken, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(audits);
    expect((await db.companySettings.findUnique({ where: { id: 1 } }))?.currentCycleId ?? null).toBeNull();
  });
});

describe("Home across cycles", () => {
  it("lists what waits for the viewer in every other started cycle, grouped by cycle", async () => {
    const db = await getDb();
    const shown = await newCycle("Home shown", "SPU_FEEDBACK", "2099-03-31");
    const other = await newCycle("Home other", "START", "2099-02-28");
    const draft = await newCycle("Home draft", "DRAFT", "2099-01-31");
    const viewer = await createTestUser({ name: "Carmen Across" });
    // Nothing waits in the shown cycle (a reviewer-only participant with no feedback to give); in the other, the
    // start stage asks the viewer to choose peers.
    await db.participant.create({ data: { cycleId: shown.id, userId: viewer.id, reviewerOnly: true } });
    await db.participant.create({ data: { cycleId: other.id, userId: viewer.id } });
    await db.participant.create({ data: { cycleId: draft.id, userId: viewer.id } });
    const cookie = await sessionCookieFor(viewer.id);
    const data = (await homePage.loader({ request: new Request(`http://127.0.0.1/app/home?cycle_id=${shown.id}`, { headers: { Cookie: cookie } }), params: {}, context: {} } as never)) as HomePageData;
    expect(data.kind).toBe("selected");
    if (data.kind !== "selected") return;
    expect(data.home.items).toEqual([]);
    const mine = data.elsewhere.filter((e) => [other.id, draft.id].includes(e.cycle.id));
    expect(mine.map((e) => e.cycle.id)).toEqual([other.id]);
    expect(mine[0]!.items.map((i) => i.kind)).toEqual(["choose_peers"]);
    expect(mine[0]!.items[0]!.link).toContain(`cycle_id=${other.id}`);
  });
});
