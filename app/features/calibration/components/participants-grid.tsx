import type { ChangeEvent, ReactNode } from "react";
import { Chip, Link, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { ratingText } from "~/features/participants/rules";
import { NOMINATION_STATUS_LABELS } from "~/features/manager-review/rules";
import { POTENTIAL_LABELS, type Potential } from "~/features/calibration/rules";
import type { SessionParticipantJson } from "~/features/calibration/types";
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

const potentialText = (v: number | null) => (v == null ? "—" : (POTENTIAL_LABELS[v as Potential] ?? String(v)));

function NameCell({ row, href }: { row: SessionParticipantJson; href?: (p: SessionParticipantJson) => string }) {
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
      {row.terminated && <Chip size="small" label="Terminated" style={{ marginLeft: 8 }} data-testid={`sp-terminated-${row.id}`} />}
      <Typography variant="caption" color="text.secondary" className="sp-line">
        {[row.user.job_title, row.user.department].filter(Boolean).join(" · ")}
      </Typography>
    </>
  );
}

function Proposals({ row }: { row: SessionParticipantJson }) {
  if (row.proposals.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`sp-proposals-${row.id}`}>
        None
      </Typography>
    );
  }
  return (
    <ul className={css.proposals} data-testid={`sp-proposals-${row.id}`}>
      {row.proposals.map((pr) => (
        // The justification on hover (the browser's own tooltip: nothing to render until asked).
        <li key={pr.panelist.id} title={pr.justification}>
          {pr.panelist.name}: <strong>{pr.rating}</strong>
        </li>
      ))}
    </ul>
  );
}

function Nomination({ row }: { row: SessionParticipantJson }) {
  const n = row.promotion_nomination;
  if (!n) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        Not nominated
      </Typography>
    );
  }
  return (
    <div data-testid={`sp-nomination-${row.id}`}>
      <Typography variant="body2" component="span" className="sp-line">
        {NOMINATION_STATUS_LABELS[n.status as keyof typeof NOMINATION_STATUS_LABELS] ?? n.status}
        {n.nominated_by ? ` by ${n.nominated_by.name}` : ""}
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
        ariaLabel="Participants"
        empty={participants.length === 0}
        emptyText="No participants"
        head={
          <>
            {selection && (
              <TableCell padding="checkbox">
                <input type="checkbox" className={css.check} aria-label="Select all rows" checked={allChosen} disabled={selectable.length === 0} onChange={toggleAll} />
              </TableCell>
            )}
            <TableCell>Participant</TableCell>
            {actions && <TableCell>Actions</TableCell>}
            <TableCell>Manager</TableCell>
            <TableCell>Proposed</TableCell>
            <TableCell>Calibrated</TableCell>
            <TableCell>Panelists&apos; proposals</TableCell>
            <TableCell align="right">Comments</TableCell>
            <TableCell>Promotion nomination</TableCell>
          </>
        }
      >
        {participants.map((row) => (
          <TableRow key={row.id} data-testid={`sp-row-${row.id}`}>
            {selection && (
              <TableCell padding="checkbox" data-label="Select">
                <input
                  type="checkbox"
                  className={css.check}
                  aria-label={`Select ${row.user.name}`}
                  checked={chosen.has(row.id)}
                  disabled={row.terminated}
                  onChange={toggle(row.id)}
                />
              </TableCell>
            )}
            <TableCell>
              <NameCell row={row} href={href} />
            </TableCell>
            {actions && <TableCell data-label="Actions">{actions(row)}</TableCell>}
            <TableCell data-label="Manager">{row.manager?.name ?? "—"}</TableCell>
            <TableCell data-label="Proposed">
              <span data-testid={`sp-proposed-${row.id}`}>{ratingText(row.proposed_rating)}</span>
            </TableCell>
            <TableCell data-label="Calibrated">
              <span data-testid={`sp-rating-${row.id}`}>{ratingText(row.rating)}</span>
              <Typography variant="caption" color="text.secondary" component="span" className="sp-line" data-testid={`sp-potential-${row.id}`}>
                Potential: {potentialText(row.potential)}
              </Typography>
            </TableCell>
            <TableCell data-label="Panelists' proposals">
              <Proposals row={row} />
            </TableCell>
            <TableCell data-label="Comments" align="right">
              <span data-testid={`sp-comments-${row.id}`}>{row.comment_count}</span>
            </TableCell>
            <TableCell data-label="Promotion nomination">
              <Nomination row={row} />
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </div>
  );
}
