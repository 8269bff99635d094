import { data } from "@remix-run/node";
import { z } from "zod";
import { idCoerced } from "~/platform/input";
import { ApiError } from "~/platform/api.server";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { appOrigin } from "~/features/auth/providers.server";
import { CreateScimTokenBody } from "~/features/scim/tokens/contract.server";
import { SCIM_BASE_PATH } from "~/features/scim/tokens/rules";
import { createScimTokenView, listScimTokens, revokeScimToken } from "~/features/scim/tokens.server";

/** Loader and action of the SCIM provisioning page (/app/admin/scim-tokens): super admins only. */

const PageForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create_token"), name: z.string().max(1000) }),
  z.object({ intent: z.literal("revoke_token"), token_id: idCoerced }),
]);

type Failure = { ok: false; error: string };
const failure = (status: number, error: string) => data<Failure>({ ok: false, error }, { status });

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
  if (!form.success) return failure(400, "Give the token a name");
  const input = form.data;
  try {
    if (input.intent === "revoke_token") {
      await revokeScimToken(current.actor, input.token_id);
      return { ok: true as const, created: null, message: "SCIM token revoked" };
    }
    const body = CreateScimTokenBody.safeParse({ name: input.name });
    if (!body.success) return failure(400, body.error.issues[0]?.message ?? "Invalid input");
    return { ok: true as const, created: await createScimTokenView(current.actor, body.data.name), message: null };
  } catch (err) {
    if (err instanceof ApiError) return failure(err.status, err.message);
    throw err;
  }
}
