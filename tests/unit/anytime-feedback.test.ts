import { describe, expect, it } from "vitest";
import { BODY_MAX_LENGTH, checkBody, daysOf, giveFeedbackProblem, mayMarkViewed, readerRole, sinceOf, tabOf } from "~/features/anytime-feedback/rules";
import { navigationGroups } from "~/features/shell/navigation";

/** ADR 0029: who reads an anytime feedback item, who may give one, and the page's filters. */
describe("anytime feedback rules", () => {
  // 1 reviewer (manager 10, secondary 11), 2 reviewee (manager 20, secondary 21); 99 a stranger.
  const item = { reviewer: { id: 1, managerId: 10, secondaryManagerId: 11 }, reviewee: { id: 2, managerId: 20, secondaryManagerId: 21 }, revieweeId: 2 };

  it("lets the reviewee, the reviewer and the direct or secondary manager of either read an item, nobody else", () => {
    expect(readerRole(2, item)).toBe("reviewee");
    expect(readerRole(1, item)).toBe("reviewer");
    expect(readerRole(20, item)).toBe("manager_of_reviewee");
    expect(readerRole(21, item)).toBe("manager_of_reviewee");
    expect(readerRole(10, item)).toBe("manager_of_reviewer");
    expect(readerRole(11, item)).toBe("manager_of_reviewer");
    expect(readerRole(99, item)).toBeNull();
  });

  it("lets only the reviewee mark an item viewed", () => {
    expect(mayMarkViewed(2, item)).toBe(true);
    for (const id of [1, 10, 20, 99]) expect(mayMarkViewed(id, item)).toBe(false);
  });

  it("allows feedback to any active colleague but not to oneself, an inactive or an unknown person", () => {
    expect(giveFeedbackProblem(1, { id: 2, active: true })).toBeNull();
    expect(giveFeedbackProblem(1, { id: 1, active: true })).toBe("You cannot give feedback to yourself");
    expect(giveFeedbackProblem(1, { id: 2, active: false })).toBe("This person is no longer active");
    expect(giveFeedbackProblem(1, null)).toBe("No user with this email");
  });

  it("requires a text of at most BODY_MAX_LENGTH characters, trimmed", () => {
    expect(checkBody("  Well done  ")).toEqual({ ok: true, body: "Well done" });
    expect(checkBody("   ")).toEqual({ ok: false, message: "Write your feedback", notice: { key: "anytime.result.writeFeedback" } });
    expect(checkBody("x".repeat(BODY_MAX_LENGTH)).ok).toBe(true);
    expect(checkBody("x".repeat(BODY_MAX_LENGTH + 1)).ok).toBe(false);
  });

  it("filters by period and reads the page's tab and period from the address", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(sinceOf(undefined, now)).toBeUndefined();
    expect(sinceOf(7, now)!.toISOString()).toBe("2026-11-18T12:00:00.000Z");
    expect(tabOf("team", true)).toBe("team");
    expect(tabOf("team", false)).toBe("received");
    expect(tabOf("sent", false)).toBe("sent");
    expect(tabOf(null, true)).toBe("received");
    expect(daysOf("30")).toBe(30);
    expect(daysOf("31")).toBeUndefined();
    expect(daysOf(null)).toBeUndefined();
  });

  it("puts the unread count next to 'Anytime Feedback' in the navigation", () => {
    const item = navigationGroups("/g").flatMap((g) => g.items).find((i) => i.to === "/app/anytime-feedback");
    expect(item?.badge).toBe("anytime_feedback_unread");
  });
});
