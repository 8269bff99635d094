import { Link, Stack, TableCell, TableRow } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import { deadlineText } from "~/features/calibration/session-setup";
import { MEETING_ROLES, meetingPaths, type SessionListPageData } from "~/features/calibration/meeting-page-types";

/**
 * My calibration sessions (as session admin, panelist or sign-off party) in the cycle of ?cycle_id=, with the cycle
 * switcher. Static markup (issue 27); below 960 px the rows are stacked (ADR 0068).
 */
export function SessionListPage({ data }: { data: SessionListPageData }) {
  return (
    <Stack spacing={3} style={{ maxWidth: 1200 }}>
      <CyclePageHeader title={MEETING_ROLES[data.role].title} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} message={data.message} />
      ) : (
        <StackedTable
          stackBelow="md"
          testId="meeting-sessions"
          ariaLabel="Calibration sessions"
          empty={data.sessions.length === 0}
          emptyText="You have no calibration session in this cycle."
          emptyTestId="meeting-sessions-empty"
          head={
            <>
              <TableCell>Session</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Deadline</TableCell>
              <TableCell align="right">Participants</TableCell>
              <TableCell align="right">Changed ratings</TableCell>
              <TableCell>Session admin</TableCell>
            </>
          }
        >
          {data.sessions.map((s) => (
            <TableRow key={s.id} data-testid={`meeting-session-row-${s.id}`}>
              <TableCell>
                <Link to={meetingPaths.session(data.role, s.id, data.cycleId)} data-testid={`meeting-session-link-${s.id}`}>
                  {s.name}
                </Link>
              </TableCell>
              <TableCell data-label="State">
                <SessionStateChip state={s.state} testId={`meeting-session-state-${s.id}`} />
              </TableCell>
              <TableCell data-label="Deadline">{deadlineText(s.deadline)}</TableCell>
              <TableCell align="right" data-label="Participants">
                {s.participant_count}
              </TableCell>
              <TableCell align="right" data-label="Changed ratings">
                {s.changed_count}
              </TableCell>
              <TableCell data-label="Session admin">{peopleText([s.session_admin])}</TableCell>
            </TableRow>
          ))}
        </StackedTable>
      )}
    </Stack>
  );
}
