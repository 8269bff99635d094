import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { EndorsementListPage } from "~/features/promotions/components/endorsement-list-page";
import { loadEndorsementList } from "~/features/promotions/endorser-pages.server";

export const handle = pageTitle("promotions.titles.endorsements");

/** /app/promotions/endorsements: the signed-in user's endorsement requests. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadEndorsementList(request);
}

export default function EndorsementRequests() {
  return <EndorsementListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
