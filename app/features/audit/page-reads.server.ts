import { sqlRows } from "~/platform/sql.server";
import { AUDIT_ENTITY_NAME_MATCHES, auditSearchTerms } from "~/features/audit/service.server";
import type { AuditJson, AuditListQueryInput } from "~/features/audit/contract.server";

/**
 * The audit log page's read (/app/admin/audits; issue 27: at most 3 round trips per page) in ONE prepared statement:
 * a page of records with their actors and the number of records, the search done in SQL. The API (listAudits,
 * service.server.ts) reads the same with Prisma in 2 statements plus up to 4 per word of the search (the users and
 * cycles the word names, their participants and jobs); here those lookups are sub-selects with the same limits.
 * Same rules as listAudits, word by word (a word of digits is an entity id, "Type#12" / "#12" one entity, any other
 * word matches an actor's or real actor's name or email, the actor's label, the source, the entity type, the action,
 * or the entity by its name: a user, a participant by their user, a cycle, a cycle's jobs), case-insensitively, with
 * LIKE's patterns as Prisma writes them (`contains`: '%' || word || '%'; an insensitive `equals`: ILIKE the word itself;
 * the name lookups ordered by id before their limit). tests/integration/admin-job-pages-reads.test.ts compares the two.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

type Term = { kind: "id"; id: string } | { kind: "entity"; type: string; id: string } | { kind: "word"; word: string };

function termOf(term: string): Term {
  if (/^\d+$/.test(term)) return { kind: "id", id: term };
  const exact = /^([A-Za-z]*)#(\d+)$/.exec(term);
  if (exact) return { kind: "entity", type: exact[1]!, id: exact[2]! };
  return { kind: "word", word: term };
}

/** A word's pattern for ILIKE: anywhere in the text (Prisma's `contains` with mode "insensitive", wildcards as typed). */
const containsPattern = (word: string) => `%${word}%`;

/** The WHERE of the search and its values, from $3 on ($1 limit, $2 offset); the shape names the statement. */
function searchSql(terms: Term[]): { where: string; values: unknown[]; shape: string } {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return `$${values.length + 2}`;
  };
  const conds = terms.map((t) => {
    if (t.kind === "id") return `a."entityId" = ${p(t.id)}::text`;
    if (t.kind === "entity") return t.type ? `(a."entityType" ILIKE ${p(t.type)}::text AND a."entityId" = ${p(t.id)}::text)` : `a."entityId" = ${p(t.id)}::text`;
    const like = p(containsPattern(t.word));
    const word = p(t.word);
    const users = `SELECT u."id" FROM "User" u WHERE u."name" ILIKE ${like} OR u."email" ILIKE ${like} ORDER BY u."id" LIMIT ${AUDIT_ENTITY_NAME_MATCHES}`;
    const cycles = `SELECT c."id" FROM "Cycle" c WHERE c."name" ILIKE ${like} ORDER BY c."id" LIMIT ${AUDIT_ENTITY_NAME_MATCHES}`;
    return `(ac."name" ILIKE ${like} OR ac."email" ILIKE ${like} OR ra."name" ILIKE ${like} OR ra."email" ILIKE ${like}
      OR a."actorLabel" ILIKE ${like} OR a."source" ILIKE ${word}::text OR a."entityType" ILIKE ${like} OR a."action" ILIKE ${like}
      OR (a."entityType" = 'User' AND a."entityId" IN (SELECT "id"::text FROM (${users}) m))
      OR (a."entityType" = 'Participant' AND a."entityId" IN (SELECT pa."id"::text FROM "Participant" pa WHERE pa."userId" IN (${users}) ORDER BY pa."id" LIMIT ${AUDIT_ENTITY_NAME_MATCHES * 4}))
      OR (a."entityType" = 'Cycle' AND a."entityId" IN (SELECT "id"::text FROM (${cycles}) m))
      OR (a."entityType" = 'Job' AND a."entityId" IN (SELECT j."id"::text FROM "Job" j WHERE j."cycleId" IN (${cycles}) ORDER BY j."id" LIMIT ${AUDIT_ENTITY_NAME_MATCHES * 4})))`;
  });
  const shape = terms.map((t) => (t.kind === "entity" ? (t.type ? "t" : "e") : t.kind[0])).join("");
  return { where: conds.length ? conds.join("\n  AND ") : "TRUE", values, shape };
}

const FROM = `"AuditRecord" a LEFT JOIN "User" ac ON ac."id" = a."actorId" LEFT JOIN "User" ra ON ra."id" = a."realActorId"`;
const person = (alias: string) => `CASE WHEN ${alias}."id" IS NULL THEN NULL ELSE json_build_object('id', ${alias}."id", 'name', ${alias}."name", 'email', ${alias}."email") END`;

const pageSql = (where: string) => `
SELECT
  (SELECT COALESCE(json_agg(x."audit" ORDER BY x."createdAt" DESC, x."id" DESC), '[]'::json) FROM (
     SELECT a."id", a."createdAt", json_build_object('id', a."id", 'created_at', to_char(a."createdAt", ${ISO}), 'action', a."action",
       'entity_type', a."entityType", 'entity_id', a."entityId", 'source', a."source", 'actor', ${person("ac")}, 'real_actor', ${person("ra")},
       'actor_label', a."actorLabel", 'before', a."before", 'after', a."after") AS "audit"
     FROM ${FROM} WHERE ${where} ORDER BY a."createdAt" DESC, a."id" DESC LIMIT $1::int OFFSET $2::bigint) x) AS "audits",
  (SELECT count(*)::int FROM ${FROM} WHERE ${where}) AS "total"`;

type Row = { audits: AuditJson[]; total: number };

/** GET /app/admin/audits: what listAudits answers for the query, in one statement. */
export async function readAuditPage(query: AuditListQueryInput): Promise<{ audits: AuditJson[]; total: number; limit: number; offset: number }> {
  const { where, values, shape } = searchSql(auditSearchTerms(query.search_query).map(termOf));
  const [row] = await sqlRows<Row>(`audit_page_${shape || "all"}`, pageSql(where), [query.limit, query.offset, ...values]);
  // A JSON null stored in before/after reads back as null, as Prisma gives it (`row.before ?? null`).
  const audits = row!.audits.map((a) => ({ ...a, before: a.before ?? null, after: a.after ?? null }));
  return { audits, total: row!.total, limit: query.limit, offset: query.offset };
}
