import { getDb } from "~/platform/db.server";
import { recordAudit, SYSTEM_ACTOR, type Actor, type AuditInput } from "~/platform/audit.server";
import { absoluteLink, escapeHtml, mailEnabled, sendMail } from "~/platform/mailer.server";
import { notify } from "~/features/shell/notifications/service.server";

/**
 * One message to one person from a workflow's activity: an in-app notification (its dedupe key makes a
 * retried activity or a replayed workflow create it once, audited when new) and, when SMTP is set, one
 * email, claimed through Notification.emailedAt before sending (released again if sending fails, so the
 * activity's retry sends it). `actor`: who the notification's audit record names; the system (in a workflow) unless a
 * person's request sends it (anytime feedback names its giver).
 */

export type Recipient = { id: number; name: string; email: string; active: boolean };
export type Message = { kind: string; title: string; body: string; link: string; dedupeKey: string };

export async function deliver(
  user: Recipient,
  message: Message,
  audit: Omit<AuditInput, "entityType" | "entityId">,
  actor: Actor = { ...SYSTEM_ACTOR, source: "workflow" },
): Promise<{ notified: boolean; emailed: boolean }> {
  if (!user.active) return { notified: false, emailed: false };
  const db = await getDb();
  const { notification, created } = await db.$transaction(async (tx) => {
    const res = await notify(tx, { userId: user.id, ...message });
    if (res.created) await recordAudit(tx, actor, { ...audit, entityType: "Notification", entityId: res.notification.id });
    return res;
  });
  if (!mailEnabled() || notification.emailedAt || notification.emailError) return { notified: created, emailed: false };
  const claimedAt = new Date();
  const claim = await db.notification.updateMany({ where: { id: notification.id, emailedAt: null }, data: { emailedAt: claimedAt } });
  if (claim.count !== 1) return { notified: created, emailed: false };
  const url = absoluteLink(message.link);
  try {
    await sendMail({
      to: user.email,
      subject: message.title,
      text: `Hello ${user.name},\n\n${message.body}\n\nOpen PMR: ${url}\n`,
      html: `<p>Hello ${escapeHtml(user.name)},</p><p>${escapeHtml(message.body)}</p><p><a href="${escapeHtml(url)}">Open PMR</a></p>`,
    });
  } catch (err) {
    await db.notification.updateMany({ where: { id: notification.id, emailedAt: claimedAt }, data: { emailedAt: null } });
    throw err;
  }
  return { notified: created, emailed: true };
}
