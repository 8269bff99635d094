import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { SessionListPage } from "~/features/calibration/components/session-list-page";
import { loadSessionListPage } from "~/features/calibration/meeting-pages.server";

export const meta: MetaFunction = () => [{ title: "Review Your Calibration Session | PMR" }];

/** /app/ratings/calibration-panelist/sessions?cycle_id=: the calibration sessions I sit on as a panelist. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSessionListPage(request, "panelist");
}

export default function PanelistSessions() {
  return <SessionListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
