import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { HrSessionPage } from "~/features/promotions/components/hr-session-page";
import { hrSessionAction, loadHrSessionPage } from "~/features/promotions/hr-session-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data?.detail.session.name ? pageMessage("promotionsHr.titles.session", { name: data.detail.session.name }) : pageMessage("promotionsHr.titles.sessionUnknown"),
);

/** /app/promotions/hr-partners/sessions/{id}?cycle_id=: run the promotion calibration session, live. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadHrSessionPage(request, params);
}

export async function action(args: ActionFunctionArgs) {
  return hrSessionAction(args);
}

export default function HrPromotionSession() {
  return <HrSessionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
