import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import { Alert, Stack, Typography } from "~/platform/ui/static";
import type { CommentJson } from "~/features/calibration/types";
import type { SessionState } from "~/features/calibration/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PromotionSessionDetailJson } from "~/features/promotions/types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import { NominationCard } from "~/features/promotions/components/nomination-card";
import { VoteForm } from "~/features/promotions/components/vote-form";
import { DiscussionToggle, NominationDiscussion, type OpenNomination } from "~/features/promotions/components/panelist-discussion";
import { PROMOTION_PAGES, promotionPaths } from "~/features/promotions/components/panelist-session-list";

/**
 * The promotion panelist's session page (/app/promotions/calibration-panelist/sessions/{id}?cycle_id=): each
 * nomination with the nominee, their manager, the rationale, the endorsements (status dialog and what the
 * endorsers wrote) and the panel's votes; my vote while the session is active or being revised; the
 * nomination opened with ?nomination= shows its comment thread and the nominee's feedback summary. The page
 * follows the session live (another panelist's vote or comment appears without a reload).
 */

export type PanelistSessionPageData = {
  cycleId: number;
  spoofing: boolean;
  detail: PromotionSessionDetailJson;
  sessionComments: CommentJson[];
  open: OpenNomination | null;
};

const STATE_NOTES: Partial<Record<SessionState, TranslationKey>> = {
  draft: "promotionsMeeting.panelist.stateNote.draft",
  in_review: "promotionsMeeting.panelist.stateNote.in_review",
  closed: "promotionsMeeting.panelist.stateNote.closed",
};

export function PanelistSessionPage({ data }: { data: PanelistSessionPageData }) {
  const { detail, cycleId, spoofing, open } = data;
  const { session, allowed, nominations } = detail;
  const { t } = useTranslation();
  const { byName } = useFormat();
  useLiveSession(promotionPaths.events("panelist", session.id, cycleId), session.version);
  const note = STATE_NOTES[session.state];
  const voted = nominations.filter((n) => n.my_vote).length;
  return (
    <Stack spacing={3} style={{ maxWidth: 1200 }}>
      <MeetingHeader
        title={session.name}
        session={session}
        spoofing={spoofing}
        back={{
          to: promotionPaths.list("panelist", cycleId),
          label: t(PROMOTION_PAGES.panelist.titleKey),
        }}
      />
      {note && (
        <Alert severity="info" data-testid="session-note">
          {t(note)}
        </Alert>
      )}
      <MeetingSection id="nominations" title={t("promotionsMeeting.panelist.nominations", { count: nominations.length })} testId="nominations">
        <Typography variant="body2" color="text.secondary" style={{ marginBottom: 12 }} data-testid="my-vote-count">
          {t("promotionsMeeting.panelist.votedCount", { voted, count: nominations.length })}
        </Typography>
        {nominations.length === 0 ? (
          <Typography color="text.secondary" data-testid="nominations-empty">
            {t("promotionsMeeting.panelist.empty")}
          </Typography>
        ) : (
          <Stack spacing={2}>
            {byName(nominations, (n) => n.nominee.name).map((n) => {
              const isOpen = open?.nomination_id === n.nomination_id;
              const active = !n.terminated && n.nomination_status === "nominated";
              return (
                <NominationCard
                  key={n.nomination_id}
                  nomination={n}
                  actions={
                    <DiscussionToggle
                      open={isOpen}
                      href={promotionPaths.session("panelist", session.id, cycleId, isOpen ? null : n.nomination_id)}
                      count={n.comment_count}
                      withSummary
                      nomineeName={n.nominee.name}
                      testId={`discussion-toggle-${n.nomination_id}`}
                    />
                  }
                >
                  {allowed.vote && !spoofing && active && <VoteForm nominationId={n.nomination_id} nomineeName={n.nominee.name} mine={n.my_vote} />}
                  {isOpen && open && <NominationDiscussion nomineeName={n.nominee.name} open={open} canComment={allowed.comment && !spoofing} />}
                </NominationCard>
              );
            })}
          </Stack>
        )}
      </MeetingSection>
      {data.sessionComments.length > 0 && <CommentThread id="session-comments" title={t("promotionsMeeting.panelist.sessionComments")} comments={data.sessionComments} canComment={false} />}
    </Stack>
  );
}
