import { parseParams } from "~/platform/api.server";
import { only, writer } from "~/platform/api-routes.server";
import { ApiTokenIdParams } from "~/features/auth/tokens/contract.server";
import { revokeToken } from "~/features/auth/tokens/service.server";

export const loader = only("DELETE");

/** DELETE /api/v1/api_tokens/{id}: revoke (the owner or a super admin; 403 for anyone else). */
export const action = writer("DELETE", ["DELETE"], async (current, _request, params) => {
  const { id } = parseParams(params, ApiTokenIdParams);
  await revokeToken(current, id);
  return new Response(null, { status: 204 });
});
