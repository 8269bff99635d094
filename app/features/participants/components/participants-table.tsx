import { Link as RemixLink } from "@remix-run/react";
import { ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { ParticipantJson } from "~/features/participants/rules";
import { decisionMessage, ratingMessage } from "~/features/participants/messages";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, cx } from "~/platform/ui/static";
import { ClientTooltip, controls, StaticIcon } from "~/platform/ui/static-controls";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/participants/components/participants.module.css";

/**
 * The admin participant list's table (/app/admin/cycles/{cycleId}/participants), laid out to fit its box at 1440 px
 * (issue 15 item 11): the participant (name, email, reviewer-only) in one column, both managers in one, emails
 * wrapping instead of widening the table, and the actions as icon buttons with their names as tooltips.
 * On a phone (below 600 px) only the participant and one actions menu show; the rating and the promotion decision
 * move under the name, and the managers and HR partner behind the Edit page (the participant's detail view).
 * Static markup (issue 27): the tooltips are MUI's from hydration on, the phone's menu mounts on its first opening.
 */

/** The icons' paths (@mui/icons-material, Apache-2.0 / Material Design icons). */
export const PARTICIPANT_ICONS = {
  edit: "m14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z",
  star: "m22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z",
  trendingUp: "m16 6 2.29 2.29-4.88 4.88-4-4L2 16.59 3.41 18l6-6 4 4 6.3-6.29L22 12V6z",
  groups:
    "M4 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m1.13 1.1c-.37-.06-.74-.1-1.13-.1-.99 0-1.93.21-2.78.58C.48 14.9 0 15.62 0 16.43V18h4.5v-1.61c0-.83.23-1.61.63-2.29M20 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m4 3.43c0-.81-.48-1.53-1.22-1.85-.85-.37-1.79-.58-2.78-.58-.39 0-.76.04-1.13.1.4.68.63 1.46.63 2.29V18H24zm-7.76-2.78c-1.17-.52-2.61-.9-4.24-.9s-3.07.39-4.24.9C6.68 14.13 6 15.21 6 16.39V18h12v-1.61c0-1.18-.68-2.26-1.76-2.74M8.07 16c.09-.23.13-.39.91-.69.97-.38 1.99-.56 3.02-.56s2.05.18 3.02.56c.77.3.81.46.91.69zM12 8c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1m0-2c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3",
  delete: "M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z",
  moreVert: "M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2",
} as const;

const iconButton = cx(controls.iconButton, controls.iconButtonSmall);

type RowAction = { to: string; label: string; testId: string; icon: string };

/** A rating or decision as text in the reader's language; "—" when none. */
function say(t: TFunction, message: PageMessage | null): string {
  return message ? messageText(t, message) : "—";
}

/** A participant's pages (`at` is the participant's base path), shown as icon buttons or, on a phone, in one menu. */
function rowActions(t: TFunction, at: string, email: string): RowAction[] {
  return [
    { to: `${at}/edit`, label: t("participants.actions.edit"), testId: `participant-edit-${email}`, icon: PARTICIPANT_ICONS.edit },
    { to: `${at}/edit-rating`, label: t("participants.actions.rating"), testId: `participant-edit-rating-${email}`, icon: PARTICIPANT_ICONS.star },
    { to: `${at}/edit-promotion-decision`, label: t("participants.actions.promotion"), testId: `participant-edit-decision-${email}`, icon: PARTICIPANT_ICONS.trendingUp },
    { to: `${at}/panel`, label: t("participants.actions.panel"), testId: `participant-panel-${email}`, icon: PARTICIPANT_ICONS.groups },
  ];
}

function Action({ to, label, testId, icon }: RowAction) {
  return (
    <ClientTooltip title={label}>
      <RemixLink className={iconButton} to={to} aria-label={label} data-testid={testId}>
        <StaticIcon d={icon} small />
      </RemixLink>
    </ClientTooltip>
  );
}

/** The row's actions in one menu, for a phone (MUI's Menu, mounted from its first opening on). */
function ActionsMenu({ email, actions, busy, onDelete }: { email: string; actions: RowAction[]; busy: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(anchor !== null);
  const close = () => setAnchor(null);
  return (
    <>
      <button type="button" className={iconButton} aria-label={t("participants.actionsFor", { email })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <StaticIcon d={PARTICIPANT_ICONS.moreVert} small />
      </button>
      {mounted && (
        <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
          {actions.map((a) => (
            <MenuItem key={a.label} component={RemixLink} to={a.to} onClick={close}>
              <ListItemIcon>
                <StaticIcon d={a.icon} small />
              </ListItemIcon>
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
            <ListItemIcon className={css.deleteIcon}>
              <StaticIcon d={PARTICIPANT_ICONS.delete} small />
            </ListItemIcon>
            <ListItemText>{t("participants.deleteParticipant")}</ListItemText>
          </MenuItem>
        </Menu>
      )}
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
      <Table size="small" aria-label={t("participants.title")} className={css.table}>
        <TableHead>
          <TableRow>
            <TableCell>{t("participants.columns.participant")}</TableCell>
            <TableCell className={css.wide}>{t("participants.columns.manager")}</TableCell>
            <TableCell className={css.wide}>{t("participants.columns.hrPartner")}</TableCell>
            <TableCell className={css.wide}>{t("participants.columns.rating")}</TableCell>
            <TableCell className={css.wide}>{t("participants.columns.decision")}</TableCell>
            <TableCell align="right">{t("participants.columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {participants.map((p) => {
            const actions = rowActions(t, `${base}/${encodeURIComponent(p.email)}`, p.email);
            const remove = () => onDelete({ email: p.email, name: p.name });
            return (
              <TableRow key={p.id} data-testid={`participant-row-${p.email}`}>
                <TableCell className={css.nameCell}>
                  <Typography variant="body2">{p.name}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div" className={css.wrap}>
                    {p.email}
                  </Typography>
                  {p.reviewer_only && (
                    <Chip size="small" variant="outlined" label={t("participants.reviewerOnly")} className={css.reviewerChip} data-testid={`participant-reviewer-only-${p.email}`} />
                  )}
                  <Typography variant="caption" component="div" className={css.phoneOnly}>
                    {t("participants.ratingLine", { value: say(t, ratingMessage(p.calibrated_rating)) })}
                    <br />
                    {t("participants.promotionLine", { value: say(t, decisionMessage(p.promotion_decision)) })}
                  </Typography>
                </TableCell>
                <TableCell className={cx(css.wrap, css.wide)}>
                  <Box>{p.manager_email ?? "—"}</Box>
                  {p.secondary_manager_email && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t("participants.secondaryLine", { email: p.secondary_manager_email })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell className={cx(css.wrap, css.wide)}>{p.hr_partner_email ?? "—"}</TableCell>
                <TableCell className={css.wide} data-testid={`participant-rating-${p.email}`}>
                  {say(t, ratingMessage(p.calibrated_rating))}
                </TableCell>
                <TableCell className={css.wide} data-testid={`participant-decision-${p.email}`}>
                  {say(t, decisionMessage(p.promotion_decision))}
                </TableCell>
                <TableCell align="right">
                  <Box className={css.phoneOnly}>
                    <ActionsMenu email={p.email} busy={busy} onDelete={remove} actions={actions} />
                  </Box>
                  <Box className={css.actions}>
                    {actions.map((a) => (
                      <Action key={a.label} {...a} />
                    ))}
                    <ClientTooltip title={t("participants.deleteParticipant")}>
                      <button
                        type="button"
                        className={cx(iconButton, css.deleteButton)}
                        aria-label={t("participants.deleteOne", { email: p.email })}
                        disabled={busy}
                        onClick={remove}
                        data-testid={`participant-delete-${p.email}`}
                      >
                        <StaticIcon d={PARTICIPANT_ICONS.delete} small />
                      </button>
                    </ClientTooltip>
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
