/**
 * Issue 28: the calibration setup pages' refusals and field errors reach the page as keys (setup-messages.server.ts),
 * chosen by the error's status, code and details or the failed rule, never by its English; in English they read as
 * the pages always showed them, in Chinese with the data (names, emails, ids) kept.
 */
import { describe, expect, it } from "vitest";
import { type TFunction } from "i18next";
import { ApiError, conflict, forbidden, notFound, unprocessable } from "~/platform/api.server";
import { SessionInputSchema } from "~/features/calibration/schemas";
import { sessionFieldErrors, setupRefusal } from "~/features/calibration/setup-messages.server";
import { deadlineFor } from "~/features/calibration/session-setup";
import type { PageMessage } from "~/platform/i18n/page-message";
import { translator } from "../support/translator";

const t = translator("en");
const zh = translator("zh-CN");
const say = (tf: TFunction, m: PageMessage) => tf(m.key, m.values ?? {}) as string;

const VALID = {
  name: "Engineering",
  participant_ids: [1, 2],
  session_admin_id: 3,
  panelist_ids: [4],
  sign_off_ids: [5],
  guideline: { "1": 10, "2": 20, "3": 40, "4": 20, "5": 10 },
  deadline: null,
};

function errorsOf(body: unknown) {
  const parsed = SessionInputSchema.safeParse(body);
  expect(parsed.success).toBe(false);
  return sessionFieldErrors(parsed.error!);
}

describe("the session form's field errors as keys", () => {
  it("says the rule each field broke, as the form always did in English", () => {
    const errors = errorsOf({ ...VALID, name: " ", participant_ids: [], panelist_ids: [], sign_off_ids: [], guideline: { "1": 10, "2": 20, "3": 30, "4": 20, "5": 10 } });
    expect(say(t, errors.name![0]!)).toBe("name is required");
    expect(say(t, errors.participant_ids![0]!)).toBe("Pick at least one participant");
    expect(say(t, errors.panelist_ids![0]!)).toBe("Pick at least one panelist");
    expect(say(t, errors.sign_off_ids![0]!)).toBe("Pick a sign-off party");
    expect(say(t, errors.guideline![0]!)).toBe("The guideline's shares must add up to 100");
    expect(say(zh, errors.guideline![0]!)).toBe("评级分布指引的各项占比合计须为 100");
    expect(say(zh, errors.panelist_ids![0]!)).toBe("请至少选择一名评审成员");
  });

  it("tells a share out of range from a wrong total, and a name too long from a missing one", () => {
    const errors = errorsOf({ ...VALID, name: "x".repeat(500), guideline: { "1": 110, "2": 20, "3": 40, "4": 20, "5": 10 } });
    expect(say(t, errors.name![0]!)).toMatch(/^name must be at most \d+ characters$/);
    expect(say(t, errors.guideline![0]!)).toBe("Each share must be a number from 0 to 100");
    expect(say(t, errorsOf({ ...VALID, deadline: "tomorrow" }).deadline![0]!)).toBe("deadline must be an ISO date-time");
  });
});

describe("the services' refusals as keys", () => {
  const refusal = (err: ApiError, owner: "hr_partner" | "admin" = "hr_partner") => say(t, setupRefusal(err, owner, 7));

  it("keeps the English of the workflow's and the services' refusals", () => {
    expect(refusal(conflict("x", { session_id: 1, reason: "CycleNotInCalibration" }))).toBe("Sessions can be activated only while the cycle is in the calibration stage");
    expect(refusal(conflict("x", { participants: ["a@example.com", "b@example.com"] }))).toBe("Already in another calibration session of this cycle: a@example.com, b@example.com");
    expect(refusal(conflict("x", { participants: ["a@example.com"], reason: "calibration_history" }))).toBe(
      "These participants have a calibration history in this session and cannot be removed: a@example.com",
    );
    expect(refusal(unprocessable("x", { participant_ids: [8, 9] }))).toBe("Not participants of cycle 7: 8, 9");
    expect(refusal(new ApiError(403, "forbidden", "x", { participant_ids: [8] }))).toBe("You are not the HR partner of participants 8");
    expect(refusal(unprocessable("x", { reviewer_only: ["r@example.com"] }))).toBe("Reviewer-only participants get no rating: r@example.com");
    expect(refusal(unprocessable("x", { user_ids: [99] }))).toBe("Unknown or inactive users: 99");
    expect(refusal(unprocessable("x", { members: ["m@example.com"] }))).toBe("A member of the session cannot be calibrated in it: m@example.com");
  });

  it("chooses by status, owner, stage and state", () => {
    expect(refusal(forbidden("x"))).toBe("Only the HR partner who created this calibration session can change it");
    expect(refusal(forbidden("x"), "admin")).toBe("Only a super admin can do this");
    expect(refusal(new ApiError(403, "spoofing", "x"))).toBe("Not allowed while viewing another user; switch back to your own account first");
    expect(refusal(notFound("x"))).toBe("This calibration session no longer exists");
    expect(refusal(new ApiError(503, "service_unavailable", "x"))).toBe("The workflow service is unavailable; try again in a moment");
    expect(refusal(conflict("x", { cycle_id: 7, stage: "communication" }))).toContain("communication stage");
    expect(refusal(conflict("x", { session_id: 1, state: "closed" }))).toBe("This session is closed; nothing in it changes any more");
    expect(refusal(conflict("x", { session_id: 1, state: "active" }))).toContain("only while it is a draft");
    expect(refusal(new ApiError(400, "bad_request", "Something new"))).toBe("That did not work. Try again.");
    expect(say(zh, setupRefusal(conflict("x", { participants: ["张伟@example.com"] }), "hr_partner", 7))).toBe("以下参与者已在本周期的其他校准会议中：张伟@example.com");
  });
});

describe("a deadline for the reader", () => {
  it("names the zone, in the reader's language and zone; English keeps day-month-year", () => {
    expect(deadlineFor("2027-03-01T23:59:00.000Z", { language: "en", timeZone: "UTC" })).toBe("1 Mar 2027, 23:59 UTC");
    expect(deadlineFor("2027-03-01T23:59:00.000Z", { language: "zh-CN", timeZone: "Asia/Shanghai" })).toContain("2027年3月2日");
    expect(deadlineFor("2027-03-01T23:59:00.000Z", { language: "zh-CN", timeZone: "Asia/Shanghai" })).toContain("GMT+8");
    expect(deadlineFor(null, { language: "en", timeZone: "UTC" })).toBeNull();
  });
});
