import type { ChangeEvent, ReactNode } from "react";
import { Trans } from "react-i18next";
import { Chip, Link, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { NOMINATION_STATUSES, type NominationStatus } from "~/features/manager-review/rules";
import type { SessionParticipantJson } from "~/features/calibration/types";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import { NOMINATION_KEYS } from "~/features/calibration/meeting-keys";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The participants of a session (shared by the three roles): the person and their manager, the proposed
 * and the current calibrated rating, the panelists' latest proposals, the comment count and the promotion
 * nomination. `href` links a name (the panelist's participant page); `actions` adds the session admin's
 * buttons; `selection` adds checkboxes (the session admin's move).
 *
 * Static markup (issue 27): a small outlined table whose cells wrap (every column fits at 1440 px, no text is
 * cut) and that becomes stacked rows below 1280 px (StackedTable, ADR 0068), each value under its column's name.
 * The rows are the page's rows (the session admin's page is paged on the server, ADR 0067).
 */

type Words = ReturnType<typeof useMeetingText>;

/** A nomination's status and who nominated (the status in the reader's language; a status off the list as it is). */
function nominationText(t: Words["t"], n: NonNullable<SessionParticipantJson["promotion_nomination"]>): string {
  const status = (NOMINATION_STATUSES as readonly string[]).includes(n.status) ? (n.status as NominationStatus) : null;
  if (!status) return n.status;
  return n.nominated_by ? t(NOMINATION_KEYS[status].by, { name: n.nominated_by.name }) : t(NOMINATION_KEYS[status].status);
}

function Potential({ value, m: { t, potential } }: { value: number | null; m: Words }) {
  return <>{t("calibrationMeeting.grid.potential", { value: potential(value) })}</>;
}

function NameCell({ row, href, m: { t } }: { row: SessionParticipantJson; href?: (p: SessionParticipantJson) => string; m: Words }) {
  return (
    <>
      {href && !row.terminated ? (
        <Link to={href(row)} data-testid={`sp-link-${row.id}`}>
          {row.user.name}
        </Link>
      ) : (
        <Typography variant="body2" component="span" data-testid={`sp-name-${row.id}`}>
          {row.user.name}
        </Typography>
      )}
      {row.terminated && <Chip size="small" label={t("calibrationMeeting.grid.terminated")} style={{ marginLeft: 8 }} data-testid={`sp-terminated-${row.id}`} />}
      <Typography variant="caption" color="text.secondary" className="sp-line">
        {[row.user.job_title, row.user.department].filter(Boolean).join(" · ")}
      </Typography>
    </>
  );
}

function Proposals({ row, m: { t } }: { row: SessionParticipantJson; m: Words }) {
  if (row.proposals.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`sp-proposals-${row.id}`}>
        {t("calibrationMeeting.grid.noProposals")}
      </Typography>
    );
  }
  return (
    <ul className={css.proposals} data-testid={`sp-proposals-${row.id}`}>
      {row.proposals.map((pr) => (
        // The justification on hover (the browser's own tooltip: nothing to render until asked).
        <li key={pr.panelist.id} title={pr.justification}>
          <Trans i18nKey="calibrationMeeting.grid.proposal" values={{ name: pr.panelist.name, rating: pr.rating }} components={[<strong key="r" />]} />
        </li>
      ))}
    </ul>
  );
}

function Nomination({ row, m: { t } }: { row: SessionParticipantJson; m: Words }) {
  const n = row.promotion_nomination;
  if (!n) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t("calibrationMeeting.grid.notNominated")}
      </Typography>
    );
  }
  return (
    <div data-testid={`sp-nomination-${row.id}`}>
      <Typography variant="body2" component="span" className="sp-line">
        {nominationText(t, n)}
      </Typography>
      {n.rationale && (
        <Typography variant="caption" color="text.secondary" component="span" className="sp-line">
          {n.rationale}
        </Typography>
      )}
    </div>
  );
}

export function ParticipantsGrid({
  participants,
  href,
  actions,
  selection,
}: {
  participants: SessionParticipantJson[];
  href?: (p: SessionParticipantJson) => string;
  actions?: (p: SessionParticipantJson) => ReactNode;
  selection?: { ids: number[]; onChange: (ids: number[]) => void };
}) {
  const m = useMeetingText();
  const { t, rating } = m;
  const selectable = participants.filter((p) => !p.terminated);
  const chosen = new Set(selection?.ids ?? []);
  const allChosen = selectable.length > 0 && selectable.every((p) => chosen.has(p.id));
  const toggle = (id: number) => (e: ChangeEvent<HTMLInputElement>) => {
    if (!selection) return;
    selection.onChange(e.target.checked ? [...selection.ids.filter((x) => x !== id), id] : selection.ids.filter((x) => x !== id));
  };
  const toggleAll = (e: ChangeEvent<HTMLInputElement>) => selection?.onChange(e.target.checked ? selectable.map((p) => p.id) : []);
  return (
    <div className={css.participants} data-testid="participants-grid">
      <StackedTable
        stackBelow="lg"
        compact
        ariaLabel={t("calibrationMeeting.grid.label")}
        empty={participants.length === 0}
        emptyText={t("calibrationMeeting.grid.empty")}
        head={
          <>
            {selection && (
              <TableCell padding="checkbox">
                <input type="checkbox" className={css.check} aria-label={t("calibrationMeeting.grid.selectAll")} checked={allChosen} disabled={selectable.length === 0} onChange={toggleAll} />
              </TableCell>
            )}
            <TableCell>{t("calibrationMeeting.grid.participant")}</TableCell>
            {actions && <TableCell>{t("calibrationMeeting.grid.actions")}</TableCell>}
            <TableCell>{t("calibrationMeeting.grid.manager")}</TableCell>
            <TableCell>{t("calibrationMeeting.grid.proposed")}</TableCell>
            <TableCell>{t("calibrationMeeting.grid.calibrated")}</TableCell>
            <TableCell>{t("calibrationMeeting.grid.proposals")}</TableCell>
            <TableCell align="right">{t("calibrationMeeting.grid.comments")}</TableCell>
            <TableCell>{t("calibrationMeeting.grid.nomination")}</TableCell>
          </>
        }
      >
        {participants.map((row) => (
          <TableRow key={row.id} data-testid={`sp-row-${row.id}`}>
            {selection && (
              <TableCell padding="checkbox" data-label={t("calibrationMeeting.grid.select")}>
                <input
                  type="checkbox"
                  className={css.check}
                  aria-label={t("calibrationMeeting.grid.selectName", { name: row.user.name })}
                  checked={chosen.has(row.id)}
                  disabled={row.terminated}
                  onChange={toggle(row.id)}
                />
              </TableCell>
            )}
            <TableCell>
              <NameCell row={row} href={href} m={m} />
            </TableCell>
            {actions && <TableCell data-label={t("calibrationMeeting.grid.actions")}>{actions(row)}</TableCell>}
            <TableCell data-label={t("calibrationMeeting.grid.manager")}>{row.manager?.name ?? t("calibrationMeeting.none")}</TableCell>
            <TableCell data-label={t("calibrationMeeting.grid.proposed")}>
              <span data-testid={`sp-proposed-${row.id}`}>{rating(row.proposed_rating)}</span>
            </TableCell>
            <TableCell data-label={t("calibrationMeeting.grid.calibrated")}>
              <span data-testid={`sp-rating-${row.id}`}>{rating(row.rating)}</span>
              <Typography variant="caption" color="text.secondary" component="span" className="sp-line" data-testid={`sp-potential-${row.id}`}>
                <Potential value={row.potential} m={m} />
              </Typography>
            </TableCell>
            <TableCell data-label={t("calibrationMeeting.grid.proposals")}>
              <Proposals row={row} m={m} />
            </TableCell>
            <TableCell data-label={t("calibrationMeeting.grid.comments")} align="right">
              <span data-testid={`sp-comments-${row.id}`}>{row.comment_count}</span>
            </TableCell>
            <TableCell data-label={t("calibrationMeeting.grid.nomination")}>
              <Nomination row={row} m={m} />
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </div>
  );
}
