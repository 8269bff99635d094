import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { SessionListPage } from "~/features/calibration/components/session-list-page";
import { loadSessionListPage } from "~/features/calibration/meeting-pages.server";

export const handle = pageTitle("calibrationSetup.titles.sessionAdmin");

/** /app/session-admin/calibration-sessions?cycle_id=: the calibration sessions I run as session admin. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSessionListPage(request, "session_admin");
}

export default function SessionAdminSessions() {
  return <SessionListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
