import { Link as RemixLink } from "@remix-run/react";
import { Box, Chip, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import StarOutlineIcon from "@mui/icons-material/StarOutline";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import type { ReactElement } from "react";
import { decisionText, ratingText, type ParticipantJson } from "~/features/participants/rules";

/**
 * The admin participant list's table (/app/admin/cycles/{cycleId}/participants), laid out to fit its box at 1440 px
 * (issue 15 item 11): the participant (name, email, reviewer-only) in one column, both managers in one, emails
 * wrapping instead of widening the table, and the actions as icon buttons with their names as tooltips.
 */

const wrap = { overflowWrap: "anywhere" } as const;

function Action({ to, label, testId, icon }: { to: string; label: string; testId: string; icon: ReactElement }) {
  return (
    <Tooltip title={label} describeChild>
      <IconButton size="small" component={RemixLink} to={to} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export function ParticipantsTable({
  participants,
  base,
  busy,
  onDelete,
}: {
  participants: ParticipantJson[];
  base: string;
  busy: boolean;
  onDelete: (p: { email: string; name: string }) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Participants" sx={{ tableLayout: "auto" }}>
        <TableHead>
          <TableRow>
            <TableCell>Participant</TableCell>
            <TableCell>Manager</TableCell>
            <TableCell>HR Partner</TableCell>
            <TableCell>Calibrated Rating</TableCell>
            <TableCell>Promotion Decision</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {participants.map((p) => {
            const at = `${base}/${encodeURIComponent(p.email)}`;
            return (
              <TableRow key={p.id} data-testid={`participant-row-${p.email}`}>
                <TableCell sx={{ minWidth: 180 }}>
                  <Typography variant="body2">{p.name}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div" sx={wrap}>
                    {p.email}
                  </Typography>
                  {p.reviewer_only && <Chip size="small" variant="outlined" label="Reviewer Only" sx={{ mt: 0.5 }} data-testid={`participant-reviewer-only-${p.email}`} />}
                </TableCell>
                <TableCell sx={wrap}>
                  <Box>{p.manager_email ?? "—"}</Box>
                  {p.secondary_manager_email && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      Secondary: {p.secondary_manager_email}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={wrap}>{p.hr_partner_email ?? "—"}</TableCell>
                <TableCell data-testid={`participant-rating-${p.email}`}>{ratingText(p.calibrated_rating)}</TableCell>
                <TableCell data-testid={`participant-decision-${p.email}`}>{decisionText(p.promotion_decision)}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={0} sx={{ justifyContent: "flex-end", flexWrap: "nowrap" }}>
                    <Action to={`${at}/edit`} label="Edit" testId={`participant-edit-${p.email}`} icon={<EditOutlinedIcon fontSize="small" />} />
                    <Action to={`${at}/edit-rating`} label="Rating" testId={`participant-edit-rating-${p.email}`} icon={<StarOutlineIcon fontSize="small" />} />
                    <Action
                      to={`${at}/edit-promotion-decision`}
                      label="Promotion"
                      testId={`participant-edit-decision-${p.email}`}
                      icon={<TrendingUpIcon fontSize="small" />}
                    />
                    <Action to={`${at}/panel`} label="Panel" testId={`participant-panel-${p.email}`} icon={<GroupsOutlinedIcon fontSize="small" />} />
                    <Tooltip title="Delete participant" describeChild>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={`Delete ${p.email}`}
                        disabled={busy}
                        onClick={() => onDelete({ email: p.email, name: p.name })}
                        data-testid={`participant-delete-${p.email}`}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
