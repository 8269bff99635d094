import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SnackbarProvider } from "notistack";
import { useMemo } from "react";
import { loadAppShell } from "~/features/shell/pages.server";
import { AppShell, SpoofBanner } from "~/features/shell/app-shell";
import { HelpButton } from "~/features/shell/help-dialog";
import { AddressToasts } from "~/features/shell/address-toasts";
import { UserFeedbackWidget } from "~/features/shell/user-feedback/user-feedback-dialog";
import { GuidedTours } from "~/features/tours/components/guided-tours";
import { navigationGroups, visibleNavigation } from "~/features/shell/navigation";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { TOAST_ANCHOR, TOAST_DURATION_MS } from "~/platform/theme/theme";
import { snackbarComponents } from "~/platform/ui/snackbar-variants";

/** The /app layout: the shell for a signed-in user; only content and Help for the login screen. */
export const loader = ({ request }: LoaderFunctionArgs) => loadAppShell(request);

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
    <SnackbarProvider autoHideDuration={TOAST_DURATION_MS} anchorOrigin={TOAST_ANCHOR} Components={snackbarComponents}>
      {data.user ? (
        <AppShell
          user={data.user}
          groups={groups}
          badges={data.badges}
          banner={data.realUser ? <SpoofBanner viewedUserName={data.user.name} /> : undefined}
        >
          <Outlet />
        </AppShell>
      ) : (
        <Outlet />
      )}
      <AddressToasts />
      <HelpButton feedback101Url={data.links.feedback101} />
      {data.user && (
        <UserFeedbackWidget
          hasCoachmark={data.coachmarkTypes.includes("user_feedback")}
          hasGivenFeedback={data.flags["has_user_feedback?"]}
        />
      )}
      {data.user && (
        <GuidedTours
          navGroupIds={groups.map((g) => g.id)}
          tours={data.tours}
          spoofing={data.realUser !== null}
          userFeedback={{ hasCoachmark: data.coachmarkTypes.includes("user_feedback"), hasGivenFeedback: data.flags["has_user_feedback?"] }}
        />
      )}
    </SnackbarProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
