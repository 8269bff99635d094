/**
 * People's attribute values never leak (issue 29 §1, ADR 0109): every person of the authorization matrix's world gets
 * distinctive values (gender, employment type, custom category, number and date attributes, one of them visible to
 * super admins only), then every GET route of the manifest (pages' loader data, resource routes, /api/v1, CSV and job
 * file downloads) is read, with the ids of the caller's own objects, as the participant, their manager and secondary
 * manager, the session admin, panelists and sign-off parties, the endorser, the promotion session's members, HR ops, a
 * super admin spoofing the manager, and the HR partner; no answer may hold any of the values. The HR partner may see
 * their people's HR-visible values on the attributes API and the insight pages only, and never the super-admin one;
 * the session admin and the sign-off party of a rating session likewise on its fairness panel's data only (group names
 * under the privacy floor, ADR 0114) — never a panelist.
 *
 * Needs `npm run build` (scripts/test.sh builds before the integration lanes).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { ROUTE_POLICY } from "~/platform/security/route-policy";
import { setAttributeValues } from "~/features/insights/attribute-values.server";
import type { AppBuild } from "../../server/index";
import { loadProductionBuild, serveWebApp, type ServedApp } from "../support/web-app";
import { createAuthzWorld, type RoleName, type World } from "../support/authz-world";
import { bodyFor } from "../support/authz-bodies";
import { manifestRoutes, pool, send, urlFor, type ManifestRoute } from "../support/authz-calls";

let loaded: AppBuild;
let served: ServedApp;
let world: World;
let routes: ManifestRoute[];
const tag = randomUUID().slice(0, 6);
const VALUES = { gender: "Zeta-Gender-7", employment: `Quux-Employment-${tag}`, band: `Xylo-Band-${tag}`, number: "98765.4321", date: "1901-02-03", secret: `Secret-Tier-${tag}` };

const READERS: RoleName[] = ["employee", "manager", "secondaryManager", "sessionAdmin", "panelist", "signOff", "endorser", "promotionSessionAdmin", "promotionPanelist", "promotionSignOff", "hrOps", "spoofing", "hrPartner"];
/** Where an HR partner may see their people's HR-visible values (ADR 0103, 0109). */
/** A rating session's fairness panel data (ADR 0114): its HR partners', session admin's and sign-off party's. */
const MEETING_FAIRNESS = "routes/app.calibration-sessions.$sessionId.fairness";
const hrPartnerMay = (routeId: string) => routeId === "routes/api.v1.admin.users.$id.attributes" || /insights/.test(routeId) || routeId === MEETING_FAIRNESS;
/** Where a rating session's admin and sign-off party may see HR-visible values: its fairness panel's data. */
const meetingMay = (role: RoleName, routeId: string) => (role === "sessionAdmin" || role === "signOff") && routeId === MEETING_FAIRNESS;

beforeAll(async () => {
  loaded = await loadProductionBuild("tests/integration/attribute-values-no-leak.test.ts");
  served = await serveWebApp(loaded, { concurrency: 8, overrides: { RATE_LIMIT_SIGN_IN: 100_000, RATE_LIMIT_TOKENS: 100_000, RATE_LIMIT_UPLOADS: 100_000 } });
  routes = manifestRoutes(loaded.build as ServerBuild);
  world = await createAuthzWorld();
  const db = await getDb();
  const def = (key: string) => db.attributeDefinition.findUniqueOrThrow({ where: { key } });
  const [gender, employment] = await Promise.all([def("gender"), def("employment_type")]);
  const [band, number, date, secret] = await Promise.all([
    db.attributeDefinition.create({ data: { name: `Leak band ${tag}`, kind: "CATEGORY" } }),
    db.attributeDefinition.create({ data: { name: `Leak score ${tag}`, kind: "NUMBER" } }),
    db.attributeDefinition.create({ data: { name: `Leak date ${tag}`, kind: "DATE" } }),
    db.attributeDefinition.create({ data: { name: `Leak tier ${tag}`, kind: "CATEGORY", visibility: "SUPER_ADMINS" } }),
  ]);
  // Everyone of the world (its users are named "Matrix …"), callers included.
  const people = await db.user.findMany({ where: { name: { startsWith: "Matrix " } }, select: { id: true } });
  const actor = { userId: world.admin.id, realUserId: world.admin.id, source: "api" as const };
  for (const p of people) {
    const inputs = [
      { attributeId: gender.id, value: VALUES.gender },
      { attributeId: employment.id, value: VALUES.employment },
      { attributeId: band.id, value: VALUES.band },
      { attributeId: number.id, value: VALUES.number },
      { attributeId: date.id, value: VALUES.date },
      { attributeId: secret.id, value: VALUES.secret },
    ];
    const r = await db.$transaction((tx) => setAttributeValues(tx, p.id, inputs, actor));
    expect(r.errors).toEqual([]);
  }
}, 600_000);

afterAll(async () => {
  await served?.close();
});

const found = (body: string, values: string[]) => values.filter((v) => body.includes(v));

describe("attribute values never reach a participant's, manager's, panelist's or HR ops' page, payload or export", () => {
  it("the seeded values are there to find: a super admin reads them on the attributes API and the admin user page", async () => {
    const a = world.own("employee").userId;
    const admin = world.callers.superAdmin;
    const api = await fetch(`${served.url}/api/v1/admin/users/${a}/attributes`, { headers: { Authorization: `Bearer ${admin.token}` } });
    const text = await api.text();
    expect(api.status, text).toBe(200);
    expect(found(text, Object.values(VALUES)).sort()).toEqual(Object.values(VALUES).sort());
    const page = await fetch(`${served.url}/app/admin/users/${a}`, { headers: { Cookie: admin.cookie! } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(VALUES.band);
    expect(html).toContain(VALUES.secret);
  });

  it("no GET route answers any of them to anyone else", async () => {
    const calls: Array<{ route: ManifestRoute; role: RoleName; path: string }> = [];
    for (const route of routes) {
      if (!ROUTE_POLICY[route.id]?.GET || !route.hasLoader) continue;
      for (const role of READERS) {
        const caller = world.callers[role];
        for (const own of [true, false]) calls.push({ route, role, path: urlFor(route, own ? world.own(role) : world.other, world, caller, own) });
      }
    }
    const leaks: string[] = [];
    let answered = 0;
    await pool(calls, 6, async (c) => {
      const answer = await send(served.url, c.route, "GET", c.path, world.callers[c.role], bodyFor(c.route.id, "GET", world.own(c.role), world), world.cycleId);
      if (answer.status >= 200 && answer.status < 300) answered++;
      const allowed = (c.role === "hrPartner" && hrPartnerMay(c.route.id)) || meetingMay(c.role, c.route.id) ? [VALUES.secret] : Object.values(VALUES);
      const hits = found(answer.body, allowed);
      if (hits.length) leaks.push(`${c.role} GET ${c.path} [${c.route.id}] → ${answer.status}: ${hits.join(", ")}`);
    });
    console.log(`[no-leak] ${calls.length} reads, ${answered} answered 2xx, ${leaks.length} with a value`);
    expect(leaks).toEqual([]);
    // The walk read real pages, not only refusals.
    expect(answered).toBeGreaterThan(calls.length / 4);
    // The HR partner does see their person's HR-visible values where they may (the check above would catch them).
    const hr = world.callers.hrPartner;
    const theirs = await (await fetch(`${served.url}/api/v1/admin/users/${world.own("employee").userId}/attributes`, { headers: { Authorization: `Bearer ${hr.token}` } })).text();
    expect(theirs).toContain(VALUES.band);
    expect(theirs).not.toContain(VALUES.secret);
  }, 1_800_000);
});
