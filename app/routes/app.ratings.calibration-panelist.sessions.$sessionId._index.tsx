import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PanelistSessionPage } from "~/features/calibration/components/panelist-session-page";
import { loadSessionPage } from "~/features/calibration/meeting-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.detail.session.name ?? "Calibration session"} | PMR` }];

/** /app/ratings/calibration-panelist/sessions/{sessionId}?cycle_id=: a session I sit on as a panelist, live. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSessionPage(request, params, "panelist", "sessionId");
}

export default function PanelistSession() {
  return <PanelistSessionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
