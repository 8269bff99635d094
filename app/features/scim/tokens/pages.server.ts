import { data } from "@remix-run/node";
import { z } from "zod";
import { idCoerced } from "~/platform/input";
import { ApiError } from "~/platform/api.server";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { appOrigin } from "~/features/auth/providers.server";
import { CreateScimTokenBody } from "~/features/scim/tokens/contract.server";
import { SCIM_BASE_PATH } from "~/features/scim/tokens/rules";
import { createScimTokenView, listScimTokens, revokeScimToken } from "~/features/scim/tokens.server";
import { tokenNameIssue, tokenRefusal } from "~/features/auth/tokens/token-keys";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";

/** Loader and action of the SCIM provisioning page (/app/admin/scim-tokens): super admins only; the action answers keys (ADR 0125). */

const PageForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create_token"), name: z.string().max(1000) }),
  z.object({ intent: z.literal("revoke_token"), token_id: idCoerced }),
]);

type Failure = { ok: false; error: PageMessage };
const failure = (status: number, error: PageMessage) => data<Failure>({ ok: false, error }, { status });

async function superAdmin(request: Request) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return current;
}

/** GET: the SCIM base URL the identity provider is given and every token (live ones first). */
export async function scimTokensLoader(request: Request) {
  await superAdmin(request);
  return { baseUrl: `${appOrigin(request)}${SCIM_BASE_PATH}`, tokens: await listScimTokens() };
}

/** POST: intent=create_token {name} (the token is in this answer only) or intent=revoke_token {token_id}. */
export async function scimTokensAction(request: Request) {
  const current = await superAdmin(request);
  const form = PageForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return failure(400, pageMessage("tokens.result.name"));
  const input = form.data;
  try {
    if (input.intent === "revoke_token") {
      await revokeScimToken(current.actor, input.token_id);
      return { ok: true as const, created: null, message: pageMessage("tokens.result.scimRevoked") };
    }
    const body = CreateScimTokenBody.safeParse({ name: input.name });
    if (!body.success) return failure(400, tokenNameIssue(body.error.issues[0]));
    return { ok: true as const, created: await createScimTokenView(current.actor, body.data.name), message: null };
  } catch (err) {
    if (err instanceof ApiError) return failure(err.status, tokenRefusal(err));
    throw err;
  }
}
