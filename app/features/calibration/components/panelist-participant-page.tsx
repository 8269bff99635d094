import { MenuItem, TextField as MuiTextField } from "@mui/material";
import { Alert, Box, Button, Paper, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { StackedTable } from "~/platform/ui/stacked-table";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { NOMINATION_STATUSES, type NominationStatus } from "~/features/manager-review/rules";
import { FeedbackSummaryView } from "~/features/summaries/feedback-summary-view";
import { CALIBRATION_LIMITS, RATINGS } from "~/features/calibration/rules";
import type { SessionParticipantJson } from "~/features/calibration/types";
import { meetingPaths, type ParticipantPageData } from "~/features/calibration/meeting-page-types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { RatingHistory } from "~/features/calibration/components/rating-history";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import { NOMINATION_KEYS } from "~/features/calibration/meeting-keys";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * A panelist's page about one participant of the session: their ratings and promotion nomination, the
 * panelists' proposals, a rating proposal with its required justification, the comment thread, the rating
 * history, and the feedback summary. Static markup (issue 27); the proposed rating is MUI's select (its menu
 * and keyboard) from hydration on, a native select with the same name and label before.
 */

function ProposalForm({ current }: { current: number | null }) {
  const action = useMeetingAction();
  const hydrated = useHydrated();
  const { t, rating } = useMeetingText();
  const errors = action.failure?.fieldErrors ?? {};
  return (
    <action.fetcher.Form method="post" key={action.okCount} onSubmit={action.clear} data-testid="proposal-form">
      <input type="hidden" name="intent" value="propose" />
      <Stack spacing={2}>
        {hydrated ? (
          <MuiTextField
            select
            name="rating"
            label={t("calibrationMeeting.panelist.proposedRating")}
            required
            defaultValue={current ?? ""}
            error={Boolean(errors.rating)}
            helperText={errors.rating}
            className={css.ratingSelect}
            slotProps={{ select: { SelectDisplayProps: { "data-testid": "proposal-rating" } as object } }}
          >
            {RATINGS.map((r) => (
              <MenuItem key={r} value={r}>
                {rating(r)}
              </MenuItem>
            ))}
          </MuiTextField>
        ) : (
          <NativeSelect
            name="rating"
            label={t("calibrationMeeting.panelist.proposedRating")}
            required
            defaultValue={current == null ? "" : String(current)}
            options={[{ value: "", label: "" }, ...RATINGS.map((r) => ({ value: String(r), label: rating(r) }))]}
            className={css.ratingSelect}
          />
        )}
        <TextField
          name="justification"
          label={t("calibrationMeeting.panelist.justification")}
          required
          multiline
          minRows={3}
          fullWidth
          error={Boolean(errors.justification)}
          helperText={errors.justification ?? t("calibrationMeeting.panelist.justificationHelp")}
          inputProps={{ maxLength: CALIBRATION_LIMITS.reasonMax, "data-testid": "proposal-justification" }}
        />
        {action.failure && !errors.rating && !errors.justification && (
          <Alert severity="error" data-testid="proposal-error">
            {action.failure.message}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={action.busy} data-testid="proposal-submit">
            {t("calibrationMeeting.panelist.propose")}
          </Button>
        </Box>
      </Stack>
    </action.fetcher.Form>
  );
}

function Facts({ p }: { p: SessionParticipantJson }) {
  const { t, rating, potential, when } = useMeetingText();
  const n = p.promotion_nomination;
  const status = n && (NOMINATION_STATUSES as readonly string[]).includes(n.status) ? (n.status as NominationStatus) : null;
  const fact = (label: string, value: string, testId: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography data-testid={testId}>{value}</Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" className={css.factsBox}>
      <Stack direction="row" spacing={4} flexWrap className={css.factsRow}>
        {fact(t("calibrationMeeting.panelist.manager"), p.manager?.name ?? t("calibrationMeeting.none"), "participant-manager")}
        {fact(t("calibrationMeeting.panelist.proposedRating"), rating(p.proposed_rating), "participant-proposed")}
        {fact(t("calibrationMeeting.panelist.calibratedRating"), rating(p.rating), "participant-rating")}
        {fact(t("calibrationMeeting.panelist.potential"), potential(p.potential), "participant-potential")}
      </Stack>
      <Box className={css.nomination} data-testid="promotion-details">
        <Typography variant="subtitle2" component="h2">
          {t("calibrationMeeting.panelist.nomination")}
        </Typography>
        {n ? (
          <>
            <Typography variant="body2">
              {!status
                ? `${n.status} · ${when(n.created_at)}`
                : n.nominated_by
                  ? t(NOMINATION_KEYS[status].byLine, { name: n.nominated_by.name, when: when(n.created_at) })
                  : t(NOMINATION_KEYS[status].line, { when: when(n.created_at) })}
            </Typography>
            {n.rationale && <Typography className={css.rationale}>{n.rationale}</Typography>}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("calibrationMeeting.panelist.notNominated")}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

export function PanelistParticipantPage({ data }: { data: ParticipantPageData }) {
  const { detail, cycleId, spoofing, myId } = data;
  const { session, participant: p, allowed } = detail;
  useLiveSession(meetingPaths.events("panelist", session.id, cycleId), session.version);
  const mine = p.proposals.find((pr) => pr.panelist.id === myId);
  const { t, rating, when } = useMeetingText();
  return (
    <Stack spacing={3} className={css.narrowPage}>
      <MeetingHeader title={t("calibrationMeeting.panelist.title", { name: p.user.name })} session={session} spoofing={spoofing} back={{ to: meetingPaths.session("panelist", session.id, cycleId), label: session.name }} />
      <Facts p={p} />
      <MeetingSection id="proposals" title={t("calibrationMeeting.panelist.proposals")} testId="proposals">
        <StackedTable
          stackBelow="sm"
          testId="proposals-table"
          ariaLabel={t("calibrationMeeting.panelist.proposals")}
          empty={p.proposals.length === 0}
          emptyText={t("calibrationMeeting.panelist.noProposals")}
          emptyTestId="proposals-empty"
          head={
            <>
              <TableCell>{t("calibrationMeeting.panelist.panelist")}</TableCell>
              <TableCell>{t("calibrationMeeting.panelist.rating")}</TableCell>
              <TableCell>{t("calibrationMeeting.panelist.justification")}</TableCell>
              <TableCell>{t("calibrationMeeting.panelist.when")}</TableCell>
            </>
          }
        >
          {p.proposals.map((pr) => (
            <TableRow key={pr.panelist.id} data-testid={`proposal-row-${pr.panelist.id}`}>
              <TableCell>{pr.panelist.name}</TableCell>
              <TableCell data-label={t("calibrationMeeting.panelist.rating")}>{rating(pr.rating)}</TableCell>
              <TableCell data-label={t("calibrationMeeting.panelist.justification")} className={css.preWrap}>
                {pr.justification}
              </TableCell>
              <TableCell data-label={t("calibrationMeeting.panelist.when")} className={css.noWrap}>
                {when(pr.created_at)}
              </TableCell>
            </TableRow>
          ))}
        </StackedTable>
        {allowed.propose_rating && !spoofing && !p.terminated && (
          <Box className={css.proposalForm}>
            <ProposalForm current={mine?.rating ?? null} />
          </Box>
        )}
      </MeetingSection>
      <CommentThread id="participant-comments" title={t("calibrationMeeting.comments.title")} comments={detail.comments} canComment={allowed.comment && !spoofing} />
      <RatingHistory history={detail.history} showParticipant={false} />
      <Box component="section" aria-label={t("calibrationMeeting.panelist.feedbackSummary")}>
        <FeedbackSummaryView summary={detail.feedback_summary} title={t("calibrationMeeting.panelist.feedbackSummary")} />
      </Box>
    </Stack>
  );
}
