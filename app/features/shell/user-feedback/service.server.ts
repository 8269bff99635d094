import { z } from "zod";
import type { Db } from "~/platform/db.server";
import { recordAudit, type Actor } from "~/platform/audit.server";

export const UserFeedbackInputSchema = z.object({
  has_liked: z.boolean(),
  text: z.string().max(5000).nullish(),
});
export const UserFeedbackSchema = z.object({
  id: z.number().int(),
  has_liked: z.boolean(),
  text: z.string().nullable(),
  created_at: z.string(),
});

/** Store a user's answer to 'Do you like using the product?' (spec §3, §4); audited. */
export async function createUserFeedback(db: Db, userId: number, actor: Actor, input: z.infer<typeof UserFeedbackInputSchema>) {
  return db.$transaction(async (tx) => {
    const text = input.text?.trim() ? input.text.trim() : null;
    const row = await tx.userFeedback.create({ data: { userId, hasLiked: input.has_liked, text } });
    const dto = { id: row.id, has_liked: row.hasLiked, text: row.text, created_at: row.createdAt.toISOString() };
    await recordAudit(tx, actor, { action: "user_feedback.create", entityType: "UserFeedback", entityId: row.id, after: dto });
    return dto;
  });
}
