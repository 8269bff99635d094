import { Box, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "~/platform/ui/static";
import stacked from "~/platform/ui/stacked-table.module.css";
import { STAGE_LABELS, type CycleStage } from "~/features/cycles/rules";
import type { CycleStatistics } from "~/features/cycles/statistics";

/** Progress of a cycle: participants, per-stage done/pending, feedback by reviewer type. */
export function CycleStatisticsPanel({ statistics }: { statistics: CycleStatistics }) {
  const { participants, progress, feedback_by_reviewer_type: byType } = statistics;
  return (
    <Paper variant="outlined" style={{ padding: 16, marginBottom: 24 }} data-testid="cycle-statistics">
      <Typography variant="h6" component="h2" style={{ marginBottom: 8 }}>
        Progress
      </Typography>
      <Stack direction="row" spacing={4} flexWrap style={{ marginBottom: 16, rowGap: 4 }}>
        <Typography data-testid="stat-participants-total">Participants: {participants.total}</Typography>
        <Typography data-testid="stat-participants-reviewer-only">Reviewer only: {participants.reviewer_only}</Typography>
        <Typography data-testid="stat-participants-receiving">Receiving feedback: {participants.receiving_feedback}</Typography>
      </Stack>
      <Stack spacing={1.5} style={{ marginBottom: 16, maxWidth: 720 }}>
        {progress.map((item) => {
          const pct = item.total === 0 ? 0 : Math.round((item.done / item.total) * 100);
          return (
            <Box key={item.key} data-testid={`stat-progress-${item.key}`}>
              <Stack direction="row" justifyContent="space-between" flexWrap>
                <Typography variant="body2">
                  {item.label} <Typography component="span" variant="caption" color="text.secondary">({STAGE_LABELS[item.stage as CycleStage]})</Typography>
                </Typography>
                <Typography variant="body2" data-testid={`stat-progress-${item.key}-counts`}>
                  {item.done} done · {item.pending} pending{item.in_progress ? ` (${item.in_progress} in draft)` : ""} · {item.total} total
                </Typography>
              </Stack>
              <LinearProgress value={pct} aria-label={`${item.label}: ${pct}%`} />
            </Box>
          );
        })}
      </Stack>
      {/* On a phone stacked rows, each count beside its column's name (issue 27, ADR 0068). */}
      <Box style={{ maxWidth: 720 }}>
        <Table size="small" aria-label="Feedback by reviewer type" className={stacked.sm}>
          <TableHead>
            <TableRow>
              <TableCell>Reviewer type</TableCell>
              <TableCell align="right">Expected</TableCell>
              <TableCell align="right">Submitted</TableCell>
              <TableCell align="right">Draft</TableCell>
              <TableCell align="right">Not started</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {byType.map((t) => (
              <TableRow key={t.reviewer_type} data-testid={`stat-feedback-${t.reviewer_type}`}>
                <TableCell>{t.label}</TableCell>
                <TableCell align="right" data-label="Expected">
                  {t.expected}
                </TableCell>
                <TableCell align="right" data-label="Submitted">
                  {t.submitted}
                </TableCell>
                <TableCell align="right" data-label="Draft">
                  {t.draft}
                </TableCell>
                <TableCell align="right" data-label="Not started">
                  {t.not_started}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
