import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { HrPartnerSessionsPage } from "~/features/calibration/components/hr-partner-sessions-page";
import { SetupErrorBoundary } from "~/features/calibration/components/session-setup-parts";
import { hrPartnerListAction, loadHrPartnerPage } from "~/features/calibration/hr-partner-pages.server";

export const handle = pageTitle("calibrationSetup.titles.hrPartners");

/** /app/ratings/hr-partners?cycle_id=: the HR partner's calibration sessions and participants in the cycle. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadHrPartnerPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return hrPartnerListAction(request);
}

export default function HrPartnerSessions() {
  return <HrPartnerSessionsPage title="calibrationSetup.headings.hrPartners" />;
}

export const ErrorBoundary = SetupErrorBoundary;
