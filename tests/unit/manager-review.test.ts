import { describe, expect, it } from "vitest";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import {
  canChangeNomination,
  canWriteManagerFeedback,
  feedbackProgress,
  hasAnswers,
  managerFeedbackState,
  NominationInputSchema,
  nominationBlocker,
  parseNominationStatus,
  RATIONALE_MAX_LENGTH,
  selectionCounts,
  visibleAnswers,
} from "~/features/manager-review/rules";

describe("stages", () => {
  it("manager feedback is written only in the manager feedback stage", () => {
    expect(CYCLE_STAGES.filter(canWriteManagerFeedback)).toEqual(["manager_feedback"]);
  });
  it("nominations change in the SPU feedback and manager feedback stages only (frozen from calibration on)", () => {
    expect(CYCLE_STAGES.filter(canChangeNomination)).toEqual(["spu_feedback", "manager_feedback"]);
  });
});

describe("nominations", () => {
  it("needs an email and a rationale of 20 to 5000 characters, trimmed; nothing else", () => {
    const ok = NominationInputSchema.safeParse({ email: " Ann@Example.com ", rationale: "  Ready for the next level: leads the team.  " });
    expect(ok.success && ok.data).toEqual({ email: "ann@example.com", rationale: "Ready for the next level: leads the team." });
    const short = NominationInputSchema.safeParse({ email: "ann@example.com", rationale: "   Great work   " });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toMatch(/at least 20 characters/);
    expect(NominationInputSchema.safeParse({ email: "ann@example.com", rationale: "x".repeat(RATIONALE_MAX_LENGTH + 1) }).success).toBe(false);
    expect(NominationInputSchema.safeParse({ email: "ann", rationale: "Ready for the next level: leads the team." }).success).toBe(false);
    expect(NominationInputSchema.safeParse({ email: "ann@example.com" }).success).toBe(false);
    expect(NominationInputSchema.safeParse({ email: "ann@example.com", rationale: "Ready for the next level: leads.", x: 1 }).success).toBe(false);
  });

  it("refuses reviewer-only participants with a reason", () => {
    expect(nominationBlocker({ reviewerOnly: true, email: "bob@example.com" })).toBe(
      "bob@example.com takes part as a reviewer only and cannot be nominated for promotion",
    );
    expect(nominationBlocker({ reviewerOnly: false, email: "ann@example.com" })).toBeNull();
  });

  it("knows the stored statuses only", () => {
    expect(parseNominationStatus("nominated")).toBe("nominated");
    expect(parseNominationStatus("withdrawn")).toBe("withdrawn");
    expect(parseNominationStatus("approved")).toBeNull();
    expect(parseNominationStatus(null)).toBeNull();
  });
});

describe("feedback as the manager sees it", () => {
  it("manager feedback state: none, an empty request and an answered draft, submitted", () => {
    expect(managerFeedbackState(null)).toBe("not_started");
    expect(managerFeedbackState({ status: "DRAFT", answers: {} })).toBe("not_started");
    expect(managerFeedbackState({ status: "DRAFT", answers: { strengths: "x" } })).toBe("draft");
    expect(managerFeedbackState({ status: "SUBMITTED", answers: {} })).toBe("submitted");
  });

  it("shows another reviewer's answers only once submitted", () => {
    expect(visibleAnswers({ status: "DRAFT", answers: { strengths: "private" } })).toBeNull();
    expect(visibleAnswers({ status: "SUBMITTED", answers: { strengths: "given", rating: 4 } })).toEqual({ strengths: "given", rating: 4 });
    expect(visibleAnswers({ status: "SUBMITTED", answers: null })).toEqual({});
  });

  it("hasAnswers: only a non-empty object", () => {
    expect(hasAnswers({ a: 1 })).toBe(true);
    for (const v of [{}, null, undefined, [], [1], "x", 3]) expect(hasAnswers(v)).toBe(false);
  });

  it("counts requests and given feedback", () => {
    expect(
      feedbackProgress([
        { status: "DRAFT", count: 3 },
        { status: "SUBMITTED", count: 2 },
      ]),
    ).toEqual({ requested: 5, given: 2 });
    expect(feedbackProgress([])).toEqual({ requested: 0, given: 0 });
  });

  it("counts peer requests by status", () => {
    expect(
      selectionCounts([
        { status: "REQUESTED", count: 1 },
        { status: "ACCEPTED", count: 4 },
        { status: "DECLINED", count: 2 },
      ]),
    ).toEqual({ requested: 1, accepted: 4, declined: 2 });
  });
});
