import type { ReactNode } from "react";
import { TableCell, TableRow } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import type { SessionState } from "~/features/calibration/rules";
import type { PersonJson } from "~/features/calibration/types";
import { deadlineText } from "~/features/calibration/session-setup";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";

/**
 * The session list table of the HR partner's and the admin's rating calibration pages and of the HR partner's
 * promotion page: name, state, the page's own columns (`before` the people, `after` the deadline), the people,
 * the deadline and the row's actions (`actions` renders its TableCell). Test ids: `{prefix}-sessions-table`,
 * `{prefix}-sessions-empty`, `{prefix}-session-row-{id}`, `{prefix}-session-state-{id}`, with
 * `deadlineTestId` `{prefix}-session-deadline-{id}`, and a column's `testId` as `{testId}-{id}`.
 * Below 960 px its rows are stacked, each value beside its column's name (issue 27, ADR 0068).
 */

type SessionRow = {
  id: number;
  name: string;
  state: SessionState;
  session_admin: PersonJson | null;
  panelists: PersonJson[];
  sign_off_parties: PersonJson[];
  deadline: string | null;
};

export type SessionColumn<S> = { head: string; align?: "right"; testId?: string; cell: (s: S) => ReactNode };

function Cell<S extends { id: number }>({ column, session, label }: { column: Omit<SessionColumn<S>, "head">; session: S; label?: string }) {
  return (
    <TableCell align={column.align} data-label={label} data-testid={column.testId && `${column.testId}-${session.id}`}>
      {column.cell(session)}
    </TableCell>
  );
}

export function SessionTable<S extends SessionRow>({
  prefix,
  ariaLabel,
  emptyText,
  sessions,
  name,
  before = [],
  after = [],
  deadlineTestId = false,
  actions,
}: {
  prefix: string;
  ariaLabel: string;
  emptyText: string;
  sessions: S[];
  name: Omit<SessionColumn<S>, "head">;
  before?: SessionColumn<S>[];
  after?: SessionColumn<S>[];
  deadlineTestId?: boolean;
  actions: (s: S) => ReactNode;
}) {
  const heads = (columns: SessionColumn<S>[]) =>
    columns.map((c) => (
      <TableCell key={c.head} align={c.align}>
        {c.head}
      </TableCell>
    ));
  const cells = (columns: SessionColumn<S>[], s: S) => columns.map((c) => <Cell key={c.head} column={c} session={s} label={c.head} />);
  return (
    <StackedTable
      stackBelow="md"
      testId={`${prefix}-sessions-table`}
      ariaLabel={ariaLabel}
      empty={sessions.length === 0}
      emptyText={emptyText}
      emptyTestId={`${prefix}-sessions-empty`}
      head={
        <>
          <TableCell>Name</TableCell>
          <TableCell>State</TableCell>
          {heads(before)}
          <TableCell>Session admin</TableCell>
          <TableCell>Panelists</TableCell>
          <TableCell>Sign-off party</TableCell>
          <TableCell>Deadline</TableCell>
          {heads(after)}
          <TableCell align="right">Actions</TableCell>
        </>
      }
    >
      {sessions.map((s) => (
        <TableRow key={s.id} data-testid={`${prefix}-session-row-${s.id}`}>
          <Cell column={name} session={s} />
          <TableCell data-label="State">
            <SessionStateChip state={s.state} testId={`${prefix}-session-state-${s.id}`} />
          </TableCell>
          {cells(before, s)}
          <TableCell data-label="Session admin">{peopleText([s.session_admin])}</TableCell>
          <TableCell data-label="Panelists">{peopleText(s.panelists)}</TableCell>
          <TableCell data-label="Sign-off party">{peopleText(s.sign_off_parties)}</TableCell>
          <TableCell data-label="Deadline" data-testid={deadlineTestId ? `${prefix}-session-deadline-${s.id}` : undefined}>
            {deadlineText(s.deadline)}
          </TableCell>
          {cells(after, s)}
          {actions(s)}
        </TableRow>
      ))}
    </StackedTable>
  );
}
