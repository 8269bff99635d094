import { redirect } from "@remix-run/node";
import { getCurrentUser, LOGIN_PATH, loginRedirectUrl } from "~/platform/auth.server";
import { loadShellState } from "~/features/shell/navigation.server";
import { publicLinks } from "~/features/shell/config.server";

/**
 * The /app layout's data: the shell for a signed-in user (who, the real user while spoofing, the navigation
 * flags, the coachmarks already stored), only the public links for the login screen; anyone else is sent to
 * sign in.
 */
export async function loadAppShell(request: Request) {
  const url = new URL(request.url);
  const links = publicLinks();
  const current = await getCurrentUser(request);
  if (!current) {
    if (url.pathname === LOGIN_PATH) return { user: null, links } as const;
    throw redirect(loginRedirectUrl(request));
  }
  const { flags, coachmarks, tours, badges } = await loadShellState(current.user.id, request);
  const { user, realUser } = current;
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role, profileImageUrl: user.profileImageUrl },
    realUser: realUser ? { id: realUser.id, name: realUser.name, email: realUser.email } : null,
    flags,
    badges,
    coachmarkTypes: coachmarks.map((c) => c.coachmark_type),
    tours,
    links,
  } as const;
}
