import { data } from "@remix-run/node";
import { z } from "zod";
import { idCoerced } from "~/platform/input";
import { ApiError } from "~/platform/api.server";
import { isSpoofing, requireUser, type CurrentUser } from "~/platform/auth.server";
import { CreateApiTokenBody } from "~/features/auth/tokens/contract.server";
import { createPersonalToken, listTokensHeldBy, revokeToken } from "~/features/auth/tokens/service.server";
import { PERSONAL_TOKEN_DAYS_MAX } from "~/features/auth/tokens/rules";
import { tokenNameIssue, tokenRefusal } from "~/features/auth/tokens/token-keys";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";

/**
 * Loaders and actions of the API tokens page (/app/api-tokens) and the token list on the admin user page. The actions
 * answer keys (ADR 0125): the refusal as `error`, "Token revoked" as `message`.
 */

const RevokeForm = z.object({ intent: z.literal("revoke_token"), token_id: idCoerced });
const CreateForm = z.object({
  intent: z.literal("create_token"),
  name: z.string(),
  expires_in_days: z.coerce.number().int().min(1).max(PERSONAL_TOKEN_DAYS_MAX),
});
const OwnForm = z.discriminatedUnion("intent", [RevokeForm, CreateForm]);

type Failure = { ok: false; error: PageMessage };
const failure = (status: number, error: PageMessage) => data<Failure>({ ok: false, error }, { status });

/** An ApiError (403 spoofing, 404 gone, 400 invalid) becomes a form error shown on the page. */
async function asFormResult<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) return failure(err.status, tokenRefusal(err));
    throw err;
  }
}

/** GET /app/api-tokens: the signed-in user's live tokens. */
export async function ownTokensLoader(request: Request) {
  const current = await requireUser(request);
  return { tokens: await listTokensHeldBy(current.user.id), spoofing: isSpoofing(current), maxDays: PERSONAL_TOKEN_DAYS_MAX };
}

/** POST /app/api-tokens: intent=create_token {name, expires_in_days} (the token is in this answer only) or intent=revoke_token {token_id}. */
export async function ownTokensAction(request: Request) {
  const current = await requireUser(request);
  const form = OwnForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return failure(400, pageMessage("tokens.result.nameAndDays"));
  const input = form.data;
  if (input.intent === "revoke_token") return revokeFromPage(current, input.token_id);
  const body = CreateApiTokenBody.safeParse({ name: input.name, expires_in_days: input.expires_in_days });
  if (!body.success) return failure(400, tokenNameIssue(body.error.issues[0]));
  return asFormResult(async () => ({ ok: true as const, created: await createPersonalToken(current, body.data), message: null }));
}

async function revokeFromPage(current: CurrentUser, tokenId: number) {
  return asFormResult(async () => {
    await revokeToken(current, tokenId);
    return { ok: true as const, created: null, message: pageMessage("tokens.result.revoked") };
  });
}

/** The admin user page's intent=revoke_token (the caller has checked that this is a super admin); null for other intents. */
export async function adminTokenAction(current: CurrentUser, form: Record<string, FormDataEntryValue>) {
  if (form.intent !== "revoke_token") return null;
  const parsed = RevokeForm.safeParse(form);
  if (!parsed.success) return failure(400, pageMessage("tokens.result.unknown"));
  return revokeFromPage(current, parsed.data.token_id);
}
