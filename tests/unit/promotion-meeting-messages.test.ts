/**
 * Issue 28: what the promotion meeting pages' actions tell the page — keys with values, never the service's or zod's
 * English (app/features/promotions/meeting-messages.ts).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MEETING_FIELD_KEYS, meetingIssues, meetingRefusal } from "~/features/promotions/meeting-messages";
import { VoteSchema } from "~/features/promotions/schemas";
import { PROMOTION_LIMITS } from "~/features/promotions/rules";

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a failure");
  return r.error.issues;
};

describe("promotion meeting messages", () => {
  it("says a vote's failed rules per field", () => {
    expect(meetingIssues(issuesOf(VoteSchema, { vote: "YES" }))).toEqual({
      message: { key: "promotionsMeeting.error.chooseVote" },
      fieldErrors: { vote: { key: "promotionsMeeting.error.chooseVote" } },
    });
    const long = meetingIssues(issuesOf(VoteSchema, { vote: "PROMOTED", note: "x".repeat(PROMOTION_LIMITS.noteMax + 1) }));
    expect(long.fieldErrors.note).toEqual({ key: "promotionsMeeting.error.noteTooLong", values: { max: PROMOTION_LIMITS.noteMax } });
  });

  it("reads the page's own refusals back from their key", () => {
    const err = new z.ZodError([{ code: "custom", path: ["body"], message: MEETING_FIELD_KEYS.openNomination, input: undefined }]);
    expect(meetingIssues(err.issues).fieldErrors).toEqual({ body: { key: "promotionsMeeting.error.openNomination" } });
  });

  it("says a service's refusal by status, code and details", () => {
    expect(meetingRefusal({ status: 422, code: "unprocessable", details: { comment: "required" } })).toEqual({
      message: { key: "promotionsMeeting.error.revisionComment" },
      fieldErrors: { comment: { key: "promotionsMeeting.error.revisionComment" } },
    });
    expect(meetingRefusal({ status: 409, code: "conflict", details: { session_id: 1, state: "in_review", action: "vote" } }).message).toEqual({
      key: "promotionsMeeting.error.notNow.in_review",
    });
    expect(meetingRefusal({ status: 409, code: "conflict", details: { nomination_id: 3 } }).message).toEqual({ key: "promotionsMeeting.error.inactive" });
    expect(meetingRefusal({ status: 403, code: "spoofing" }).message).toEqual({ key: "promotionsMeeting.error.spoofing" });
    expect(meetingRefusal({ status: 403, code: "forbidden" }).message).toEqual({ key: "promotionsMeeting.error.forbidden" });
    expect(meetingRefusal({ status: 500, code: "internal" }).message).toEqual({ key: "promotionsMeeting.error.failed" });
  });
});
