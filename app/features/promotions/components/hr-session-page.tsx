import { useState } from "react";
import { useFormat } from "~/platform/i18n/reader-context";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { Alert, Button, ButtonLink, Stack, Typography, cx } from "~/platform/ui/static";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import type { PromotionAction } from "~/features/promotions/rules";
import type { SessionNominationJson } from "~/features/promotions/types";
import { hrPaths, type HrSessionPageData } from "~/features/promotions/hr-page-types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import { useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { NominationCard } from "~/features/promotions/components/nomination-card";
import { DecisionForm } from "~/features/promotions/components/decision-form";
import { DecisionHistory } from "~/features/promotions/components/decision-history";
import { EndorsementRequestDialog } from "~/features/promotions/components/endorsement-request-dialog";
import css from "~/features/promotions/components/hr-pages.module.css";
import { ACTIVATE_LATER_KEYS } from "~/features/promotions/hr-text-keys";
import { sessionInsightsHref } from "~/features/insights/components/session-insights-link";
import { MeetingFairnessPanel, useMeetingFairness } from "~/features/insights/components/meeting-fairness-panel";

/**
 * /app/promotions/hr-partners/sessions/{id}: the HR partner who created the promotion session (or its session
 * admin) runs it, live: the transitions `allowed` permits now, endorsement requests, the decision with a reason
 * and its history, and comments per nomination. Buttons show only when `allowed` permits (the services check
 * again; a refusal comes back as a message), and the live fairness panel of its promotion rates per group (ADR 0120).
 * Loader and action: hr-session-pages.server.ts. Static markup (issue 27):
 * the endorsement request dialog (MUI) mounts on its first opening. In the reader's language (issue 28).
 */

type Transition = "activate" | "progress_to_review";

const CONFIRM: Record<Transition, { title: TranslationKey; text: TranslationKey; label: TranslationKey; testId: string }> = {
  activate: {
    title: "promotionsHr.session.activateTitle",
    text: "promotionsHr.session.activateText",
    label: "promotionsHr.session.activate",
    testId: "activate-dialog",
  },
  progress_to_review: {
    title: "promotionsHr.session.progressTitle",
    text: "promotionsHr.session.progressText",
    label: "promotionsHr.session.progress",
    testId: "progress-dialog",
  },
};

export function HrSessionPage({ data }: { data: HrSessionPageData }) {
  const { detail, cycleId, cycle, role, spoofing, comments } = data;
  const { session, allowed, nominations } = detail;
  const { t } = useTranslation();
  const { byName } = useFormat();
  useLiveSession(hrPaths.events(session.id, cycleId, role), session.version);
  const fairness = useMeetingFairness(session.id, session.version);
  useSetupToasts(undefined);
  const can = (a: PromotionAction) => allowed[a] && !spoofing;
  const [confirm, setConfirm] = useState<Transition | null>(null);
  const [requestFor, setRequestFor] = useState<SessionNominationJson | null>(null);
  const requestOpened = useOpenedOnce(requestFor !== null);
  const shown = confirm ? CONFIRM[confirm] : null;
  const undecided = nominations.filter((n) => !n.terminated && !n.decision).length;

  return (
    <Stack spacing={3} className={cx(css.page, css.w1400)}>
      <MeetingHeader
        title={session.name}
        session={session}
        spoofing={spoofing}
        back={{ to: hrPaths.nominations(cycleId), label: t("promotionsHr.session.back") }}
        actions={
          <>
            {data.insightsLink && (
              <ButtonLink to={sessionInsightsHref(session.id)} data-testid="session-insights">
                {t("insightsPages.sessionLink")}
              </ButtonLink>
            )}
            {allowed.edit && !spoofing && (
              <ButtonLink to={hrPaths.edit(session.id, cycleId)} data-testid="session-edit">
                {t("promotionsHr.session.edit")}
              </ButtonLink>
            )}
            {can("activate") && (
              <Button variant="contained" onClick={() => setConfirm("activate")} data-testid="session-activate">
                {t("promotionsHr.session.activate")}
              </Button>
            )}
            {can("progress_to_review") && (
              <Button variant="contained" onClick={() => setConfirm("progress_to_review")} data-testid="progress-to-review">
                {t("promotionsHr.session.progress")}
              </Button>
            )}
          </>
        }
      />
      {session.state === "draft" && cycle.state !== "calibration" && (
        <Alert severity="info" data-testid="session-stage-note">
          {t(ACTIVATE_LATER_KEYS[cycle.state])}
        </Alert>
      )}
      {(session.state === "active" || session.state === "revision_requested") && (
        <Typography color="text.secondary" data-testid="session-progress">
          {t(undecided ? "promotionsHr.session.progressLineUndecided" : "promotionsHr.session.progressLine", {
            count: session.nomination_count,
            decided: session.decided_count,
            undecided,
          })}
        </Typography>
      )}
      <MeetingSection id="nominations" title={t("promotionsHr.session.nominationsTitle", { count: session.nomination_count })} testId="nominations">
        <Stack spacing={2}>
          {byName(nominations, (n) => n.nominee.name).map((n) => (
            <NominationCard
              key={n.nomination_id}
              nomination={n}
              actions={
                can("request_endorsement") &&
                !n.terminated &&
                n.nomination_status === "nominated" && (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setRequestFor(n)}
                    aria-label={t("promotionsHr.session.requestEndorsersFor", { name: n.nominee.name })}
                    data-testid={`request-endorsers-${n.nomination_id}`}
                  >
                    {t("promotionsHr.session.requestEndorsers")}
                  </Button>
                )
              }
            >
              {can("decide") && !n.terminated && <DecisionForm nomination={n} />}
              <DecisionHistory nominationId={n.nomination_id} history={n.history} />
              <CommentThread
                id={`nomination-${n.nomination_id}-comments`}
                title={t("promotionsHr.session.comments")}
                comments={comments[n.nomination_id] ?? []}
                canComment={can("comment")}
                fields={{ nomination_id: String(n.nomination_id) }}
              />
            </NominationCard>
          ))}
        </Stack>
      </MeetingSection>
      <MeetingFairnessPanel state={fairness} kind="promotion" />

      {requestOpened && <EndorsementRequestDialog target={requestFor} onClose={() => setRequestFor(null)} />}
      {shown && confirm && (
        <ConfirmDialog
          key={confirm}
          open
          onClose={() => setConfirm(null)}
          intent="transition"
          fields={{ event: confirm }}
          title={t(shown.title)}
          text={t(shown.text)}
          confirmLabel={t(shown.label)}
          testId={shown.testId}
        />
      )}
    </Stack>
  );
}
