import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { EndorsementAnswerPage } from "~/features/promotions/components/endorsement-answer-page";
import { endorseAction, loadEndorsePage } from "~/features/promotions/endorser-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `Endorse ${data.endorsement.nominee.name}` : "Endorsement request"} | PMR` }];

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
