import { useCallback } from "react";
import { Stack } from "~/platform/ui/static";
import { meetingPaths, type MeetingRowJson, type SessionPageData } from "~/features/calibration/meeting-page-types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { ParticipantsGrid } from "~/features/calibration/components/participants-grid";
import { ParticipantPager } from "~/features/calibration/components/participant-pager";
import { DistributionPanel } from "~/features/calibration/components/distribution-panel";
import { RatingHistory } from "~/features/calibration/components/rating-history";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * A panelist's view of a session: the participants (each links to their calibration rating page; one page of them,
 * ADR 0091), the distribution, the history.
 */
export function PanelistSessionPage({ data }: { data: SessionPageData }) {
  const { detail, cycleId } = data;
  const { session } = detail;
  const { t } = useMeetingText();
  useLiveSession(meetingPaths.events("panelist", session.id, cycleId), session.version);
  const href = useCallback((p: MeetingRowJson) => meetingPaths.participant(session.id, p.id, cycleId), [session.id, cycleId]);
  return (
    <Stack spacing={3} className={css.page}>
      <MeetingHeader title={session.name} session={session} spoofing={data.spoofing} back={{ to: meetingPaths.list("panelist", cycleId), label: t("nav.panelist") }} />
      <MeetingSection id="participants" title={t("calibrationMeeting.participantsTitle", { count: session.participant_count })} testId="participants">
        <ParticipantsGrid participants={detail.participants} href={href} />
        <ParticipantPager pager={data.participant_page} />
      </MeetingSection>
      <DistributionPanel distribution={detail.distribution} />
      <RatingHistory history={detail.history} paging={data.history_page} />
      {detail.comments.length > 0 && <CommentThread id="session-comments" title={t("calibrationMeeting.comments.sessionTitle")} comments={detail.comments} canComment={false} />}
    </Stack>
  );
}
