import type { Db, Tx } from "~/platform/db.server";
import { getDb } from "~/platform/db.server";
import type { Notification } from "~/generated/prisma/client.ts";
import { notFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";

/**
 * In-app notifications (reminders such as nudges). `dedupeKey` is unique: creating a notification
 * whose key exists returns the existing row and creates nothing, which makes senders idempotent
 * (a nudge uses `nudge:<jobId>:<userId>`).
 */

export type NotificationJson = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  read_at: string | null;
  emailed_at: string | null;
  created_at: string;
};

export function toNotificationJson(n: Notification): NotificationJson {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.readAt !== null,
    read_at: n.readAt?.toISOString() ?? null,
    emailed_at: n.emailedAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}

export type NewNotification = { userId: number; kind: string; title: string; body: string; link?: string | null; dedupeKey: string };

/** Create a notification unless one with the same dedupeKey exists; returns the row and whether it is new. */
export async function notify(client: Db | Tx, input: NewNotification): Promise<{ notification: Notification; created: boolean }> {
  const res = await client.notification.createMany({
    data: [{ userId: input.userId, kind: input.kind, title: input.title, body: input.body, link: input.link ?? null, dedupeKey: input.dedupeKey }],
    skipDuplicates: true,
  });
  const notification = await client.notification.findUniqueOrThrow({ where: { dedupeKey: input.dedupeKey } });
  return { notification, created: res.count === 1 };
}

export async function listNotifications(
  userId: number,
  opts: { limit?: number; offset?: number; unreadOnly?: boolean } = {},
): Promise<{ notifications: NotificationJson[]; total: number; unread_count: number }> {
  const db = await getDb();
  const where = { userId, ...(opts.unreadOnly ? { readAt: null } : {}) };
  const [rows, total, unread] = await Promise.all([
    db.notification.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: opts.limit ?? 20, skip: opts.offset ?? 0 }),
    db.notification.count({ where }),
    db.notification.count({ where: { userId, readAt: null } }),
  ]);
  return { notifications: rows.map(toNotificationJson), total, unread_count: unread };
}

/** Mark one of the user's notifications read (idempotent: the first read time stays). 404 if it is not theirs. */
export async function markNotificationRead(actor: Actor, userId: number, id: number): Promise<NotificationJson> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.notification.findFirst({ where: { id, userId } });
    if (!row) throw notFound(`Notification ${id} not found`);
    if (row.readAt) return toNotificationJson(row);
    const updated = await tx.notification.update({ where: { id }, data: { readAt: new Date() } });
    await recordAudit(tx, actor, {
      action: "notification.read",
      entityType: "Notification",
      entityId: id,
      before: { read_at: null },
      after: { read_at: updated.readAt!.toISOString() },
    });
    return toNotificationJson(updated);
  });
}
