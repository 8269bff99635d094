import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import en from "~/platform/i18n/locales/en";
import { navigationGroups } from "~/features/shell/navigation";
import {
  PAGE_TOURS,
  pickTour,
  SIDEBAR_GROUP_TEXTS,
  sidebarTourSteps,
  TOUR_TYPES,
  tourCandidates,
  visibleSteps,
  type TourContext,
} from "~/features/tours/rules";

const ctx = (over: Partial<TourContext> = {}): TourContext => ({
  pathname: "/app/home",
  dismissed: [],
  activeCycles: 1,
  spoofing: false,
  feedbackDialogPending: false,
  ...over,
});
const allBut = (...keep: string[]) => TOUR_TYPES.filter((t) => !keep.includes(t));

describe("guided tours: which tour applies (ADR 0031)", () => {
  it("offers one tour for every coachmark type of spec §3 but user_feedback", () => {
    expect([...TOUR_TYPES].sort()).toEqual(
      [
        "direct_report_feedback",
        "direct_report_feedback_summary_cycle_switcher",
        "multiple_active_cycle_switcher",
        "peer_stakeholder_selection",
        "promotion_calibration_panelist",
        "sidebar_routes_v1",
      ].sort(),
    );
  });

  it("puts the navigation tour first on any page, then the page's own tour", () => {
    expect(tourCandidates(ctx({ pathname: "/app/performance/peer-finalization" }))).toEqual(["sidebar_routes_v1", "peer_stakeholder_selection"]);
    expect(tourCandidates(ctx({ pathname: "/app/home" }))).toEqual(["sidebar_routes_v1"]);
  });

  it("starts each page tour on the page its type names, and nowhere else", () => {
    const on = (pathname: string) => tourCandidates(ctx({ pathname, dismissed: ["sidebar_routes_v1"] }));
    expect(on("/app/my-reportees/eli%40example.com/feedback/summary")).toEqual(["direct_report_feedback_summary_cycle_switcher"]);
    expect(on("/app/my-reportees/eli%40example.com/feedback")).toEqual(["direct_report_feedback"]);
    expect(on("/app/my-reportees/eli%40example.com/feedback/x%40example.com")).toEqual([]);
    expect(on("/app/performance/peer-finalization")).toEqual(["peer_stakeholder_selection"]);
    expect(on("/app/my-reportees/peer-finalization")).toEqual([]);
    expect(on("/app/promotions/calibration-panelist/sessions/4")).toEqual(["promotion_calibration_panelist"]);
    expect(on("/app/promotions/calibration-panelist/sessions")).toEqual([]);
  });

  it("offers the cycle-switcher tour only when more than one cycle is active", () => {
    expect(tourCandidates(ctx({ dismissed: ["sidebar_routes_v1"], activeCycles: 1 }))).toEqual([]);
    expect(tourCandidates(ctx({ dismissed: ["sidebar_routes_v1"], activeCycles: 2 }))).toEqual(["multiple_active_cycle_switcher"]);
  });

  it("never offers a dismissed tour, none while spoofing, none under the feedback dialog, none outside /app", () => {
    expect(tourCandidates(ctx({ pathname: "/app/performance/peer-finalization", dismissed: [...TOUR_TYPES] }))).toEqual([]);
    expect(tourCandidates(ctx({ spoofing: true }))).toEqual([]);
    expect(tourCandidates(ctx({ feedbackDialogPending: true }))).toEqual([]);
    expect(tourCandidates(ctx({ pathname: "/auth/google" }))).toEqual([]);
  });
});

describe("guided tours: steps", () => {
  it("introduces each visible navigation group with a text of its own", () => {
    const ids = navigationGroups("/g").map((g) => g.id);
    for (const id of ids) expect(SIDEBAR_GROUP_TEXTS[id], id).toBeDefined();
    const steps = sidebarTourSteps(["home", "performance-report"]);
    expect(steps.map((s) => s.target)).toEqual(['[data-testid="nav-group-home"]', '[data-testid="nav-group-performance-report"]']);
    expect(steps[0]!.title).toBe("tours.sidebar.home.title");
    const i18n = createInstance();
    void i18n.init({ lng: "en", resources: { en: { common: en } }, defaultNS: "common", initImmediate: false });
    expect(i18n.t(steps[0]!.title)).toBe("Home");
  });

  it("skips a step whose target is missing or hidden (spec §4)", () => {
    const steps = PAGE_TOURS.peer_stakeholder_selection.steps;
    const shown = visibleSteps(steps, (sel) => sel !== '[data-testid="peer-add-form"]');
    expect(shown).toHaveLength(steps.length - 1);
    expect(shown.map((s) => s.target)).not.toContain('[data-testid="peer-add-form"]');
  });

  it("runs the first candidate with a visible step; a tour with no visible step waits for another page", () => {
    const visible = new Set(['[data-testid="peer-counters"]']);
    const picked = pickTour(ctx({ pathname: "/app/performance/peer-finalization" }), ["home"], (s) => visible.has(s));
    // The navigation is hidden (a closed drawer on a small screen): the page's tour runs with its one visible step.
    expect(picked?.type).toBe("peer_stakeholder_selection");
    expect(picked?.steps.map((s) => s.target)).toEqual(['[data-testid="peer-counters"]']);
    expect(pickTour(ctx({ dismissed: allBut("sidebar_routes_v1") }), ["home"], () => false)).toBeNull();
    expect(pickTour(ctx({ dismissed: allBut("sidebar_routes_v1") }), ["home"], () => true)?.type).toBe("sidebar_routes_v1");
  });
});
