import { parseJsonBody } from "~/platform/api.server";
import { reader, writer, created } from "~/platform/api-routes.server";
import { ApiTokenListResponse, CreateApiTokenBody, CreateApiTokenResponse } from "~/features/auth/tokens/contract.server";
import { bearerHashOf, createPersonalToken, listTokensHeldBy } from "~/features/auth/tokens/service.server";

/** GET /api/v1/api_tokens: the caller's live tokens (the one of this request marked `current`). */
export const loader = reader(async (current, request) =>
  ApiTokenListResponse.parse({ api_tokens: await listTokensHeldBy(current.user.id, bearerHashOf(request)) }),
);

/** POST /api/v1/api_tokens {name, expires_in_days?}: a personal token, shown in this response only. */
export const action = writer("POST", ["GET", "POST"], async (current, request) =>
  created(CreateApiTokenResponse, await createPersonalToken(current, await parseJsonBody(request, CreateApiTokenBody))),
);
