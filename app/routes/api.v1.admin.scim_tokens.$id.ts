import { parseParams } from "~/platform/api.server";
import { only, writer } from "~/platform/api-routes.server";
import { assertSuperAdmin } from "~/platform/auth.server";
import { ScimTokenIdParams } from "~/features/scim/tokens/contract.server";
import { revokeScimToken } from "~/features/scim/tokens.server";

export const loader = only("DELETE");

/** DELETE /api/v1/admin/scim_tokens/{id}: revoke at once (super admin; 404 for an unknown or revoked token). */
export const action = writer("DELETE", ["DELETE"], async (current, _request, params) => {
  assertSuperAdmin(current);
  const { id } = parseParams(params, ScimTokenIdParams);
  await revokeScimToken(current.actor, id);
  return new Response(null, { status: 204 });
});
