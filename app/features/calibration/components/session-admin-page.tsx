import { useCallback, useState } from "react";
import { Button, Stack } from "~/platform/ui/static";
import type { SessionAction } from "~/features/calibration/rules";
import { meetingPaths, type MeetingRowJson, type SessionAdminPageData } from "~/features/calibration/meeting-page-types";
import { ParticipantPager } from "~/features/calibration/components/participant-pager";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { ParticipantsGrid } from "~/features/calibration/components/participants-grid";
import { DistributionPanel } from "~/features/calibration/components/distribution-panel";
import { RatingHistory } from "~/features/calibration/components/rating-history";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { OutlierAlerts } from "~/features/calibration/components/outlier-alerts";
import { NineBox } from "~/features/calibration/components/nine-box";
import { RatingChangeDialog, type RatingTarget } from "~/features/calibration/components/rating-dialog";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { MoveParticipants } from "~/features/calibration/components/move-participants";
import { MeetingFairnessPanel, useMeetingFairness } from "~/features/insights/components/meeting-fairness-panel";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The session admin runs the meeting: rating changes with a reason (per row, or by moving a card in the
 * 9-box), the live distribution, the live fairness panel (ADR 0114), outlier flags, moves to another session,
 * terminations, the history, and the progress to review. Buttons show only when `allowed` permits (the services check again).
 * Static markup (issue 27): the dialogs and the move's select are MUI's, mounted when they open / once hydrated.
 */
export function SessionAdminPage({ data }: { data: SessionAdminPageData }) {
  const { detail, cycleId, spoofing, participant_page: pager, history_page: historyPage, board } = data;
  const { session, allowed, participants } = detail;
  const { t } = useMeetingText();
  useLiveSession(meetingPaths.events("session_admin", session.id, cycleId), session.version);
  const fairness = useMeetingFairness(session.id, session.version);
  const can = (a: SessionAction) => allowed[a] && !spoofing;
  const canSet = can("set_rating");
  const canTerminate = can("terminate_participant");
  const canMove = can("move_participants") && detail.move_targets.length > 0;
  const [ratingTarget, setRatingTarget] = useState<RatingTarget | null>(null);
  const [terminating, setTerminating] = useState<MeetingRowJson | null>(null);
  const [progressing, setProgressing] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const selectable = selected.filter((id) => participants.some((p) => p.id === id && !p.terminated));

  const setRatingText = t("calibrationMeeting.admin.setRating");
  const terminateText = t("calibrationMeeting.admin.terminate");
  const rowActions = useCallback(
    (p: MeetingRowJson) =>
      p.terminated ? null : (
        <div className={css.actions}>
          {canSet && (
            <Button size="small" variant="outlined" onClick={() => setRatingTarget({ participant: p })} aria-label={t("calibrationMeeting.admin.setRatingFor", { name: p.user.name })} data-testid={`sp-set-rating-${p.id}`}>
              {setRatingText}
            </Button>
          )}
          {canTerminate && (
            <Button size="small" color="error" onClick={() => setTerminating(p)} aria-label={t("calibrationMeeting.admin.terminateName", { name: p.user.name })} data-testid={`sp-terminate-${p.id}`}>
              {terminateText}
            </Button>
          )}
        </div>
      ),
    [canSet, canTerminate, t, setRatingText, terminateText],
  );

  return (
    <Stack spacing={3} className={css.page}>
      <MeetingHeader
        title={session.name}
        session={session}
        spoofing={spoofing}
        back={{ to: meetingPaths.list("session_admin", cycleId), label: t("nav.sessionAdmin") }}
        actions={
          can("progress_to_review") && (
            <Button variant="contained" onClick={() => setProgressing(true)} data-testid="progress-to-review">
              {t("calibrationMeeting.admin.progress")}
            </Button>
          )
        }
      />
      <OutlierAlerts outliers={detail.outliers} />
      <MeetingSection id="participants" title={t("calibrationMeeting.participantsTitle", { count: session.participant_count })} testId="participants">
        {canMove && (
          <div className={css.moveRow}>
            <MoveParticipants targets={detail.move_targets} selected={selectable} onMoved={() => setSelected([])} />
          </div>
        )}
        <ParticipantsGrid
          participants={participants}
          actions={canSet || canTerminate ? rowActions : undefined}
          selection={canMove ? { ids: selectable, onChange: setSelected } : undefined}
        />
        <ParticipantPager pager={pager} />
      </MeetingSection>
      <DistributionPanel distribution={detail.distribution} />
      <MeetingFairnessPanel state={fairness} />
      <NineBox board={board} onMove={canSet ? setRatingTarget : undefined} />
      <RatingHistory history={detail.history} paging={historyPage} />
      <CommentThread id="session-comments" title={t("calibrationMeeting.comments.sessionTitle")} comments={detail.comments} canComment={can("comment")} />

      <RatingChangeDialog target={ratingTarget} onClose={() => setRatingTarget(null)} />
      <ConfirmDialog
        open={terminating !== null}
        onClose={() => setTerminating(null)}
        intent="terminate"
        fields={{ sp_id: String(terminating?.id ?? "") }}
        title={terminating ? t("calibrationMeeting.admin.terminateTitle", { name: terminating.user.name }) : t("calibrationMeeting.admin.terminateTitleUnknown")}
        text={t("calibrationMeeting.admin.terminateText")}
        confirmLabel={t("calibrationMeeting.admin.terminate")}
        color="error"
        testId="terminate-dialog"
      />
      <ConfirmDialog
        open={progressing}
        onClose={() => setProgressing(false)}
        intent="progress_to_review"
        title={t("calibrationMeeting.admin.progressTitle")}
        text={t("calibrationMeeting.admin.progressText")}
        confirmLabel={t("calibrationMeeting.admin.progress")}
        testId="progress-dialog"
      />
    </Stack>
  );
}
