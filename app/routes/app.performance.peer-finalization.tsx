import { useTranslation } from "react-i18next";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Divider } from "~/platform/ui/static";
import { CyclePageFrame } from "~/features/cycles/components/cycle-page-frame";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { IncomingRequests } from "~/features/peer-selection/components/incoming-requests";
import { PeerPanel } from "~/features/peer-selection/components/peer-panel";
import { isSpoofing } from "~/platform/auth.server";
import { addMyPeer, removeMyPeer } from "~/features/peer-selection/service.server";
import { respondToPeerRequest } from "~/features/peer-selection/peer-requests.server";
import { readMyPeerPage } from "~/features/peer-selection/page-reads.server";
import { incomingView, pageAction, panelView, peerEmailOf, requestIdOf, selectedCyclePage, unknownIntent } from "~/features/peer-selection/pages.server";
import { acceptedLoadNotice } from "~/features/peer-selection/rules";
import { pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.peerSelection");

/**
 * /app/performance/peer-finalization?cycle_id=: my panel (mandatory reviewers, peers I asked with their
 * status, the add-peer picker) and the feedback requests addressed to me with Accept/Decline.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await selectedCyclePage(request);
  if (page.kind !== "selected") return { kind: page.kind, message: page.message, cycles: page.cycles } as const;
  const read = await readMyPeerPage(page.current, page.cycle);
  const incoming = incomingView(read.incoming);
  return {
    kind: "selected",
    cycles: page.cycles,
    cycleId: page.cycleId,
    cycle: incoming.cycle,
    panel: read.panel ? panelView(read.panel) : null,
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
        const email = peerEmailOf(form);
        const { panel, notice } = await addMyPeer(current, cycleId, email);
        const peer = panel.peers.find((p) => p.email === email);
        return { message: pageMessage("peers.result.requested", { name: peer?.name ?? email }), warning: notice };
      });
    case "remove":
      return pageAction(intent, async () => {
        const email = peerEmailOf(form);
        await removeMyPeer(current, cycleId, email);
        return { message: pageMessage("peers.result.withdrawn", { email }) };
      });
    case "accept":
    case "decline":
      return pageAction(intent, async () => {
        const res = await respondToPeerRequest(current, cycleId, requestIdOf(form), intent);
        const name = res.request.participant.name;
        return {
          message: pageMessage(intent === "accept" ? "peers.result.accepted" : "peers.result.declined", { name }),
          warning: intent === "accept" ? acceptedLoadNotice(res.accepted_count) : null,
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
