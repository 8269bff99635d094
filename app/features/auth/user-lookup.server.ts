import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";

/** The active (not erased) user with this email address (case-insensitive), or null. Sign-in only admits these. */
export async function findActiveUserByEmail(email: string): Promise<User | null> {
  const address = email.trim();
  if (!address) return null;
  const db = await getDb();
  return db.user.findFirst({
    where: { email: { equals: address, mode: "insensitive" }, active: true, erasedAt: null },
    orderBy: { id: "asc" },
  });
}

/** Whether anyone, in any state (deactivated, erased), holds this email address (case-insensitive). */
export async function emailIsKnown(email: string): Promise<boolean> {
  const address = email.trim();
  if (!address) return false;
  const db = await getDb();
  return (await db.user.count({ where: { email: { equals: address, mode: "insensitive" } } })) > 0;
}
