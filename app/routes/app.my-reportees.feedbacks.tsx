import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { MyReporteesList } from "~/features/manager-review/my-reportees-list";
import { loadReporteesPage } from "~/features/manager-review/pages.server";

export const meta: MetaFunction = () => [{ title: "Manager Feedback and Promotion Nominations | PMR" }];

/** /app/my-reportees/feedbacks (navigation 'Manager Feedback and Promotion Nominations'): the same team list as /app/my-reportees. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadReporteesPage(request);
}

export default function ManagerFeedbackAndNominations() {
  const data = useLoaderData<typeof loader>();
  return <MyReporteesList data={data} title="Manager Feedback and Promotion Nominations" />;
}

export const ErrorBoundary = RouteErrorBoundary;
