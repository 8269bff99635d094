import { useState } from "react";
import { Box, Button, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
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
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" flexWrap style={{ marginBottom: 8 }}>
        <Typography variant="h6" component="h2" id="promotion-sessions-heading">
          Promotion sessions ({sessions.length})
        </Typography>
        {!spoofing && (
          <Button variant="contained" color="error" disabled={open.length === 0} onClick={() => setCloseAll(true)} data-testid="close-all-sessions">
            Close all promotion sessions
          </Button>
        )}
      </Stack>
      {/* Ten short columns, compact: a table from 1280 px on (Actions in view at 1440), stacked rows below (ADR 0068). */}
      <StackedTable
        stackBelow="lg"
        compact
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
            <TableCell data-label="State">
              <SessionStateChip state={s.state} testId={`dashboard-session-state-${s.id}`} />
            </TableCell>
            <TableCell data-label="HR partner">{peopleText([s.created_by])}</TableCell>
            <TableCell data-label="Session admin">{peopleText([s.session_admin])}</TableCell>
            <TableCell data-label="Panelists">{peopleText(s.panelists)}</TableCell>
            <TableCell data-label="Sign-off party">{peopleText(s.sign_off_parties)}</TableCell>
            <TableCell data-label="Deadline">{deadlineText(s.deadline)}</TableCell>
            <TableCell align="right" data-label="Nominations" data-testid={`dashboard-session-nominations-${s.id}`}>
              {s.nomination_count}
            </TableCell>
            <TableCell align="right" data-label="Decided" data-testid={`dashboard-session-decided-${s.id}`}>
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
      </StackedTable>
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
