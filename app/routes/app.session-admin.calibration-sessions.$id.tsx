import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { SessionAdminPage } from "~/features/calibration/components/session-admin-page";
import { loadSessionAdminPage, sessionAdminAction } from "~/features/calibration/session-admin-pages.server";
import { loadSessionThermaScans } from "~/features/decision-support/pages.server";
import { ThermaScanSessionPanel } from "~/features/decision-support/components/therma-scan-views";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("calibrationMeeting.title.session", { name: data.detail.session.name }) : pageMessage("calibrationMeeting.title.sessionUnknown"),
);

/** /app/session-admin/calibration-sessions/{id}?cycle_id=&page=: run the calibration meeting, live. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await loadSessionAdminPage(request, params);
  // The participants' Therma-scan, read-only (ADR 0033).
  return { ...page, thermaScans: await loadSessionThermaScans(request, params, page.cycleId) };
}

export async function action(args: ActionFunctionArgs) {
  return sessionAdminAction(args);
}

export default function SessionAdminSession() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <SessionAdminPage data={data} />
      <ThermaScanSessionPanel scans={data.thermaScans} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
