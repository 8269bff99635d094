import { getDb, type Db } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { AuditListResponse, type AuditJson, type AuditListQueryInput } from "~/features/audit/contract.server";

/**
 * The audit log for super admins: newest first, paged with limit/offset, searched with a free-text
 * query. Each whitespace-separated word must match (case-insensitively) at least one of: the actor's
 * name or email, the real actor's name or email, the action, the entity type, or the entity by its
 * name: a user's or participant's name/email, a cycle's name. A word of digits is an id and matches
 * the entity id exactly ("User 12" finds user 12, not 112); "User#12" is that one entity (the form the
 * user page links with).
 */

const contains = (term: string) => ({ contains: term, mode: "insensitive" as const });

/** At most this many users/cycles per word are matched by name (a broader word should be refined). */
export const AUDIT_ENTITY_NAME_MATCHES = 500;
const MAX_TERMS = 10;

export function auditSearchTerms(searchQuery: string | undefined): string[] {
  return (searchQuery ?? "").split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
}

async function termWhere(db: Db, term: string): Promise<Prisma.AuditRecordWhereInput> {
  // A number is an id: the entity id exactly ("12" does not find 112, nor a name containing 12).
  if (/^\d+$/.test(term)) return { entityId: term };
  const exact = /^([A-Za-z]*)#(\d+)$/.exec(term);
  if (exact) {
    const [, type, id] = exact;
    return type ? { entityType: { equals: type, mode: "insensitive" }, entityId: id } : { entityId: id };
  }
  const [users, cycles] = await Promise.all([
    db.user.findMany({
      where: { OR: [{ name: contains(term) }, { email: contains(term) }] },
      select: { id: true },
      take: AUDIT_ENTITY_NAME_MATCHES,
    }),
    db.cycle.findMany({ where: { name: contains(term) }, select: { id: true }, take: AUDIT_ENTITY_NAME_MATCHES }),
  ]);
  const or: Prisma.AuditRecordWhereInput[] = [
    { actor: { is: { name: contains(term) } } },
    { actor: { is: { email: contains(term) } } },
    { realActor: { is: { name: contains(term) } } },
    { realActor: { is: { email: contains(term) } } },
    { actorLabel: contains(term) },
    { source: { equals: term, mode: "insensitive" } },
    { entityType: contains(term) },
    { action: contains(term) },
  ];
  if (users.length > 0) {
    const userIds = users.map((u) => u.id);
    or.push({ entityType: "User", entityId: { in: userIds.map(String) } });
    // A participant is found by its person's name or email too.
    const participants = await db.participant.findMany({ where: { userId: { in: userIds } }, select: { id: true }, take: AUDIT_ENTITY_NAME_MATCHES * 4 });
    if (participants.length > 0) or.push({ entityType: "Participant", entityId: { in: participants.map((p) => String(p.id)) } });
  }
  if (cycles.length > 0) {
    const cycleIds = cycles.map((c) => c.id);
    or.push({ entityType: "Cycle", entityId: { in: cycleIds.map(String) } });
    // A cycle's jobs (its uploads, downloads, nudges) are found by the cycle's name too (issue 26 §6).
    const jobs = await db.job.findMany({ where: { cycleId: { in: cycleIds } }, select: { id: true }, take: AUDIT_ENTITY_NAME_MATCHES * 4 });
    if (jobs.length > 0) or.push({ entityType: "Job", entityId: { in: jobs.map((j) => String(j.id)) } });
  }
  return { OR: or };
}

export async function auditSearchWhere(db: Db, searchQuery: string | undefined): Promise<Prisma.AuditRecordWhereInput> {
  const terms = auditSearchTerms(searchQuery);
  if (terms.length === 0) return {};
  return { AND: await Promise.all(terms.map((term) => termWhere(db, term))) };
}

const person = { select: { id: true, name: true, email: true } } as const;

/** GET /api/v1/admin/audits and the audit page. */
export async function listAudits(query: AuditListQueryInput) {
  const db = await getDb();
  const where = await auditSearchWhere(db, query.search_query);
  const [rows, total] = await Promise.all([
    db.auditRecord.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.offset,
      take: query.limit,
      include: { actor: person, realActor: person },
    }),
    db.auditRecord.count({ where }),
  ]);
  const audits: AuditJson[] = rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    source: row.source,
    actor: row.actor,
    real_actor: row.realActor,
    actor_label: row.actorLabel,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
  return AuditListResponse.parse({ audits, total, limit: query.limit, offset: query.offset });
}
