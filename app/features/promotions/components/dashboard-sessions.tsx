import { Box, Button, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { deadlineText } from "~/features/calibration/session-setup";
import type { PromotionSessionJson } from "~/features/promotions/types";

/**
 * The cycle's promotion sessions on the admin promotion dashboard: state, people and counts; "Close" on a
 * session that is not closed yet and "Close all promotion sessions", each after a confirmation (posted to the
 * page's action as intent=close with session_id, or with scope=all; the dialog shows a failure's message).
 */
export function DashboardSessions({ sessions, spoofing }: { sessions: PromotionSessionJson[]; spoofing: boolean }) {
  const [target, setTarget] = useState<PromotionSessionJson | null>(null);
  const [closing, setClosing] = useState(false);
  const [closeAll, setCloseAll] = useState(false);
  const open = sessions.filter((s) => s.state !== "closed");
  return (
    <Box component="section" aria-labelledby="promotion-sessions-heading" data-testid="dashboard-sessions">
      <Stack
        direction="row"
        spacing={2}
        sx={{
          alignItems: "center",
          justifyContent: "space-between",
          flexWrap: "wrap",
          mb: 1,
        }}
        useFlexGap
      >
        <Typography variant="h6" component="h2" id="promotion-sessions-heading">
          Promotion sessions ({sessions.length})
        </Typography>
        {!spoofing && (
          <Button variant="contained" color="error" disabled={open.length === 0} onClick={() => setCloseAll(true)} data-testid="close-all-sessions">
            Close all promotion sessions
          </Button>
        )}
      </Stack>
      <OutlinedTable
        testId="dashboard-sessions-table"
        ariaLabel="Promotion calibration sessions"
        empty={sessions.length === 0}
        emptyText="No promotion sessions in this cycle yet. HR partners build them from the nominations."
        emptyTestId="dashboard-sessions-empty"
        head={
          <>
            <TableCell>Name</TableCell>
            <TableCell>State</TableCell>
            <TableCell>HR partner</TableCell>
            <TableCell>Session admin</TableCell>
            <TableCell>Panelists</TableCell>
            <TableCell>Sign-off party</TableCell>
            <TableCell>Deadline</TableCell>
            <TableCell align="right">Nominations</TableCell>
            <TableCell align="right">Decided</TableCell>
            <TableCell align="right">Actions</TableCell>
          </>
        }
      >
        {sessions.map((s) => (
          <TableRow key={s.id} data-testid={`dashboard-session-row-${s.id}`}>
            <TableCell component="th" scope="row">
              {s.name}
            </TableCell>
            <TableCell>
              <SessionStateChip state={s.state} testId={`dashboard-session-state-${s.id}`} />
            </TableCell>
            <TableCell>{peopleText([s.created_by])}</TableCell>
            <TableCell>{peopleText([s.session_admin])}</TableCell>
            <TableCell>{peopleText(s.panelists)}</TableCell>
            <TableCell>{peopleText(s.sign_off_parties)}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{deadlineText(s.deadline)}</TableCell>
            <TableCell align="right" data-testid={`dashboard-session-nominations-${s.id}`}>
              {s.nomination_count}
            </TableCell>
            <TableCell align="right" data-testid={`dashboard-session-decided-${s.id}`}>
              {s.decided_count}
            </TableCell>
            <TableCell align="right">
              {s.state !== "closed" && !spoofing && (
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => {
                    setTarget(s);
                    setClosing(true);
                  }}
                  aria-label={`Close ${s.name}`}
                  data-testid={`close-session-${s.id}`}
                >
                  Close
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
      {/*
        Each dialog is mounted only while open (no fade-out): kept mounted, a dialog closed by its own success
        (while the page revalidates) sometimes never finished its exit transition when the page was scrolled or
        clicked meanwhile, and stayed invisible over the page, catching every click.
      */}
      {closing && target && (
        <ConfirmDialog
          open
          onClose={() => setClosing(false)}
          intent="close"
          fields={{ session_id: String(target.id) }}
          title={`Close ${target.name}?`}
          text="Its decisions become the nominees' promotion decisions without waiting for the sign-off party, and nothing in it changes any more."
          confirmLabel="Close session"
          color="error"
          testId="close-session-dialog"
        />
      )}
      {closeAll && (
        <ConfirmDialog
          open
          onClose={() => setCloseAll(false)}
          intent="close"
          fields={{ scope: "all" }}
          title="Close all promotion sessions?"
          text={`Close all ${open.length} open promotion session${
            open.length === 1 ? "" : "s"
          } of this cycle, drafts included? Their decisions become the nominees' promotion decisions and nothing in them changes any more.`}
          confirmLabel="Close all"
          color="error"
          testId="close-all-dialog"
        />
      )}
    </Box>
  );
}
