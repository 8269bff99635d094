import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { registerRoute } from "~/platform/openapi/registry.server";
import { PERSONAL_TOKEN_DAYS_DEFAULT, PERSONAL_TOKEN_DAYS_MAX, TOKEN_NAME_MAX } from "~/features/auth/tokens/rules";

/** Contracts of the API token lists: the owner's own tokens, a user's tokens for the super admin, revocation. */

export const ApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().nullable().describe("The token's first characters (pmr_ and 8 more); null for tokens made before they were kept"),
  provider: z.string().describe("How it was made: google, lark (sign-in), personal (API tokens page), spoof"),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable().describe("Last call made with it (recorded at most every 5 minutes)"),
  expires_at: z.iso.datetime(),
  current: z.boolean().describe("The token that made this request"),
});
export const ApiTokenListResponse = z.object({ api_tokens: z.array(ApiTokenSchema) });

export const CreateApiTokenBody = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(TOKEN_NAME_MAX, `Name must be at most ${TOKEN_NAME_MAX} characters`),
    expires_in_days: z
      .number()
      .int()
      .min(1)
      .max(PERSONAL_TOKEN_DAYS_MAX)
      .optional()
      .describe(`Days until it expires (default ${PERSONAL_TOKEN_DAYS_DEFAULT})`),
  })
  .strict();
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenBody>;

export const CreateApiTokenResponse = z.object({
  token: z.string().describe("The bearer token: shown this once, only its SHA-256 is stored"),
  api_token: ApiTokenSchema,
});

export const ApiTokenIdParams = z.object({ id: idCoerced });

const idParams = z.object({ id: idNumber });

registerRoute({
  method: "get",
  path: "/api/v1/api_tokens",
  summary: "Your live API tokens (sign-in, personal and spoof tokens you hold): name, prefix, created, last used, expiry",
  tags: ["api tokens"],
  responses: { 200: ApiTokenListResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/api_tokens",
  summary: "Make a personal API token (not while spoofing; audited token.create). The token is in this response only",
  tags: ["api tokens"],
  request: { body: CreateApiTokenBody },
  responses: { 201: CreateApiTokenResponse },
});
registerRoute({
  method: "delete",
  path: "/api/v1/api_tokens/{id}",
  summary: "Revoke an API token: its owner (not while spoofing) or a super admin; anyone else 403 (audited token.revoke)",
  tags: ["api tokens"],
  request: { params: idParams },
  responses: { 204: null },
});
registerRoute({
  method: "get",
  path: "/api/v1/admin/users/{id}/api_tokens",
  summary: "The live API tokens a user holds (super admin)",
  tags: ["admin users"],
  request: { params: idParams },
  responses: { 200: ApiTokenListResponse },
});
