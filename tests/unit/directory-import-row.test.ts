/**
 * One row of a directory CSV as the import stages it (app/features/jobs/types/directory/columns.ts, ADR 0052): the
 * directory core's field rules and messages, blank and missing columns, roles and active words, and the cells this
 * app's CSV writer neutralised coming back as they were.
 */
import { describe, expect, it } from "vitest";
import { toCsv } from "~/platform/csv";
import { DIRECTORY_CSV_COLUMNS, directoryRowReader, parseActiveCell, parseRoleCell } from "~/features/jobs/types/directory/columns";

const ALL = [...DIRECTORY_CSV_COLUMNS];
const read = (cells: Record<string, string>, columns: string[] = ALL) => directoryRowReader(columns)(columns.map((c) => cells[c] ?? ""));

describe("directory import row", () => {
  it("reads a full row: email lower-cased, blanks as null, role and active words", () => {
    const { row, errors } = read({
      email: "  Ann.Lee@Example.COM ",
      name: " Ann Lee ",
      role: "people partner",
      job_title: "Engineer",
      department: " R&D ",
      level: "L3",
      location: "",
      manager_email: "BOB@example.com",
      secondary_manager_email: "",
      hr_partner_email: "hr@example.com",
      start_date: "2024-02-29",
      employee_number: " E-1 ",
      active: "No",
    });
    expect(errors).toEqual([]);
    expect(row).toEqual({
      email: "ann.lee@example.com",
      name: "Ann Lee",
      role: "PEOPLE_PARTNER",
      jobTitle: "Engineer",
      department: "R&D",
      level: "L3",
      location: null,
      managerEmail: "bob@example.com",
      secondaryManagerEmail: null,
      hrPartnerEmail: "hr@example.com",
      startDate: "2024-02-29",
      employeeNumber: "E-1",
      active: false,
    });
  });

  it("reports every malformed cell with its column and the core's message", () => {
    const { errors } = read({
      email: "not-an-email",
      name: "x".repeat(201),
      role: "Boss",
      manager_email: "nope",
      start_date: "2023-02-29",
      active: "perhaps",
      employee_number: "E\u0001",
    });
    expect(errors.every((e) => typeof e.code?.key === "string")).toBe(true);
    expect(errors).toMatchObject([
      { column: "email", message: "not-an-email is not a valid email address" },
      { column: "name", message: "Name must be at most 200 characters" },
      { column: "role", message: "Unknown role Boss: use one of SUPER_ADMIN, PEOPLE_PARTNER, HR_OPS, EMPLOYEE" },
      { column: "employee_number", message: "employee_number must not contain control characters" },
      { column: "manager_email", message: "nope is not a valid email address" },
      { column: "start_date", message: "Start date 2023-02-29 is not a date (YYYY-MM-DD)" },
      { column: "active", message: "active must be true or false, not perhaps" },
    ]);
    expect(read({ email: "" }).errors).toMatchObject([{ column: "email", message: "Email is required", code: { key: expect.any(String) } }]);
  });

  it("refuses a person who is their own manager, secondary manager or HR partner", () => {
    const { errors } = read({ email: "a@x.com", name: "A", manager_email: "A@X.com", secondary_manager_email: "a@x.com", hr_partner_email: " a@x.com" });
    expect(errors.map((e) => e.message)).toEqual(["A user cannot be their own manager", "A user cannot be their own secondary manager", "A user cannot be their own HR partner"]);
  });

  it("reads only the columns the file has, and refuses a row with the wrong number of cells", () => {
    const columns = ["active", "email"];
    expect(directoryRowReader(columns)(["y", "b@x.com"])).toEqual({
      row: expect.objectContaining({ email: "b@x.com", name: null, role: null, managerEmail: null, active: true }),
      errors: [],
    });
    expect(directoryRowReader(columns)(["b@x.com"]).errors).toEqual([
      { column: null, message: "The row has 1 cells; the header has 2", code: { key: "storedTexts.jobs.rows.cellCount", values: { cells: 1, columns: 2 } } },
    ]);
  });

  it("takes back what the app's CSV writer neutralised", () => {
    const line = toCsv([["f@x.com", "=HYPERLINK(1)", "", "-lead", "@ops", "+1", "", "", "", "", "", "", ""]]).trimEnd();
    const cells = line.split(",");
    expect(cells[1]).toBe("'=HYPERLINK(1)");
    const { row } = directoryRowReader(ALL)(cells);
    expect(row).toMatchObject({ name: "=HYPERLINK(1)", jobTitle: "-lead", department: "@ops", level: "+1" });
  });

  it("parses role and active cells", () => {
    expect(["SUPER_ADMIN", "super admin", "Hr-Ops", "employee", " People Partner "].map(parseRoleCell)).toEqual(["SUPER_ADMIN", "SUPER_ADMIN", "HR_OPS", "EMPLOYEE", "PEOPLE_PARTNER"]);
    expect([parseRoleCell(""), parseRoleCell("admin")]).toEqual([null, false]);
    expect(["true", "YES", "y", "1", "false", "no", "N", "0", "", "2"].map(parseActiveCell)).toEqual([true, true, true, true, false, false, false, false, null, "invalid"]);
  });
});
