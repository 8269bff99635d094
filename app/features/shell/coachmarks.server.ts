import { z } from "zod";
import type { Db } from "~/platform/db.server";
import { recordAudit, type Actor } from "~/platform/audit.server";

/** Spec §3 coachmark types. */
export const COACHMARK_TYPES = [
  "direct_report_feedback_summary_cycle_switcher",
  "multiple_active_cycle_switcher",
  "peer_stakeholder_selection",
  "promotion_calibration_panelist",
  "direct_report_feedback",
  "sidebar_routes_v1",
  "user_feedback",
] as const;

export const CoachmarkSchema = z.object({ coachmark_type: z.enum(COACHMARK_TYPES), is_dismissed: z.boolean() });
export type CoachmarkDto = z.infer<typeof CoachmarkSchema>;

export async function listCoachmarks(db: Db, userId: number): Promise<CoachmarkDto[]> {
  const rows = await db.coachmark.findMany({ where: { userId }, orderBy: { id: "asc" } });
  return rows
    .filter((r) => (COACHMARK_TYPES as readonly string[]).includes(r.coachmarkType))
    .map((r) => ({ coachmark_type: r.coachmarkType as CoachmarkDto["coachmark_type"], is_dismissed: r.isDismissed }));
}

/** Create or update the user's coachmark of that type (one per user and type); audited. */
export async function saveCoachmark(db: Db, userId: number, actor: Actor, input: CoachmarkDto): Promise<CoachmarkDto> {
  return db.$transaction(async (tx) => {
    const before = await tx.coachmark.findUnique({ where: { userId_coachmarkType: { userId, coachmarkType: input.coachmark_type } } });
    const row = await tx.coachmark.upsert({
      where: { userId_coachmarkType: { userId, coachmarkType: input.coachmark_type } },
      create: { userId, coachmarkType: input.coachmark_type, isDismissed: input.is_dismissed },
      update: { isDismissed: input.is_dismissed },
    });
    if (!before || before.isDismissed !== row.isDismissed) {
      await recordAudit(tx, actor, {
        action: before ? "coachmark.update" : "coachmark.create",
        entityType: "Coachmark",
        entityId: row.id,
        before: before ? { coachmark_type: before.coachmarkType, is_dismissed: before.isDismissed } : null,
        after: { coachmark_type: row.coachmarkType, is_dismissed: row.isDismissed },
      });
    }
    return { coachmark_type: input.coachmark_type, is_dismissed: row.isDismissed };
  });
}
