import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/features/promotions/components/dashboard-page";
import { dashboardAction, loadDashboardPage } from "~/features/promotions/dashboard-pages.server";

export const handle = pageTitle("promotions.titles.dashboard");

/** /app/admin/promotion-dashboard?cycle_id=: promotion statistics and the cycle's promotion sessions (super admin; the admin layout guards). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadDashboardPage(request);
}

/** intent=close: one promotion session (session_id) or all of the cycle's (scope=all). */
export async function action({ request }: ActionFunctionArgs) {
  return dashboardAction(request);
}

export default function PromotionDashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
