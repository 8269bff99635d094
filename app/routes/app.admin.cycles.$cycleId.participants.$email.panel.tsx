import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "~/platform/ui/static";
import css from "~/features/participants/components/participants.module.css";
import { requireParticipantPage } from "~/features/participants/pages.server";
import { readAdminPanelPage } from "~/features/participants/panel-reads.server";
import { notFoundPage, pageIdParam } from "~/platform/page-errors.server";
import { ParticipantsPageHeader } from "~/features/participants/components/participant-admin-parts";
import { AddPeerForm } from "~/features/peer-selection/components/add-peer-form";
import { addAdminPanelReviewer } from "~/features/peer-selection/admin-panel.server";
import { pageAction, PeerEmailField, unknownIntent } from "~/features/peer-selection/pages.server";
import { assertSuperAdmin, isSpoofing, pageGuard, requireUser } from "~/platform/auth.server";
import { useTranslation } from "react-i18next";
import { pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";
import { PANEL_STATUS_KEYS, PEER_STATUS_KEYS } from "~/features/peer-selection/messages";
import { useSay } from "~/features/peer-selection/components/use-selection-action";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("participants.panel.pageTitle", { name: data.panel.participant.name }) : pageMessage("participants.panel.pageTitleUnknown"),
);

/**
 * /app/admin/cycles/{cycleId}/participants/{email}/panel: the participant's mandatory reviewers and peer requests;
 * a super admin adds a reviewer here (POST …/panel/new under the manager's rules, ADR 0034).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  // The cycle, the participant, their panel and, while a reviewer can be added, the add-reviewer form's view (peer
  // selection's) in one statement (issue 27); else the page says why.
  const page = await readAdminPanelPage(pageIdParam(params.cycleId), params.email ?? "");
  if (!page) throw notFoundPage();
  const { cycle, panel, adminBlocked } = page;
  const admin = current.user.role === "SUPER_ADMIN";
  const editable = admin && adminBlocked === null ? page.editable : null;
  return { cycle, panel, editable, blocked: admin ? adminBlocked : null, spoofing: isSpoofing(current) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle, participant } = await requireParticipantPage(request, params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "add") return unknownIntent(intent);
  return pageAction(intent, async () => {
    const peerEmail = PeerEmailField.parse(form.get("peer_email") ?? "");
    const { panel, warning } = await addAdminPanelReviewer(current, cycle.id, participant.email, peerEmail);
    const peer = panel.peers.find((p) => p.email === peerEmail);
    return { message: `Feedback requested from ${peer?.name ?? peerEmail} for ${panel.participant.name}`, warning };
  });
}

export default function ParticipantPanel() {
  const { cycle, panel, editable, blocked, spoofing } = useLoaderData<typeof loader>();
  const blockedReason = editable && !editable.can_edit ? editable.edit_blocked_reason : blocked;
  const { participant } = panel;
  const { t } = useTranslation();
  const say = useSay();
  const typeLabel = (type: string, label: string) => {
    const key = reviewerTypeKey(type);
    return key ? t(key) : label;
  };
  return (
    <Box className={css.page}>
      <ParticipantsPageHeader cycle={cycle} title={t("participants.panel.title", { name: participant.name })} gap={1} />
      <Typography color="text.secondary" className={css.intro}>
        {t("participants.panel.intro", { email: participant.email })}
      </Typography>
      {!panel.receives_feedback ? (
        <Alert severity="info" data-testid="panel-reviewer-only">
          {t("participants.panel.reviewerOnly")}
        </Alert>
      ) : (
        <>
          <Paper variant="outlined" className={css.panelTable}>
            <TableContainer>
            <Table size="small" aria-label={t("participants.panel.mandatory")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("participants.panel.reviewerType")}</TableCell>
                  <TableCell>{t("participants.panel.name")}</TableCell>
                  <TableCell>{t("participants.panel.email")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {panel.reviewers.map((r) => (
                  <TableRow key={`${r.reviewer_type}-${r.email}`} data-testid={`panel-row-${r.email}`}>
                    <TableCell>
                      <Chip size="small" label={typeLabel(r.reviewer_type, r.reviewer_type_label)} data-testid={`panel-type-${r.email}`} />
                    </TableCell>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>{r.email}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            </TableContainer>
          </Paper>
          <Box className={css.peersHeading}>
            <Typography variant="h6" component="h2">
              {t("participants.panel.peers")}
            </Typography>
            <Chip size="small" color={panel.panel_status === "manager_approved" ? "primary" : "default"} label={t(PANEL_STATUS_KEYS[panel.panel_status])} data-testid="panel-status" />
          </Box>
          {editable?.can_edit ? (
            <Box className={css.addPeer} data-testid="panel-add-reviewer">
              <AddPeerForm panel={editable} spoofing={spoofing} />
            </Box>
          ) : (
            blockedReason !== null && (
              <Typography variant="body2" color="text.secondary" className={css.blocked} data-testid="panel-add-blocked">
                {t("participants.panel.blocked", { reason: blockedReason ? say(blockedReason) : "" })}
              </Typography>
            )
          )}
          {panel.peer_requests.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="panel-no-peers">
              {t("participants.panel.noPeers")}
            </Typography>
          ) : (
            <Paper variant="outlined" className={css.panelTable}>
              <TableContainer>
              <Table size="small" aria-label={t("participants.panel.peerRequests")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("participants.panel.status")}</TableCell>
                    <TableCell>{t("participants.panel.name")}</TableCell>
                    <TableCell>{t("participants.panel.email")}</TableCell>
                    <TableCell>{t("participants.panel.requestedBy")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {panel.peer_requests.map((r) => (
                    <TableRow key={r.id} data-testid={`panel-peer-${r.email}`}>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={r.status === "accepted" ? "success" : r.status === "declined" ? "error" : "default"}
                          label={t(PEER_STATUS_KEYS[r.status])}
                        />
                      </TableCell>
                      <TableCell>{r.name}</TableCell>
                      <TableCell>{r.email}</TableCell>
                      <TableCell>{r.requested_by?.name ?? "—"}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              </TableContainer>
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}
