import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TableCell, TableRow } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import type { SessionState } from "~/features/calibration/rules";
import type { PersonJson } from "~/features/calibration/types";
import { SessionStateChip, peopleText, useDeadlineText } from "~/features/calibration/components/session-setup-parts";

/**
 * The session list table of the HR partner's and the admin's rating calibration pages and of the HR partner's
 * promotion page: name, state, the page's own columns (`before` the people, `after` the deadline), the people,
 * the deadline and the row's actions (`actions` renders its TableCell). Test ids: `{prefix}-sessions-table`,
 * `{prefix}-sessions-empty`, `{prefix}-session-row-{id}`, `{prefix}-session-state-{id}`, with
 * `deadlineTestId` `{prefix}-session-deadline-{id}`, and a column's `testId` as `{testId}-{id}`.
 * Below 960 px its rows are stacked, each value beside its column's name (issue 27, ADR 0068). The fixed columns'
 * names and the deadlines are in the reader's language (issue 28); a page's own columns come with their `head` said.
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
  const { t } = useTranslation();
  const deadline = useDeadlineText();
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
          <TableCell>{t("calibrationSetup.columns.name")}</TableCell>
          <TableCell>{t("calibrationSetup.columns.state")}</TableCell>
          {heads(before)}
          <TableCell>{t("calibrationSetup.columns.sessionAdmin")}</TableCell>
          <TableCell>{t("calibrationSetup.columns.panelists")}</TableCell>
          <TableCell>{t("calibrationSetup.columns.signOffParty")}</TableCell>
          <TableCell>{t("calibrationSetup.columns.deadline")}</TableCell>
          {heads(after)}
          <TableCell align="right">{t("calibrationSetup.columns.actions")}</TableCell>
        </>
      }
    >
      {sessions.map((s) => (
        <TableRow key={s.id} data-testid={`${prefix}-session-row-${s.id}`}>
          <Cell column={name} session={s} />
          <TableCell data-label={t("calibrationSetup.columns.state")}>
            <SessionStateChip state={s.state} testId={`${prefix}-session-state-${s.id}`} />
          </TableCell>
          {cells(before, s)}
          <TableCell data-label={t("calibrationSetup.columns.sessionAdmin")}>{peopleText([s.session_admin])}</TableCell>
          <TableCell data-label={t("calibrationSetup.columns.panelists")}>{peopleText(s.panelists)}</TableCell>
          <TableCell data-label={t("calibrationSetup.columns.signOffParty")}>{peopleText(s.sign_off_parties)}</TableCell>
          <TableCell data-label={t("calibrationSetup.columns.deadline")} data-testid={deadlineTestId ? `${prefix}-session-deadline-${s.id}` : undefined}>
            {deadline(s.deadline)}
          </TableCell>
          {cells(after, s)}
          {actions(s)}
        </TableRow>
      ))}
    </StackedTable>
  );
}
