import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { registerRoute } from "~/platform/openapi/registry.server";
import { SCIM_TOKEN_NAME_MAX, SCIM_TOKEN_NAME_PATTERN } from "~/features/scim/tokens/rules";

/** Contracts of the SCIM token admin API (docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md). */

export const ScimTokenSchema = z.object({
  id: z.number().int(),
  name: z.string().describe("The label given to it (e.g. Okta); the actor of the changes it makes"),
  prefix: z.string().describe("The token's first characters (pmrscim_ and 8 more)"),
  created_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable().describe("Last SCIM request made with it (recorded at most once a minute)"),
  revoked_at: z.iso.datetime().nullable(),
});
export const ScimTokenListResponse = z.object({ scim_tokens: z.array(ScimTokenSchema) });

export const CreateScimTokenBody = z
  .object({
    name: z
      .string()
      .max(SCIM_TOKEN_NAME_MAX, `Name must be at most ${SCIM_TOKEN_NAME_MAX} characters`)
      .regex(SCIM_TOKEN_NAME_PATTERN, "Name is required (printable characters)")
      .trim()
      .describe("A label for the identity provider that will use it (leading and trailing spaces are dropped)"),
  })
  .strict();

export const CreateScimTokenResponse = z.object({
  token: z.string().describe("The bearer token for /scim/v2: shown this once, only its SHA-256 is stored"),
  scim_token: ScimTokenSchema,
});

export const ScimTokenIdParams = z.object({ id: idCoerced });

const idParams = z.object({ id: idNumber });

registerRoute({
  method: "get",
  path: "/api/v1/admin/scim_tokens",
  summary: "SCIM bearer tokens, live ones first: name, prefix, who made it, created, last used, revoked (super admin)",
  tags: ["scim tokens"],
  responses: { 200: ScimTokenListResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/admin/scim_tokens",
  summary: "Make a SCIM bearer token for an identity provider (super admin; audited scim_token.create). The token is in this response only",
  tags: ["scim tokens"],
  request: { body: CreateScimTokenBody },
  responses: { 201: CreateScimTokenResponse },
});
registerRoute({
  method: "delete",
  path: "/api/v1/admin/scim_tokens/{id}",
  summary: "Revoke a SCIM token at once (super admin; audited scim_token.revoke); 404 for an unknown or revoked token",
  tags: ["scim tokens"],
  request: { params: idParams },
  responses: { 204: null },
});
