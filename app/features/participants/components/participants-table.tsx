import { Link as RemixLink } from "@remix-run/react";
import {
  Box,
  Chip,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import StarOutlineIcon from "@mui/icons-material/StarOutline";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { useState, type ReactElement } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { ParticipantJson } from "~/features/participants/rules";
import { decisionMessage, ratingMessage } from "~/features/participants/messages";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";

/**
 * The admin participant list's table (/app/admin/cycles/{cycleId}/participants), laid out to fit its box at 1440 px
 * (issue 15 item 11): the participant (name, email, reviewer-only) in one column, both managers in one, emails
 * wrapping instead of widening the table, and the actions as icon buttons with their names as tooltips.
 * On a phone (below 600 px) only the participant and one actions menu show; the rating and the promotion decision
 * move under the name, and the managers and HR partner behind the Edit page (the participant's detail view).
 */

const wrap = { overflowWrap: "anywhere" } as const;
/** Columns shown from 600 px up; on a phone their content is under the name or behind the actions menu. */
const wide = { display: { xs: "none", sm: "table-cell" } } as const;
const phoneOnly = { display: { xs: "block", sm: "none" } } as const;

type RowAction = { to: string; label: string; testId: string; icon: ReactElement };

/** A rating or decision as text in the reader's language; "—" when none. */
function say(t: TFunction, message: PageMessage | null): string {
  return message ? messageText(t, message) : "—";
}

/** A participant's pages (`at` is the participant's base path), shown as icon buttons or, on a phone, in one menu. */
function rowActions(t: TFunction, at: string, email: string): RowAction[] {
  return [
    { to: `${at}/edit`, label: t("participants.actions.edit"), testId: `participant-edit-${email}`, icon: <EditOutlinedIcon fontSize="small" /> },
    { to: `${at}/edit-rating`, label: t("participants.actions.rating"), testId: `participant-edit-rating-${email}`, icon: <StarOutlineIcon fontSize="small" /> },
    { to: `${at}/edit-promotion-decision`, label: t("participants.actions.promotion"), testId: `participant-edit-decision-${email}`, icon: <TrendingUpIcon fontSize="small" /> },
    { to: `${at}/panel`, label: t("participants.actions.panel"), testId: `participant-panel-${email}`, icon: <GroupsOutlinedIcon fontSize="small" /> },
  ];
}

function Action({ to, label, testId, icon }: RowAction) {
  return (
    <Tooltip title={label} describeChild>
      <IconButton size="small" component={RemixLink} to={to} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The row's actions in one menu, for a phone. */
function ActionsMenu({ email, actions, busy, onDelete }: { email: string; actions: RowAction[]; busy: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton size="small" aria-label={t("participants.actionsFor", { email })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {actions.map((a) => (
          <MenuItem key={a.label} component={RemixLink} to={a.to} onClick={close}>
            <ListItemIcon>{a.icon}</ListItemIcon>
            <ListItemText>{a.label}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem
          disabled={busy}
          onClick={() => {
            close();
            onDelete();
          }}
        >
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{t("participants.deleteParticipant")}</ListItemText>
        </MenuItem>
      </Menu>
    </>
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
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t("participants.title")} sx={{ tableLayout: "auto" }}>
        <TableHead>
          <TableRow>
            <TableCell>{t("participants.columns.participant")}</TableCell>
            <TableCell sx={wide}>{t("participants.columns.manager")}</TableCell>
            <TableCell sx={wide}>{t("participants.columns.hrPartner")}</TableCell>
            <TableCell sx={wide}>{t("participants.columns.rating")}</TableCell>
            <TableCell sx={wide}>{t("participants.columns.decision")}</TableCell>
            <TableCell align="right">{t("participants.columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {participants.map((p) => {
            const actions = rowActions(t, `${base}/${encodeURIComponent(p.email)}`, p.email);
            return (
              <TableRow key={p.id} data-testid={`participant-row-${p.email}`}>
                <TableCell sx={{ minWidth: { sm: 180 } }}>
                  <Typography variant="body2">{p.name}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div" sx={wrap}>
                    {p.email}
                  </Typography>
                  {p.reviewer_only && <Chip size="small" variant="outlined" label={t("participants.reviewerOnly")} sx={{ mt: 0.5 }} data-testid={`participant-reviewer-only-${p.email}`} />}
                  <Typography variant="caption" component="div" sx={phoneOnly}>
                    {t("participants.ratingLine", { value: say(t, ratingMessage(p.calibrated_rating)) })}
                    <br />
                    {t("participants.promotionLine", { value: say(t, decisionMessage(p.promotion_decision)) })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ ...wrap, ...wide }}>
                  <Box>{p.manager_email ?? "—"}</Box>
                  {p.secondary_manager_email && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t("participants.secondaryLine", { email: p.secondary_manager_email })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ ...wrap, ...wide }}>{p.hr_partner_email ?? "—"}</TableCell>
                <TableCell sx={wide} data-testid={`participant-rating-${p.email}`}>
                  {say(t, ratingMessage(p.calibrated_rating))}
                </TableCell>
                <TableCell sx={wide} data-testid={`participant-decision-${p.email}`}>
                  {say(t, decisionMessage(p.promotion_decision))}
                </TableCell>
                <TableCell align="right">
                  <Box sx={phoneOnly}>
                    <ActionsMenu
                      email={p.email}
                      busy={busy}
                      onDelete={() => onDelete({ email: p.email, name: p.name })}
                      actions={actions}
                    />
                  </Box>
                  <Stack direction="row" spacing={0} sx={{ justifyContent: "flex-end", flexWrap: "nowrap", display: { xs: "none", sm: "flex" } }}>
                    {actions.map((a) => (
                      <Action key={a.label} {...a} />
                    ))}
                    <Tooltip title={t("participants.deleteParticipant")} describeChild>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={t("participants.deleteOne", { email: p.email })}
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
