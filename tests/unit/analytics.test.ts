import { describe, expect, it } from "vitest";
import { analyticsUserId, clickEvent, cycleOf, gtagParams, pageCategory, redact, viewEvent, viewerTypeOf } from "~/platform/analytics/events";
import { isStyleChunk, monitoringEnabled } from "~/platform/analytics/monitoring";

describe("analytics events (ADR 0035)", () => {
  it("never carry an email or an id in a label", () => {
    expect(redact("/app/my-reportees/eli.employee@example.com/feedback")).toBe("/app/my-reportees/:email/feedback");
    expect(redact("/app/admin/cycles/12/participants")).toBe("/app/admin/cycles/:id/participants");
    expect(redact("panel-row-pat.peer@x.io")).toBe("panel-row-:email");
  });

  it("name the page's area and the viewer's relation to it", () => {
    expect(pageCategory("/app/home")).toBe("home");
    expect(pageCategory("/app")).toBe("home");
    expect(pageCategory("/app/performance/spu-feedback/feedback/a@b.c")).toBe("performance/spu-feedback");
    expect(pageCategory("/app/admin/cycles/3/participants")).toBe("admin/cycles");
    expect(viewerTypeOf("/app/admin/users", "SUPER_ADMIN", false)).toBe("admin");
    expect(viewerTypeOf("/app/my-reportees/feedbacks", "EMPLOYEE", false)).toBe("manager");
    expect(viewerTypeOf("/app/promotions/calibration-panelist/sessions", "EMPLOYEE", false)).toBe("panelist");
    expect(viewerTypeOf("/app/sign-off-party/calibration-sessions", "EMPLOYEE", false)).toBe("sign_off_party");
    expect(viewerTypeOf("/app/promotions/endorsements", "EMPLOYEE", false)).toBe("endorser");
    expect(viewerTypeOf("/app/ratings/hr-partners", "EMPLOYEE", false)).toBe("hr_partner");
    expect(viewerTypeOf("/app/performance/prep", "EMPLOYEE", true)).toBe("self (spoofing)");
    expect(viewerTypeOf("/app/login", null, false)).toBe("anonymous");
  });

  it("carry the cycle of the page and its state when a loader gave that cycle", () => {
    expect(cycleOf(new URL("http://x/app/home?cycle_id=4"), { id: 4, state: "start" })).toEqual({ cycleId: 4, cycleState: "start" });
    expect(cycleOf(new URL("http://x/app/home?cycle_id=4"), { id: 5, state: "start" })).toEqual({ cycleId: 4, cycleState: null });
    expect(cycleOf(new URL("http://x/api/v1/cycles/7/my_info"), null)).toEqual({ cycleId: 7, cycleState: null });
    expect(cycleOf(new URL("http://x/app/home?cycle_id=abc"), null)).toEqual({ cycleId: null, cycleState: null });
  });

  it("build the Viewed and Clicked events with the spec's fields", () => {
    const url = new URL("http://x/app/performance/spu-feedback?cycle_id=2");
    const view = viewEvent(url, "EMPLOYEE", false, { id: 2, state: "spu_feedback" });
    expect(view).toEqual({ category: "performance/spu-feedback", action: "page", label: "/app/performance/spu-feedback", cycleId: 2, cycleState: "spu_feedback", viewerType: "self" });
    const click = clickEvent(url, { kind: "button", testId: "submit-feedback-a@b.co", href: null }, "EMPLOYEE", false, null);
    expect(click).toMatchObject({ action: "button", label: "submit-feedback-:email", cycleId: 2, cycleState: null });
    expect(Object.keys(gtagParams(view)).sort()).toEqual(["action", "category", "cycleId", "cycleState", "label", "viewerType"]);
    expect(gtagParams(click)).not.toHaveProperty("cycleState");
  });

  it("use the real user's id while spoofing", () => {
    expect(analyticsUserId({ id: 5 }, { id: 1 })).toBe("1");
    expect(analyticsUserId({ id: 5 }, null)).toBe("5");
    expect(analyticsUserId(null, null)).toBeNull();
  });
});

describe("error reporting (ADR 0035)", () => {
  it("runs only in production with a DSN", () => {
    expect(monitoringEnabled({ dsn: "https://k@o.example/1", environment: "production", production: true })).toBe(true);
    expect(monitoringEnabled({ dsn: "https://k@o.example/1", environment: "staging", production: false })).toBe(false);
    expect(monitoringEnabled({ dsn: null, environment: "production", production: true })).toBe(false);
    expect(monitoringEnabled({ dsn: "  ", environment: "production", production: true })).toBe(false);
  });

  it("reports style chunks (stylesheet links) as well as script chunks", () => {
    expect(isStyleChunk({ tagName: "LINK", rel: "stylesheet" })).toBe(true);
    expect(isStyleChunk({ tagName: "LINK", rel: "icon" })).toBe(false);
    expect(isStyleChunk({ tagName: "IMG" })).toBe(false);
    expect(isStyleChunk(null)).toBe(false);
  });
});
