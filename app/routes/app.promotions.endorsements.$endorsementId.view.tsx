import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { EndorsementViewPage } from "~/features/promotions/components/endorsement-view-page";
import { loadEndorsementView } from "~/features/promotions/endorser-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `Endorsement: ${data.endorsement.nominee.name}` : "Endorsement"} | PMR` }];

/** /app/promotions/endorsements/{endorsementId}/view?cycle_id=: one endorsement, read-only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEndorsementView(request, params);
}

export default function ViewEndorsement() {
  return <EndorsementViewPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
