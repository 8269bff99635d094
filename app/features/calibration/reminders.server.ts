import { getDb } from "~/platform/db.server";
import { recordAudit, SYSTEM_ACTOR } from "~/platform/audit.server";
import { absoluteLink, escapeHtml, mailEnabled, sendMail } from "~/platform/mailer.server";
import { notify } from "~/features/shell/notifications/service.server";
import { NEXT_ACTOR, NEXT_STEP_TEXT, type SessionRole, type SessionState } from "~/features/calibration/rules";
import { stateOf } from "~/features/calibration/model.server";

/**
 * Deadline reminders of a calibration session (ADR 0026), sent by the session workflow's activity:
 * one in-app notification per person who must act next (dedupe key carries the session, the round and
 * the kind, so a retried activity or a replay never notifies twice) and, when SMTP is set, one email
 * each, claimed through Notification.emailedAt before sending.
 */

export const CALIBRATION_REMINDER_KIND = "calibration_reminder";

/** Where each role acts on the session. */
export function sessionLink(role: SessionRole, sessionId: number, cycleId: number): string {
  switch (role) {
    case "hr_partner":
      return `/app/ratings/hr-partners/sessions/${sessionId}/edit?cycle_id=${cycleId}`;
    case "session_admin":
      return `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`;
    case "panelist":
      return `/app/ratings/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`;
    case "sign_off":
      return `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}`;
    case "admin":
      return `/app/admin/cycles/${cycleId}/calibration-sessions/${sessionId}/edit`;
  }
}

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
  const people = memberRole ? row.members.filter((m) => m.role === memberRole).map((m) => m.user) : row.createdBy ? [row.createdBy] : [];
  const due = row.deadline ? row.deadline.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "";
  const title = input.kind === "due_soon" ? `Calibration session "${row.name}" is due ${due}` : `Calibration session "${row.name}" is past its deadline`;
  const body = `Please ${NEXT_STEP_TEXT[input.state]} (${row.cycle.name}).`;
  const link = sessionLink(role, row.id, row.cycleId);
  const entry = await db.auditRecord.findFirst({
    where: { entityType: "CalibrationSession", entityId: String(row.id), action: "calibration_session.transition" },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  let notified = 0;
  let emailed = 0;
  for (const user of people) {
    if (!user.active) continue;
    const key = reminderDedupeKey(row.id, entry?.id ?? 0, row.deadline, input.kind, user.id);
    const { notification, created } = await db.$transaction(async (tx) => {
      const res = await notify(tx, { userId: user.id, kind: CALIBRATION_REMINDER_KIND, title, body, link, dedupeKey: key });
      if (res.created) {
        await recordAudit(tx, { ...SYSTEM_ACTOR, source: "workflow" }, {
          action: "calibration_session.reminder",
          entityType: "Notification",
          entityId: res.notification.id,
          after: { session_id: row.id, user_id: user.id, state: input.state, kind: input.kind },
        });
      }
      return res;
    });
    if (created) notified++;
    if (!mailEnabled() || notification.emailedAt || notification.emailError) continue;
    const claimedAt = new Date();
    const claim = await db.notification.updateMany({ where: { id: notification.id, emailedAt: null }, data: { emailedAt: claimedAt } });
    if (claim.count !== 1) continue;
    const url = absoluteLink(link);
    try {
      await sendMail({
        to: user.email,
        subject: title,
        text: `Hello ${user.name},\n\n${body}\n\nOpen PMR: ${url}\n`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">Open PMR</a></p>`,
      });
      emailed++;
    } catch (err) {
      await db.notification.updateMany({ where: { id: notification.id, emailedAt: claimedAt }, data: { emailedAt: null } });
      throw err;
    }
  }
  return { notified, emailed };
}
