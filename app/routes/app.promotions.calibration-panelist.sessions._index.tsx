import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PromotionSessionListPage } from "~/features/promotions/components/panelist-session-list";
import { loadPromotionListPage } from "~/features/promotions/panelist-pages.server";

export const handle = pageTitle("promotions.titles.panelistSessions");

/** /app/promotions/calibration-panelist/sessions?cycle_id=: the promotion calibration sessions I sit on as a panelist. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPromotionListPage(request, "panelist");
}

export default function PromotionPanelistSessions() {
  return <PromotionSessionListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
