import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { SignOffPage } from "~/features/calibration/components/sign-off-page";
import { loadSessionPage } from "~/features/calibration/meeting-pages.server";
import { signOffAction } from "~/features/calibration/sign-off-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("calibrationMeeting.title.session", { name: data.detail.session.name }) : pageMessage("calibrationMeeting.title.sessionUnknown"),
);

/** /app/sign-off-party/calibration-sessions/{id}?cycle_id=: read the outcome, close the session or request a revision. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSessionPage(request, params, "sign_off");
}

export async function action(args: ActionFunctionArgs) {
  return signOffAction(args);
}

export default function SignOffSession() {
  return <SignOffPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
