import type { Db, Tx } from "~/platform/db.server";
import { Prisma, type Role, type User } from "~/generated/prisma/client.ts";
import { nameKeyOrder } from "~/platform/db/name-order.server";

/** Data access for users: the admin table, one user's page, pickers, and updates. */

export { ROLES, ROLE_LABELS } from "~/features/users/roles";

/** The admin table's orders: a column, ascending or (`desc`) descending; name and id break ties. */
export const USER_SORT_COLUMNS = ["name", "email", "role"] as const;
export type UserSort = { column: (typeof USER_SORT_COLUMNS)[number]; desc: boolean };

/**
 * The admin table's filter; `language` is the reader's (names in its collation, ADR 0101: the stored sort key; en's
 * order when not given, as the API lists).
 */
export type UserListFilter = { q?: string; roles?: Role[]; status?: "active" | "inactive" | "all"; page: number; pageSize: number; sort?: UserSort; language?: string };

/** ORDER BY of the admin table (`alias` the "User" row): by name in the reader's collation unless told, then email and id. */
function userOrder(alias: string, sort: UserSort | undefined, language: string | undefined): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}."${name}"`);
  const name = nameKeyOrder(alias, language);
  const dir = Prisma.raw(sort?.desc ? "DESC" : "ASC");
  if (!sort || sort.column === "name") return Prisma.sql`${name} ${dir}, ${column("email")} ${dir}, ${column("id")} ${dir}`;
  const key = sort.column === "role" ? Prisma.sql`${column("role")}::text` : column(sort.column);
  return Prisma.sql`${key} ${dir}, ${name}, ${column("email")}, ${column("id")}`;
}

/**
 * The SQL condition "the name or the email of the user row `alias` contains `q`, ignoring case", or null when `q` is
 * blank. It is `LIKE` on User."searchText" (lower(name) || E'\n' || lower(email), a generated column with a trigram
 * index: docs/decisions/0037-trigram-search-indexes.md), with `q` lower-cased by PostgreSQL's own lower() and its
 * LIKE wildcards escaped: the rows of `name ILIKE '%q%' OR email ILIKE '%q%'` for a literal q, found through the
 * index from three characters on. A term holding a line break must not match across the one between name and email.
 */
export function userTextMatch(alias: string, q: string | undefined): Prisma.Sql | null {
  const term = q?.trim();
  if (!term) return null;
  const pattern = `%${term.replace(/[\\%_]/g, "\\$&")}%`;
  const column = (name: string) => Prisma.raw(`"${alias}"."${name}"`);
  const match = Prisma.sql`${column("searchText")} LIKE lower(${pattern})`;
  if (!term.includes("\n")) return match;
  return Prisma.sql`(${match} AND (lower(${column("name")}) LIKE lower(${pattern}) OR lower(${column("email")}) LIKE lower(${pattern})))`;
}

/** The conditions joined with AND (TRUE when there are none). */
export function allOf(conditions: Array<Prisma.Sql | null>): Prisma.Sql {
  const present = conditions.filter((c): c is Prisma.Sql => c !== null);
  return present.length ? Prisma.join(present, " AND ") : Prisma.sql`TRUE`;
}

/**
 * A row of `SELECT t.n AS total, r.* FROM total t LEFT JOIN LATERAL (<one page>) r ON TRUE`: the number of matches
 * beside each row of the page, or beside one row of nulls when the page is empty (one statement, one round trip).
 */
export type CountedRow<T extends { id: number }> = { total: number } & (T | { [K in keyof T]: null });

export function pageWithTotal<T extends { id: number }>(rows: Array<CountedRow<T>>): { rows: T[]; total: number } {
  const page: T[] = [];
  for (const { total: _total, ...row } of rows) if (row.id !== null) page.push(row as unknown as T);
  return { rows: page, total: rows[0]?.total ?? 0 };
}

/** A user as the admin table and the pickers show them. */
export type UserSummaryRow = Pick<User, "id" | "email" | "name" | "role" | "profileImageUrl" | "active">;

/**
 * Users for the admin table: `q` matches name or email (case-insensitive), `roles` any of; ordered by name in the
 * reader's collation (or by `sort`), with the number of matches. One statement (a rare term starts from the trigram
 * index); the page keeps its order through its rows' places (`pos`).
 */
export async function listUsers(db: Db | Tx, filter: UserListFilter): Promise<{ rows: UserSummaryRow[]; total: number }> {
  const where = allOf([
    userTextMatch("u", filter.q),
    filter.roles?.length ? Prisma.sql`u."role"::text IN (${Prisma.join(filter.roles)})` : null,
    filter.status === "active" ? Prisma.sql`u."active"` : filter.status === "inactive" ? Prisma.sql`NOT u."active"` : null,
  ]);
  const order = userOrder("u", filter.sort, filter.language);
  const { rows, total } = pageWithTotal(
    await db.$queryRaw<Array<CountedRow<UserSummaryRow & { pos: bigint | number }>>>`
      WITH total AS (SELECT count(*)::int AS n FROM "User" u WHERE ${where})
      SELECT t.n AS total, r.* FROM total t LEFT JOIN LATERAL (
        SELECT u."id", u."email", u."name", u."role"::text AS "role", u."profileImageUrl", u."active", row_number() OVER (ORDER BY ${order}) AS "pos"
        FROM "User" u WHERE ${where}
        ORDER BY ${order}
        LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}
      ) r ON TRUE
      ORDER BY r."pos"`,
  );
  return { rows: rows.map(({ pos: _pos, ...row }) => row), total };
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

type PersonJson = { id: number; name: string; email: string } | null;

/**
 * findUserDetail in one statement (the admin user page, issue 27: Prisma's include took five round trips and counted
 * every manager's reports): the user, the people around them and the two counts through the managers' indexes.
 */
export async function findUserDetailInOne(db: Db | Tx, id: number): Promise<UserDetailRow | null> {
  const person = (column: string) =>
    Prisma.raw(`(SELECT json_build_object('id', p."id", 'name', p."name", 'email', p."email") FROM "User" p WHERE p."id" = u."${column}")`);
  const rows = await db.$queryRaw<Array<User & { manager: PersonJson; secondaryManager: PersonJson; hrPartner: PersonJson; directReports: number; hrEmployees: number }>>`
    SELECT u.*, ${person("managerId")} AS "manager", ${person("secondaryManagerId")} AS "secondaryManager", ${person("hrPartnerId")} AS "hrPartner",
      (SELECT count(*)::int FROM "User" d WHERE d."managerId" = u."id") AS "directReports",
      (SELECT count(*)::int FROM "User" h WHERE h."hrPartnerId" = u."id") AS "hrEmployees"
    FROM "User" u WHERE u."id" = ${id}`;
  const row = rows[0];
  if (!row) return null;
  const { directReports, hrEmployees, ...user } = row;
  return { ...user, _count: { directReports, hrEmployees } };
}

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

/** Active users for pickers: name/email contains `q` (as listUsers), without the excluded ids, at most `limit`, by name. */
export async function searchActiveUsers(db: Db | Tx, q: string | undefined, excludeIds: number[], limit: number) {
  const where = allOf([
    Prisma.sql`u."active"`,
    userTextMatch("u", q),
    excludeIds.length ? Prisma.sql`u."id" NOT IN (${Prisma.join(excludeIds)})` : null,
  ]);
  return db.$queryRaw<Array<Pick<User, "id" | "name" | "email" | "profileImageUrl">>>`
    SELECT u."id", u."name", u."email", u."profileImageUrl" FROM "User" u WHERE ${where}
    ORDER BY u."name", u."id" LIMIT ${limit}`;
}

/** The columns the directory (directory.server.ts) writes. */
export type UserUpdate = {
  email?: string;
  role?: Role;
  name?: string;
  jobTitle?: string | null;
  department?: string | null;
  level?: string | null;
  location?: string | null;
  managerId?: number | null;
  secondaryManagerId?: number | null;
  hrPartnerId?: number | null;
  startDate?: Date | null;
  employeeNumber?: string | null;
  active?: boolean;
  deactivatedAt?: Date | null;
  scimId?: string | null;
  scimExternalId?: string | null;
};

export async function updateUserRow(tx: Tx, id: number, data: UserUpdate): Promise<User> {
  return tx.user.update({ where: { id }, data });
}

export async function insertUserRow(tx: Tx, data: UserUpdate & { email: string; name: string }): Promise<User> {
  return tx.user.create({ data });
}

/** The user holding this employee number, if any (unique when set). */
export async function findUserByEmployeeNumber(db: Db | Tx, employeeNumber: string): Promise<User | null> {
  return db.user.findUnique({ where: { employeeNumber } });
}
