import { z } from "zod";
import { AUDIT_LIMIT_DEFAULT, AUDIT_LIMIT_MAX } from "~/features/audit/rules";
import { PersonRefSchema, queryInt, queryText } from "~/features/users/contract.server";
import { registerRoute } from "~/platform/openapi/registry.server";

/** Contract of the audit log API: GET /api/v1/admin/audits (super admin). */

export const AuditListQuery = z.object({
  limit: queryInt(z.number().int().min(1).max(AUDIT_LIMIT_MAX, `limit is at most ${AUDIT_LIMIT_MAX}`), AUDIT_LIMIT_DEFAULT)
    .describe(`Rows per page (default ${AUDIT_LIMIT_DEFAULT}, max ${AUDIT_LIMIT_MAX})`),
  offset: queryInt(z.number().int().min(0), 0),
  search_query: queryText.describe(
    "Words that must each match (case-insensitive) the actor's or real actor's name or email, the action, the entity type, or the entity by name (a user's or participant's name/email, a cycle's name). A number is an entity id and matches exactly; 'User#12' is that one entity",
  ),
});
export type AuditListQueryInput = z.infer<typeof AuditListQuery>;

export const AuditSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  source: z.string(),
  actor: PersonRefSchema.nullable(),
  real_actor: PersonRefSchema.nullable(),
  /** Who acted when no user did: a SCIM token's label (source "scim"), a command-line tool ("command line: …"). */
  actor_label: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditJson = z.infer<typeof AuditSchema>;
export const AuditListResponse = z.object({
  audits: z.array(AuditSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

registerRoute({
  method: "get",
  path: "/api/v1/admin/audits",
  summary: "The audit log, newest first, paged with limit/offset and searchable (super admin)",
  tags: ["admin audits"],
  request: { query: AuditListQuery },
  responses: { 200: AuditListResponse },
});
