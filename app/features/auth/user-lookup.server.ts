import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";

/** The active user with this email address (case-insensitive), or null. Sign-in only admits these. */
export async function findActiveUserByEmail(email: string): Promise<User | null> {
  const address = email.trim();
  if (!address) return null;
  const db = await getDb();
  return db.user.findFirst({ where: { email: { equals: address, mode: "insensitive" }, active: true }, orderBy: { id: "asc" } });
}
