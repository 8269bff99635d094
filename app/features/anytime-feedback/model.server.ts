import type { Db, Tx } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";

/**
 * Data access of anytime feedback (RealtimeFeedback): the row with both parties and their managers, and the
 * `where` clauses of the lists. Who may read what is decided in service.server.ts (rules.ts, ADR 0029).
 */

const partySelect = { id: true, name: true, email: true, profileImageUrl: true, managerId: true, secondaryManagerId: true } as const;
export const feedbackInclude = { reviewer: { select: partySelect }, reviewee: { select: partySelect } } as const;
export type FeedbackRow = Prisma.RealtimeFeedbackGetPayload<{ include: typeof feedbackInclude }>;

/** The user's unread received items: one indexed count (the navigation's badge). */
export function receivedUnreadCount(db: Db | Tx, userId: number): Promise<number> {
  return db.realtimeFeedback.count({ where: { revieweeId: userId, hasBeenViewedByReviewee: false } });
}

/** The user's direct and secondary reports. */
export const reportsOf = (managerId: number): Prisma.UserWhereInput => ({ OR: [{ managerId }, { secondaryManagerId: managerId }] });

export async function hasReports(db: Db | Tx, userId: number): Promise<boolean> {
  return (await db.user.count({ where: reportsOf(userId), take: 1 })) > 0;
}

const emailIs = (email: string): Prisma.UserWhereInput => ({ email: { equals: email.trim(), mode: "insensitive" } });

export type Filters = { since?: Date; email?: string };

/** Items `userId` received (email: given by that person). */
export function receivedWhere(userId: number, f: Filters): Prisma.RealtimeFeedbackWhereInput {
  return { revieweeId: userId, ...(f.since ? { createdAt: { gte: f.since } } : {}), ...(f.email ? { reviewer: emailIs(f.email) } : {}) };
}

/** Items `userId` gave (email: given to that person). */
export function sentWhere(userId: number, f: Filters): Prisma.RealtimeFeedbackWhereInput {
  return { reviewerId: userId, ...(f.since ? { createdAt: { gte: f.since } } : {}), ...(f.email ? { reviewee: emailIs(f.email) } : {}) };
}

/** Items given to or by the manager's reports (email: either side; reviewee/reviewer: that side). */
export function teamWhere(managerId: number, f: Filters & { revieweeEmail?: string; reviewerEmail?: string }): Prisma.RealtimeFeedbackWhereInput {
  const and: Prisma.RealtimeFeedbackWhereInput[] = [{ OR: [{ reviewee: reportsOf(managerId) }, { reviewer: reportsOf(managerId) }] }];
  if (f.since) and.push({ createdAt: { gte: f.since } });
  if (f.email) and.push({ OR: [{ reviewee: emailIs(f.email) }, { reviewer: emailIs(f.email) }] });
  if (f.revieweeEmail) and.push({ reviewee: emailIs(f.revieweeEmail) });
  if (f.reviewerEmail) and.push({ reviewer: emailIs(f.reviewerEmail) });
  return { AND: and };
}

/** One page of items, newest first, and how many match. */
export async function findPage(db: Db | Tx, where: Prisma.RealtimeFeedbackWhereInput, limit: number, offset: number): Promise<{ rows: FeedbackRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.realtimeFeedback.findMany({ where, include: feedbackInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    db.realtimeFeedback.count({ where }),
  ]);
  return { rows, total };
}

const personSelect = { id: true, name: true, email: true, managerId: true, secondaryManagerId: true } as const;

/** The people who gave (side "reviewer") or got (side "reviewee") the items `where` matches, by name. */
export function peopleIn(db: Db | Tx, side: "reviewer" | "reviewee", where: Prisma.RealtimeFeedbackWhereInput) {
  const relation: Prisma.UserWhereInput = side === "reviewer" ? { realtimeFeedbacksGiven: { some: where } } : { realtimeFeedbacksReceived: { some: where } };
  return db.user.findMany({ where: relation, select: personSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
}
