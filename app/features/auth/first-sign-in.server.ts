import type { User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/actor";
import { ApiError } from "~/platform/api.server";
import { getDb } from "~/platform/db.server";
import { emailDomainAllowed, signInDisplayName } from "~/features/auth/rules";
import { ssoSettings, type SsoSettings } from "~/features/auth/sso-settings.server";
import { emailIsKnown, findActiveUserByEmail } from "~/features/auth/user-lookup.server";
import { createDirectoryUser } from "~/features/users/directory.server";
import { DIRECTORY_TEXT_MAX } from "~/features/users/directory-rules";
import { isPseudonymousEmail } from "~/features/privacy/rules";

/**
 * Who a provider's sign-in stands for (docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md): the
 * active user with that email (case-insensitive), whoever provisioned them (admin, import, SCIM, command line). With
 * SSO_ALLOWED_DOMAINS set, a person with a verified address of an allowed domain who is nobody in the directory yet
 * is created as an employee through the directory core, audited user.create by the system ("sign-in"). Everyone
 * else (an unknown address, an unverified one, a deactivated or erased user) is refused and nothing is written.
 */

/** What a provider vouches for. `emailVerified`: the provider says the person controls this address. */
export type ProviderIdentity = { email: string; name: string | null; emailVerified: boolean };

/** The actor of a user created at their first sign-in. */
export const SIGN_IN_ACTOR: Actor = { userId: null, realUserId: null, source: "system", label: "sign-in" };

/** A refusal: sign-in's 'Error while login' (page) or 401 (API). Built by the caller, so this module imports no provider code. */
export type Refuse = (message: string) => Error;

export async function userForIdentity(identity: ProviderIdentity, refuse: Refuse, settings: SsoSettings = ssoSettings()): Promise<User> {
  const existing = await findActiveUserByEmail(identity.email);
  if (existing) return existing;
  const email = identity.email.trim().toLowerCase();
  if (!identity.emailVerified || isPseudonymousEmail(email) || !emailDomainAllowed(email, settings.allowedDomains)) {
    throw refuse("No active user with this email address");
  }
  // Deactivated and erased people stay out: only an administrator (or the identity provider over SCIM) lets them back.
  if (await emailIsKnown(email)) throw refuse("No active user with this email address");
  try {
    const created = await createDirectoryUser(SIGN_IN_ACTOR, { email, name: signInDisplayName(email, identity.name, DIRECTORY_TEXT_MAX) });
    return (await getDb()).user.findUniqueOrThrow({ where: { id: created.id } });
  } catch (err) {
    // Two first sign-ins at once: the other one made the user.
    const made = await findActiveUserByEmail(email);
    if (made) return made;
    if (err instanceof ApiError) throw refuse(`This person cannot be added to the directory: ${err.message}`);
    throw err;
  }
}
