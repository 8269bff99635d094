/**
 * SCIM provisioning (issue 25 §4, docs/decisions/0051-scim-provisioning.md): the calls an Okta or Entra ID connector
 * really makes, through the /scim/v2 route module — create with a manager, find by userName, PATCH replace of
 * name.givenName, PATCH active=false (Okta's no-path shape and Entra's "Replace"/"False"), which ends the person's
 * sessions; group member add/remove changing the role; DELETE then 404 then a POST that links the same person again;
 * 409 uniqueness, 400 invalidFilter/invalidValue/mutability, 412 on a stale If-Match; only a SCIM token gets in; every
 * change audited with source scim and the token's label. (scim-conformance.test.ts runs a third-party checker.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { getDb } from "~/platform/db.server";
import { SYSTEM_ACTOR } from "~/platform/audit.server";
import { createScimToken, revokeScimToken } from "~/features/scim/tokens.server";
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, PMR_SCHEMA } from "~/features/scim/protocol";
import { scimClient, scimPatch } from "../support/scim";
import { bearerFor, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";

const tag = randomUUID().slice(0, 8);
const LABEL = `Okta ${tag}`;
let token: string;

beforeAll(async () => {
  token = (await createScimToken(SYSTEM_ACTOR, LABEL)).token;
});

const { scim, email, userBody } = scimClient(() => token, tag);
const patch = scimPatch;
const dbUser = async (scimIdOrEmail: string) => (await getDb()).user.findFirst({ where: { OR: [{ scimId: scimIdOrEmail }, { email: scimIdOrEmail }] } });
const scimAudits = async (userId: number, action: string) =>
  (await getDb()).auditRecord.findMany({ where: { entityType: "User", entityId: String(userId), action, source: "scim", actorLabel: LABEL } });

describe("only a SCIM token reaches /scim/v2", () => {
  it("answers 401 in the SCIM error format without a token, with a user's API token, a session cookie or a revoked SCIM token", async () => {
    const user = await createTestUser({ role: "SUPER_ADMIN", name: `Scim Admin ${tag}` });
    const revoked = await createScimToken(SYSTEM_ACTOR, `Revoked ${tag}`);
    await revokeScimToken(SYSTEM_ACTOR, revoked.id);
    const calls = [
      await scim("GET", "Users", undefined, {}, null),
      await scim("GET", "Users", undefined, {}, await bearerFor(user.id)),
      await scim("GET", "Users", undefined, { Cookie: await sessionCookieFor(user.id) }, null),
      await scim("POST", "Users", userBody("intruder"), {}, revoked.token),
    ];
    for (const c of calls) {
      expect(c.status).toBe(401);
      expect(c.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "401" });
      expect(c.headers.get("content-type")).toBe("application/scim+json");
    }
    expect(await dbUser(email("intruder"))).toBeNull();
  });

  it("describes itself: ServiceProviderConfig, ResourceTypes, Schemas", async () => {
    const spc = await scim("GET", "ServiceProviderConfig");
    expect(spc.status).toBe(200);
    expect(spc.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false }, etag: { supported: true } });
    const types = await scim("GET", "ResourceTypes");
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(["User", "Group"]);
    const schema = await scim("GET", `Schemas/${PMR_SCHEMA}`);
    expect(schema.body.attributes.map((a: { name: string }) => a.name)).toEqual(["level", "location", "secondaryManager", "hrPartner"]);
  });
});

describe("the flows of an identity provider", () => {
  let managerId: string;
  let partnerId: string;
  let employeeId: string;

  it("creates a manager, an HR partner, then an employee with manager, department, employee number and our extension", async () => {
    const manager = await scim("POST", "Users", userBody("manager", { title: "Head of Sales" }));
    expect(manager.status, JSON.stringify(manager.body)).toBe(201);
    managerId = manager.body.id;
    partnerId = (await scim("POST", "Users", userBody("partner"))).body.id;
    const employee = await scim(
      "POST",
      "Users",
      userBody("employee", {
        externalId: `okta-${tag}`,
        title: "Account Executive",
        [ENTERPRISE_SCHEMA]: { manager: { value: managerId }, department: "Sales", employeeNumber: `E-${tag}` },
        [PMR_SCHEMA]: { level: "L3", location: "Berlin", hrPartner: { value: partnerId } },
      }),
    );
    expect(employee.status, JSON.stringify(employee.body)).toBe(201);
    employeeId = employee.body.id;
    expect(employee.headers.get("location")).toBe(`http://127.0.0.1/scim/v2/Users/${employeeId}`);
    expect(employee.headers.get("etag")).toBe(employee.body.meta.version);
    expect(employee.body).toMatchObject({
      userName: email("employee"),
      externalId: `okta-${tag}`,
      name: { formatted: "Employee Tester", givenName: "Employee", familyName: "Tester" },
      active: true,
      [ENTERPRISE_SCHEMA]: { department: "Sales", employeeNumber: `E-${tag}`, manager: { value: managerId } },
      [PMR_SCHEMA]: { level: "L3", location: "Berlin", hrPartner: { value: partnerId } },
      meta: { resourceType: "User" },
    });
    const row = (await dbUser(employeeId))!;
    const [manager_, partner] = [(await dbUser(managerId))!, (await dbUser(partnerId))!];
    expect(row).toMatchObject({ email: email("employee"), name: "Employee Tester", jobTitle: "Account Executive", department: "Sales", level: "L3", location: "Berlin", managerId: manager_.id, hrPartnerId: partner.id, role: "EMPLOYEE", active: true });
    expect(await scimAudits(row.id, "user.create")).toHaveLength(1);
  });

  it("finds an existing user by filter userName eq (any case), and by other attributes with and/or", async () => {
    const found = await scim("GET", `Users?filter=${encodeURIComponent(`userName eq "${email("employee").toUpperCase()}"`)}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.body.Resources[0].id).toBe(employeeId);
    const filter = `(emails.value co "${tag}" and name.familyName eq "Tester") and (active eq true or externalId pr) and userName sw "manager"`;
    const some = await scim("GET", `Users?filter=${encodeURIComponent(filter)}`);
    expect(some.body.Resources.map((r: { id: string }) => r.id)).toEqual([managerId]);
    const page = await scim("GET", `Users?filter=${encodeURIComponent(`emails.value ew "${tag}@acme.example.com"`)}&startIndex=2&count=1`);
    expect(page.body).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 2 });
    const none = await scim("GET", `Users?filter=${encodeURIComponent(`userName eq "nobody-${tag}@acme.example.com"`)}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it("refuses an unreadable filter or an unknown attribute with 400 invalidFilter", async () => {
    const long = `userName eq "${"x".repeat(2001)}"`;
    for (const [endpoint, filter] of [["Users", `userName eq`], ["Users", `userName zz "x"`], ["Users", `password eq "x"`], ["Users", long], ["Groups", `displayName eq`], ["Groups", long]]) {
      const res = await scim("GET", `${endpoint}?filter=${encodeURIComponent(filter!)}`);
      expect(res.status, filter).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidFilter" });
    }
  });

  it("PATCH replace of name.givenName renames the person (the formatted name follows)", async () => {
    const res = await scim("PATCH", `Users/${employeeId}`, patch({ op: "replace", path: "name.givenName", value: "Emma" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.name).toEqual({ formatted: "Emma Tester", givenName: "Emma", familyName: "Tester" });
    expect((await dbUser(employeeId))!.name).toBe("Emma Tester");
  });

  it("PATCH active=false (Entra's shape) deactivates and ends every session at once; Okta's shape re-activates", async () => {
    const row = (await dbUser(employeeId))!;
    await sessionCookieFor(row.id);
    const db = await getDb();
    expect(await db.userSession.count({ where: { userId: row.id } })).toBeGreaterThan(0);
    const off = await scim("PATCH", `Users/${employeeId}`, patch({ op: "Replace", path: "active", value: "False" }));
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await db.userSession.count({ where: { userId: row.id } })).toBe(0);
    expect((await dbUser(employeeId))!.active).toBe(false);
    expect(await scimAudits(row.id, "user.deactivate")).toHaveLength(1);
    const on = await scim("PATCH", `Users/${employeeId}`, patch({ op: "replace", value: { active: true } }));
    expect(on.body.active).toBe(true);
    expect(await scimAudits(row.id, "user.reactivate")).toHaveLength(1);
  });

  it("PATCH with a value path and the Enterprise extension; a manager loop is refused (400 invalidValue), nothing written", async () => {
    const res = await scim(
      "PATCH",
      `Users/${employeeId}`,
      patch(
        { op: "replace", path: 'emails[type eq "work"].value', value: email("emma") },
        { op: "replace", path: `${ENTERPRISE_SCHEMA}:department`, value: "Field Sales" },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await dbUser(email("emma"))).toMatchObject({ scimId: employeeId, department: "Field Sales" });
    const before = (await dbUser(managerId))!;
    const loop = await scim("PATCH", `Users/${managerId}`, patch({ op: "add", path: `${ENTERPRISE_SCHEMA}:manager`, value: employeeId }));
    expect(loop.status).toBe(400);
    expect(loop.body.scimType).toBe("invalidValue");
    expect((await dbUser(managerId))!.updatedAt).toEqual(before.updatedAt);
  });

  it("keeps what a PATCH does not touch, and a manager the resource cannot show (not linked to SCIM) also through a PUT", async () => {
    const db = await getDb();
    const boss = await createTestUser({ name: `Admin-set Boss ${tag}` });
    const worker = await scim("POST", "Users", userBody("worker", { [PMR_SCHEMA]: { location: "Paris" } }));
    await db.user.update({ where: { scimId: worker.body.id }, data: { managerId: boss.id } });
    const patched = await scim("PATCH", `Users/${worker.body.id}`, patch({ op: "replace", path: "title", value: "Analyst" }));
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await dbUser(worker.body.id)).toMatchObject({ managerId: boss.id, location: "Paris", jobTitle: "Analyst" });
    const current = (await scim("GET", `Users/${worker.body.id}`)).body;
    const put = await scim("PUT", `Users/${worker.body.id}`, { ...current, title: "Senior Analyst" });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await dbUser(worker.body.id)).toMatchObject({ managerId: boss.id, jobTitle: "Senior Analyst" });
    // A PUT without an attribute the resource shows clears it (RFC 7644 §3.5.1).
    const { [PMR_SCHEMA]: _ours, ...withoutOurs } = (await scim("GET", `Users/${worker.body.id}`)).body;
    expect((await scim("PUT", `Users/${worker.body.id}`, withoutOurs)).status).toBe(200);
    expect((await dbUser(worker.body.id))!.location).toBeNull();
  });

  it("refuses a duplicate userName (409 uniqueness), a change of id (400 mutability) and a stale If-Match (412)", async () => {
    const dup = await scim("POST", "Users", userBody("manager"));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "409", scimType: "uniqueness" });
    const id = await scim("PATCH", `Users/${employeeId}`, patch({ op: "replace", path: "id", value: "other" }));
    expect(id.status).toBe(400);
    expect(id.body.scimType).toBe("mutability");
    const current = await scim("GET", `Users/${employeeId}`);
    const stale = await scim("PUT", `Users/${employeeId}`, { ...current.body, title: "Changed" }, { "If-Match": 'W/"0"' });
    expect(stale.status).toBe(412);
    const fresh = await scim("PUT", `Users/${employeeId}`, { ...current.body, title: "Changed" }, { "If-Match": current.headers.get("etag")! });
    expect(fresh.status).toBe(200);
    expect(fresh.body.title).toBe("Changed");
  });

  it("refuses unreadable requests: 400 invalidSyntax, noTarget, and 415 for a body that is not JSON", async () => {
    const notJson = await scim("PATCH", `Users/${employeeId}`, "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.scimType).toBe("invalidSyntax");
    const notPatchOp = await scim("PATCH", `Users/${employeeId}`, { Operations: [{ op: "replace", path: "title", value: "x" }] });
    expect(notPatchOp.body.scimType).toBe("invalidSyntax");
    const unknownOp = await scim("PATCH", `Users/${employeeId}`, patch({ op: "move", path: "title", value: "x" }));
    expect(unknownOp.body.scimType).toBe("invalidSyntax");
    const noPath = await scim("PATCH", `Users/${employeeId}`, patch({ op: "remove" }));
    expect(noPath.body.scimType).toBe("noTarget");
    const unmatched = await scim("PATCH", `Users/${employeeId}`, patch({ op: "remove", path: 'emails[type eq "home"].value' }));
    expect(unmatched.status).toBe(400);
    expect(unmatched.body.scimType).toBe("noTarget");
    const xml = await scim("POST", "Users", undefined, { "Content-Type": "application/xml" });
    expect(xml.status).toBe(415);
    expect(xml.body.schemas).toEqual([ERROR_SCHEMA]);
  });

  it("group member add/remove gives and takes the group's role; other group names are refused", async () => {
    const bad = await scim("POST", "Groups", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "Sales" });
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe("invalidValue");
    const group = await scim("POST", "Groups", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "PMR HR Ops", members: [{ value: partnerId }] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    expect((await dbUser(partnerId))!.role).toBe("HR_OPS");
    const groupId = group.body.id;
    // Okta adds members with a path and a list; Entra removes one with a value filter.
    const added = await scim("PATCH", `Groups/${groupId}`, patch({ op: "add", path: "members", value: [{ value: employeeId }] }));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await dbUser(employeeId))!.role).toBe("HR_OPS");
    const removed = await scim("PATCH", `Groups/${groupId}`, patch({ op: "Remove", path: `members[value eq "${employeeId}"]` }));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.members.map((m: { value: string }) => m.value)).toEqual([partnerId]);
    expect((await dbUser(employeeId))!.role).toBe("EMPLOYEE");
    const listed = await scim("GET", `Groups?filter=${encodeURIComponent('displayName eq "PMR HR Ops"')}`);
    expect(listed.body.Resources.map((g: { id: string }) => g.id)).toEqual([groupId]);
    const rename = await scim("PATCH", `Groups/${groupId}`, patch({ op: "replace", path: "displayName", value: "PMR Super Admins" }));
    expect(rename.status).toBe(400);
    expect(rename.body.scimType).toBe("mutability");
    expect((await scim("DELETE", `Groups/${groupId}`)).status).toBe(204);
    expect((await dbUser(partnerId))!.role).toBe("EMPLOYEE");
    const audits = await (await getDb()).auditRecord.findMany({ where: { entityType: "ScimGroup", entityId: groupId, source: "scim", actorLabel: LABEL }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["scim_group.create", "scim_group.update", "scim_group.update", "scim_group.delete"]);
  });

  it("DELETE deactivates and unlinks (404 afterwards, the person kept); a POST with the same userName links them again", async () => {
    const row = (await dbUser(employeeId))!;
    expect((await scim("DELETE", `Users/${employeeId}`)).status).toBe(204);
    const gone = await scim("GET", `Users/${employeeId}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
    expect(await (await getDb()).user.findUnique({ where: { id: row.id } })).toMatchObject({ active: false, scimId: null });
    const again = await scim("POST", "Users", userBody("employee", { emails: [{ value: email("emma"), type: "work" }] }));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).not.toBe(employeeId);
    expect(await (await getDb()).user.findUnique({ where: { id: row.id } })).toMatchObject({ active: true, scimId: again.body.id });
  });
});
