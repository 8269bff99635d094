/**
 * The inputs of the promotion calls (pure zod: the API parses with them, the forms reuse them).
 */
import { z } from "zod";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import { DeadlineSchema, id, ids, text } from "~/features/calibration/schemas";
import { ENDORSEMENT_OUTCOMES, PROMOTION_DECISIONS, PROMOTION_LIMITS, PROMOTION_VOTES } from "~/features/promotions/rules";

export const PromotionSessionInputSchema = z
  .object({
    name: text("name", CALIBRATION_LIMITS.nameMax),
    nomination_ids: ids("nomination id", PROMOTION_LIMITS.nominationsMax).min(1, "Pick at least one nomination"),
    session_admin_id: id("session_admin_id").nullable().default(null),
    panelist_ids: ids("panelist id", CALIBRATION_LIMITS.panelistsMax).min(1, "Pick at least one panelist"),
    sign_off_ids: ids("sign-off party id", CALIBRATION_LIMITS.signOffMax).min(1, "Pick a sign-off party"),
    deadline: DeadlineSchema.default(null),
  })
  .strict();
export type PromotionSessionInput = z.infer<typeof PromotionSessionInputSchema>;

export const PromotionSessionPatchSchema = z
  .object({
    name: text("name", CALIBRATION_LIMITS.nameMax),
    nomination_ids: ids("nomination id", PROMOTION_LIMITS.nominationsMax).min(1, "Pick at least one nomination"),
    session_admin_id: id("session_admin_id").nullable(),
    panelist_ids: ids("panelist id", CALIBRATION_LIMITS.panelistsMax).min(1, "Pick at least one panelist"),
    sign_off_ids: ids("sign-off party id", CALIBRATION_LIMITS.signOffMax).min(1, "Pick a sign-off party"),
    deadline: DeadlineSchema,
  })
  .partial()
  .strict();
export type PromotionSessionPatch = z.infer<typeof PromotionSessionPatchSchema>;

/** The transition call's body: a comment (required when the sign-off party sends the outcome back). */
export const TransitionBodySchema = z
  .object({ comment: z.string({ error: "comment must be text" }).trim().max(CALIBRATION_LIMITS.commentMax, `comment must be at most ${CALIBRATION_LIMITS.commentMax} characters`).optional() })
  .strict();

export const EndorsementRequestSchema = z
  .object({
    endorser_ids: ids("endorser id", PROMOTION_LIMITS.endorsersMax).min(1, "Pick at least one endorser"),
    deadline: DeadlineSchema.default(null),
  })
  .strict();

export const RejectSchema = z.object({ reason: z.string({ error: "reason must be text" }).trim().max(PROMOTION_LIMITS.reasonMax).optional() }).strict();

export const EndorseSchema = z
  .object({
    outcome: z.enum(ENDORSEMENT_OUTCOMES, { error: `outcome must be one of ${ENDORSEMENT_OUTCOMES.join(", ")}` }),
    endorsement: text("endorsement", PROMOTION_LIMITS.endorsementMax),
  })
  .strict();

export const VoteSchema = z
  .object({
    vote: z.enum(PROMOTION_VOTES, { error: `vote must be one of ${PROMOTION_VOTES.join(", ")}` }),
    note: z.string({ error: "note must be text" }).trim().max(PROMOTION_LIMITS.noteMax, `note must be at most ${PROMOTION_LIMITS.noteMax} characters`).optional(),
  })
  .strict();

export const DecisionSchema = z
  .object({
    decision: z.enum(PROMOTION_DECISIONS, { error: `decision must be one of ${PROMOTION_DECISIONS.join(", ")}` }),
    reason: text("reason", PROMOTION_LIMITS.reasonMax),
  })
  .strict();
