import { describe, expect, it } from "vitest";
import {
  changedFields,
  managerCycleRefusal,
  normalizeDirectoryInput,
  normalizeEmail,
  parseIsoDate,
  personLinkRefusal,
  type DirectorySnapshot,
} from "~/features/users/directory-rules";

describe("directory rules", () => {
  it("stores emails trimmed and lower-case", () => {
    expect(normalizeEmail("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    const r = normalizeDirectoryInput({ email: " X@Y.ORG ", name: "  Xavier  " }, true);
    expect(r).toEqual({ ok: true, value: { email: "x@y.org", name: "Xavier" } });
  });

  it("requires email and name when creating, not when changing", () => {
    expect(normalizeDirectoryInput({ name: "N" }, true)).toMatchObject({ ok: false, field: "email" });
    expect(normalizeDirectoryInput({ email: "a@b.co" }, true)).toMatchObject({ ok: false, field: "name" });
    expect(normalizeDirectoryInput({ email: "a@b.co", name: "   " }, true)).toMatchObject({ ok: false, field: "name" });
    expect(normalizeDirectoryInput({ department: "Sales" }, false)).toEqual({ ok: true, value: { department: "Sales" } });
  });

  it("refuses a malformed email, also of a manager", () => {
    expect(normalizeDirectoryInput({ email: "not-an-email", name: "N" }, true)).toMatchObject({ ok: false, field: "email" });
    expect(normalizeDirectoryInput({ manager_email: "nobody" }, false)).toMatchObject({ ok: false, field: "manager_email" });
    expect(normalizeDirectoryInput({ hr_partner_email: "HR@X.com" }, false)).toEqual({ ok: true, value: { hrPartnerEmail: "hr@x.com" } });
  });

  it("clears text with blank or null and refuses long or control-character text", () => {
    expect(normalizeDirectoryInput({ job_title: "  ", level: null, location: " Berlin " }, false)).toEqual({
      ok: true,
      value: { jobTitle: null, level: null, location: "Berlin" },
    });
    expect(normalizeDirectoryInput({ department: "x".repeat(201) }, false)).toMatchObject({ ok: false, field: "department" });
    expect(normalizeDirectoryInput({ name: "a\u0000b" }, false)).toMatchObject({ ok: false, field: "name" });
    expect(normalizeDirectoryInput({ employee_number: "E".repeat(65) }, false)).toMatchObject({ ok: false, field: "employee_number" });
    expect(normalizeDirectoryInput({ employee_number: " E-17 " }, false)).toEqual({ ok: true, value: { employeeNumber: "E-17" } });
  });

  it("accepts only real calendar days as start date", () => {
    expect(parseIsoDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseIsoDate("2023-02-29")).toBeNull();
    expect(parseIsoDate("2024-13-01")).toBeNull();
    expect(parseIsoDate("24-01-01")).toBeNull();
    expect(normalizeDirectoryInput({ start_date: "2024-04-31" }, false)).toMatchObject({ ok: false, field: "start_date" });
    expect(normalizeDirectoryInput({ start_date: "" }, false)).toEqual({ ok: true, value: { startDate: null } });
  });

  it("refuses the user as their own manager, an unknown or a deactivated person", () => {
    const self = { id: 7, email: "me@x.com" };
    expect(personLinkRefusal("manager_email", "me@x.com", { id: 7, active: true }, self)?.message).toBe("A user cannot be their own manager");
    expect(personLinkRefusal("hr_partner_email", "me@x.com", null, { id: null, email: "ME@x.com" })?.message).toBe(
      "A user cannot be their own HR partner",
    );
    expect(personLinkRefusal("secondary_manager_email", "x@x.com", null, self)).toMatchObject({ field: "secondary_manager_email" });
    expect(personLinkRefusal("manager_email", "gone@x.com", { id: 9, active: false }, self)?.message).toMatch(/deactivated/);
    expect(personLinkRefusal("manager_email", "boss@x.com", { id: 9, active: true }, self)).toBeNull();
  });

  it("refuses a manager who reports to the user, directly or not", () => {
    // B (2) reports to A (1); making B A's manager loops.
    expect(managerCycleRefusal(1, 2, [1], "b@x.com")).toMatchObject({ field: "manager_email" });
    // C (3) → B (2) → A (1): making C A's manager loops too.
    expect(managerCycleRefusal(1, 3, [2, 1], "c@x.com")).not.toBeNull();
    expect(managerCycleRefusal(1, 1, [], "a@x.com")).not.toBeNull();
    expect(managerCycleRefusal(1, 4, [5, 6], "d@x.com")).toBeNull();
  });

  it("names the changed fields of two snapshots", () => {
    const before: DirectorySnapshot = {
      id: 1, email: "a@x.com", name: "A", role: "EMPLOYEE", job_title: null, department: "Sales", level: null, location: null,
      manager_email: null, secondary_manager_email: null, hr_partner_email: null, start_date: null, employee_number: null,
      active: true, deactivated_at: null, scim_managed: false, scim_external_id: null,
    };
    expect(changedFields(before, { ...before, department: "Ops", active: false })).toEqual(["department", "active"]);
  });
});
