import { MenuItem, TextField as MuiTextField } from "@mui/material";
import { Alert, Box, Button, Paper, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { StackedTable } from "~/platform/ui/stacked-table";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { ratingText } from "~/features/participants/rules";
import { NOMINATION_STATUS_LABELS } from "~/features/manager-review/rules";
import { FeedbackSummaryView } from "~/features/summaries/feedback-summary-view";
import { CALIBRATION_LIMITS, POTENTIAL_LABELS, RATINGS, type Potential } from "~/features/calibration/rules";
import type { SessionParticipantJson } from "~/features/calibration/types";
import { meetingPaths, whenText, type ParticipantPageData } from "~/features/calibration/meeting-page-types";
import { MeetingHeader, MeetingSection } from "~/features/calibration/components/meeting-header";
import { RatingHistory } from "~/features/calibration/components/rating-history";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { useLiveSession } from "~/features/calibration/components/use-live-session";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * A panelist's page about one participant of the session: their ratings and promotion nomination, the
 * panelists' proposals, a rating proposal with its required justification, the comment thread, the rating
 * history, and the feedback summary. Static markup (issue 27); the proposed rating is MUI's select (its menu
 * and keyboard) from hydration on, a native select with the same name and label before.
 */

const RATING_OPTIONS = RATINGS.map((r) => ({ value: String(r), label: ratingText(r) }));

function ProposalForm({ current }: { current: number | null }) {
  const action = useMeetingAction();
  const hydrated = useHydrated();
  const errors = action.failure?.fieldErrors ?? {};
  return (
    <action.fetcher.Form method="post" key={action.okCount} onSubmit={action.clear} data-testid="proposal-form">
      <input type="hidden" name="intent" value="propose" />
      <Stack spacing={2}>
        {hydrated ? (
          <MuiTextField
            select
            name="rating"
            label="Proposed rating"
            required
            defaultValue={current ?? ""}
            error={Boolean(errors.rating)}
            helperText={errors.rating}
            className={css.ratingSelect}
            slotProps={{ select: { SelectDisplayProps: { "data-testid": "proposal-rating" } as object } }}
          >
            {RATINGS.map((r) => (
              <MenuItem key={r} value={r}>
                {ratingText(r)}
              </MenuItem>
            ))}
          </MuiTextField>
        ) : (
          <NativeSelect name="rating" label="Proposed rating" required defaultValue={current == null ? "" : String(current)} options={[{ value: "", label: "" }, ...RATING_OPTIONS]} className={css.ratingSelect} />
        )}
        <TextField
          name="justification"
          label="Justification"
          required
          multiline
          minRows={3}
          fullWidth
          error={Boolean(errors.justification)}
          helperText={errors.justification ?? "Why this rating? The session admin and the other panelists read it."}
          inputProps={{ maxLength: CALIBRATION_LIMITS.reasonMax, "data-testid": "proposal-justification" }}
        />
        {action.failure && !errors.rating && !errors.justification && (
          <Alert severity="error" data-testid="proposal-error">
            {action.failure.message}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={action.busy} data-testid="proposal-submit">
            Propose rating
          </Button>
        </Box>
      </Stack>
    </action.fetcher.Form>
  );
}

function Facts({ p }: { p: SessionParticipantJson }) {
  const n = p.promotion_nomination;
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
        {fact("Manager", p.manager?.name ?? "—", "participant-manager")}
        {fact("Proposed rating", ratingText(p.proposed_rating), "participant-proposed")}
        {fact("Calibrated rating", ratingText(p.rating), "participant-rating")}
        {fact("Potential", p.potential == null ? "—" : POTENTIAL_LABELS[p.potential as Potential], "participant-potential")}
      </Stack>
      <Box className={css.nomination} data-testid="promotion-details">
        <Typography variant="subtitle2" component="h2">
          Promotion nomination
        </Typography>
        {n ? (
          <>
            <Typography variant="body2">
              {NOMINATION_STATUS_LABELS[n.status as keyof typeof NOMINATION_STATUS_LABELS] ?? n.status}
              {n.nominated_by ? ` by ${n.nominated_by.name}` : ""} · {whenText(n.created_at)}
            </Typography>
            {n.rationale && <Typography className={css.rationale}>{n.rationale}</Typography>}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Not nominated for promotion in this cycle.
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
  return (
    <Stack spacing={3} className={css.narrowPage}>
      <MeetingHeader title={`Calibration rating: ${p.user.name}`} session={session} spoofing={spoofing} back={{ to: meetingPaths.session("panelist", session.id, cycleId), label: session.name }} />
      <Facts p={p} />
      <MeetingSection id="proposals" title="Panelists' proposals" testId="proposals">
        <StackedTable
          stackBelow="sm"
          testId="proposals-table"
          ariaLabel="Panelists' proposals"
          empty={p.proposals.length === 0}
          emptyText="No panelist has proposed a rating yet."
          emptyTestId="proposals-empty"
          head={
            <>
              <TableCell>Panelist</TableCell>
              <TableCell>Rating</TableCell>
              <TableCell>Justification</TableCell>
              <TableCell>When</TableCell>
            </>
          }
        >
          {p.proposals.map((pr) => (
            <TableRow key={pr.panelist.id} data-testid={`proposal-row-${pr.panelist.id}`}>
              <TableCell>{pr.panelist.name}</TableCell>
              <TableCell data-label="Rating">{ratingText(pr.rating)}</TableCell>
              <TableCell data-label="Justification" className={css.preWrap}>
                {pr.justification}
              </TableCell>
              <TableCell data-label="When" className={css.noWrap}>
                {whenText(pr.created_at)}
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
      <CommentThread id="participant-comments" title="Comments" comments={detail.comments} canComment={allowed.comment && !spoofing} />
      <RatingHistory history={detail.history} showParticipant={false} />
      <Box component="section" aria-label="Feedback summary">
        <FeedbackSummaryView summary={detail.feedback_summary} title="Feedback summary" />
      </Box>
    </Stack>
  );
}
