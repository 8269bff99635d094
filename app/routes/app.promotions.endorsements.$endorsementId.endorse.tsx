import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { EndorsementAnswerPage } from "~/features/promotions/components/endorsement-answer-page";
import { endorseAction, loadEndorsePage } from "~/features/promotions/endorser-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("promotions.titles.endorse", { name: data.endorsement.nominee.name }) : pageMessage("promotions.titles.endorseUnknown"),
);

/** /app/promotions/endorsements/{endorsementId}/endorse?cycle_id=: the endorser accepts or rejects the request, then endorses. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEndorsePage(request, params);
}

export async function action(args: ActionFunctionArgs) {
  return endorseAction(args);
}

export default function EndorseNomination() {
  return <EndorsementAnswerPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
