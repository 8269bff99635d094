import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SessionFormPage } from "~/features/calibration/components/session-form-page";
import { SetupErrorBoundary } from "~/features/calibration/components/session-setup-parts";
import { hrPartnerEditAction, loadHrPartnerEdit } from "~/features/calibration/hr-partner-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.session?.name ?? "Calibration session"} | PMR` }];

/** /app/ratings/hr-partners/sessions/{id}/edit: the HR partner edits their session (structure while a draft) and activates it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadHrPartnerEdit(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return hrPartnerEditAction(request, params);
}

export default function EditCalibrationSession() {
  return <SessionFormPage title="Edit calibration session" backLabel="Calibration sessions" />;
}

export const ErrorBoundary = SetupErrorBoundary;
