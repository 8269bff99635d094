import type { Db, Tx } from "~/platform/db.server";
import type { Prisma, Role, User } from "~/generated/prisma/client.ts";

/** Data access for users: the admin table, one user's page, pickers, and updates. */

export { ROLES, ROLE_LABELS } from "~/features/users/roles";

export type UserListFilter = { q?: string; roles?: Role[]; page: number; pageSize: number };

/** Users for the admin table: `q` matches name or email (case-insensitive), `roles` any of; ordered by name. */
export async function listUsers(db: Db | Tx, filter: UserListFilter): Promise<{ rows: User[]; total: number }> {
  const where = userWhere(filter.q, filter.roles);
  const [rows, total] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: (filter.page - 1) * filter.pageSize,
      take: filter.pageSize,
    }),
    db.user.count({ where }),
  ]);
  return { rows, total };
}

function userWhere(q: string | undefined, roles: Role[] | undefined, extra: Prisma.UserWhereInput = {}): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = [extra];
  const term = q?.trim();
  if (term) {
    and.push({
      OR: [{ name: { contains: term, mode: "insensitive" } }, { email: { contains: term, mode: "insensitive" } }],
    });
  }
  if (roles && roles.length > 0) and.push({ role: { in: roles } });
  return { AND: and };
}

const personSelect = { id: true, name: true, email: true } as const;

/** One user with the people around them, for the admin user page and GET admin/users/{id}. */
export async function findUserDetail(db: Db | Tx, id: number) {
  return db.user.findUnique({
    where: { id },
    include: {
      manager: { select: personSelect },
      secondaryManager: { select: personSelect },
      hrPartner: { select: personSelect },
      _count: { select: { directReports: true, hrEmployees: true } },
    },
  });
}
export type UserDetailRow = NonNullable<Awaited<ReturnType<typeof findUserDetail>>>;

/** The user with this email address (case-insensitive), active or not. */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<User | null> {
  const address = email.trim();
  if (!address) return null;
  return db.user.findFirst({ where: { email: { equals: address, mode: "insensitive" } }, orderBy: { id: "asc" } });
}

/**
 * Ids of the user's management chain: manager, the manager's manager, … to the top.
 * Stops on a loop (data imported with a cycle) and after `maxDepth` levels.
 */
export async function managerChainIds(db: Db | Tx, userId: number, maxDepth = 50): Promise<number[]> {
  const chain: number[] = [];
  const seen = new Set<number>([userId]);
  let next = (await db.user.findUnique({ where: { id: userId }, select: { managerId: true } }))?.managerId ?? null;
  while (next !== null && !seen.has(next) && chain.length < maxDepth) {
    chain.push(next);
    seen.add(next);
    next = (await db.user.findUnique({ where: { id: next }, select: { managerId: true } }))?.managerId ?? null;
  }
  return chain;
}

/** Active users for pickers: name/email contains `q`, without the excluded ids, at most `limit`, by name. */
export async function searchActiveUsers(db: Db | Tx, q: string | undefined, excludeIds: number[], limit: number) {
  return db.user.findMany({
    where: userWhere(q, undefined, { active: true, ...(excludeIds.length ? { id: { notIn: excludeIds } } : {}) }),
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, name: true, email: true, profileImageUrl: true },
  });
}

export type UserUpdate = {
  role?: Role;
  name?: string;
  managerId?: number | null;
  hrPartnerId?: number | null;
  active?: boolean;
};

export async function updateUserRow(tx: Tx, id: number, data: UserUpdate): Promise<User> {
  return tx.user.update({ where: { id }, data });
}
