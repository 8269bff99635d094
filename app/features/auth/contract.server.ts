import { z } from "zod";
import { ErrorBodySchema, registerRoute } from "~/platform/openapi/registry.server";

/** Contracts of the sign-in API: POST/DELETE tokens and the second provider's access-token path (lark/access_token). */

export const SignedInUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["SUPER_ADMIN", "PEOPLE_PARTNER", "HR_OPS", "EMPLOYEE"]),
  profile_image_url: z.string().nullable(),
});

export const TokenResponse = z.object({
  token: z.string().describe("Bearer token for Authorization: Bearer … on every /api/v1 call (stored as Auth-Token)"),
  user: SignedInUserSchema,
});
export type TokenResponseBody = z.infer<typeof TokenResponse>;

/** `Authorization: Bearer <ID token>` of POST /api/v1/tokens. */
export const IdTokenHeader = z
  .string()
  .regex(/^Bearer\s+[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/i, "Expected Authorization: Bearer <ID token>")
  .transform((value) => value.replace(/^Bearer\s+/i, ""));

export const LarkAccessTokenBody = z
  .object({
    code: z.string().min(1).max(1024).describe("Authorization code from Lark's consent page"),
    redirect_uri: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .meta({ pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" })
      .describe("The redirect_uri the code was requested with (default: this app's /auth/lark/callback)"),
  })
  // No other fields: the document then states all that is read (an open body allowed text the input layer refuses).
  .strict();

/** 502 provider_unavailable: the identity provider could not be reached (network failure or timeout). */
const ProviderUnavailable = ErrorBodySchema;

registerRoute({
  method: "post",
  path: "/api/v1/tokens",
  summary:
    "Sign in: send `Authorization: Bearer <ID token of the OpenID provider>`; the token's signature, issuer, audience and expiry are checked and the email must belong to an active user",
  tags: ["session"],
  public: true,
  responses: { 201: TokenResponse, 502: ProviderUnavailable },
});
registerRoute({
  method: "delete",
  path: "/api/v1/tokens",
  summary: "Sign out: revoke the bearer token of this request (or end the cookie session)",
  tags: ["session"],
  responses: { 204: null },
});
registerRoute({
  method: "post",
  path: "/api/v1/lark/access_token",
  summary: "Sign in with the second provider (Lark): exchange an authorization code for a bearer token",
  tags: ["session"],
  public: true,
  request: { body: LarkAccessTokenBody },
  responses: { 201: TokenResponse, 502: ProviderUnavailable },
});
