import { describe, expect, it } from "vitest";
import { analyticsUserId, clickEvent, cycleInData, cycleOf, gtagPage, gtagParams, pageCategory, redact, viewEvent, viewerTypeOf } from "~/platform/analytics/events";
import { isStyleChunk, monitoringEnabled, scrubBreadcrumb, scrubEvent, sentryOptions } from "~/platform/analytics/monitoring";

describe("analytics events (ADR 0035)", () => {
  it("never carry an email or an id in a label", () => {
    expect(redact("/app/my-reportees/eli.employee@example.com/feedback")).toBe("/app/my-reportees/:email/feedback");
    expect(redact("/app/admin/cycles/12/participants")).toBe("/app/admin/cycles/:id/participants");
    // The whole token around an "@" goes: no part of an address is left, percent-encoded ones included.
    expect(redact("panel-row-pat.peer@x.io")).toBe(":email");
    expect(redact("/app/my-reportees/alice.smith%40example.com/feedback")).toBe("/app/my-reportees/:email/feedback");
    expect(redact("/app/x/mary-jane@example.com")).toBe("/app/x/:email");
    expect(redact("/bad%E0%A4%A/a%40b.io")).toBe("/bad%E0%A4%A/:email");
  });

  it("tell gtag only the redacted path, the area as the title and no referrer", () => {
    expect(gtagPage(new URL("http://x/app/my-reportees/a%40b.io/feedback?cycle_id=3&email=c@d.io"))).toEqual({
      page_location: "http://x/app/my-reportees/:email/feedback",
      page_title: "my-reportees/feedback",
      page_referrer: "",
    });
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

  it("find the page's cycle and its stage in the loader data, one level down too", () => {
    expect(cycleInData({ cycle: { id: 3, name: "C", state: "start" } })).toEqual({ id: 3, state: "start" });
    expect(cycleInData({ cycle: { id: 3, stage: "calibration", state: "x" } })).toEqual({ id: 3, state: "calibration" });
    // The home page's `home.cycle`, when the top-level cycle has no stage.
    expect(cycleInData({ cycle: { id: 3, name: "C" }, home: { cycle: { id: 3, state: "spu_feedback" } } })).toEqual({ id: 3, state: "spu_feedback" });
    expect(cycleInData({ cycles: [{ id: 3, state: "start" }] })).toBeNull();
    expect(cycleInData({ cycle: { id: "3", state: "start" } })).toBeNull();
    expect(cycleInData(null)).toBeNull();
  });

  it("build the Viewed and Clicked events with the spec's fields", () => {
    const url = new URL("http://x/app/performance/spu-feedback?cycle_id=2");
    const view = viewEvent(url, "EMPLOYEE", false, { id: 2, state: "spu_feedback" });
    expect(view).toEqual({ category: "performance/spu-feedback", action: "page", label: "/app/performance/spu-feedback", cycleId: 2, cycleState: "spu_feedback", viewerType: "self" });
    const click = clickEvent(url, { kind: "button", testId: "submit-feedback-a@b.co", href: null }, "EMPLOYEE", false, null);
    expect(click).toMatchObject({ action: "button", label: ":email", cycleId: 2, cycleState: null });
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

  it("never sends an email, a query, cookies or console output to Sentry", () => {
    const event = scrubEvent({
      request: { url: "https://app.example/api/v1/performance_dashboard/peer_stats/eli%40example.com?x=1", cookies: "s=1", headers: { a: "b" } },
      breadcrumbs: [
        { category: "console", message: "eli@example.com" },
        { category: "fetch", data: { url: "/api/v1/cycles/2/direct_reports/eli@example.com/panel", status_code: 200 } },
        { category: "navigation", data: { from: "/app/my-reportees/a%40b.io/feedback", to: "/app/home" } },
      ],
    });
    expect(event.request).toEqual({ url: "https://app.example/api/v1/performance_dashboard/peer_stats/:email" });
    expect(event.breadcrumbs).toEqual([
      { category: "fetch", data: { url: "/api/v1/cycles/2/direct_reports/:email/panel", status_code: 200 } },
      { category: "navigation", data: { from: "/app/my-reportees/:email/feedback", to: "/app/home" } },
    ]);
    expect(scrubBreadcrumb({ category: "ui.click", message: "button#x a@b.io" })).toEqual({ category: "ui.click", message: "button#x :email" });
    const options = sentryOptions({ dsn: "https://k@o.example/1", environment: "production", production: true });
    expect(options).toMatchObject({ sendDefaultPii: false, environment: "production" });
  });
});
