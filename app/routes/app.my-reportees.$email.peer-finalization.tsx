import { pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";
import { useTranslation } from "react-i18next";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Link, Stack, Typography } from "~/platform/ui/static";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { ApproveSelectionButton, PeerPanel } from "~/features/peer-selection/components/peer-panel";
import css from "~/features/peer-selection/components/peer-pages.module.css";
import { isSpoofing } from "~/platform/auth.server";
import { reportPageParams, requireReportPage } from "~/features/manager-review/pages.server";
import { addReportPeer, approveReportPanel, removeReportPeer } from "~/features/peer-selection/manager-panel.server";
import { readReportPeerPage } from "~/features/peer-selection/report-page-reads.server";
import { cycleView, pageAction, panelView, peerEmailOf, unknownIntent } from "~/features/peer-selection/pages.server";
import { forPage } from "~/platform/page-errors.server";

export const handle = pageTitle<typeof loader>((data) =>
  data
    ? pageMessage("managerReview.titles.peersOf", {
        name: data.panel.participant.name,
      })
    : pageMessage("managerReview.titles.peersOfReport")
);

/**
 * /app/my-reportees/{email}/peer-finalization?cycle_id=: the manager reads, changes (add, remove a request not
 * accepted) or approves a direct report's peer selection; any change makes it Manager Approved (spec §4).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The report's cycles and panel in one statement (issue 27), with requireReportPage's and getReportPanel's 404/403.
  const { current, cycleId, email } = await reportPageParams(request, params);
  const { cycles, panel } = await forPage(() => readReportPeerPage(current.user.id, cycleId, email));
  return {
    cycles,
    cycleId,
    cycle: cycleView(panel.cycle),
    panel: panelView(panel),
    spoofing: isSpoofing(current),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireReportPage(request, params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { current, cycleId, email } = page;
  switch (intent) {
    case "add":
      return pageAction(intent, async () => {
        const peerEmail = peerEmailOf(form);
        const { panel, notice } = await addReportPeer(current, cycleId, email, peerEmail);
        const peer = panel.peers.find((p) => p.email === peerEmail);
        return {
          message: pageMessage("peers.result.requestedFor", {
            name: peer?.name ?? peerEmail,
            participant: panel.participant.name,
          }),
          warning: notice,
        };
      });
    case "remove":
      return pageAction(intent, async () => {
        const peerEmail = peerEmailOf(form);
        await removeReportPeer(current, cycleId, email, peerEmail);
        return {
          message: pageMessage("peers.result.withdrawn", { email: peerEmail }),
        };
      });
    case "approve":
      return pageAction(intent, async () => {
        const { panel } = await approveReportPanel(current, cycleId, email);
        return {
          message: pageMessage("peers.result.approved", {
            name: panel.participant.name,
          }),
        };
      });
    default:
      return unknownIntent(intent);
  }
}

export default function ReportPeerSelection() {
  const { cycles, cycleId, cycle, panel, spoofing } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack spacing={3} style={{ maxWidth: 1100 }}>
      <div>
        <Link to={`/app/my-reportees/peer-finalization?cycle_id=${cycleId}`} className={css.back}>
          {t("peers.team.back")}
        </Link>
        <div className={css.titleRow}>
          <Typography variant="h4" component="h1" data-testid="report-panel-title">
            {t("peers.team.reportTitle", { name: panel.participant.name })}
          </Typography>
          <CycleSwitcher cycles={cycles} selectedId={cycleId} />
        </div>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap style={{ marginTop: 8 }}>
          <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
          <Typography color="text.secondary">{panel.participant.email}</Typography>
        </Stack>
      </div>
      {panel.can_edit && (
        <Alert severity="info" data-testid="report-panel-note">
          {panel.panel_status === "manager_approved" ? t("peers.team.noteApproved") : t("peers.team.noteOpen", { name: panel.participant.name })}
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
