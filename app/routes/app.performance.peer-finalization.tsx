import { useTranslation } from "react-i18next";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Divider } from "@mui/material";
import { CyclePageFrame } from "~/features/cycles/components/cycle-page-frame";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { IncomingRequests } from "~/features/peer-selection/components/incoming-requests";
import { PeerPanel } from "~/features/peer-selection/components/peer-panel";
import { isSpoofing } from "~/platform/auth.server";
import { addMyPeer, getMyPanel, removeMyPeer } from "~/features/peer-selection/service.server";
import { listMyPeerRequests, respondToPeerRequest } from "~/features/peer-selection/peer-requests.server";
import { pageAction, PeerEmailField, RequestIdField, selectedCyclePage, unknownIntent } from "~/features/peer-selection/pages.server";
import { participantFetch } from "~/platform/page-errors.server";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.peerSelection");

/**
 * /app/performance/peer-finalization?cycle_id=: my panel (mandatory reviewers, peers I asked with their
 * status, the add-peer picker) and the feedback requests addressed to me with Accept/Decline.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await selectedCyclePage(request);
  if (page.kind !== "selected") return { kind: page.kind, message: page.message, cycles: page.cycles } as const;
  const incoming = await listMyPeerRequests(page.current, page.cycleId);
  const mine = await participantFetch(() => getMyPanel(page.current, page.cycleId));
  return {
    kind: "selected",
    cycles: page.cycles,
    cycleId: page.cycleId,
    cycle: incoming.cycle,
    panel: mine?.panel ?? null,
    incoming,
    spoofing: isSpoofing(page.current),
  } as const;
}

export async function action({ request }: ActionFunctionArgs) {
  const page = await selectedCyclePage(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (page.kind !== "selected") throw new Response(page.message, { status: 404, statusText: page.message });
  const { current, cycleId } = page;
  switch (intent) {
    case "add":
      return pageAction(intent, async () => {
        const email = PeerEmailField.parse(form.get("peer_email") ?? "");
        const { panel, warning } = await addMyPeer(current, cycleId, email);
        const peer = panel.peers.find((p) => p.email === email);
        return { message: `Feedback requested from ${peer?.name ?? email}`, warning };
      });
    case "remove":
      return pageAction(intent, async () => {
        const email = PeerEmailField.parse(form.get("peer_email") ?? "");
        await removeMyPeer(current, cycleId, email);
        return { message: `Request to ${email} withdrawn` };
      });
    case "accept":
    case "decline":
      return pageAction(intent, async () => {
        const id = RequestIdField.parse(form.get("request_id"));
        const res = await respondToPeerRequest(current, cycleId, id, intent);
        return {
          message: `${intent === "accept" ? "Accepted" : "Declined"} the feedback request of ${res.request.participant.name}`,
          warning: res.warning,
        };
      });
    default:
      return unknownIntent(intent);
  }
}

export default function PeerFinalization() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <CyclePageFrame title={t("peers.title")} data={data} cycle={(d) => d.cycle}>
      {({ panel, incoming, spoofing }) => (
        <>
          {panel ? (
            <PeerPanel panel={panel} spoofing={spoofing} editor="participant" />
          ) : (
            <Alert severity="info" data-testid="panel-not-participant">
              {t("peers.notParticipant")}
            </Alert>
          )}
          <Divider />
          <IncomingRequests incoming={incoming} spoofing={spoofing} />
        </>
      )}
    </CyclePageFrame>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
