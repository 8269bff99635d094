import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { SessionListPage } from "~/features/calibration/components/session-list-page";
import { loadSessionListPage } from "~/features/calibration/meeting-pages.server";

export const meta: MetaFunction = () => [{ title: "Sign-off Rating Calibration Session | PMR" }];

/** /app/sign-off-party/calibration-sessions?cycle_id=: the calibration sessions I sign off. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSessionListPage(request, "sign_off");
}

export default function SignOffSessions() {
  return <SessionListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
