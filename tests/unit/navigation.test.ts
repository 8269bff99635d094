import { describe, expect, it } from "vitest";
import { navigationGroups, visibleNavigation, type FlagName } from "~/features/shell/navigation";

const none: Partial<Record<FlagName, boolean>> = {};
const paths = (groups: ReturnType<typeof visibleNavigation>) => groups.flatMap((g) => g.items.map((i) => i.to));

describe("side navigation visibility (spec §2, §3)", () => {
  const groups = navigationGroups("/guides/general-guideline.html");

  it("shows an employee without flags Home, Performance Cycle basics, reports, guidelines and anytime feedback", () => {
    const visible = visibleNavigation(groups, none, false);
    expect(visible.map((g) => g.id)).toEqual(["home", "performance-cycle", "performance-report", "guidelines", "anytime-feedback"]);
    expect(paths(visible)).not.toContain("/app/my-reportees/peer-finalization");
    expect(paths(visible)).not.toContain("/app/admin/users");
  });

  it("shows the Super Admin group to super admins only", () => {
    expect(visibleNavigation(groups, none, true)[0]!.id).toBe("super-admin");
    expect(paths(visibleNavigation(groups, none, true))).toEqual(expect.arrayContaining(["/app/admin/users", "/app/admin/audits", "/app/admin/cycles"]));
  });

  it("shows the manager items only with direct reports", () => {
    const visible = paths(visibleNavigation(groups, { "has_direct_report?": true }, false));
    expect(visible).toContain("/app/my-reportees/peer-finalization");
    expect(visible).toContain("/app/my-reportees/feedbacks");
  });

  it("shows the rating calibration group only when rating calibration applies, with the items of the user's roles", () => {
    expect(visibleNavigation(groups, { "panelists?": true }, false).map((g) => g.id)).not.toContain("rating-calibration");
    const visible = visibleNavigation(groups, { "rating_calibration?": true, "panelists?": true }, false);
    const group = visible.find((g) => g.id === "rating-calibration")!;
    expect(group.items.map((i) => i.to)).toEqual(["/app/ratings/calibration-panelist/sessions"]);
  });

  it("shows the promotions group with the endorser item", () => {
    const visible = visibleNavigation(groups, { "promotions?": true, "promotion_endorser?": true }, false);
    expect(visible.find((g) => g.id === "promotions-calibration")!.items.map((i) => i.to)).toEqual(["/app/promotions/endorsements"]);
  });

  it("shows Fairness Insights to super admins and HR partners with people only (issue 29, ADR 0112)", () => {
    expect(paths(visibleNavigation(groups, none, true))).toContain("/app/insights");
    expect(paths(visibleNavigation(groups, { "hr_partner_has_employees?": true }, false))).toContain("/app/insights");
    expect(paths(visibleNavigation(groups, { "has_direct_report?": true, "session_admin?": true, "rating_calibration?": true }, false))).not.toContain("/app/insights");
  });

  it("gives every item a hover text and marks the guideline as external", () => {
    for (const item of groups.flatMap((g) => g.items)) expect(item.info).toMatch(/^nav\./);
    expect(groups.find((g) => g.id === "guidelines")!.items[0]!.external).toBe(true);
  });
});
