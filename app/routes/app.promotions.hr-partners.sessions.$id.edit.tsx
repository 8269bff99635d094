import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PromotionSessionFormPage } from "~/features/promotions/components/session-form-page";
import { editAction, loadEditPage } from "~/features/promotions/hr-partner-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data?.kind === "form" && data.form.session ? pageMessage("promotionsHr.titles.session", { name: data.form.session.name }) : pageMessage("promotionsHr.titles.sessionUnknown"),
);

/** /app/promotions/hr-partners/sessions/{id}/edit: the HR partner edits their promotion session (everything while a draft, then the deadline). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEditPage(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return editAction(request, params);
}

export default function EditPromotionSession() {
  return <PromotionSessionFormPage data={useLoaderData<typeof loader>()} mode="edit" />;
}

export const ErrorBoundary = RouteErrorBoundary;
