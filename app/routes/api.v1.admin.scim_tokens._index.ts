import { parseJsonBody } from "~/platform/api.server";
import { created, reader, writer } from "~/platform/api-routes.server";
import { assertSuperAdmin } from "~/platform/auth.server";
import { CreateScimTokenBody, CreateScimTokenResponse, ScimTokenListResponse } from "~/features/scim/tokens/contract.server";
import { createScimTokenView, listScimTokens } from "~/features/scim/tokens.server";

/** GET /api/v1/admin/scim_tokens: every SCIM token, live ones first (super admin). */
export const loader = reader(async (current) => {
  assertSuperAdmin(current);
  return ScimTokenListResponse.parse({ scim_tokens: await listScimTokens() });
});

/** POST /api/v1/admin/scim_tokens {name}: a SCIM token, shown in this response only (super admin). */
export const action = writer("POST", ["GET", "POST"], async (current, request) => {
  assertSuperAdmin(current);
  const { name } = await parseJsonBody(request, CreateScimTokenBody);
  return created(CreateScimTokenResponse, await createScimTokenView(current.actor, name));
});
