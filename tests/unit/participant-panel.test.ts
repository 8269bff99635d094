import { describe, expect, it } from "vitest";
import { deriveMandatoryPanel, mandatoryPairs, ratingText, decisionText, parseStoredRating, type PanelMember } from "~/features/participants/rules";

const m = (userId: number, name: string, extra: Partial<PanelMember> = {}): PanelMember => ({
  userId,
  email: `${name.toLowerCase()}@example.com`,
  name,
  managerId: null,
  secondaryManagerId: null,
  reviewerOnly: false,
  ...extra,
});
const person = (p: PanelMember) => ({ userId: p.userId, email: p.email, name: p.name });

describe("deriveMandatoryPanel", () => {
  const boss = m(1, "Boss");
  const matrix = m(2, "Matrix");
  const subject = m(3, "Subject", { managerId: 1, secondaryManagerId: 2 });
  const zed = m(4, "Zed", { managerId: 3 });
  const amy = m(5, "Amy", { managerId: 3, reviewerOnly: true });
  const team = m(6, "Team", { managerId: 1, secondaryManagerId: 3 });
  const stranger = m(7, "Stranger", { managerId: 1 });
  const all = [boss, matrix, subject, zed, amy, team, stranger];

  it("lists Self, Manager, Matrix Manager, Direct Reports (by name) and Matrix Team with labels", () => {
    const panel = deriveMandatoryPanel(subject, all, { manager: person(boss), secondaryManager: person(matrix) });
    expect(panel.map((r) => [r.label, r.name, r.reviewerType])).toEqual([
      ["Self", "Subject", "self"],
      ["Manager", "Boss", "manager"],
      ["Matrix Manager", "Matrix", "matrix_manager"],
      ["Direct Report", "Amy", "direct_report"],
      ["Direct Report", "Zed", "direct_report"],
      ["Matrix Team", "Team", "matrix_team"],
    ]);
  });

  it("has no manager entries without managers, and no reports for someone without any", () => {
    expect(deriveMandatoryPanel(zed, all, { manager: person(subject), secondaryManager: null }).map((r) => r.label)).toEqual(["Self", "Manager"]);
    expect(deriveMandatoryPanel(boss, [boss], { manager: null, secondaryManager: null }).map((r) => r.label)).toEqual(["Self"]);
  });

  it("ignores a person record that does not match the participant's manager id", () => {
    const panel = deriveMandatoryPanel(subject, all, { manager: person(stranger), secondaryManager: null });
    expect(panel.map((r) => r.label)).not.toContain("Manager");
  });

  it("is empty for a reviewer-only participant", () => {
    expect(deriveMandatoryPanel(amy, all, { manager: person(subject), secondaryManager: null })).toEqual([]);
  });

  it("lists a person once, in their first role", () => {
    // Inconsistent data: the manager is also a direct report.
    const odd = m(8, "Odd", { managerId: 9 });
    const loop = m(9, "Loop", { managerId: 8 });
    const panel = deriveMandatoryPanel(odd, [odd, loop], { manager: person(loop), secondaryManager: null });
    expect(panel.map((r) => [r.label, r.name])).toEqual([
      ["Self", "Odd"],
      ["Manager", "Loop"],
    ]);
  });
});

describe("mandatoryPairs", () => {
  it("agrees with the panel of every participant", () => {
    const boss = m(1, "Boss");
    const a = m(2, "A", { managerId: 1 });
    const b = m(3, "B", { managerId: 1, secondaryManagerId: 2 });
    const ro = m(4, "Ro", { managerId: 1, reviewerOnly: true });
    const pairs = mandatoryPairs([boss, a, b, ro]);
    const of = (id: number) => pairs.filter((p) => p.revieweeUserId === id).map((p) => [p.reviewerType, p.reviewerUserId]);
    expect(of(1)).toEqual([["self", 1], ["direct_report", 2], ["direct_report", 3], ["direct_report", 4]]);
    expect(of(2)).toEqual([["self", 2], ["manager", 1], ["matrix_team", 3]]);
    expect(of(3)).toEqual([["self", 3], ["manager", 1], ["matrix_manager", 2]]);
    expect(of(4)).toEqual([]);
  });
});

describe("labels", () => {
  it("rating and decision texts", () => {
    expect(ratingText(3)).toBe("3 - Meets Expectations");
    expect(ratingText(null)).toBe("—");
    expect(decisionText("NOT_PROMOTED")).toBe("Not Promoted");
    expect(parseStoredRating("5")).toBe(5);
    expect(parseStoredRating("7")).toBeNull();
  });
});
