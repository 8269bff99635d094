import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { SessionFormPage } from "~/features/calibration/components/session-form-page";
import { SetupErrorBoundary } from "~/features/calibration/components/session-setup-parts";
import { hrPartnerEditAction, loadHrPartnerEdit } from "~/features/calibration/hr-partner-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data?.session ? pageMessage("calibrationSetup.titles.edit", { name: data.session.name }) : pageMessage("calibrationSetup.titles.editUnknown"),
);

/** /app/ratings/hr-partners/sessions/{id}/edit: the HR partner edits their session (structure while a draft) and activates it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadHrPartnerEdit(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return hrPartnerEditAction(request, params);
}

export default function EditCalibrationSession() {
  return <SessionFormPage title="calibrationSetup.headings.edit" backLabel="calibrationSetup.headings.backHr" />;
}

export const ErrorBoundary = SetupErrorBoundary;
