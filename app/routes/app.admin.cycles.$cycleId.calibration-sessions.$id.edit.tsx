import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { SessionFormPage } from "~/features/calibration/components/session-form-page";
import { SetupErrorBoundary } from "~/features/calibration/components/session-setup-parts";
import { adminEditAction, loadAdminEdit } from "~/features/calibration/admin-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data?.session
    ? pageMessage("calibrationSetup.titles.adminEdit", { name: data.session.name, cycle: data.cycle.name })
    : pageMessage("calibrationSetup.titles.adminEditUnknown"),
);

/** /app/admin/cycles/{cycleId}/calibration-sessions/{id}/edit: any session (structure while a draft, the deadline while open), activate. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadAdminEdit(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return adminEditAction(request, params);
}

export default function AdminEditCalibrationSession() {
  return <SessionFormPage title="calibrationSetup.headings.edit" backLabel="calibrationSetup.headings.backAdmin" />;
}

export const ErrorBoundary = SetupErrorBoundary;
