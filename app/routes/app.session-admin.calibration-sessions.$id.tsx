import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { SessionAdminPage } from "~/features/calibration/components/session-admin-page";
import { loadSessionPage } from "~/features/calibration/meeting-pages.server";
import { sessionAdminAction } from "~/features/calibration/session-admin-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.detail.session.name ?? "Calibration session"} | PMR` }];

/** /app/session-admin/calibration-sessions/{id}?cycle_id=: run the calibration meeting, live. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSessionPage(request, params, "session_admin");
}

export async function action(args: ActionFunctionArgs) {
  return sessionAdminAction(args);
}

export default function SessionAdminSession() {
  return <SessionAdminPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
