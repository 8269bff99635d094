import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { SessionFormPage } from "~/features/calibration/components/session-form-page";
import { SetupErrorBoundary } from "~/features/calibration/components/session-setup-parts";
import { hrPartnerCreateAction, loadHrPartnerCreate } from "~/features/calibration/hr-partner-pages.server";

export const handle = pageTitle("calibrationSetup.titles.create");

/** /app/ratings/hr-partners/create-session?cycle_id=: a new draft session of the HR partner's participants. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadHrPartnerCreate(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return hrPartnerCreateAction(request);
}

export default function CreateCalibrationSession() {
  return <SessionFormPage title="calibrationSetup.headings.create" backLabel="calibrationSetup.headings.backHr" />;
}

export const ErrorBoundary = SetupErrorBoundary;
