import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PanelistParticipantPage } from "~/features/calibration/components/panelist-participant-page";
import { loadParticipantPage, participantPageAction } from "~/features/calibration/panelist-pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data
    ? pageMessage("calibrationMeeting.title.participant", { name: data.detail.participant.user.name })
    : pageMessage("calibrationMeeting.title.participantUnknown"),
);

/**
 * /app/ratings/calibration-panelist/sessions/{sessionId}/participants/{participantId}/calibration-rating?cycle_id=
 * ({participantId}: the session participant's id): propose a rating with a justification, comment, read.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadParticipantPage(request, params);
}

export async function action(args: ActionFunctionArgs) {
  return participantPageAction(args);
}

export default function PanelistParticipantRating() {
  return <PanelistParticipantPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
