/**
 * Admin users API (list, get, patch) and the user pickers (GET /api/v1/users), through the route
 * modules against the real database, with audit records.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as adminUsers from "~/routes/api.v1.admin.users";
import * as adminUser from "~/routes/api.v1.admin.users.$id";
import * as pickers from "~/routes/api.v1.users._index";
import * as usersPage from "~/routes/app.admin.users._index";
import * as userPage from "~/routes/app.admin.users.$userId";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";

const tag = `u${Date.now().toString(36)}`;

let admin: User;
let adminToken: string;
const roleTokens: Record<"PEOPLE_PARTNER" | "HR_OPS" | "EMPLOYEE", string> = { PEOPLE_PARTNER: "", HR_OPS: "", EMPLOYEE: "" };
const roleUserIds: Record<string, number> = {};
let boss: User; // top of a small tree
let lead: User; // reports to boss
let member: User; // reports to lead, HR partner = partner
let partner: User;
let inactive: User;
let employeeToken: string;

async function mk(name: string, input: Parameters<typeof createTestUser>[0] = {}) {
  return createTestUser({ ...input, name: `${name} ${tag}` });
}

beforeAll(async () => {
  admin = await mk("Admin Ua");
  adminToken = await bearerFor(admin.id);
  for (const role of ["PEOPLE_PARTNER", "HR_OPS", "EMPLOYEE"] as const) {
    const u = await mk(`Role ${role}`, { role });
    roleTokens[role] = await bearerFor(u.id);
    roleUserIds[role] = u.id;
  }
  await (await getDb()).user.update({ where: { id: admin.id }, data: { role: "SUPER_ADMIN" } });
  admin = (await (await getDb()).user.findUnique({ where: { id: admin.id } }))!;
  partner = await mk("Partner Pat", { role: "PEOPLE_PARTNER" });
  boss = await mk("Boss Bea");
  lead = await mk("Lead Lou", { managerId: boss.id });
  member = await mk("Member Max", { managerId: lead.id, hrPartnerId: partner.id });
  inactive = await mk("Gone Gil");
  await (await getDb()).user.update({ where: { id: inactive.id }, data: { active: false } });
  employeeToken = await bearerFor(member.id);
});

const list = (query: string, token = adminToken) => callRoute(adminUsers.loader as never, { path: `/api/v1/admin/users${query}`, token });
const get = (id: number | string, token = adminToken) =>
  callRoute(adminUser.loader as never, { path: `/api/v1/admin/users/${id}`, token, params: { id: String(id) } });
const patch = (id: number | string, body: unknown, token = adminToken) =>
  callRoute(adminUser.action as never, { method: "PATCH", path: `/api/v1/admin/users/${id}`, token, body, params: { id: String(id) } });

async function lastAudit(action: string, entityId: number) {
  const db = await getDb();
  return db.auditRecord.findFirst({ where: { action, entityType: "User", entityId: String(entityId) }, orderBy: { id: "desc" } });
}

describe("GET /api/v1/admin/users", () => {
  it("answers 401 without a token and 403 for every role but super admin", async () => {
    expect((await list("")).status).toBe(200);
    const anon = await callRoute(adminUsers.loader as never, { path: "/api/v1/admin/users" });
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe("unauthorized");
    for (const [role, token] of Object.entries(roleTokens)) {
      const res = await list("", token);
      expect(res.status, role).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("searches name and email case-insensitively and returns the listed fields", async () => {
    const byName = await list(`?q=${encodeURIComponent(`member max ${tag}`.toUpperCase())}`);
    expect(byName.status).toBe(200);
    expect(byName.body.users.map((u: { id: number }) => u.id)).toEqual([member.id]);
    expect(byName.body.total).toBe(1);
    expect(byName.body.users[0]).toEqual({
      id: member.id,
      email: member.email,
      name: member.name,
      role: "EMPLOYEE",
      profile_image_url: null,
      active: true,
    });
    const byEmail = await list(`?q=${encodeURIComponent(lead.email.slice(0, lead.email.indexOf("@")).toUpperCase())}`);
    expect(byEmail.body.users.map((u: { id: number }) => u.id)).toEqual([lead.id]);
    const none = await list(`?q=nobody-${tag}`);
    expect(none.body).toEqual({ users: [], total: 0, page: 1, page_size: 25 });
  });

  it("takes %, _ and \\ in q literally, and counts the matches past the last page", async () => {
    // Their own prefix (not containing `tag`): the role test counts the users matching `tag`.
    const own = `lit${Date.now().toString(36)}`;
    const [percent, thousand, underscore, axb, backslash] = await Promise.all(
      [`${own} 100% off`, `${own} 1000 off`, `${own} a_b`, `${own} axb`, `${own} c\\d`].map((name) => createTestUser({ name })),
    );
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}&page_size=100`)).body.users.map((u: { id: number }) => u.id);
    expect(await ids(`${own} 100%`)).toEqual([percent!.id]);
    expect(await ids(`${own} A_B`)).toEqual([underscore!.id]);
    expect(await ids(`${own} c\\d`)).toEqual([backslash!.id]);
    expect(await ids(`${own} 100`)).toEqual([percent!.id, thousand!.id]);
    expect(await ids(`${own} a`)).toEqual([underscore!.id, axb!.id]);
    expect((await list(`?q=${own}&page=3&page_size=5`)).body).toEqual({ users: [], total: 5, page: 3, page_size: 5 });
  });

  it("filters by several roles with role[] and pages with page/page_size", async () => {
    const q = `q=${tag}`;
    const all = await list(`?${q}&page_size=100`);
    expect(all.body.total).toBe(9);
    const partners = await list(`?${q}&role[]=PEOPLE_PARTNER`);
    expect(partners.body.users.map((u: { role: string }) => u.role)).toEqual(["PEOPLE_PARTNER", "PEOPLE_PARTNER"]);
    const two = await list(`?${q}&role[]=PEOPLE_PARTNER&role[]=SUPER_ADMIN`);
    expect(new Set(two.body.users.map((u: { role: string }) => u.role))).toEqual(new Set(["PEOPLE_PARTNER", "SUPER_ADMIN"]));
    expect(two.body.total).toBe(3);

    const names: string[] = all.body.users.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page2 = await list(`?${q}&page=2&page_size=3`);
    expect(page2.body).toMatchObject({ total: 9, page: 2, page_size: 3 });
    expect(page2.body.users.map((u: { name: string }) => u.name)).toEqual(names.slice(3, 6));
    const past = await list(`?${q}&page=9&page_size=3`);
    expect(past.body.users).toEqual([]);
    expect(past.body.total).toBe(9);
    // Inactive users are listed (an admin may reactivate them) and say so.
    expect(all.body.users.find((u: { id: number }) => u.id === inactive.id)).toMatchObject({ active: false });
  });

  it("rejects a bad role, page or page_size with 400", async () => {
    for (const query of ["?role[]=KING", "?role[]=employee", "?page=0", "?page=x", "?page_size=101", "?page_size=0"]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
  });
});

describe("GET /api/v1/admin/users/{id}", () => {
  it("shows the user with manager, HR partner and direct report count", async () => {
    const res = await get(member.id);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: member.id,
      email: member.email,
      role: "EMPLOYEE",
      active: true,
      manager: { id: lead.id, name: lead.name, email: lead.email },
      hr_partner: { id: partner.id, email: partner.email },
      secondary_manager: null,
      direct_report_count: 0,
    });
    expect((await get(lead.id)).body.user.direct_report_count).toBe(1);
    expect((await get(partner.id)).body.user.hr_employee_count).toBe(1);
  });

  it("answers 404 for an unknown or malformed id, 401 and 403 as the list", async () => {
    expect((await get(99_999_999)).status).toBe(404);
    expect((await get("abc")).status).toBe(404);
    expect((await callRoute(adminUser.loader as never, { path: `/api/v1/admin/users/${member.id}`, params: { id: String(member.id) } })).status).toBe(401);
    for (const [role, token] of Object.entries(roleTokens)) expect((await get(member.id, token)).status, role).toBe(403);
  });
});

describe("PATCH /api/v1/admin/users/{id}", () => {
  it("changes the role with a user.update audit record holding before and after", async () => {
    const target = await mk("Promote Pia");
    const res = await patch(target.id, { role: "HR_OPS" });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe("HR_OPS");
    expect((await (await getDb()).user.findUnique({ where: { id: target.id } }))!.role).toBe("HR_OPS");
    const audit = await lastAudit("user.update", target.id);
    expect(audit).toMatchObject({ actorId: admin.id, realActorId: admin.id, source: "api" });
    expect(audit!.before).toMatchObject({ role: "EMPLOYEE", email: target.email });
    expect(audit!.after).toMatchObject({ role: "HR_OPS", email: target.email });
  });

  it("sets and clears manager and HR partner by email, renames and deactivates", async () => {
    const target = await mk("Move Mo");
    const res = await patch(target.id, {
      name: `Moved Mo ${tag}`,
      manager_email: boss.email.toUpperCase(),
      hr_partner_email: partner.email,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: `Moved Mo ${tag}`, manager: { id: boss.id }, hr_partner: { id: partner.id } });
    const audit = await lastAudit("user.update", target.id);
    expect(audit!.before).toMatchObject({ manager_email: null, hr_partner_email: null });
    expect(audit!.after).toMatchObject({ manager_email: boss.email, hr_partner_email: partner.email, name: `Moved Mo ${tag}` });

    const cleared = await patch(target.id, { manager_email: null, active: false });
    expect(cleared.body.user).toMatchObject({ manager: null, active: false });
    expect((await patch(target.id, { active: true })).body.user.active).toBe(true);
  });

  it("writes no audit record when nothing changes", async () => {
    const target = await mk("Same Sam");
    await patch(target.id, { role: "EMPLOYEE" });
    expect(await lastAudit("user.update", target.id)).toBeNull();
  });

  it("rejects bad input with 400: role, emails, unknown keys, empty body", async () => {
    const target = await mk("Bad Input Bo");
    const cases: unknown[] = [
      { role: "KING" },
      { manager_email: "not-an-email" },
      { hr_partner_email: "x@" },
      { name: "" },
      { active: "yes" },
      { nickname: "Bo" },
      {},
    ];
    for (const body of cases) {
      const res = await patch(target.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    const raw = await callRoute(adminUser.action as never, {
      method: "PATCH",
      path: `/api/v1/admin/users/${target.id}`,
      token: adminToken,
      rawBody: "{",
      params: { id: String(target.id) },
    });
    expect(raw.status).toBe(400);
  });

  it("rejects an unknown, inactive or own manager and a management loop with 422 (well-formed; ADR 0060)", async () => {
    const unknown = await patch(member.id, { manager_email: `nobody.${tag}@test.example.com` });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe("bad_request");
    expect(unknown.body.error.message).toContain("Manager not found");
    expect(unknown.body.error.details).toEqual({
      field: "manager_email",
      message_key: { key: "users.refusal.unknownPerson.manager_email", values: { email: `nobody.${tag}@test.example.com` } },
    });
    expect((await patch(member.id, { manager_email: inactive.email })).status).toBe(422);
    expect((await patch(member.id, { manager_email: member.email })).status).toBe(422);
    expect((await patch(member.id, { hr_partner_email: `nobody.${tag}@test.example.com` })).status).toBe(422);
    // boss ← lead ← member: boss may not report to member.
    const loop = await patch(boss.id, { manager_email: member.email });
    expect(loop.status).toBe(422);
    expect(loop.body.error.message).toMatch(/cannot loop/);
    expect((await get(boss.id)).body.user.manager).toBeNull();
  });

  it("does not let a super admin remove their own Super Admin role or deactivate themselves", async () => {
    const res = await patch(admin.id, { role: "EMPLOYEE" });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("You cannot remove your own Super Admin role");
    const self = await patch(admin.id, { active: false });
    expect(self.status).toBe(422);
    expect(self.body.error.message).toBe("You cannot deactivate your own account");
    expect((await get(admin.id)).body.user).toMatchObject({ role: "SUPER_ADMIN", active: true });
    // Renaming yourself is fine; another super admin may change your role.
    expect((await patch(admin.id, { name: admin.name, role: "SUPER_ADMIN" })).status).toBe(200);
    const other = await mk("Other Admin Oz", { role: "SUPER_ADMIN" });
    expect((await patch(other.id, { role: "EMPLOYEE" })).body.user.role).toBe("EMPLOYEE");
  });

  it("answers 404 for an unknown user, 401 without a token, 403 for non-admins", async () => {
    expect((await patch(99_999_999, { role: "EMPLOYEE" })).status).toBe(404);
    expect(
      (await callRoute(adminUser.action as never, { method: "PATCH", path: `/api/v1/admin/users/${member.id}`, body: { role: "HR_OPS" }, params: { id: String(member.id) } }))
        .status,
    ).toBe(401);
    for (const [role, token] of Object.entries(roleTokens)) {
      expect((await patch(member.id, { role: "SUPER_ADMIN" }, token)).status, role).toBe(403);
    }
    expect((await get(member.id)).body.user.role).toBe("EMPLOYEE");
  });
});

describe("GET /api/v1/users (pickers)", () => {
  const pick = (query: string, token = employeeToken) => callRoute(pickers.loader as never, { path: `/api/v1/users${query}`, token });

  it("serves any signed-in user with limited fields, active users only", async () => {
    const res = await pick(`?q=${tag}`);
    expect(res.status).toBe(200);
    const ids = res.body.users.map((u: { id: number }) => u.id);
    expect(ids).toContain(member.id);
    expect(ids).not.toContain(inactive.id);
    expect(Object.keys(res.body.users[0]).sort()).toEqual(["email", "id", "name", "profile_image_url"]);
    expect((await callRoute(pickers.loader as never, { path: `/api/v1/users?q=${tag}` })).status).toBe(401);
  });

  it("returns at most 20", async () => {
    // Their own prefix (not containing `tag`): the other picker tests search by `tag` and must not hit the limit.
    const many = `many${Date.now().toString(36)}x`;
    for (let i = 0; i < 22; i++) await createTestUser({ name: `Many ${many} ${String(i).padStart(2, "0")}` });
    const res = await pick(`?q=${many}`);
    expect(res.body.users).toHaveLength(20);
    expect(res.body.users[0].name).toBe(`Many ${many} 00`);
  });

  it("leaves out the nominee and their management chain with nominee_email", async () => {
    const res = await pick(`?q=${tag}&nominee_email=${encodeURIComponent(member.email)}`);
    const ids = res.body.users.map((u: { id: number }) => u.id);
    // Fewer than the picker limit match `tag`, so a missing id means it was left out, not cut off.
    expect(ids.length).toBeLessThan(20);
    expect(ids).not.toContain(member.id);
    expect(ids).not.toContain(lead.id);
    expect(ids).not.toContain(boss.id);
    expect(ids).toContain(partner.id);
    expect(ids).toContain(admin.id);
  });

  it("answers 404 for a nominee email that names nobody (ADR 0060), 400 for a malformed one", async () => {
    expect((await pick(`?nominee_email=nobody.${tag}@test.example.com`)).status).toBe(404);
    expect((await pick(`?nominee_email=not-an-email`)).status).toBe(400);
  });
});

describe("admin users pages", () => {
  it("the table loader reads q, role[], page and page_size from the address", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const res = await callWithSession(usersPage.loader as never, { path: `/app/admin/users?q=${tag}&role[]=PEOPLE_PARTNER&page=1&page_size=1`, cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(res.body.users).toHaveLength(1);
  });

  it("the user page changes the role through its form, and non-admins get 403", async () => {
    const target = await mk("Form Fay");
    const cookie = await sessionCookieFor(admin.id);
    const page = await callWithSession(userPage.loader as never, { path: `/app/admin/users/${target.id}`, cookie, params: { userId: String(target.id) } });
    expect(page.body.user).toMatchObject({ id: target.id, role: "EMPLOYEE" });
    const res = await callWithSession(userPage.action as never, {
      method: "POST",
      path: `/app/admin/users/${target.id}`,
      cookie,
      params: { userId: String(target.id) },
      form: { intent: "role", role: "PEOPLE_PARTNER" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    expect((await get(target.id)).body.user.role).toBe("PEOPLE_PARTNER");
    const self = await callWithSession(userPage.action as never, {
      method: "POST",
      path: `/app/admin/users/${admin.id}`,
      cookie,
      params: { userId: String(admin.id) },
      form: { intent: "role", role: "EMPLOYEE" },
    });
    expect(self.status).toBe(422);
    // The page says the refusal by its key (ADR 0108), never the API's English.
    expect(self.body).toMatchObject({ ok: false, error: { key: "users.refusal.ownSuperAdminRole" } });

    const employeeCookie = await sessionCookieFor(member.id);
    const denied = await callWithSession(userPage.action as never, {
      method: "POST",
      path: `/app/admin/users/${target.id}`,
      cookie: employeeCookie,
      params: { userId: String(target.id) },
      form: { intent: "role", role: "SUPER_ADMIN" },
    });
    expect(denied.status).toBe(403);
    expect((await get(target.id)).body.user.role).toBe("PEOPLE_PARTNER");
    const missing = await callWithSession(userPage.loader as never, { path: `/app/admin/users/99999999`, cookie, params: { userId: "99999999" } });
    expect(missing.status).toBe(404);
  });
  it("every page and form answers 403 'You do not have access to this page' to HR ops, people partners and employees", async () => {
    const target = await mk("Guarded Gus");
    for (const [role, id] of Object.entries(roleUserIds)) {
      const cookie = await sessionCookieFor(id);
      const results = [
        await callWithSession(usersPage.loader as never, { path: "/app/admin/users", cookie }),
        await callWithSession(usersPage.action as never, { method: "POST", path: "/app/admin/users", cookie, form: { intent: "spoof", email: target.email } }),
        await callWithSession(userPage.loader as never, { path: `/app/admin/users/${target.id}`, cookie, params: { userId: String(target.id) } }),
        await callWithSession(userPage.action as never, {
          method: "POST",
          path: `/app/admin/users/${target.id}`,
          cookie,
          params: { userId: String(target.id) },
          form: { intent: "role", role: "SUPER_ADMIN" },
        }),
      ];
      for (const res of results) {
        expect(res.status, role).toBe(403);
        expect(res.body).toBe("You do not have access to this page");
      }
    }
    expect((await get(target.id)).body.user.role).toBe("EMPLOYEE");
    expect(await (await getDb()).auditRecord.count({ where: { entityType: "User", entityId: String(target.id) } })).toBe(0);
  });

  it("without a session the pages send the visitor to the login screen, remembering the page", async () => {
    const res = await callWithSession(usersPage.loader as never, { path: "/app/admin/users?q=x" });
    expect(res.status).toBe(302);
    expect(res.response.headers.get("Location")).toBe(`/app/login?${new URLSearchParams({ out: "true", redirectTo: "/app/admin/users?q=x" })}`);
  });
});

describe("OpenAPI", () => {
  it("describes the admin users, pickers, spoof and audits calls", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = res.body.paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(["/api/v1/admin/users", "/api/v1/admin/users/{id}", "/api/v1/users", "/api/v1/admin/spoof", "/api/v1/admin/audits"]));
    expect(Object.keys(paths["/api/v1/admin/users/{id}"]).sort()).toEqual(["get", "patch"]);
    expect(Object.keys(paths["/api/v1/admin/spoof"]).sort()).toEqual(["delete", "post"]);
    const params = paths["/api/v1/admin/users"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(["q", "role[]", "page", "page_size"]));
  });
});
