import { useState } from "react";
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

/**
 * /app/promotions/hr-partners/sessions/{id}: the HR partner who created the promotion session (or its session
 * admin) runs it, live: the transitions `allowed` permits now, endorsement requests, the decision with a reason
 * and its history, and comments per nomination. Buttons show only when `allowed` permits (the services check
 * again; a refusal comes back as a message). Loader and action: hr-session-pages.server.ts. Static markup (issue 27):
 * the endorsement request dialog (MUI) mounts on its first opening.
 */

type Transition = "activate" | "progress_to_review";

const CONFIRM: Record<Transition, { title: string; text: string; label: string; testId: string }> = {
  activate: {
    title: "Activate the session?",
    text: "Panelists can then vote and comment, and you can decide on each nomination. Its name, nominations and people no longer change.",
    label: "Activate",
    testId: "activate-dialog",
  },
  progress_to_review: {
    title: "Progress the session to review?",
    text: "The sign-off party reviews the decisions next. Decisions can no longer be changed unless they send the outcome back.",
    label: "Progress to review",
    testId: "progress-dialog",
  },
};

export function HrSessionPage({ data }: { data: HrSessionPageData }) {
  const { detail, cycleId, cycle, role, spoofing, comments } = data;
  const { session, allowed, nominations } = detail;
  useLiveSession(hrPaths.events(session.id, cycleId, role), session.version);
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
        back={{ to: hrPaths.nominations(cycleId), label: "Run Promotion Calibration Session" }}
        actions={
          <>
            {allowed.edit && !spoofing && (
              <ButtonLink to={hrPaths.edit(session.id, cycleId)} data-testid="session-edit">
                Edit
              </ButtonLink>
            )}
            {can("activate") && (
              <Button variant="contained" onClick={() => setConfirm("activate")} data-testid="session-activate">
                Activate
              </Button>
            )}
            {can("progress_to_review") && (
              <Button variant="contained" onClick={() => setConfirm("progress_to_review")} data-testid="progress-to-review">
                Progress to review
              </Button>
            )}
          </>
        }
      />
      {session.state === "draft" && cycle.state !== "calibration" && (
        <Alert severity="info" data-testid="session-stage-note">
          The session can be activated once the cycle reaches the calibration stage (it is in the {cycle.stage_label} now). You can already ask for
          endorsements.
        </Alert>
      )}
      {(session.state === "active" || session.state === "revision_requested") && (
        <Typography color="text.secondary" data-testid="session-progress">
          {session.decided_count} of {session.nomination_count} nominations decided{undecided ? ` · ${undecided} without a decision` : ""}
        </Typography>
      )}
      <MeetingSection id="nominations" title={`Nominations (${session.nomination_count})`} testId="nominations">
        <Stack spacing={2}>
          {nominations.map((n) => (
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
                    aria-label={`Request endorsers for ${n.nominee.name}`}
                    data-testid={`request-endorsers-${n.nomination_id}`}
                  >
                    Request endorsers
                  </Button>
                )
              }
            >
              {can("decide") && !n.terminated && <DecisionForm nomination={n} />}
              <DecisionHistory nominationId={n.nomination_id} history={n.history} />
              <CommentThread
                id={`nomination-${n.nomination_id}-comments`}
                title="Comments"
                comments={comments[n.nomination_id] ?? []}
                canComment={can("comment")}
                fields={{ nomination_id: String(n.nomination_id) }}
              />
            </NominationCard>
          ))}
        </Stack>
      </MeetingSection>

      {requestOpened && <EndorsementRequestDialog target={requestFor} onClose={() => setRequestFor(null)} />}
      {shown && confirm && (
        <ConfirmDialog
          key={confirm}
          open
          onClose={() => setConfirm(null)}
          intent="transition"
          fields={{ event: confirm }}
          title={shown.title}
          text={shown.text}
          confirmLabel={shown.label}
          testId={shown.testId}
        />
      )}
    </Stack>
  );
}
