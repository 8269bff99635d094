import { Alert, Button, Stack, Typography } from "~/platform/ui/static";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CommentJson } from "~/features/calibration/types";
import type { PromotionSessionDetailJson } from "~/features/promotions/types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import { NominationDiscussion, type OpenNomination } from "~/features/promotions/components/panelist-discussion";
import { PROMOTION_PAGES, promotionPaths } from "~/features/promotions/components/panelist-session-list";
import { SignOffOutcomeTable } from "~/features/promotions/components/sign-off-outcome-table";
import { FairnessShift, MeetingFairnessPanel, SignificantGaps, closeComment, useMeetingFairness } from "~/features/insights/components/meeting-fairness-panel";
import css from "~/features/promotions/components/pages.module.css";

/**
 * The promotion sign-off party's session page (/app/promotions/sign-off-party/sessions/{id}?cycle_id=): the
 * outcome (decision, votes, endorsements and decision history per nomination), the session's comments (the
 * notes of earlier sign-offs) and, for the nomination opened with ?nomination=, its comment thread. While the
 * session is in review: "Approve" (the decisions become the nominees' promotion decisions; optional comment)
 * and "Send back" (comment required), each after a confirmation; the service's 409/400 is shown in the dialog. The live
 * fairness panel (ADR 0120) follows the outcome; approving over a significant gap in the promotion decisions needs
 * a written reason, the dialog showing each group's rates.
 */

export type SignOffPageData = {
  cycleId: number;
  spoofing: boolean;
  detail: PromotionSessionDetailJson;
  sessionComments: CommentJson[];
  open: OpenNomination | null;
};

export function SignOffPage({ data }: { data: SignOffPageData }) {
  const { detail, cycleId, spoofing, open } = data;
  const { session, allowed, nominations } = detail;
  useLiveSession(promotionPaths.events("sign_off", session.id, cycleId), session.version);
  const fairness = useMeetingFairness(session.id, session.version);
  const canSignOff = allowed.sign_off && !spoofing;
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"close" | "revision" | null>(null);
  const openNomination = open ? nominations.find((n) => n.nomination_id === open.nomination_id) : undefined;
  const undecided = nominations.filter((n) => !n.decision && !n.terminated && n.nomination_status === "nominated").length;
  return (
    <Stack spacing={3} style={{ maxWidth: 1300 }}>
      <MeetingHeader
        title={session.name}
        session={session}
        spoofing={spoofing}
        back={{
          to: promotionPaths.list("sign_off", cycleId),
          label: t(PROMOTION_PAGES.sign_off.titleKey),
        }}
        actions={
          canSignOff && (
            <>
              <Button variant="outlined" className={css.warningButton} onClick={() => setDialog("revision")} data-testid="send-back">
                {t("promotionsMeeting.signOff.sendBack")}
              </Button>
              <Button variant="contained" onClick={() => setDialog("close")} data-testid="approve">
                {t("promotionsMeeting.signOff.approve")}
              </Button>
            </>
          )
        }
      />
      {session.state !== "in_review" && (
        <Alert severity="info" data-testid="session-note">
          {session.state === "closed"
            ? t("promotionsMeeting.signOff.closedNote")
            : t("promotionsMeeting.signOff.notInReview")}
        </Alert>
      )}
      <MeetingSection id="outcome" title={t("promotionsMeeting.signOff.outcome", { decided: session.decided_count, count: session.nomination_count })} testId="outcome">
        {nominations.length === 0 ? (
          <Typography color="text.secondary" data-testid="outcome-empty">
            {t("promotionsMeeting.signOff.empty")}
          </Typography>
        ) : (
          <SignOffOutcomeTable
            nominations={nominations}
            openId={open?.nomination_id ?? null}
            hrefOf={(id) => promotionPaths.session("sign_off", session.id, cycleId, id)}
          />
        )}
      </MeetingSection>
      <MeetingFairnessPanel state={fairness} kind="promotion" />
      {open && openNomination && <NominationDiscussion nomineeName={openNomination.nominee.name} open={open} canComment={allowed.comment && !spoofing} />}
      <CommentThread
        id="session-comments"
        title={t("promotionsMeeting.signOff.sessionComments")}
        comments={data.sessionComments}
        canComment={false}
        emptyText={t("promotionsMeeting.signOff.sessionCommentsEmpty")}
      />

      {/* Mounted only while open (no fade-out): see DashboardSessions for why. */}
      {dialog === "close" && (
        <ConfirmDialog
          open
          onClose={() => setDialog(null)}
          intent="close"
          title={t("promotionsMeeting.signOff.approveTitle")}
          text={undecided ? t("promotionsMeeting.signOff.approveTextUndecided", { count: undecided }) : t("promotionsMeeting.signOff.approveText")}
          confirmLabel={t("promotionsMeeting.signOff.approve")}
          comment={closeComment(t, "promotion", fairness, { label: t("promotionsMeeting.signOff.approveComment"), required: false })}
          testId="approve-dialog"
        >
          <FairnessShift state={fairness} kind="promotion" />
          <SignificantGaps gaps={fairness.fairness?.significant_after ?? []} testId="close-significant" kind="promotion" />
        </ConfirmDialog>
      )}
      {dialog === "revision" && (
        <ConfirmDialog
          open
          onClose={() => setDialog(null)}
          intent="revision"
          title={t("promotionsMeeting.signOff.sendBackTitle")}
          text={t("promotionsMeeting.signOff.sendBackText")}
          confirmLabel={t("promotionsMeeting.signOff.sendBack")}
          color="warning"
          comment={{ label: t("promotionsMeeting.signOff.sendBackComment"), required: true }}
          testId="send-back-dialog"
        />
      )}
    </Stack>
  );
}
