import { z } from "zod";
import { TYPED_EMAIL } from "~/platform/input";
import { CALIBRATED_RATINGS, PROMOTION_DECISIONS, type CalibratedRating } from "~/features/participants/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * The input schemas of the participants (PURE module: zod and the feature's rules only): a CSV row of
 * the bulk jobs, the create/patch bodies (also the forms), the outcome bodies, the list query, and the
 * field errors of a failure. Used by the services, the contracts, the pages and the jobs.
 */

// ---------------------------------------------------------------------------------------------
// Schemas

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

function emailField(what: string) {
  return z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .toLowerCase()
    .pipe(z.email(`${what} must be a valid email address`))
    .meta(TYPED_EMAIL);
}

/** An optional email cell: missing = keep the current value; blank or null = none. */
function optionalEmailField(what: string) {
  return z.preprocess(blankToNull, emailField(what).nullable().optional());
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0", ""]);

/** CSV flag: true/false, yes/no, y/n, 1/0 (any case); blank = false. Booleans pass through. */
const flagCell = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const word = v.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return v;
  },
  z.boolean({ error: "reviewer_only must be true or false" }).optional(),
);

type RowShape = {
  email: string;
  manager_email?: string | null;
  secondary_manager_email?: string | null;
  hr_partner_email?: string | null;
  reviewer_only?: boolean;
};

/** Cross-field rules of one row, on the values it names. */
function rowRules(v: RowShape, ctx: z.RefinementCtx) {
  if (v.manager_email && v.manager_email === v.email) {
    ctx.addIssue({ code: "custom", path: ["manager_email"], message: "Manager must differ from the participant", params: { key: "participants.result.managerSelf" } });
  }
  if (v.secondary_manager_email && v.secondary_manager_email === v.email) {
    ctx.addIssue({ code: "custom", path: ["secondary_manager_email"], message: "Secondary manager must differ from the participant", params: { key: "participants.result.secondarySelf" } });
  } else if (v.secondary_manager_email && v.manager_email && v.secondary_manager_email === v.manager_email) {
    ctx.addIssue({ code: "custom", path: ["secondary_manager_email"], message: "Secondary manager must differ from the manager", params: { key: "participants.result.secondaryManager" } });
  }
  if (v.hr_partner_email && v.hr_partner_email === v.email) {
    ctx.addIssue({ code: "custom", path: ["hr_partner_email"], message: "HR partner must differ from the participant", params: { key: "participants.result.hrSelf" } });
  }
}

/**
 * One participant row of an upload/upsert CSV (columns: email, manager_email,
 * secondary_manager_email, hr_partner_email, reviewer_only). Cells are strings; emails are
 * trimmed and lower-cased. A column missing from the file keeps the current value on update
 * (none on create); a blank cell clears it. Unknown columns are ignored.
 */
export const ParticipantRowSchema = z
  .object({
    email: emailField("Email"),
    manager_email: optionalEmailField("Manager email"),
    secondary_manager_email: optionalEmailField("Secondary manager email"),
    hr_partner_email: optionalEmailField("HR partner email"),
    reviewer_only: flagCell,
  })
  .superRefine(rowRules);
export type ParticipantRowInput = z.infer<typeof ParticipantRowSchema>;

/** The CSV header of participant files, in order. */
export const PARTICIPANT_CSV_COLUMNS = ["email", "manager_email", "secondary_manager_email", "hr_partner_email", "reviewer_only"] as const;
export type ParticipantColumn = (typeof PARTICIPANT_CSV_COLUMNS)[number];

/**
 * A refusal of one row or field: its English (`message`: the API's words and JobRowError.message) and the same as a
 * key with values (`code`, ADR 0100) for the pages; null when the issue has no key (then shown as it is).
 */
export type CodedIssue = { column: ParticipantColumn | null; message: string; code: PageMessage | null };
export type RowIssue = { index: number } & CodedIssue;

type EmailColumn = "email" | "manager_email" | "secondary_manager_email" | "hr_partner_email";
const REQUIRED_KEYS: Record<EmailColumn, TranslationKey> = {
  email: "participants.result.required.email",
  manager_email: "participants.result.required.manager",
  secondary_manager_email: "participants.result.required.secondary",
  hr_partner_email: "participants.result.required.hrPartner",
};
const INVALID_EMAIL_KEYS: Record<EmailColumn, TranslationKey> = {
  email: "participants.result.invalidEmail.email",
  manager_email: "participants.result.invalidEmail.manager",
  secondary_manager_email: "participants.result.invalidEmail.secondary",
  hr_partner_email: "participants.result.invalidEmail.hrPartner",
};
const isEmailColumn = (field: PropertyKey | undefined): field is EmailColumn => typeof field === "string" && Object.hasOwn(REQUIRED_KEYS, field);

/**
 * The key of a zod issue of these schemas, from what the issue is (never from its English): a custom issue names its
 * key in `params.key`; an email field's missing value and bad format, and reviewer_only's type, have theirs by field.
 */
export function participantIssueCode(issue: z.core.$ZodIssue): PageMessage | null {
  if (issue.code === "custom") {
    const key = (issue.params as { key?: unknown } | undefined)?.key;
    return typeof key === "string" ? { key: key as TranslationKey } : null;
  }
  const field = issue.path[0];
  if (field === "reviewer_only" && issue.code === "invalid_type") return { key: "participants.result.reviewerOnlyFlag" };
  if (!isEmailColumn(field)) return null;
  if (issue.code === "invalid_format") return { key: INVALID_EMAIL_KEYS[field] };
  if (issue.code === "too_small" || issue.code === "invalid_type") return { key: REQUIRED_KEYS[field] };
  return null;
}

/** Validate one raw row (e.g. a CSV record): the parsed row, or the issues by column (English and code). */
export function validateParticipantRow(raw: unknown): { ok: true; row: ParticipantRowInput } | { ok: false; errors: CodedIssue[] } {
  const parsed = ParticipantRowSchema.safeParse(raw);
  if (parsed.success) return { ok: true, row: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const key = issue.path[0];
      const column = (PARTICIPANT_CSV_COLUMNS as readonly unknown[]).includes(key) ? (key as ParticipantColumn) : null;
      return { column, message: issue.message, code: participantIssueCode(issue) };
    }),
  };
}

/** POST /participants body (also the create form). */
export const ParticipantCreateSchema = z
  .object({
    email: emailField("Email"),
    manager_email: emailField("Manager email").nullable().optional(),
    secondary_manager_email: emailField("Secondary manager email").nullable().optional(),
    hr_partner_email: emailField("HR partner email").nullable().optional(),
    reviewer_only: z.boolean({ error: "reviewer_only must be true or false" }).optional(),
  })
  .strict()
  .superRefine(rowRules);
export type ParticipantCreateInput = z.infer<typeof ParticipantCreateSchema>;

/** PATCH /participants/{email} body (also the edit form): null clears a person. */
export const ParticipantPatchSchema = z
  .object({
    manager_email: emailField("Manager email").nullable().optional(),
    secondary_manager_email: emailField("Secondary manager email").nullable().optional(),
    hr_partner_email: emailField("HR partner email").nullable().optional(),
    reviewer_only: z.boolean({ error: "reviewer_only must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", params: { key: "participants.result.nothingToChange" } })
  // The document says it too: an empty object is refused (ADR 0060).
  .meta({ minProperties: 1 });
export type ParticipantPatchInput = z.infer<typeof ParticipantPatchSchema>;

export const CalibratedRatingSchema = z.union(CALIBRATED_RATINGS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, ...z.ZodLiteral<CalibratedRating>[]], {
  error: "Calibrated rating must be a whole number from 1 to 5",
});
export const CalibratedRatingBodySchema = z.object({ calibrated_rating: CalibratedRatingSchema.nullable() }).strict();
export const PromotionDecisionBodySchema = z
  .object({
    promotion_decision: z.enum(PROMOTION_DECISIONS, { error: `Promotion decision must be one of ${PROMOTION_DECISIONS.join(", ")}` }).nullable(),
  })
  .strict();

export const ParticipantListQuerySchema = z.object({
  q: z.string().max(200, "q must be at most 200 characters").optional(),
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1, "page must be a positive whole number").default(1),
  page_size: z.coerce
    .number({ error: "page_size must be a whole number from 1 to 100" })
    .int()
    .min(1, "page_size must be a whole number from 1 to 100")
    .max(100, "page_size must be a whole number from 1 to 100")
    .default(25),
});
export type ParticipantListQuery = z.infer<typeof ParticipantListQuerySchema>;
