import type { Db, Tx } from "~/platform/db.server";
import { Prisma } from "~/generated/prisma/client.ts";
import { nameKeyOrder } from "~/platform/db/name-order.server";
import { allOf, pageWithTotal, userTextMatch, type CountedRow } from "~/features/users/model.server";
import { parseStoredDecision, parseStoredRating, type ParticipantJson } from "~/features/participants/rules";

/** Data access for the participants of a cycle. Writes go through features/participants/service.server.ts (and rows/, outcomes/). */

export const participantInclude = {
  user: { select: { id: true, email: true, name: true } },
  manager: { select: { id: true, email: true, name: true } },
  secondaryManager: { select: { id: true, email: true, name: true } },
  hrPartner: { select: { id: true, email: true, name: true } },
} satisfies Prisma.ParticipantInclude;

export type ParticipantRow = Prisma.ParticipantGetPayload<{ include: typeof participantInclude }>;

/** A user as the participant records name them (participant, managers, HR partner). */
export type Person = { id: number; email: string; name: string };

export function toParticipantJson(row: ParticipantRow): ParticipantJson {
  return {
    id: row.id,
    email: row.user.email,
    name: row.user.name,
    manager_email: row.manager?.email ?? null,
    secondary_manager_email: row.secondaryManager?.email ?? null,
    hr_partner_email: row.hrPartner?.email ?? null,
    reviewer_only: row.reviewerOnly,
    calibrated_rating: parseStoredRating(row.calibratedRating),
    promotion_decision: parseStoredDecision(row.promotionDecision),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What an audit record keeps for a participant (its API shape without ids and timestamps). */
export function participantAuditSnapshot(json: ParticipantJson) {
  return {
    cycle_participant_id: json.id,
    email: json.email,
    manager_email: json.manager_email,
    secondary_manager_email: json.secondary_manager_email,
    hr_partner_email: json.hr_partner_email,
    reviewer_only: json.reviewer_only,
    calibrated_rating: json.calibrated_rating,
    promotion_decision: json.promotion_decision,
  };
}

/** The participant of the cycle whose user has this email (case-insensitive), or null. */
export async function findParticipantByEmail(db: Db | Tx, cycleId: number, email: string): Promise<ParticipantRow | null> {
  return db.participant.findFirst({
    where: { cycleId, user: { email: { equals: email.trim(), mode: "insensitive" } } },
    include: participantInclude,
    orderBy: { id: "asc" },
  });
}

/** What one row of the list query holds: the participant's columns and the four people's ids, emails and names. */
type ListedRow = Omit<ParticipantRow, "user" | "manager" | "secondaryManager" | "hrPartner"> & {
  userEmail: string;
  userName: string;
  managerEmail: string | null;
  managerName: string | null;
  secondaryManagerEmail: string | null;
  secondaryManagerName: string | null;
  hrPartnerEmail: string | null;
  hrPartnerName: string | null;
  /** The row's place in the list's order (not part of the row). */
  pos: bigint | number;
};

function toParticipantRow(r: ListedRow): ParticipantRow {
  const { userEmail, userName, managerEmail, managerName, secondaryManagerEmail, secondaryManagerName, hrPartnerEmail, hrPartnerName, pos: _pos, ...scalars } = r;
  const person = (id: number | null, email: string | null, name: string | null) => (id === null || email === null || name === null ? null : { id, email, name });
  return {
    ...scalars,
    user: { id: r.userId, email: userEmail, name: userName },
    manager: person(r.managerId, managerEmail, managerName),
    secondaryManager: person(r.secondaryManagerId, secondaryManagerEmail, secondaryManagerName),
    hrPartner: person(r.hrPartnerId, hrPartnerEmail, hrPartnerName),
  };
}

/**
 * One page of the cycle's participants, by name in the reader's collation (`language`; ADR 0101, the stored sort key)
 * then email, and how many match; `q` matches the participant's name or email (case-insensitive, users/model.server.ts
 * userTextMatch). One statement: the count, and the page with the people each row names. For a rare term the page
 * starts from the trigram index on User."searchText" (docs/decisions/0037-trigram-search-indexes.md).
 */
export async function listParticipantRows(
  db: Db | Tx,
  cycleId: number,
  opts: { q?: string; skip: number; take: number; language?: string },
): Promise<{ rows: ParticipantRow[]; total: number }> {
  const where = allOf([Prisma.sql`p."cycleId" = ${cycleId}`, userTextMatch("u", opts.q)]);
  const { rows, total } = pageWithTotal(
    await db.$queryRaw<Array<CountedRow<ListedRow>>>`
      WITH total AS (SELECT count(*)::int AS n FROM "Participant" p JOIN "User" u ON u."id" = p."userId" WHERE ${where}),
      page AS (
        SELECT p.*, u."email" AS "userEmail", u."name" AS "userName",
               row_number() OVER (ORDER BY ${nameKeyOrder("u", opts.language)}, u."email", p."id") AS "pos"
        FROM "Participant" p JOIN "User" u ON u."id" = p."userId" WHERE ${where}
        ORDER BY "pos"
        LIMIT ${opts.take} OFFSET ${opts.skip}
      )
      SELECT t.n AS total, r.* FROM total t LEFT JOIN LATERAL (
        SELECT pg."id", pg."cycleId", pg."userId", pg."managerId", pg."secondaryManagerId", pg."hrPartnerId", pg."reviewerOnly",
               pg."panelStatus"::text AS "panelStatus", pg."calibratedRating", pg."promotionDecision", pg."proposedRating",
               pg."proposedPotential", pg."createdAt", pg."updatedAt", pg."userEmail", pg."userName",
               m."email" AS "managerEmail", m."name" AS "managerName",
               s."email" AS "secondaryManagerEmail", s."name" AS "secondaryManagerName",
               h."email" AS "hrPartnerEmail", h."name" AS "hrPartnerName", pg."pos"
        FROM page pg
        LEFT JOIN "User" m ON m."id" = pg."managerId"
        LEFT JOIN "User" s ON s."id" = pg."secondaryManagerId"
        LEFT JOIN "User" h ON h."id" = pg."hrPartnerId"
      ) r ON TRUE
      ORDER BY r."pos"`,
  );
  return { rows: rows.map(toParticipantRow), total };
}

/**
 * Users by email (case-insensitive), active only; the key is the lower-cased email.
 * Emails are looked up as given (lower-cased) first, which uses the unique index on User.email; only
 * the ones not found that way are looked up case-insensitively (a scan of User, so a bulk import
 * of known, lower-case emails never pays for it). If several active users' emails differ only in
 * case, the one stored exactly in lower case wins, else the oldest.
 */
export async function findActiveUsersByEmails(db: Db | Tx, emails: readonly string[]): Promise<Map<string, { id: number; email: string; name: string }>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const out = new Map<string, { id: number; email: string; name: string }>();
  if (wanted.length === 0) return out;
  const select = { id: true, email: true, name: true } as const;
  // Chunked so a large upload stays well under the bind-parameter limit.
  for (let i = 0; i < wanted.length; i += 5000) {
    const chunk = wanted.slice(i, i + 5000);
    for (const u of await db.user.findMany({ where: { email: { in: chunk }, active: true }, select })) out.set(u.email, u);
    const missing = chunk.filter((e) => !out.has(e));
    if (missing.length === 0) continue;
    const users = await db.user.findMany({
      where: { email: { in: missing, mode: "insensitive" }, active: true },
      select,
      orderBy: { id: "asc" },
    });
    for (const u of users) {
      const key = u.email.toLowerCase();
      if (!out.has(key)) out.set(key, u);
    }
  }
  return out;
}
