import { describe, expect, it } from "vitest";
import {
  ParticipantCreateSchema,
  ParticipantPatchSchema,
  ParticipantRowSchema,
  CalibratedRatingBodySchema,
  PromotionDecisionBodySchema,
  validateParticipantRow,
} from "~/features/participants/schemas";

describe("ParticipantRowSchema (CSV rows)", () => {
  it("trims and lower-cases emails, turns blank cells into null and reads flags", () => {
    const row = ParticipantRowSchema.parse({
      email: "  Ann.Lee@Example.com ",
      manager_email: "BOSS@example.com",
      secondary_manager_email: "",
      hr_partner_email: "   ",
      reviewer_only: "Yes",
    });
    expect(row).toEqual({
      email: "ann.lee@example.com",
      manager_email: "boss@example.com",
      secondary_manager_email: null,
      hr_partner_email: null,
      reviewer_only: true,
    });
  });

  it("leaves a missing column undefined (keep the current value) and ignores unknown columns", () => {
    const row = ParticipantRowSchema.parse({ email: "a@example.com", extra: "x" });
    expect(row.manager_email).toBeUndefined();
    expect(row.reviewer_only).toBeUndefined();
    expect("extra" in row).toBe(false);
  });

  it.each([
    ["true", true],
    ["TRUE", true],
    ["y", true],
    ["1", true],
    ["false", false],
    ["No", false],
    ["0", false],
    ["", false],
  ])("reviewer_only %j → %j", (cell, value) => {
    expect(ParticipantRowSchema.parse({ email: "a@example.com", reviewer_only: cell }).reviewer_only).toBe(value);
  });

  it("rejects a bad reviewer_only value", () => {
    const r = validateParticipantRow({ email: "a@example.com", reviewer_only: "maybe" });
    expect(r).toMatchObject({ ok: false, errors: [{ column: "reviewer_only", message: "reviewer_only must be true or false" }] });
  });

  it("requires a valid participant email", () => {
    expect(validateParticipantRow({ email: "" })).toMatchObject({ ok: false, errors: [{ column: "email", message: "Email is required" }] });
    expect(validateParticipantRow({})).toMatchObject({ ok: false, errors: [{ column: "email" }] });
    expect(validateParticipantRow({ email: "not-an-email" })).toMatchObject({
      ok: false,
      errors: [{ column: "email", message: "Email must be a valid email address" }],
    });
  });

  it("reports bad person emails by column", () => {
    const r = validateParticipantRow({ email: "a@example.com", manager_email: "nope", hr_partner_email: "also nope" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject([
      { column: "manager_email", message: "Manager email must be a valid email address" },
      { column: "hr_partner_email", message: "HR partner email must be a valid email address" },
    ]);
  });

  it("refuses the participant as their own manager, secondary manager or HR partner (case-insensitive)", () => {
    const r = validateParticipantRow({
      email: "a@example.com",
      manager_email: "A@example.com",
      secondary_manager_email: "a@example.com",
      hr_partner_email: "a@EXAMPLE.com",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject([
      { column: "manager_email", message: "Manager must differ from the participant" },
      { column: "secondary_manager_email", message: "Secondary manager must differ from the participant" },
      { column: "hr_partner_email", message: "HR partner must differ from the participant" },
    ]);
  });

  it("refuses the same person as manager and secondary manager", () => {
    const r = validateParticipantRow({ email: "a@example.com", manager_email: "m@example.com", secondary_manager_email: "M@example.com" });
    expect(r).toMatchObject({ ok: false, errors: [{ column: "secondary_manager_email", message: "Secondary manager must differ from the manager" }] });
  });

  it("accepts a complete valid row", () => {
    const r = validateParticipantRow({
      email: "a@example.com",
      manager_email: "m@example.com",
      secondary_manager_email: "s@example.com",
      hr_partner_email: "h@example.com",
      reviewer_only: "false",
    });
    expect(r).toEqual({
      ok: true,
      row: { email: "a@example.com", manager_email: "m@example.com", secondary_manager_email: "s@example.com", hr_partner_email: "h@example.com", reviewer_only: false },
    });
  });
});

describe("API body schemas", () => {
  it("create: strict, booleans only, same manager rules", () => {
    expect(ParticipantCreateSchema.safeParse({ email: "a@example.com", foo: 1 }).success).toBe(false);
    expect(ParticipantCreateSchema.safeParse({ email: "a@example.com", reviewer_only: "yes" }).success).toBe(false);
    expect(ParticipantCreateSchema.safeParse({ email: "a@example.com", manager_email: "a@example.com" }).success).toBe(false);
    expect(ParticipantCreateSchema.parse({ email: "A@example.com", manager_email: null })).toEqual({ email: "a@example.com", manager_email: null });
  });

  it("patch: needs something to change", () => {
    expect(ParticipantPatchSchema.safeParse({}).success).toBe(false);
    expect(ParticipantPatchSchema.parse({ hr_partner_email: null })).toEqual({ hr_partner_email: null });
  });

  it("calibrated rating: whole numbers 1 to 5 or null", () => {
    for (const n of [1, 2, 3, 4, 5, null]) expect(CalibratedRatingBodySchema.safeParse({ calibrated_rating: n }).success).toBe(true);
    for (const n of [0, 6, 2.5, "3", undefined]) expect(CalibratedRatingBodySchema.safeParse({ calibrated_rating: n }).success).toBe(false);
  });

  it("promotion decision: PROMOTED, NOT_PROMOTED, DEFERRED or null", () => {
    for (const d of ["PROMOTED", "NOT_PROMOTED", "DEFERRED", null]) expect(PromotionDecisionBodySchema.safeParse({ promotion_decision: d }).success).toBe(true);
    for (const d of ["promoted", "YES", 1]) expect(PromotionDecisionBodySchema.safeParse({ promotion_decision: d }).success).toBe(false);
  });
});
