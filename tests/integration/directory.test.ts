/**
 * The user directory (issue 25 §2, docs/decisions/0050-user-directory.md): create, change, deactivate and re-activate
 * through /api/v1/admin/users and the directory core, with its rules, audit records and the end of every session and
 * token of a deactivated user. A refusal writes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as adminUsers from "~/routes/api.v1.admin.users";
import * as adminUser from "~/routes/api.v1.admin.users.$id";
import * as deactivateRoute from "~/routes/api.v1.admin.users.$id.deactivate";
import * as reactivateRoute from "~/routes/api.v1.admin.users.$id.reactivate";
import * as me from "~/routes/api.v1.users._index";
import { createDirectoryUser, ensureSuperAdmin, updateDirectoryUser } from "~/features/users/directory.server";
import type { Actor } from "~/platform/actor";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import * as home from "~/routes/app.home";
import * as newPage from "~/routes/app.admin.users.new";
import * as userPage from "~/routes/app.admin.users.$userId";

const tag = `d${Date.now().toString(36)}`;
const mail = (name: string) => `${name}.${tag}@directory.example.com`;

let admin: User;
let adminToken: string;
let employeeToken: string;

beforeAll(async () => {
  admin = await createTestUser({ name: `Dir Admin ${tag}`, role: "SUPER_ADMIN" });
  adminToken = await bearerFor(admin.id);
  employeeToken = await bearerFor((await createTestUser({ name: `Dir Employee ${tag}` })).id);
});

const create = (body: unknown, token = adminToken) => callRoute(adminUsers.action as never, { method: "POST", path: "/api/v1/admin/users", token, body });
const patch = (id: number, body: unknown) =>
  callRoute(adminUser.action as never, { method: "PATCH", path: `/api/v1/admin/users/${id}`, token: adminToken, body, params: { id: String(id) } });
const post = (route: { action: unknown }, id: number, verb: string, token = adminToken) =>
  callRoute(route.action as never, { method: "POST", path: `/api/v1/admin/users/${id}/${verb}`, token, params: { id: String(id) } });

async function counts() {
  const db = await getDb();
  return { users: await db.user.count(), audits: await db.auditRecord.count() };
}
const audits = async (entityId: number) =>
  (await getDb()).auditRecord.findMany({ where: { entityType: "User", entityId: String(entityId) }, orderBy: { id: "asc" } });

describe("creating users", () => {
  it("creates a user with every field, stores the email lower-case and audits user.create", async () => {
    const boss = await create({ email: mail("Boss").toUpperCase(), name: "Boss Bo" });
    expect(boss.status).toBe(201);
    expect(boss.body.user).toMatchObject({ email: mail("boss"), role: "EMPLOYEE", active: true, scim_managed: false, deactivated_at: null });
    const hr = (await create({ email: mail("hr"), name: "HR Hal", role: "PEOPLE_PARTNER" })).body.user;
    const res = await create({
      email: `  ${mail("Full")} `.replace(/ /g, ""),
      name: "  Full Fay ",
      role: "HR_OPS",
      job_title: "Analyst",
      department: "Finance",
      level: "L3",
      location: "Lisbon",
      manager_email: mail("boss").toUpperCase(),
      secondary_manager_email: mail("hr"),
      hr_partner_email: mail("hr"),
      start_date: "2024-02-29",
      employee_number: `E-${tag}`,
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: mail("full"),
      name: "Full Fay",
      role: "HR_OPS",
      job_title: "Analyst",
      department: "Finance",
      level: "L3",
      location: "Lisbon",
      manager: { id: boss.body.user.id },
      secondary_manager: { id: hr.id },
      hr_partner: { id: hr.id },
      start_date: "2024-02-29",
      employee_number: `E-${tag}`,
    });
    const [record] = await audits(res.body.user.id);
    expect(record).toMatchObject({ action: "user.create", source: "api", actorId: admin.id, before: null });
    expect(record!.after).toMatchObject({ email: mail("full"), manager_email: mail("boss"), hr_partner_email: mail("hr"), start_date: "2024-02-29", level: "L3" });
  });

  it("refuses a duplicate email in another case and a taken employee number with 409, writing nothing", async () => {
    await create({ email: mail("dup"), name: "Dup Dee", employee_number: `N-${tag}` });
    const before = await counts();
    const dup = await create({ email: mail("DUP").toUpperCase(), name: "Dup Again" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: "conflict", details: { field: "email", message_key: { key: "users.refusal.emailTaken", values: { email: mail("dup") } } } });
    const number = await create({ email: mail("dup2"), name: "Dup Two", employee_number: `N-${tag}` });
    expect(number.status).toBe(409);
    // Beside the English, its key with values (ADR 0108): what the pages show.
    expect(number.body.error.details).toEqual({ field: "employee_number", message_key: { key: "users.refusal.employeeNumberTaken", values: { number: `N-${tag}` } } });
    expect(await counts()).toEqual(before);
  });

  it("refuses a user as their own, an unknown or a deactivated manager / HR partner with 422 (a blank name 400), writing nothing", async () => {
    const gone = (await create({ email: mail("gone"), name: "Gone Gus", active: false })).body.user;
    expect(gone).toMatchObject({ active: false });
    expect(gone.deactivated_at).not.toBeNull();
    const before = await counts();
    // Well-formed, refused by the directory's rules over the people named: 422 (ADR 0060); a blank name breaks the
    // documented shape (its pattern): 400.
    const cases: Array<[unknown, string, number, object]> = [
      [{ email: mail("self"), name: "Self Sy", manager_email: mail("self") }, "manager_email", 422, { key: "users.refusal.ownLink.manager_email" }],
      [{ email: mail("self"), name: "Self Sy", hr_partner_email: mail("SELF") }, "hr_partner_email", 422, { key: "users.refusal.ownLink.hr_partner_email" }],
      [{ email: mail("self"), name: "Self Sy", manager_email: mail("gone") }, "manager_email", 422, { key: "users.refusal.inactivePerson.manager_email", values: { email: mail("gone") } }],
      [
        { email: mail("self"), name: "Self Sy", secondary_manager_email: mail("gone") },
        "secondary_manager_email",
        422,
        { key: "users.refusal.inactivePerson.secondary_manager_email", values: { email: mail("gone") } },
      ],
      [{ email: mail("self"), name: "Self Sy", hr_partner_email: mail("nobody") }, "hr_partner_email", 422, { key: "users.refusal.unknownPerson.hr_partner_email", values: { email: mail("nobody") } }],
      [{ email: mail("self"), name: "   " }, "name", 400, { key: "users.refusal.nameRequired" }],
    ];
    for (const [body, field, status, messageKey] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.details).toEqual({ field, message_key: messageKey });
    }
    for (const body of [{ email: "nope", name: "N" }, { email: mail("x"), name: "X", start_date: "2023-02-30" }, { email: mail("x"), name: "X", extra: 1 }]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it("is for super admins only", async () => {
    expect((await create({ email: mail("nope"), name: "Nope" }, employeeToken)).status).toBe(403);
    expect((await post(deactivateRoute, admin.id, "deactivate", employeeToken)).status).toBe(403);
    expect((await post(reactivateRoute, admin.id, "reactivate", employeeToken)).status).toBe(403);
  });
});

describe("changing users", () => {
  it("edits every field and audits user.update with before and after", async () => {
    const a = (await create({ email: mail("ed-a"), name: "Ed A" })).body.user;
    const m = (await create({ email: mail("ed-m"), name: "Ed M" })).body.user;
    const res = await patch(a.id, { email: mail("Ed-A2"), level: "L5", start_date: "2020-01-15", manager_email: m.email, department: "Ops", employee_number: `X-${tag}` });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: mail("ed-a2"), level: "L5", start_date: "2020-01-15", manager: { id: m.id }, department: "Ops" });
    const record = (await audits(a.id)).at(-1)!;
    expect(record.action).toBe("user.update");
    expect(record.before).toMatchObject({ email: mail("ed-a"), level: null, manager_email: null, employee_number: null });
    expect(record.after).toMatchObject({ email: mail("ed-a2"), level: "L5", manager_email: m.email, employee_number: `X-${tag}` });
    // Blank clears.
    expect((await patch(a.id, { level: " ", start_date: null })).body.user).toMatchObject({ level: null, start_date: null });
  });

  it("refuses a manager cycle (A manages B manages A, and longer ones) and writes nothing", async () => {
    const a = (await create({ email: mail("cy-a"), name: "Cy A" })).body.user;
    const b = (await create({ email: mail("cy-b"), name: "Cy B", manager_email: a.email })).body.user;
    const c = (await create({ email: mail("cy-c"), name: "Cy C", manager_email: b.email })).body.user;
    const before = await counts();
    const loop = await patch(a.id, { manager_email: b.email });
    expect(loop.status).toBe(422); // well-formed, refused by a rule over the directory (ADR 0060)
    expect(loop.body.error).toMatchObject({ details: { field: "manager_email" } });
    expect(loop.body.error.message).toMatch(/cannot loop/);
    expect((await patch(a.id, { manager_email: c.email, department: "Changed" })).status).toBe(422);
    expect((await patch(a.id, { manager_email: a.email })).status).toBe(422);
    expect(await counts()).toEqual(before);
    const fresh = await (await getDb()).user.findUnique({ where: { id: a.id } });
    expect(fresh).toMatchObject({ managerId: null, department: null });
  });

  it("refuses another user's email (409) and a deactivated manager, but keeps an existing link to one", async () => {
    const a = (await create({ email: mail("k-a"), name: "K A" })).body.user;
    const m = (await create({ email: mail("k-m"), name: "K M" })).body.user;
    expect((await patch(a.id, { email: m.email.toUpperCase() })).status).toBe(409);
    expect((await patch(a.id, { manager_email: m.email })).status).toBe(200);
    expect((await post(deactivateRoute, m.id, "deactivate")).status).toBe(200);
    // The link stays (history); saving the form with the same manager is fine; setting them anew elsewhere is not.
    expect((await patch(a.id, { manager_email: m.email, job_title: "Lead" })).status).toBe(200);
    const other = (await create({ email: mail("k-o"), name: "K O" })).body.user;
    const refused = await patch(other.id, { manager_email: m.email });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/deactivated/);
  });
});

describe("deactivation", () => {
  it("ends every session and API token at once, audits it, and re-activation clears the time", async () => {
    const u = (await create({ email: mail("leaver"), name: "Leaver Lee" })).body.user;
    const token = await bearerFor(u.id);
    const cookie = await sessionCookieFor(u.id);
    expect((await callRoute(me.loader as never, { path: "/api/v1/users", token })).status).toBe(200);
    const res = await post(deactivateRoute, u.id, "deactivate");
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ active: false });
    expect(Date.parse(res.body.user.deactivated_at)).toBeGreaterThan(Date.now() - 60_000);
    const db = await getDb();
    expect(await db.userSession.count({ where: { userId: u.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: u.id, revokedAt: null } })).toBe(0);
    expect((await callRoute(me.loader as never, { path: "/api/v1/users", token })).status).toBe(401);
    const page = await callWithSession(home.loader as never, { path: "/app/home", cookie });
    expect(page.status).toBe(302);

    const actions = (await audits(u.id)).map((a) => a.action);
    expect(actions).toEqual(["user.create", "user.deactivate", "session.revoke_all"]);
    const record = (await audits(u.id))[1]!;
    expect(record.before).toMatchObject({ active: true, deactivated_at: null });
    expect(record.after).toMatchObject({ active: false });

    // Again: a no-op, no audit record.
    expect((await post(deactivateRoute, u.id, "deactivate")).status).toBe(200);
    expect(await audits(u.id)).toHaveLength(3);

    const back = await post(reactivateRoute, u.id, "reactivate");
    expect(back.body.user).toMatchObject({ active: true, deactivated_at: null });
    expect((await audits(u.id)).at(-1)!.action).toBe("user.reactivate");
    // The user is still there with all their history.
    expect(await db.user.findUnique({ where: { id: u.id } })).not.toBeNull();
  });

  it("refuses to deactivate yourself and answers 404 for an unknown user", async () => {
    const self = await post(deactivateRoute, admin.id, "deactivate");
    expect(self.status).toBe(422); // well-formed, refused by a rule (ADR 0060)
    expect(self.body.error.message).toBe("You cannot deactivate your own account");
    expect((await post(deactivateRoute, 99_999_999, "deactivate")).status).toBe(404);
    expect((await post(reactivateRoute, 99_999_999, "reactivate")).status).toBe(404);
  });
});

describe("directory core for other callers", () => {
  const cli: Actor = { userId: null, realUserId: null, source: "system", label: "command line: users:add-admin" };

  it("ensureSuperAdmin creates, then re-activates and promotes, audited with the given actor", async () => {
    const first = await ensureSuperAdmin(cli, `  ${mail("Root").toUpperCase()}  `, "Root Ro");
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({ email: mail("root"), role: "SUPER_ADMIN", active: true });
    await updateDirectoryUser(cli, first.user.id, { role: "EMPLOYEE", active: false });
    const again = await ensureSuperAdmin(cli, mail("root"), "Other Name");
    expect(again).toMatchObject({ created: false, user: { id: first.user.id, role: "SUPER_ADMIN", active: true, name: "Root Ro" } });
    const records = await audits(first.user.id);
    expect(records.map((r) => r.action)).toEqual(["user.create", "user.deactivate", "user.reactivate"]);
    expect(records.every((r) => r.actorId === null && r.actorLabel === "command line: users:add-admin")).toBe(true);
    await expect(ensureSuperAdmin(cli, "not an email", "X")).rejects.toMatchObject({ status: 400 });
  });

  it("runs inside the caller's transaction and links a SCIM resource", async () => {
    const db = await getDb();
    const scim: Actor = { userId: null, realUserId: null, source: "scim", label: "Okta" };
    await expect(
      db.$transaction(async (tx) => {
        await createDirectoryUser(scim, { email: mail("scim"), name: "Scim Sue" }, { tx, scim: { scimId: `scim-${tag}`, externalId: "okta-1" } });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.user.findFirst({ where: { email: mail("scim") } })).toBeNull();
    const made = await createDirectoryUser(scim, { email: mail("scim"), name: "Scim Sue" }, { scim: { scimId: `scim-${tag}`, externalId: "okta-1" } });
    expect(made.scim_managed).toBe(true);
    const detached = await updateDirectoryUser(scim, made.id, { active: false }, { scim: { scimId: null } });
    expect(detached).toMatchObject({ scim_managed: false, active: false });
  });
});

describe("admin pages", () => {
  it("creates on /app/admin/users/new, saves details, deactivates and re-activates on the user page", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const bad = await callWithSession(newPage.action as never, { method: "POST", path: "/app/admin/users/new", cookie, form: { intent: "create", email: admin.email.toUpperCase(), name: "Twin" } });
    expect(bad.status).toBe(409);
    // The page's field error is the refusal's key with values (ADR 0108), never the API's English.
    expect(bad.body.fieldErrors.email).toEqual({ key: "users.refusal.emailTaken", values: { email: admin.email.toLowerCase() } });
    const made = await callWithSession(newPage.action as never, {
      method: "POST",
      path: "/app/admin/users/new",
      cookie,
      form: { intent: "create", email: mail("Page"), name: "Page Pia", role: "EMPLOYEE", department: "Design", manager_email: "", start_date: "2023-05-02" },
    });
    expect(made.status).toBe(302);
    const id = Number(made.response.headers.get("Location")!.match(/users\/(\d+)\?created=1$/)![1]);
    const db = await getDb();
    expect(await db.user.findUnique({ where: { id } })).toMatchObject({ email: mail("page"), department: "Design", managerId: null });

    const call = (form: Record<string, string>) =>
      callWithSession(userPage.action as never, { method: "POST", path: `/app/admin/users/${id}`, cookie, form, params: { userId: String(id) } });
    const selfManager = await call({ intent: "save", email: mail("page"), name: "Page Pia", manager_email: mail("page") });
    expect(selfManager.status).toBe(422);
    expect(selfManager.body.fieldErrors.manager_email).toEqual({ key: "users.refusal.ownLink.manager_email" });
    const saved = await call({ intent: "save", email: mail("page"), name: "Page Pia", department: "", level: "L2", manager_email: admin.email });
    expect(saved.body).toMatchObject({ ok: true, message: { key: "users.page.updated" } });
    expect(await db.user.findUnique({ where: { id } })).toMatchObject({ department: null, level: "L2", managerId: admin.id });
    expect((await call({ intent: "deactivate" })).body).toMatchObject({ ok: true });
    expect(await db.user.findUnique({ where: { id } })).toMatchObject({ active: false });
    expect((await call({ intent: "reactivate" })).body).toMatchObject({ ok: true });
    expect(await db.user.findUnique({ where: { id } })).toMatchObject({ active: true, deactivatedAt: null });
  });

  it("lists users by status", async () => {
    const gone = (await create({ email: mail("listed-gone"), name: `Listed Gone ${tag}`, active: false })).body.user;
    const q = `&q=${encodeURIComponent(`Listed Gone ${tag}`)}`;
    const list = (status: string) => callRoute(adminUsers.loader as never, { path: `/api/v1/admin/users?status=${status}${q}`, token: adminToken });
    expect((await list("inactive")).body.users.map((u: { id: number }) => u.id)).toEqual([gone.id]);
    expect((await list("active")).body.users).toEqual([]);
    expect((await list("all")).body.total).toBe(1);
    expect((await list("gone")).status).toBe(400);
  });
});
