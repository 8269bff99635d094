import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { AnytimeFeedbackPage } from "~/features/anytime-feedback/components/anytime-feedback-page";
import { anytimeFeedbackAction, loadAnytimeFeedbackPage } from "~/features/anytime-feedback/pages.server";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.anytimeFeedback");

/** /app/anytime-feedback: give feedback at any time; received, sent and (managers) the team's feedback. */
export const loader = (args: LoaderFunctionArgs) => loadAnytimeFeedbackPage(args);
export const action = (args: ActionFunctionArgs) => anytimeFeedbackAction(args);

export default function AnytimeFeedback() {
  return <AnytimeFeedbackPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
