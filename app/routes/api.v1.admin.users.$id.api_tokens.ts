import { parseParams } from "~/platform/api.server";
import { only, reader } from "~/platform/api-routes.server";
import { assertSuperAdmin } from "~/platform/auth.server";
import { ApiTokenIdParams as IdParams, ApiTokenListResponse } from "~/features/auth/tokens/contract.server";
import { listTokensOfUser } from "~/features/auth/tokens/service.server";

/** GET /api/v1/admin/users/{id}/api_tokens: the live tokens the user holds (super admin). */
export const loader = reader(async (current, _request, params) => {
  assertSuperAdmin(current);
  const { id } = parseParams(params, IdParams);
  return ApiTokenListResponse.parse({ api_tokens: await listTokensOfUser(id) });
});

export const action = only("GET");
