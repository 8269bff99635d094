/**
 * The inputs of the calibration calls (pure zod: the API parses with them, the forms reuse them).
 */
import { z } from "zod";
import { MAX_INT, NOT_BLANK, valueRule } from "~/platform/input";
import { CALIBRATION_LIMITS, POTENTIALS, RATINGS, guidelineTotal, type Guideline } from "~/features/calibration/rules";

/** A positive whole id, with its field named in the message. */
export const id = (what: string) =>
  z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).positive(`${what} must be positive`).max(MAX_INT, `${what} is too large`);
/** A list of distinct ids, at most `max`. */
export const ids = (what: string, max: number) =>
  z
    .array(id(what), { error: `${what}s must be a list of ids` })
    .max(max, `At most ${max} ${what}s`)
    .refine((xs) => new Set(xs).size === xs.length, `${what}s must not repeat`)
    .meta({ uniqueItems: true });

/** Required text (trimmed), at most `max` characters. */
export const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .meta({ pattern: NOT_BLANK.source });

function scaleValue(what: string, values: readonly number[]) {
  const words = `${what} must be one of ${values.join(", ")}`;
  // The document lists the values (a refine alone is invisible there).
  return z.number({ error: words }).int(words).refine((v) => values.includes(v), words).meta({ enum: [...values] });
}

export const GuidelineSchema = z
  .object(
    Object.fromEntries(
      RATINGS.map((r) => [String(r), z.number({ error: `guideline.${r} must be a number` }).min(0, `guideline.${r} must be 0 or more`).max(100, `guideline.${r} must be at most 100`)]),
    ) as Record<"1" | "2" | "3" | "4" | "5", z.ZodNumber>,
    { error: "guideline must be an object of the share of people (percent) per rating 1-5" },
  )
  .strict()
  .transform((g) => Object.fromEntries(RATINGS.map((r) => [r, g[String(r) as "1"]])) as Guideline)
  .refine((g) => Math.abs(guidelineTotal(g) - 100) < 0.01, valueRule("The guideline's shares must add up to 100"));

/** An ISO 8601 date-time with its offset (`format: date-time` in the document; Date.parse took "1" as 2001). */
export const DeadlineSchema = z.iso
  .datetime({ offset: true, error: "deadline must be an ISO date-time" })
  .transform((s) => new Date(s).toISOString())
  .nullable();

export const SessionInputSchema = z
  .object({
    name: text("name", CALIBRATION_LIMITS.nameMax),
    participant_ids: ids("participant id", CALIBRATION_LIMITS.participantsMax).min(1, "Pick at least one participant"),
    session_admin_id: id("session_admin_id"),
    panelist_ids: ids("panelist id", CALIBRATION_LIMITS.panelistsMax).min(1, "Pick at least one panelist"),
    sign_off_ids: ids("sign-off party id", CALIBRATION_LIMITS.signOffMax).min(1, "Pick a sign-off party"),
    guideline: GuidelineSchema,
    deadline: DeadlineSchema.default(null),
  })
  .strict();
export type SessionInputParsed = z.infer<typeof SessionInputSchema>;

/** PATCH of a session: any subset of the create fields. */
export const SessionPatchSchema = SessionInputSchema.partial().strict();
export type SessionPatch = z.infer<typeof SessionPatchSchema>;

export const RatingChangeSchema = z
  .object({
    calibrated_rating: scaleValue("calibrated_rating", RATINGS).optional(),
    potential: scaleValue("potential", POTENTIALS).optional(),
    reason: text("reason", CALIBRATION_LIMITS.reasonMax),
  })
  .strict()
  .refine((b) => b.calibrated_rating !== undefined || b.potential !== undefined, valueRule("Give calibrated_rating or potential"));
export type RatingChangeInput = z.infer<typeof RatingChangeSchema>;

export const ProposalSchema = z
  .object({
    rating: scaleValue("rating", RATINGS),
    justification: text("justification", CALIBRATION_LIMITS.reasonMax),
  })
  .strict();

export const CommentSchema = z.object({ body: text("body", CALIBRATION_LIMITS.commentMax) }).strict();

export const SignOffSchema = z.object({ comment: z.string({ error: "comment must be text" }).trim().max(CALIBRATION_LIMITS.commentMax).optional() }).strict();
export const RevisionSchema = z.object({ comment: text("comment", CALIBRATION_LIMITS.commentMax) }).strict();

/** The super admin's forced close (close_all, close_in_review): the written reason, required while a session to close has a significant gap (ADR 0120). */
export const ForcedCloseSchema = z.object({ reason: z.string({ error: "reason must be text" }).trim().max(CALIBRATION_LIMITS.commentMax).optional() }).strict();

export const MoveSchema = z.object({ participant_ids: ids("participant id", CALIBRATION_LIMITS.participantsMax).min(1, "Pick at least one participant") }).strict();

export const DeadlineBodySchema = z.object({ deadline: DeadlineSchema }).strict();
