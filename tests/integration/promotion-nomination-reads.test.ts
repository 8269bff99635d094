/**
 * Issue 27: the manager's promotion nomination page (/app/my-reportees/{email}/promotion) reads what it shows in at
 * most 3 database round trips of its own (the frame's session and shell reads are counted apart), and shows what the
 * manager's API answers for the same nomination (GET /api/v1/cycles/{cycle_id}/promotion_nominations/{email}).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as nominationRoute from "~/routes/app.my-reportees.$email.promotion";
import { call, createPromotionOrg, moveCycleTo, nominate, type PromotionOrg } from "../support/promotions";
import { loadPageWithin, pageStatus } from "../support/page-load";
import { startTestWorker } from "../support/worker";

let org: PromotionOrg;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createPromotionOrg("NomReads");
  await moveCycleTo(org, "spu_feedback");
  await nominate(org, ["A"]);
});
afterAll(async () => {
  await stopWorker?.();
});

/** The manager's nomination page of `email` (at most 3 round trips of its own: tests/support/page-load.ts). */
const loadPage = (email: string) => loadPageWithin(nominationRoute.loader, `/app/my-reportees/${encodeURIComponent(email)}/promotion?cycle_id=${org.cycleId}`, org.users.M.id, { params: { email } });

describe("the manager's promotion nomination page", () => {
  it("reads in at most 3 round trips what the manager's API answers, nominated or not", async () => {
    for (const who of ["A", "B"] as const) {
      const email = org.users[who].email;
      const page = await loadPage(email);
      const api = await call("GET", `/api/v1/cycles/${org.cycleId}/promotion_nominations/${encodeURIComponent(email)}`, { token: org.token.M });
      expect(api.status).toBe(200);
      const { cycles, cycleId, spoofing, ...detail } = page;
      expect(cycleId).toBe(org.cycleId);
      expect(spoofing).toBe(false);
      expect(cycles.map((c) => c.id)).toContain(org.cycleId);
      expect(JSON.parse(JSON.stringify(detail))).toEqual(api.body);
      expect(detail.promotion_nomination?.status ?? null).toBe(who === "A" ? "nominated" : null);
    }
  });

  it("refuses as the API does: not my report (403), no such participant (404), no such cycle (404)", async () => {
    const status = async (userId: number, email: string, cycleId = org.cycleId) => {
      return pageStatus(nominationRoute.loader, `/app/my-reportees/${encodeURIComponent(email)}/promotion?cycle_id=${cycleId}`, userId, { params: { email } });
    };
    const api = async (who: "M" | "M2", email: string, cycleId = org.cycleId) =>
      (await call("GET", `/api/v1/cycles/${cycleId}/promotion_nominations/${encodeURIComponent(email)}`, { token: org.token[who] })).status;
    expect(await status(org.users.M2.id, org.users.A.email)).toBe(403);
    expect(await api("M2", org.users.A.email)).toBe(403);
    expect(await status(org.users.M.id, "nobody@example.com")).toBe(404);
    expect(await api("M", "nobody@example.com")).toBe(404);
    expect(await status(org.users.M.id, org.users.A.email, 999_999)).toBe(404);
    expect(await api("M", org.users.A.email, 999_999)).toBe(404);
  });
});
