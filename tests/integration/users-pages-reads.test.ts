/**
 * Issue 27: lean reads of the user directory's pages (/app/admin/users, /app/admin/users/new, /app/admin/users/{id}):
 * each loader reads what it shows in at most 3 database round trips of its own (the frame's session and shell reads
 * are counted apart), equal to what GET /api/v1/admin/users and /api/v1/admin/users/{id} answer (the list filtered,
 * sorted and paged by the server) and to the tokens the old read listed; the same 403 and 404 as before.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as usersPage from "~/routes/app.admin.users._index";
import * as newUserPage from "~/routes/app.admin.users.new";
import * as userPage from "~/routes/app.admin.users.$userId";
import * as adminUsersApi from "~/routes/api.v1.admin.users";
import * as adminUserApi from "~/routes/api.v1.admin.users.$id";
import * as attributesApi from "~/routes/api.v1.admin.users.$id.attributes";
import { getDb } from "~/platform/db.server";
import { listTokensOfUser } from "~/features/auth/tokens/service.server";
import type { User } from "~/generated/prisma/client.ts";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { expectPageLoad, loadPageWithin, pageOutcome } from "../support/page-load";
import { sortByName } from "~/platform/i18n/format";

const tag = `upr${Date.now().toString(36)}`;
let admin: User;
let token: string;
let people: User[];

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: `Zed ${tag} Admin` });
  token = await bearerFor(admin.id);
  const manager = await createTestUser({ name: `Mia ${tag} Manager`, role: "PEOPLE_PARTNER" });
  people = [
    manager,
    await createTestUser({ name: `Bo ${tag} Report`, managerId: manager.id, hrPartnerId: manager.id }),
    await createTestUser({ name: `Cy ${tag} Report`, managerId: manager.id, role: "HR_OPS" }),
    await createTestUser({ name: `Al ${tag} Other` }),
  ];
  const db = await getDb();
  await db.user.update({ where: { id: people[3]!.id }, data: { active: false, deactivatedAt: new Date("2026-02-03T04:05:06Z") } });
});

/** GET /api/v1/admin/users with this query string, as the API answers it. */
async function apiList(query: string) {
  const res = await callRoute(adminUsersApi.loader as never, { path: `/api/v1/admin/users?${query}`, token });
  expect(res.status, query).toBe(200);
  return res.body as { users: Array<{ id: number; name: string; email: string; role: string }>; total: number; page: number; page_size: number };
}

describe("the users list", () => {
  it("reads one page in at most 3 round trips, equal to the API's list for the same filters", async () => {
    for (const query of [
      `q=${tag}`,
      `q=${tag}&role[]=EMPLOYEE&role[]=HR_OPS`,
      `q=${tag}&status=inactive`,
      `q=${tag}&status=active&page=2&page_size=2`,
      `q=${tag}&page=9`,
      "",
    ]) {
      const api = await apiList(query);
      const data = await expectPageLoad(usersPage.loader, `/app/admin/users?${query}`, admin, (page) => ({ ...page, users: api.users, total: api.total, page: api.page, page_size: api.page_size }));
      expect(data.selfId).toBe(admin.id);
    }
    const mine = await loadPageWithin(usersPage.loader, `/app/admin/users?q=${tag}&role[]=EMPLOYEE&status=active`, admin);
    expect(mine).toMatchObject({ q: tag, roles: ["EMPLOYEE"], status: "active", sort: null, total: 1 });
    expect(mine.users.map((u) => u.name)).toEqual([`Bo ${tag} Report`]);
  });

  it("sorts by the column of ?sort= (a '-' for descending) on the server, by name otherwise", async () => {
    const all = (await apiList(`q=${tag}`)).users;
    expect(all.map((u) => u.name)).toEqual([...all.map((u) => u.name)].sort());
    const byEmailDesc = await loadPageWithin(usersPage.loader, `/app/admin/users?q=${tag}&sort=-email`, admin);
    expect(byEmailDesc.sort).toBe("-email");
    expect(byEmailDesc.users.map((u) => u.email)).toEqual(all.map((u) => u.email).sort().reverse());
    const byRole = await loadPageWithin(usersPage.loader, `/app/admin/users?q=${tag}&sort=role&page_size=2&page=2`, admin);
    const roleOrder = [...all].sort((a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name)).map((u) => u.id);
    expect(byRole.users.map((u) => u.id)).toEqual(roleOrder.slice(2, 4));
    const unknown = await loadPageWithin(usersPage.loader, `/app/admin/users?q=${tag}&sort=password`, admin);
    expect(unknown.sort).toBeNull();
    expect(unknown.users.map((u) => u.id)).toEqual(all.map((u) => u.id));
  });
});

describe("the users list in the reader's collation (issue 28, ADR 0101)", () => {
  it("orders names as the page's language sorts them (pinyin for zh-CN), ascending and descending, the API in en's order", async () => {
    const ctag = `${tag}c`;
    const names = ["张伟", "李娜", "安娜", "Łukasz Żółć", "adam", "Zoe", "Émile", "User 10", "User 9"];
    const db = await getDb();
    for (const [i, name] of names.entries()) await db.user.create({ data: { name, email: `n${i}.${ctag}@test.example.com` } });
    const order = async (lng: string, sort = "") => {
      const data = await loadPageWithin(usersPage.loader, `/app/admin/users?q=${ctag}&lng=${lng}${sort}`, admin);
      return data.users.map((u) => u.name);
    };
    const zh = sortByName(names, "zh-CN", (n) => n);
    const en = sortByName(names, "en", (n) => n);
    expect(zh.slice(0, 3)).toEqual(["安娜", "李娜", "张伟"]);
    expect(await order("zh-CN")).toEqual(zh);
    expect(await order("zh-CN", "&sort=-name")).toEqual([...zh].reverse());
    expect(await order("en")).toEqual(en);
    expect((await apiList(`q=${ctag}`)).users.map((u) => u.name)).toEqual(en);
  });
});

describe("a user's page and the new user form", () => {
  it("reads the user, their tokens and attributes in at most 3 round trips, equal to GET /api/v1/admin/users/{id}, its /attributes and the old token read", async () => {
    await bearerFor(people[1]!.id);
    for (const person of [people[0]!, people[1]!, people[3]!]) {
      const params = { id: String(person.id) };
      const api = await callRoute(adminUserApi.loader as never, { path: `/api/v1/admin/users/${person.id}`, token, params });
      expect(api.status).toBe(200);
      const values = await callRoute(attributesApi.loader as never, { path: `/api/v1/admin/users/${person.id}/attributes`, token, params });
      expect(values.status).toBe(200);
      type AttributeJson = { attribute_id: number; key: string | null; name: string; kind: string; visibility: string; value: string | null; editable: boolean };
      const attributes = (values.body.attributes as AttributeJson[]).map(({ attribute_id, ...a }) => ({ id: attribute_id, ...a }));
      const tokens = await listTokensOfUser(person.id);
      await expectPageLoad(userPage.loader, `/app/admin/users/${person.id}`, admin, { user: api.body.user, selfId: admin.id, tokens, attributes }, { params: { userId: String(person.id) } });
    }
    const manager = await loadPageWithin(userPage.loader, `/app/admin/users/${people[0]!.id}`, admin, { params: { userId: String(people[0]!.id) } });
    expect(manager.user).toMatchObject({ direct_report_count: 2, hr_employee_count: 1 });
    const report = await loadPageWithin(userPage.loader, `/app/admin/users/${people[1]!.id}`, admin, { params: { userId: String(people[1]!.id) } });
    expect(report.tokens).toHaveLength(1);
    await expectPageLoad(newUserPage.loader, "/app/admin/users/new", admin, null, { max: 0 });
  });

  it("refuses everyone but a super admin, and an unknown user, as before", async () => {
    const employee = people[1]!;
    const params = { userId: String(employee.id) };
    expect(await pageOutcome(usersPage.loader, "/app/admin/users", employee)).toEqual({ status: 403 });
    expect(await pageOutcome(newUserPage.loader, "/app/admin/users/new", employee)).toEqual({ status: 403 });
    expect(await pageOutcome(userPage.loader, `/app/admin/users/${employee.id}`, employee, { params })).toEqual({ status: 403 });
    expect(await pageOutcome(userPage.loader, "/app/admin/users/99999999", admin, { params: { userId: "99999999" } })).toEqual({ status: 404 });
  });
});
