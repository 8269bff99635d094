import { Link as RemixLink } from "@remix-run/react";
import { Link, Stack, TableCell, TableRow } from "@mui/material";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import { deadlineText } from "~/features/calibration/session-setup";
import { MEETING_ROLES, meetingPaths, type SessionListPageData } from "~/features/calibration/meeting-page-types";

/** My calibration sessions (as session admin, panelist or sign-off party) in the cycle of ?cycle_id=, with the cycle switcher. */
export function SessionListPage({ data }: { data: SessionListPageData }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <CyclePageHeader title={MEETING_ROLES[data.role].title} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} message={data.message} />
      ) : (
        <OutlinedTable
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
                <Link component={RemixLink} to={meetingPaths.session(data.role, s.id, data.cycleId)} data-testid={`meeting-session-link-${s.id}`}>
                  {s.name}
                </Link>
              </TableCell>
              <TableCell>
                <SessionStateChip state={s.state} testId={`meeting-session-state-${s.id}`} />
              </TableCell>
              <TableCell>{deadlineText(s.deadline)}</TableCell>
              <TableCell align="right">{s.participant_count}</TableCell>
              <TableCell align="right">{s.changed_count}</TableCell>
              <TableCell>{peopleText([s.session_admin])}</TableCell>
            </TableRow>
          ))}
        </OutlinedTable>
      )}
    </Stack>
  );
}
