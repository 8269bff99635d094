/**
 * /app/insights (ADR 0112): whether a reader with no cycle of theirs may see the page's empty state — the HR partner of
 * an active user, the menu's rule — is the shell's flag, read with the request's session in one statement (ADR 0105):
 * the page's own loader reads only the cycles it may open, and refuses whoever is no HR partner, as the menu does.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import * as insightsIndex from "~/routes/app.insights._index";
import { createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";
import { countPageLoad } from "../support/page-load";

describe("the insights index's loader", () => {
  it("an HR partner of an active user with no cycle of theirs: the empty state, in one round trip of its own", async () => {
    const partner = await createTestUser({ role: "PEOPLE_PARTNER" });
    await createTestUser({ hrPartnerId: partner.id });
    const r = await countPageLoad(insightsIndex.loader, "/app/insights", await sessionCookieFor(partner.id));
    expect(r.result).toEqual({ cycles: [] });
    // The cycles it may open; the HR-partner flag came with the session's statement, not a read of its own.
    expect(r.count, r.statements.join("\n")).toBe(1);
  });

  it("whoever is the HR partner of nobody active (and has no cycle) is refused, the same rule as the menu's", async () => {
    const partner = await createTestUser({ role: "PEOPLE_PARTNER" });
    const former = await createTestUser({ hrPartnerId: partner.id });
    await (await getDb()).user.update({ where: { id: former.id }, data: { active: false } });
    const refused = await countPageLoad(insightsIndex.loader, "/app/insights", await sessionCookieFor(partner.id)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
  });
});
