import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PanelistSessionPage } from "~/features/promotions/components/panelist-session-page";
import { loadPromotionSessionPage, panelistSessionAction } from "~/features/promotions/panelist-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.detail.session.name ?? "Promotion calibration session"} | PMR`,
  },
];

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
