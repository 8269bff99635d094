import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PanelistSessionPage } from "~/features/promotions/components/panelist-session-page";
import { loadPromotionSessionPage, panelistSessionAction } from "~/features/promotions/panelist-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("promotionsMeeting.titles.session", { name: data.detail.session.name }) : pageMessage("promotionsMeeting.titles.sessionUnknown"),
);

/** /app/promotions/calibration-panelist/sessions/{id}?cycle_id=[&nomination=]: a promotion session I sit on as a panelist, live. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPromotionSessionPage(request, params, "panelist");
}

/** intent=vote or intent=comment (on the open nomination). */
export async function action({ request, params }: ActionFunctionArgs) {
  return panelistSessionAction(request, params);
}

export default function PromotionPanelistSession() {
  return <PanelistSessionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
