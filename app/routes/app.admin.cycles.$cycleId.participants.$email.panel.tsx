import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { requireParticipantPage } from "~/features/participants/pages.server";
import { getParticipantPanel } from "~/features/participants/queries.server";
import { ParticipantsPageHeader } from "~/features/participants/components/participant-admin-parts";
import { AddPeerForm } from "~/features/peer-selection/components/add-peer-form";
import { addAdminPanelReviewer, getAdminPanelView } from "~/features/peer-selection/admin-panel.server";
import { pageAction, PeerEmailField, unknownIntent } from "~/features/peer-selection/pages.server";
import { isSpoofing } from "~/platform/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Panel of ${data?.panel.participant.name ?? "Participant"} - PMR` }];

/**
 * /app/admin/cycles/{cycleId}/participants/{email}/panel: the participant's mandatory reviewers and peer requests;
 * a super admin adds a reviewer here (POST …/panel/new under the manager's rules, ADR 0034).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { current, cycle, participant } = await requireParticipantPage(request, params);
  const [panel, editable] = await Promise.all([
    getParticipantPanel(cycle.id, participant.email),
    current.user.role === "SUPER_ADMIN" ? getAdminPanelView(current, cycle.id, participant.email) : Promise.resolve(null),
  ]);
  return { cycle, panel, editable, spoofing: isSpoofing(current) };
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
  const { cycle, panel, editable, spoofing } = useLoaderData<typeof loader>();
  const { participant } = panel;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <ParticipantsPageHeader cycle={cycle} title={`Panel of ${participant.name}`} gap={1} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {participant.email} · mandatory reviewers derived from the participant records of this cycle
      </Typography>
      {!panel.receives_feedback ? (
        <Alert severity="info" data-testid="panel-reviewer-only">
          This participant is reviewer-only: they give feedback but receive none, so they have no panel.
        </Alert>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 900 }}>
            <Table size="small" aria-label="Mandatory reviewers">
              <TableHead>
                <TableRow>
                  <TableCell>Reviewer Type</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {panel.reviewers.map((r) => (
                  <TableRow key={`${r.reviewer_type}-${r.email}`} data-testid={`panel-row-${r.email}`}>
                    <TableCell>
                      <Chip size="small" label={r.reviewer_type_label} data-testid={`panel-type-${r.email}`} />
                    </TableCell>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>{r.email}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 3, mb: 1 }}>
            <Typography variant="h6" component="h2">
              Peers and stakeholders
            </Typography>
            <Chip size="small" color={panel.panel_status === "manager_approved" ? "primary" : "default"} label={panel.panel_status_label} data-testid="panel-status" />
          </Box>
          {editable &&
            (editable.can_edit ? (
              <Box sx={{ maxWidth: 900, mb: 2 }} data-testid="panel-add-reviewer">
                <AddPeerForm panel={editable} spoofing={spoofing} />
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="panel-add-blocked">
                Reviewers can be added in the peer selection stage only: {editable.edit_blocked_reason}
              </Typography>
            ))}
          {panel.peer_requests.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="panel-no-peers">
              No peers asked yet. Peers and stakeholders are added through peer selection by the participant, their manager or an admin.
            </Typography>
          ) : (
            <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 900 }}>
              <Table size="small" aria-label="Peer requests">
                <TableHead>
                  <TableRow>
                    <TableCell>Status</TableCell>
                    <TableCell>Name</TableCell>
                    <TableCell>Email</TableCell>
                    <TableCell>Requested by</TableCell>
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
                          label={r.status_label}
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
          )}
        </>
      )}
    </Box>
  );
}
