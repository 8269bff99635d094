import { useState } from "react";
import { Button, Chip, Stack, TableCell, TableRow } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { ratingText } from "~/features/participants/rules";
import { MEETING_ROLES, meetingPaths, type SessionPageData } from "~/features/calibration/meeting-page-types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { DistributionPanel } from "~/features/calibration/components/distribution-panel";
import { RatingHistory } from "~/features/calibration/components/rating-history";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { OutlierAlerts } from "~/features/calibration/components/outlier-alerts";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The sign-off party reads the outcome (proposed → calibrated rating of each participant), the distribution
 * and the history, and closes the session (optional comment) or requests a revision (comment required).
 */
export function SignOffPage({ data }: { data: SessionPageData }) {
  const { detail, cycleId, spoofing } = data;
  const { session, allowed, participants } = detail;
  useLiveSession(meetingPaths.events("sign_off", session.id, cycleId), session.version);
  const canSignOff = allowed.sign_off && !spoofing;
  const [dialog, setDialog] = useState<"close" | "revision" | null>(null);
  return (
    <Stack spacing={3} style={{ maxWidth: 1300 }}>
      <MeetingHeader
        title={session.name}
        session={session}
        spoofing={spoofing}
        back={{ to: meetingPaths.list("sign_off", cycleId), label: MEETING_ROLES.sign_off.title }}
        actions={
          // One row of buttons with a gap (no margin on the first), wrapping as a whole under the title (ADR 0068).
          canSignOff && (
            <Stack direction="row" spacing={1} flexWrap>
              <Button variant="outlined" className={css.warnButton} onClick={() => setDialog("revision")} data-testid="request-revision">
                Request revision
              </Button>
              <Button variant="contained" onClick={() => setDialog("close")} data-testid="close-session">
                Close session
              </Button>
            </Stack>
          )
        }
      />
      <OutlierAlerts outliers={detail.outliers} />
      <MeetingSection id="outcome" title={`Outcome (${session.changed_count} of ${session.participant_count} ratings changed)`} testId="outcome">
        <StackedTable
          stackBelow="sm"
          testId="outcome-table"
          ariaLabel="Outcome of the session"
          empty={participants.length === 0}
          emptyText="No participants."
          head={
            <>
              <TableCell>Participant</TableCell>
              <TableCell>Manager</TableCell>
              <TableCell>Proposed rating</TableCell>
              <TableCell>Calibrated rating</TableCell>
            </>
          }
        >
          {participants.map((p) => (
            <TableRow key={p.id} data-testid={`outcome-row-${p.id}`}>
              <TableCell component="th" scope="row">
                {p.user.name}
                {p.terminated && <Chip size="small" label="Terminated" style={{ marginLeft: 8 }} />}
              </TableCell>
              <TableCell data-label="Manager">{p.manager?.name ?? "—"}</TableCell>
              <TableCell data-label="Proposed rating">{ratingText(p.proposed_rating)}</TableCell>
              <TableCell
                data-label="Calibrated rating"
                data-testid={`outcome-rating-${p.id}`}
                style={{ fontWeight: p.rating !== p.proposed_rating ? 600 : undefined }}
              >
                {p.terminated ? "No outcome" : ratingText(p.rating)}
                {!p.terminated && p.rating !== p.proposed_rating && <Chip size="small" color="secondary" variant="outlined" label="Changed" style={{ marginLeft: 8 }} />}
              </TableCell>
            </TableRow>
          ))}
        </StackedTable>
      </MeetingSection>
      <DistributionPanel distribution={detail.distribution} />
      <RatingHistory history={detail.history} />
      <CommentThread id="session-comments" title="Session comments" comments={detail.comments} canComment={allowed.comment && !spoofing} />

      <ConfirmDialog
        open={dialog === "close"}
        onClose={() => setDialog(null)}
        intent="close"
        title="Close the session?"
        text="The calibrated ratings become the participants' outcome. Nothing in the session can change afterwards."
        confirmLabel="Close session"
        comment={{ label: "Comment (optional)", required: false }}
        testId="close-dialog"
      />
      <ConfirmDialog
        open={dialog === "revision"}
        onClose={() => setDialog(null)}
        intent="revision"
        title="Request a revision?"
        text="The session goes back to the session admin, who revises it and sends it for review again."
        confirmLabel="Request revision"
        color="warning"
        comment={{ label: "What should be revised?", required: true }}
        testId="revision-dialog"
      />
    </Stack>
  );
}
