import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { EndorsementListPage } from "~/features/promotions/components/endorsement-list-page";
import { loadEndorsementList } from "~/features/promotions/endorser-pages.server";

export const meta: MetaFunction = () => [{ title: "Endorsement Requests | PMR" }];

/** /app/promotions/endorsements: the signed-in user's endorsement requests. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadEndorsementList(request);
}

export default function EndorsementRequests() {
  return <EndorsementListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
