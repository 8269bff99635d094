import { describe, expect, it } from "vitest";
import {
  confirmationMatches,
  erasureBlockedReason,
  erasureReplacements,
  identifierPattern,
  isPseudonymousEmail,
  pseudonymFrom,
  redactAnswers,
  redactUserSnapshot,
  replaceIdentifiers,
  scrubTextLines,
} from "~/features/privacy/rules";
import { flattenRecord } from "~/features/privacy/export-rules";

const pseudo = pseudonymFrom("7f3a2c9e8d1b4a5f");

describe("pseudonyms and confirmation", () => {
  it("makes a pseudonym from random hex, refusing too little randomness", () => {
    expect(pseudo).toEqual({ name: "Erased person 7f3a2c", email: "erased-7f3a2c9e8d1b4a5f@erased.invalid" });
    expect(isPseudonymousEmail(pseudo.email)).toBe(true);
    expect(isPseudonymousEmail("ann@example.com")).toBe(false);
    expect(() => pseudonymFrom("abc")).toThrow();
  });

  it("accepts the email typed with other case and spaces, nothing else", () => {
    expect(confirmationMatches("  Ann@Example.com ", "ann@example.com")).toBe(true);
    expect(confirmationMatches("ann@example.co", "ann@example.com")).toBe(false);
    expect(confirmationMatches("", "ann@example.com")).toBe(false);
  });

  it("erases only a deactivated person who is not erased yet", () => {
    expect(erasureBlockedReason({ active: true, erasedAt: null })).toMatch(/Deactivate/);
    expect(erasureBlockedReason({ active: false, erasedAt: new Date() })).toMatch(/already/);
    expect(erasureBlockedReason({ active: false, erasedAt: null })).toBeNull();
  });
});

describe("finding identifiers in text", () => {
  const reps = erasureReplacements({ email: "ann@x.io", name: "Ann Lee" }, pseudo);

  it("replaces the email and the name case-insensitively, not inside longer addresses or words", () => {
    const text = "Mail ANN@X.IO or joann@x.io or ann@x.io.uk; ann lee and Ann Leeds and ann@x.io.";
    expect(replaceIdentifiers(text, reps)).toBe(
      `Mail ${pseudo.email} or joann@x.io or ann@x.io.uk; ${pseudo.name} and Ann Leeds and ${pseudo.email}.`,
    );
  });

  it("escapes regular expression characters of a name and its JSON form", () => {
    const r = erasureReplacements({ email: "a+b@x.io", name: 'Jo "J." (Smith)' }, pseudo);
    expect(r.map((x) => x.pattern)).toEqual(["a+b@x.io", 'Jo "J." (Smith)', 'Jo \\"J.\\" (Smith)']);
    expect(replaceIdentifiers('{"name":"Jo \\"J.\\" (Smith)","e":"A+B@x.io"}', r)).toBe(`{"name":"${pseudo.name}","e":"${pseudo.email}"}`);
    expect(new RegExp(identifierPattern("a.b", "name", "js"), "iu").test("axb")).toBe(false);
  });

  it("writes the same pattern for PostgreSQL with POSIX classes", () => {
    expect(identifierPattern("Ann", "name", "postgres")).toBe("(?<![[:alnum:]])Ann(?![[:alnum:]])");
  });

  it("rewrites only the lines of a file that name the person, blanking their other identifiers there", () => {
    const csv = "email,name,employee_number\r\nann@x.io,Ann Lee,E1\r\nbob@x.io,Bob,E1\r\n\"ANN@X.IO\",\"Ann Lee\",\"E1\"\r\n";
    expect(scrubTextLines(csv, reps, ["E1"])).toBe(
      `email,name,employee_number\r\n${pseudo.email},${pseudo.name},\r\nbob@x.io,Bob,E1\r\n"${pseudo.email}","${pseudo.name}",\r\n`,
    );
  });
});

describe("what erasure removes", () => {
  it("keeps ratings and choices of feedback about the person, drops free text", () => {
    expect(redactAnswers({ r: 4, t: "About Ann", c: "Yes", u: "unknown" }, { r: "rating", t: "text", c: "choice" })).toEqual({
      answers: { r: 4, c: "Yes" },
      removed: 2,
    });
    expect(redactAnswers(null, {})).toEqual({ answers: {}, removed: 0 });
  });

  it("redacts the identifiers of the person's own audit snapshots, not the people nested in them", () => {
    const snap = { id: 3, email: "ann@x.io", name: "Ann", role: "EMPLOYEE", job_title: "Eng", employee_number: "E1", start_date: null, manager: { email: "m@x.io", name: "M" } };
    expect(redactUserSnapshot(snap, pseudo)).toEqual({
      changed: true,
      value: { id: 3, email: pseudo.email, name: pseudo.name, role: "EMPLOYEE", job_title: null, employee_number: null, start_date: null, manager: { email: "m@x.io", name: "M" } },
    });
    expect(redactUserSnapshot({ id: 3, role: "EMPLOYEE" }, pseudo).changed).toBe(false);
    expect(redactUserSnapshot(null, pseudo)).toEqual({ value: null, changed: false });
  });
});

describe("export CSV rows", () => {
  it("spreads a person into id, name and email columns and writes other objects as JSON", () => {
    expect(flattenRecord({ id: 1, reviewer: { id: 2, name: "B", email: "b@x.io" }, answers: { q: 1 }, gone: null })).toEqual({
      id: 1,
      reviewer_id: 2,
      reviewer_name: "B",
      reviewer_email: "b@x.io",
      answers: '{"q":1}',
      gone: null,
    });
  });
});
