import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PromotionSessionFormPage } from "~/features/promotions/components/session-form-page";
import { editAction, loadEditPage } from "~/features/promotions/hr-partner-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.kind === "form" ? (data.form.session?.name ?? "Promotion session") : "Promotion session"} | PMR` }];

/** /app/promotions/hr-partners/sessions/{id}/edit: the HR partner edits their promotion session (everything while a draft, then the deadline). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEditPage(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return editAction(request, params);
}

export default function EditPromotionSession() {
  return <PromotionSessionFormPage data={useLoaderData<typeof loader>()} title="Edit promotion session" />;
}

export const ErrorBoundary = RouteErrorBoundary;
