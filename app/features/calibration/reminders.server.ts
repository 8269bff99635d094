import { getDb } from "~/platform/db.server";
import { deliver } from "~/features/shell/notifications/deliver.server";
import { NEXT_ACTOR, sessionLink, type SessionState } from "~/features/calibration/rules";
import { formatDateTime } from "~/platform/i18n/format";
import { REMINDER_BODY_KEYS } from "~/features/calibration/meeting-keys";
import { stateOf } from "~/features/calibration/model.server";

/**
 * Deadline reminders of a calibration session (ADR 0026), sent by the session workflow's activity: one
 * message (deliver: in-app notification and email, each once) per person who must act next, in that person's
 * language with the deadline in their time zone (ADR 0077; the texts: calibrationMeeting.reminder).
 */

export const CALIBRATION_REMINDER_KIND = "calibration_reminder";

/** Where each role acts on the session (a pure rule, shared with the home page's to-do list). */
export { sessionLink };

/**
 * The key of one reminder: the session, the moment it entered its current state (the id of that transition's
 * audit record; 0 before any), the deadline and the kind. It does not depend on the workflow's round, so a
 * workflow started again (after a Temporal reset, or continued as new) never repeats a reminder already sent,
 * while a new state or a new deadline gets its own reminders.
 */
export function reminderDedupeKey(sessionId: number, stateEntry: number, deadline: Date | null, kind: string, userId: number): string {
  return `calibration:${sessionId}:${stateEntry}:${deadline?.toISOString() ?? "none"}:${kind}:${userId}`;
}

export async function remindSession(input: { sessionId: number; state: SessionState; kind: "due_soon" | "overdue"; round: number }): Promise<{ notified: number; emailed: number }> {
  const db = await getDb();
  const row = await db.calibrationSession.findUnique({ where: { id: input.sessionId }, include: { members: { include: { user: true } }, createdBy: true, cycle: { select: { name: true } } } });
  if (!row || stateOf(row) !== input.state || stateOf(row) === "closed") return { notified: 0, emailed: 0 };
  const role = NEXT_ACTOR[input.state];
  if (!role) return { notified: 0, emailed: 0 };
  const memberRole = role === "session_admin" ? "ADMIN" : role === "sign_off" ? "SIGN_OFF" : role === "panelist" ? "PANELIST" : null;
  const members = memberRole ? row.members.filter((m) => m.role === memberRole).map((m) => m.user) : [];
  // A promotion session may have no session admin of its own: the HR partner who created it runs it.
  const people = members.length ? members : (role === "session_admin" || role === "hr_partner") && row.createdBy ? [row.createdBy] : [];
  const promotion = row.kind === "PROMOTION";
  const step = input.state as Exclude<SessionState, "closed">;
  const deadline = row.deadline;
  const link = sessionLink(role, row.id, row.cycleId, row.kind);
  const entry = await db.auditRecord.findFirst({
    where: { entityType: "CalibrationSession", entityId: String(row.id), action: "calibration_session.transition" },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  let notified = 0;
  let emailed = 0;
  for (const user of people) {
    const res = await deliver(
      user,
      {
        kind: CALIBRATION_REMINDER_KIND,
        text: (t, reader) => ({
          title:
            input.kind === "due_soon" && deadline
              ? t(promotion ? "calibrationMeeting.reminder.promotionDueSoon" : "calibrationMeeting.reminder.dueSoon", { name: row.name, due: formatDateTime(deadline, reader) })
              : t(promotion ? "calibrationMeeting.reminder.promotionOverdue" : "calibrationMeeting.reminder.overdue", { name: row.name }),
          body: t(REMINDER_BODY_KEYS[step], { cycle: row.cycle.name }),
        }),
        link,
        dedupeKey: reminderDedupeKey(row.id, entry?.id ?? 0, row.deadline, input.kind, user.id),
      },
      { action: "calibration_session.reminder", after: { session_id: row.id, user_id: user.id, state: input.state, kind: input.kind } },
    );
    if (res.notified) notified++;
    if (res.emailed) emailed++;
  }
  return { notified, emailed };
}
