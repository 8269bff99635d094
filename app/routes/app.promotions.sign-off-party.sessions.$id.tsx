import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { SignOffPage } from "~/features/promotions/components/sign-off-page";
import { loadPromotionSessionPage } from "~/features/promotions/panelist-pages.server";
import { signOffSessionAction } from "~/features/promotions/sign-off-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("promotionsMeeting.titles.session", { name: data.detail.session.name }) : pageMessage("promotionsMeeting.titles.sessionUnknown"),
);

/** /app/promotions/sign-off-party/sessions/{id}?cycle_id=[&nomination=]: read the outcome, approve it or send it back. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPromotionSessionPage(request, params, "sign_off");
}

/** intent=close (approve), intent=revision (send back) or intent=comment (on the open nomination). */
export async function action({ request, params }: ActionFunctionArgs) {
  return signOffSessionAction(request, params);
}

export default function PromotionSignOffSession() {
  return <SignOffPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
