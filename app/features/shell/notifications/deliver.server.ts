import { getDb } from "~/platform/db.server";
import { recordAudit, SYSTEM_ACTOR, type Actor, type AuditInput } from "~/platform/audit.server";
import { absoluteLink, escapeHtml, mailEnabled, sendMail } from "~/platform/mailer.server";
import { notify } from "~/features/shell/notifications/service.server";
import type { TFunction } from "i18next";
import { RECIPIENT_READER_SELECT, recipientReader, recipientT } from "~/platform/i18n/recipient.server";
import type { Reader } from "~/platform/i18n/format";

/**
 * One message to one person from a workflow's activity: an in-app notification (its dedupe key makes a
 * retried activity or a replayed workflow create it once, audited when new) and, when SMTP is set, one
 * email, claimed through Notification.emailedAt before sending (released again if sending fails, so the
 * activity's retry sends it). `actor`: who the notification's audit record names; the system (in a workflow) unless a
 * person's request sends it (anytime feedback names its giver).
 */

export type Recipient = { id: number; name: string; email: string; active: boolean };
/**
 * A message's texts: as they are, or made in the recipient's language and zone (ADR 0077) by `text` — the
 * notification is stored, and the email written, in the recipient's language (else en).
 */
export type MessageText = { title: string; body: string } | { text: (t: TFunction<"common">, reader: Reader) => { title: string; body: string } };
export type Message = MessageText & { kind: string; link: string; dedupeKey: string };

export async function deliver(
  user: Recipient,
  message: Message,
  audit: Omit<AuditInput, "entityType" | "entityId">,
  actor: Actor = { ...SYSTEM_ACTOR, source: "workflow" },
): Promise<{ notified: boolean; emailed: boolean }> {
  if (!user.active) return { notified: false, emailed: false };
  const db = await getDb();
  const reader = recipientReader((await db.user.findUnique({ where: { id: user.id }, select: RECIPIENT_READER_SELECT })) ?? { locale: null, timeZone: null });
  const t = await recipientT(reader);
  const { title, body } = "text" in message ? message.text(t, reader) : message;
  const { kind, link, dedupeKey } = message;
  const { notification, created } = await db.$transaction(async (tx) => {
    const res = await notify(tx, { userId: user.id, kind, title, body, link, dedupeKey });
    if (res.created) await recordAudit(tx, actor, { ...audit, entityType: "Notification", entityId: res.notification.id });
    return res;
  });
  if (!mailEnabled() || notification.emailedAt || notification.emailError) return { notified: created, emailed: false };
  const claimedAt = new Date();
  const claim = await db.notification.updateMany({ where: { id: notification.id, emailedAt: null }, data: { emailedAt: claimedAt } });
  if (claim.count !== 1) return { notified: created, emailed: false };
  const url = absoluteLink(link);
  try {
    await sendMail({
      to: user.email,
      subject: title,
      text: `${t("mail.greeting", { name: user.name })}\n\n${body}\n\n${t("mail.openLink", { url })}\n`,
      html: `<p>${escapeHtml(t("mail.greeting", { name: user.name }))}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t("mail.open"))}</a></p>`,
    });
  } catch (err) {
    await db.notification.updateMany({ where: { id: notification.id, emailedAt: claimedAt }, data: { emailedAt: null } });
    throw err;
  }
  return { notified: created, emailed: true };
}
