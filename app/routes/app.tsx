import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { SnackbarProvider } from "notistack";
import { useMemo } from "react";
import { getDb } from "~/platform/db.server";
import { getCurrentUser, LOGIN_PATH, loginRedirectUrl } from "~/platform/auth.server";
import { computeRouteFlags } from "~/features/shell/navigation.server";
import { publicLinks } from "~/features/shell/config.server";
import { AppShell, SpoofBanner } from "~/features/shell/app-shell";
import { HelpButton } from "~/features/shell/help-dialog";
import { UserFeedbackWidget } from "~/features/shell/user-feedback/user-feedback-dialog";
import { navigationGroups, visibleNavigation } from "~/features/shell/navigation";
import { ErrorView } from "~/platform/ui/error-view";
import { TOAST_DURATION_MS } from "~/platform/theme/theme";

/** The /app layout: the shell for a signed-in user; only content and Help for the login screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const links = publicLinks();
  const current = await getCurrentUser(request);
  if (!current) {
    if (url.pathname === LOGIN_PATH) return { user: null, links } as const;
    throw redirect(loginRedirectUrl(request));
  }
  const db = await getDb();
  const [flags, coachmarks] = await Promise.all([
    computeRouteFlags(db, current.user.id),
    db.coachmark.findMany({ where: { userId: current.user.id }, select: { coachmarkType: true, isDismissed: true } }),
  ]);
  const { user, realUser } = current;
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role, profileImageUrl: user.profileImageUrl },
    realUser: realUser ? { id: realUser.id, name: realUser.name, email: realUser.email } : null,
    flags,
    coachmarkTypes: coachmarks.map((c) => c.coachmarkType),
    links,
  } as const;
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  const groups = useMemo(
    () =>
      data.user
        ? visibleNavigation(navigationGroups(data.links.generalGuideline), data.flags, data.user.role === "SUPER_ADMIN")
        : [],
    [data],
  );
  return (
    <SnackbarProvider autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: "top", horizontal: "center" }}>
      {data.user ? (
        <AppShell
          user={data.user}
          groups={groups}
          banner={data.realUser ? <SpoofBanner viewedUserName={data.user.name} /> : undefined}
        >
          <Outlet />
        </AppShell>
      ) : (
        <Outlet />
      )}
      <HelpButton feedback101Url={data.links.feedback101} />
      {data.user && (
        <UserFeedbackWidget
          hasCoachmark={data.coachmarkTypes.includes("user_feedback")}
          hasGivenFeedback={data.flags["has_user_feedback?"]}
        />
      )}
    </SnackbarProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error))
    return <ErrorView status={error.status} message={typeof error.data === "string" && error.data ? error.data : undefined} />;
  return <ErrorView crash />;
}
