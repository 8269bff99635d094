import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SessionFormPage } from "~/features/calibration/components/session-form-page";
import { SetupErrorBoundary } from "~/features/calibration/components/session-setup-parts";
import { adminEditAction, loadAdminEdit } from "~/features/calibration/admin-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.session?.name ?? "Calibration session"} - ${data?.cycle.name ?? "Cycle"} - PMR` }];

/** /app/admin/cycles/{cycleId}/calibration-sessions/{id}/edit: any session (structure while a draft, the deadline while open), activate. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadAdminEdit(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return adminEditAction(request, params);
}

export default function AdminEditCalibrationSession() {
  return <SessionFormPage title="Edit calibration session" backLabel="Calibration Sessions" />;
}

export const ErrorBoundary = SetupErrorBoundary;
