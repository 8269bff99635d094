import { pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";
import { useTranslation } from "react-i18next";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Alert, Box, Link, Stack, Typography } from "@mui/material";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { ApproveSelectionButton, PeerPanel } from "~/features/peer-selection/components/peer-panel";
import { isSpoofing } from "~/platform/auth.server";
import { requireReportPage } from "~/features/manager-review/pages.server";
import { addReportPeer, approveReportPanel, getReportPanel, removeReportPeer } from "~/features/peer-selection/manager-panel.server";
import { pageAction, PeerEmailField, unknownIntent } from "~/features/peer-selection/pages.server";
import { forPage } from "~/platform/page-errors.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("managerReview.titles.peersOf", { name: data.panel.participant.name }) : pageMessage("managerReview.titles.peersOfReport"),
);

/**
 * /app/my-reportees/{email}/peer-finalization?cycle_id=: the manager reads, changes (add, remove a request not
 * accepted) or approves a direct report's peer selection; any change makes it Manager Approved (spec §4).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireReportPage(request, params);
  const { panel } = await forPage(() => getReportPanel(page.current, page.cycleId, page.email));
  return { cycles: page.cycles, cycleId: page.cycleId, panel, spoofing: isSpoofing(page.current) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireReportPage(request, params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { current, cycleId, email } = page;
  switch (intent) {
    case "add":
      return pageAction(intent, async () => {
        const peerEmail = PeerEmailField.parse(form.get("peer_email") ?? "");
        const { panel, warning } = await addReportPeer(current, cycleId, email, peerEmail);
        const peer = panel.peers.find((p) => p.email === peerEmail);
        return { message: `Feedback requested from ${peer?.name ?? peerEmail} for ${panel.participant.name}`, warning };
      });
    case "remove":
      return pageAction(intent, async () => {
        const peerEmail = PeerEmailField.parse(form.get("peer_email") ?? "");
        await removeReportPeer(current, cycleId, email, peerEmail);
        return { message: `Request to ${peerEmail} withdrawn` };
      });
    case "approve":
      return pageAction(intent, async () => {
        const { panel } = await approveReportPanel(current, cycleId, email);
        return { message: `Selection of ${panel.participant.name} approved (Manager Approved)` };
      });
    default:
      return unknownIntent(intent);
  }
}

export default function ReportPeerSelection() {
  const { cycles, cycleId, panel, spoofing } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box>
        <Link component={RemixLink} to={`/app/my-reportees/peer-finalization?cycle_id=${cycleId}`} sx={{ display: "inline-block", mb: 1 }}>
          {t("peers.team.back")}
        </Link>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
          <Typography variant="h4" component="h1" data-testid="report-panel-title">
            {t("peers.team.reportTitle", { name: panel.participant.name })}
          </Typography>
          <CycleSwitcher cycles={cycles} selectedId={cycleId} />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 1, flexWrap: "wrap" }}>
          <CycleStageChip cycleId={panel.cycle.id} stage={panel.cycle.state} />
          <Typography color="text.secondary">{panel.participant.email}</Typography>
        </Stack>
      </Box>
      {panel.can_edit && (
        <Alert severity="info" data-testid="report-panel-note">
          {panel.panel_status === "manager_approved"
            ? t("peers.team.noteApproved")
            : t("peers.team.noteOpen", { name: panel.participant.name })}
        </Alert>
      )}
      <PeerPanel
        panel={panel}
        spoofing={spoofing}
        editor="manager"
        extraActions={panel.can_edit ? <ApproveSelectionButton spoofing={spoofing} approved={panel.panel_status === "manager_approved"} /> : undefined}
      />
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
