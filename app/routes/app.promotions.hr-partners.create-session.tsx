import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PromotionSessionFormPage } from "~/features/promotions/components/session-form-page";
import { createAction, loadCreatePage } from "~/features/promotions/hr-partner-pages.server";

export const handle = pageTitle("promotionsHr.titles.create");

/** /app/promotions/hr-partners/create-session?cycle_id=: a new draft promotion session from nominations. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadCreatePage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return createAction(request);
}

export default function CreatePromotionSession() {
  return <PromotionSessionFormPage data={useLoaderData<typeof loader>()} mode="create" />;
}

export const ErrorBoundary = RouteErrorBoundary;
