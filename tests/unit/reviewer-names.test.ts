import { describe, expect, it } from "vitest";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import {
  anonymousTypesFor,
  DEFAULT_REVIEWER_NAMES,
  formRuleText,
  groupRuleText,
  mayChangeReviewerNames,
  NAME_VISIBILITIES,
  reviewerNamesOf,
  seesReviewerNames,
  type NameVisibility,
} from "~/features/cycles/reviewer-names";
import { readerAccess, sectionVisibility, summaryAccess, type SummaryAccess } from "~/features/summaries/visibility";
import { aggregateFeedbackSummary } from "~/features/summaries/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";

const subject = { userId: 10, managerId: 20, secondaryManagerId: 30 };
const granted = (a: SummaryAccess) => {
  if (!a.ok) throw new Error(a.message);
  return a;
};

describe("who sees reviewers' names (ADR 0058)", () => {
  it("defaults to anonymous peer and upward feedback, and reads unknown stored values as nobody", () => {
    expect(DEFAULT_REVIEWER_NAMES).toEqual({ peer: "nobody", upward: "nobody" });
    expect(reviewerNamesOf({ peerNames: "everyone", upwardNames: "managers" })).toEqual({ peer: "nobody", upward: "managers" });
  });

  it("is the table of reader by setting, for each group", () => {
    const expected: Record<NameVisibility, { manager: boolean; calibration_panel: boolean }> = {
      nobody: { manager: false, calibration_panel: false },
      managers: { manager: true, calibration_panel: false },
      managers_and_calibration: { manager: true, calibration_panel: true },
    };
    for (const v of NAME_VISIBILITIES) {
      for (const names of [{ peer: v, upward: "nobody" as const }, { peer: "nobody" as const, upward: v }]) {
        const type = names.peer === v && v !== "nobody" ? "PEER" : names.upward === v ? "DIRECT_REPORT" : "PEER";
        expect(seesReviewerNames(names, type, "manager")).toBe(expected[v].manager);
        expect(seesReviewerNames(names, type, "calibration_panel")).toBe(expected[v].calibration_panel);
        expect(seesReviewerNames(names, type, "super_admin")).toBe(true);
        expect(seesReviewerNames(names, type, "other")).toBe(false);
      }
    }
    // Matrix team answers follow the upward setting; self, manager and matrix manager are never anonymous.
    expect(anonymousTypesFor({ peer: "managers", upward: "nobody" }, "manager")).toEqual(["DIRECT_REPORT", "MATRIX_TEAM"]);
    expect(anonymousTypesFor({ peer: "nobody", upward: "managers" }, "manager")).toEqual(["PEER"]);
    for (const t of ["SELF", "MANAGER", "MATRIX_MANAGER"] as const) expect(seesReviewerNames(DEFAULT_REVIEWER_NAMES, t, "other")).toBe(true);
  });

  it("changes only before 360 feedback opens", () => {
    expect(CYCLE_STAGES.filter(mayChangeReviewerNames)).toEqual(["draft", "start"]);
  });

  it("is told in words to reviewers and readers", () => {
    expect(formRuleText(DEFAULT_REVIEWER_NAMES, "PEER")).toMatch(/^Your answers are anonymous: only super admins see your name/);
    expect(formRuleText({ peer: "nobody", upward: "managers" }, "DIRECT_REPORT")).toMatch(/^Your name will be visible to the reviewee's manager and super admins/);
    expect(formRuleText({ peer: "managers_and_calibration", upward: "nobody" }, "PEER")).toContain("their calibration panel");
    expect(groupRuleText(DEFAULT_REVIEWER_NAMES, "upward")).toContain("visible to super admins only");
  });
});

describe("the summary doors apply the cycle's setting", () => {
  it("the manager reads named peer answers only when the cycle shows names to managers", () => {
    const def = granted(summaryAccess("direct_report", { userId: 20, isSuperAdmin: false }, subject, "spu_feedback"));
    expect(def.named).toBe(false);
    expect(def.anonymisedTypes).toEqual(["PEER", "DIRECT_REPORT", "MATRIX_TEAM"]);
    expect(sectionVisibility(def, "PEER", 2)).toMatchObject({ visible: false, anonymised: true });
    expect(sectionVisibility(def, "MANAGER", 1)).toMatchObject({ visible: true, anonymised: false });
    const named = granted(summaryAccess("direct_report", { userId: 20, isSuperAdmin: false }, subject, "spu_feedback", { peer: "managers", upward: "managers" }));
    expect(named.named).toBe(true);
    expect(sectionVisibility(named, "PEER", 1)).toMatchObject({ visible: true, anonymised: false });
  });

  it("super admins always read names", () => {
    const a = granted(summaryAccess("admin", { userId: 50, isSuperAdmin: true }, subject, "start"));
    expect(a.named).toBe(true);
  });

  it("the calibration panel reads names only with managers_and_calibration", () => {
    expect(readerAccess("manager", "calibration_panel", { peer: "managers", upward: "managers" }).anonymisedTypes).toEqual(["PEER", "DIRECT_REPORT", "MATRIX_TEAM"]);
    expect(readerAccess("manager", "calibration_panel", { peer: "managers_and_calibration", upward: "managers_and_calibration" }).named).toBe(true);
  });

  it("an anonymised summary carries no names and hides a group under 3 answers", () => {
    const peerQ = DEFAULT_QUESTIONNAIRE;
    const row = (n: number, type: "PEER" | "MANAGER") => ({ reviewerType: type, status: "SUBMITTED" as const, answers: {}, reviewerName: `Person ${n}`, reviewerEmail: `p${n}@x.test` });
    const rows = [row(1, "PEER"), row(2, "PEER"), row(3, "MANAGER")];
    const anon = aggregateFeedbackSummary(rows, peerQ, readerAccess("manager", "manager", DEFAULT_REVIEWER_NAMES));
    const peer = anon.sections.find((s) => s.reviewer_type === "peer")!;
    expect(peer).toMatchObject({ visible: false, anonymised: true, reviewers: null, questions: [] });
    expect(JSON.stringify(anon)).not.toContain("Person 1");
    expect(JSON.stringify(anon)).toContain("Person 3");
    const shown = aggregateFeedbackSummary(rows, peerQ, readerAccess("manager", "manager", { peer: "managers", upward: "nobody" }));
    expect(JSON.stringify(shown)).toContain("Person 1");
  });
});
