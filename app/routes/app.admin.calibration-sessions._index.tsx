import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AdminSessionsPage } from "~/features/calibration/components/admin-sessions-page";
import { adminSessionsAction, loadAdminSessionsPage } from "~/features/calibration/admin-pages.server";

export const meta: MetaFunction = () => [{ title: "Calibration Sessions | PMR" }];

/** /app/admin/calibration-sessions?cycle_id=: every calibration session of the cycle (super admin; the admin layout guards). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadAdminSessionsPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return adminSessionsAction(request);
}

export default function AdminCalibrationSessions() {
  return <AdminSessionsPage title="Calibration Sessions" />;
}
