import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { AdminSessionsPage } from "~/features/calibration/components/admin-sessions-page";
import { adminSessionsAction, loadAdminSessionsPage } from "~/features/calibration/admin-pages.server";

export const handle = pageTitle("calibrationSetup.titles.admin");

/** /app/admin/calibration-sessions?cycle_id=: every calibration session of the cycle (super admin; the admin layout guards). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadAdminSessionsPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return adminSessionsAction(request);
}

export default function AdminCalibrationSessions() {
  return <AdminSessionsPage title="calibrationSetup.headings.admin" />;
}
