import { useMemo, type ChangeEvent, type ReactNode } from "react";
import { Trans } from "react-i18next";
import { Chip, Link, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { NOMINATION_STATUSES, type NominationStatus } from "~/features/manager-review/rules";
import type { MeetingRowJson } from "~/features/calibration/meeting-page-types";
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
function nominationText(t: Words["t"], n: NonNullable<MeetingRowJson["promotion_nomination"]>): string {
  const status = (NOMINATION_STATUSES as readonly string[]).includes(n.status) ? (n.status as NominationStatus) : null;
  if (!status) return n.status;
  return n.nominated_by ? t(NOMINATION_KEYS[status].by, { name: n.nominated_by.name }) : t(NOMINATION_KEYS[status].status);
}

/**
 * The grid's words, translated once per render rather than once per row and cell (issue 27: the profile of a page of
 * 50 rows showed i18next's lookups as one of its largest costs).
 */
function gridWords(m: Words) {
  const { t } = m;
  const potentialLine = new Map<number | null, string>([null, 1, 2, 3].map((v) => [v, t("calibrationMeeting.grid.potential", { value: m.potential(v) })]));
  return {
    m,
    select: t("calibrationMeeting.grid.select"),
    actions: t("calibrationMeeting.grid.actions"),
    manager: t("calibrationMeeting.grid.manager"),
    proposed: t("calibrationMeeting.grid.proposed"),
    calibrated: t("calibrationMeeting.grid.calibrated"),
    proposals: t("calibrationMeeting.grid.proposals"),
    comments: t("calibrationMeeting.grid.comments"),
    nomination: t("calibrationMeeting.grid.nomination"),
    terminated: t("calibrationMeeting.grid.terminated"),
    noProposals: t("calibrationMeeting.grid.noProposals"),
    notNominated: t("calibrationMeeting.grid.notNominated"),
    none: t("calibrationMeeting.none"),
    /** "Potential: …" of a potential (a value off the scale: translated when met). */
    potential: (v: number | null) => potentialLine.get(v) ?? t("calibrationMeeting.grid.potential", { value: m.potential(v) }),
  };
}

type GridWords = ReturnType<typeof gridWords>;

function NameCell({ row, href, w }: { row: MeetingRowJson; href?: (p: MeetingRowJson) => string; w: GridWords }) {
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
      {row.terminated && <Chip size="small" label={w.terminated} style={{ marginLeft: 8 }} data-testid={`sp-terminated-${row.id}`} />}
      <Typography variant="caption" color="text.secondary" className="sp-line">
        {[row.user.job_title, row.user.department].filter(Boolean).join(" · ")}
      </Typography>
    </>
  );
}

function Proposals({ row, w }: { row: MeetingRowJson; w: GridWords }) {
  if (row.proposals.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`sp-proposals-${row.id}`}>
        {w.noProposals}
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

function Nomination({ row, w }: { row: MeetingRowJson; w: GridWords }) {
  const n = row.promotion_nomination;
  if (!n) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {w.notNominated}
      </Typography>
    );
  }
  return (
    <div data-testid={`sp-nomination-${row.id}`}>
      <Typography variant="body2" component="span" className="sp-line">
        {nominationText(w.m.t, n)}
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
  participants: MeetingRowJson[];
  href?: (p: MeetingRowJson) => string;
  actions?: (p: MeetingRowJson) => ReactNode;
  selection?: { ids: number[]; onChange: (ids: number[]) => void };
}) {
  const m = useMeetingText();
  const { t, rating } = m;
  const w = useMemo(() => gridWords(m), [m]);
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
              <TableCell padding="checkbox" data-label={w.select}>
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
              <NameCell row={row} href={href} w={w} />
            </TableCell>
            {actions && <TableCell data-label={w.actions}>{actions(row)}</TableCell>}
            <TableCell data-label={w.manager}>{row.manager?.name ?? w.none}</TableCell>
            <TableCell data-label={w.proposed}>
              <span data-testid={`sp-proposed-${row.id}`}>{rating(row.proposed_rating)}</span>
            </TableCell>
            <TableCell data-label={w.calibrated}>
              <span data-testid={`sp-rating-${row.id}`}>{rating(row.rating)}</span>
              <Typography variant="caption" color="text.secondary" component="span" className="sp-line" data-testid={`sp-potential-${row.id}`}>
                {w.potential(row.potential)}
              </Typography>
            </TableCell>
            <TableCell data-label={w.proposals}>
              <Proposals row={row} w={w} />
            </TableCell>
            <TableCell data-label={w.comments} align="right">
              <span data-testid={`sp-comments-${row.id}`}>{row.comment_count}</span>
            </TableCell>
            <TableCell data-label={w.nomination}>
              <Nomination row={row} w={w} />
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </div>
  );
}
