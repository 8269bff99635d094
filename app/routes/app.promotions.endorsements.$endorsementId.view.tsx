import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { EndorsementViewPage } from "~/features/promotions/components/endorsement-view-page";
import { loadEndorsementView } from "~/features/promotions/endorser-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("promotions.titles.endorsement", { name: data.endorsement.nominee.name }) : pageMessage("promotions.titles.endorsementUnknown"),
);

/** /app/promotions/endorsements/{endorsementId}/view?cycle_id=: one endorsement, read-only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEndorsementView(request, params);
}

export default function ViewEndorsement() {
  return <EndorsementViewPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
