import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PanelistSessionPage } from "~/features/calibration/components/panelist-session-page";
import { loadSessionPage } from "~/features/calibration/meeting-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("calibrationMeeting.title.session", { name: data.detail.session.name }) : pageMessage("calibrationMeeting.title.sessionUnknown"),
);

/** /app/ratings/calibration-panelist/sessions/{sessionId}?cycle_id=: a session I sit on as a panelist, live. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSessionPage(request, params, "panelist", "sessionId");
}

export default function PanelistSession() {
  return <PanelistSessionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
