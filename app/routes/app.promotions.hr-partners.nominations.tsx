import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { HrNominationsPage } from "~/features/promotions/components/hr-nominations-page";
import { loadNominationsPage } from "~/features/promotions/hr-partner-pages.server";

export const handle = pageTitle("promotionsHr.titles.nominations");

/** /app/promotions/hr-partners/nominations?cycle_id=: the HR partner's nominations and promotion sessions in the cycle. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadNominationsPage(request);
}

export default function HrPartnerNominations() {
  return <HrNominationsPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
