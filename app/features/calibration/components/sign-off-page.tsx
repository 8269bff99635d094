import { useState } from "react";
import { Button, Chip, Stack, TableCell, TableRow } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { meetingPaths, type SessionPageData } from "~/features/calibration/meeting-page-types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { DistributionPanel } from "~/features/calibration/components/distribution-panel";
import { ParticipantPager } from "~/features/calibration/components/participant-pager";
import { RatingHistory } from "~/features/calibration/components/rating-history";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { OutlierAlerts } from "~/features/calibration/components/outlier-alerts";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import { FairnessShift, MeetingFairnessPanel, SignificantGaps, closeComment, useMeetingFairness } from "~/features/insights/components/meeting-fairness-panel";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The sign-off party reads the outcome (proposed → calibrated rating of each participant, one page of them: ADR 0091), the distribution,
 * the live fairness panel and the history, and closes the session (optional comment; the required reason while a ratings
 * gap after calibration is significant, the dialog showing each group's shift: ADR 0114) or requests a revision (comment required).
 */
export function SignOffPage({ data }: { data: SessionPageData }) {
  const { detail, cycleId, spoofing } = data;
  const { session, allowed, participants } = detail;
  useLiveSession(meetingPaths.events("sign_off", session.id, cycleId), session.version);
  const fairness = useMeetingFairness(session.id, session.version);
  const canSignOff = allowed.sign_off && !spoofing;
  const [dialog, setDialog] = useState<"close" | "revision" | null>(null);
  const { t, rating } = useMeetingText();
  return (
    <Stack spacing={3} style={{ maxWidth: 1300 }}>
      <MeetingHeader
        title={session.name}
        session={session}
        spoofing={spoofing}
        back={{ to: meetingPaths.list("sign_off", cycleId), label: t("nav.signOffParty") }}
        actions={
          // One row of buttons with a gap (no margin on the first), wrapping as a whole under the title (ADR 0068).
          canSignOff && (
            <Stack direction="row" spacing={1} flexWrap>
              <Button variant="outlined" className={css.warnButton} onClick={() => setDialog("revision")} data-testid="request-revision">
                {t("calibrationMeeting.signOff.requestRevision")}
              </Button>
              <Button variant="contained" onClick={() => setDialog("close")} data-testid="close-session">
                {t("calibrationMeeting.signOff.close")}
              </Button>
            </Stack>
          )
        }
      />
      <OutlierAlerts outliers={detail.outliers} />
      <MeetingSection id="outcome" title={t("calibrationMeeting.signOff.outcome", { changed: session.changed_count, total: session.participant_count })} testId="outcome">
        <StackedTable
          stackBelow="sm"
          testId="outcome-table"
          ariaLabel={t("calibrationMeeting.signOff.outcomeLabel")}
          empty={participants.length === 0}
          emptyText={t("calibrationMeeting.signOff.empty")}
          head={
            <>
              <TableCell>{t("calibrationMeeting.signOff.participant")}</TableCell>
              <TableCell>{t("calibrationMeeting.signOff.manager")}</TableCell>
              <TableCell>{t("calibrationMeeting.signOff.proposedRating")}</TableCell>
              <TableCell>{t("calibrationMeeting.signOff.calibratedRating")}</TableCell>
            </>
          }
        >
          {participants.map((p) => (
            <TableRow key={p.id} data-testid={`outcome-row-${p.id}`}>
              <TableCell component="th" scope="row">
                {p.user.name}
                {p.terminated && <Chip size="small" label={t("calibrationMeeting.signOff.terminated")} style={{ marginLeft: 8 }} />}
              </TableCell>
              <TableCell data-label={t("calibrationMeeting.signOff.manager")}>{p.manager?.name ?? t("calibrationMeeting.none")}</TableCell>
              <TableCell data-label={t("calibrationMeeting.signOff.proposedRating")}>{rating(p.proposed_rating)}</TableCell>
              <TableCell
                data-label={t("calibrationMeeting.signOff.calibratedRating")}
                data-testid={`outcome-rating-${p.id}`}
                style={{ fontWeight: p.rating !== p.proposed_rating ? 600 : undefined }}
              >
                {p.terminated ? t("calibrationMeeting.signOff.noOutcome") : rating(p.rating)}
                {!p.terminated && p.rating !== p.proposed_rating && <Chip size="small" color="secondary" variant="outlined" label={t("calibrationMeeting.signOff.changed")} style={{ marginLeft: 8 }} />}
              </TableCell>
            </TableRow>
          ))}
        </StackedTable>
        <ParticipantPager pager={data.participant_page} />
      </MeetingSection>
      <DistributionPanel distribution={detail.distribution} />
      <MeetingFairnessPanel state={fairness} />
      <RatingHistory history={detail.history} paging={data.history_page} />
      <CommentThread id="session-comments" title={t("calibrationMeeting.comments.sessionTitle")} comments={detail.comments} canComment={allowed.comment && !spoofing} />

      <ConfirmDialog
        open={dialog === "close"}
        onClose={() => setDialog(null)}
        intent="close"
        title={t("calibrationMeeting.signOff.closeTitle")}
        text={t("calibrationMeeting.signOff.closeText")}
        confirmLabel={t("calibrationMeeting.signOff.close")}
        comment={closeComment(t, "rating", fairness, { label: t("calibrationMeeting.signOff.closeComment"), required: false })}
        testId="close-dialog"
      >
        <FairnessShift state={fairness} />
        <SignificantGaps gaps={fairness.fairness?.significant_after ?? []} testId="close-significant" />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "revision"}
        onClose={() => setDialog(null)}
        intent="revision"
        title={t("calibrationMeeting.signOff.revisionTitle")}
        text={t("calibrationMeeting.signOff.revisionText")}
        confirmLabel={t("calibrationMeeting.signOff.requestRevision")}
        color="warning"
        comment={{ label: t("calibrationMeeting.signOff.revisionComment"), required: true }}
        testId="revision-dialog"
      />
    </Stack>
  );
}
