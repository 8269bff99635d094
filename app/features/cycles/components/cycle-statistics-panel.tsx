import { Box, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { STAGE_LABELS, type CycleStage } from "~/features/cycles/rules";
import type { CycleStatistics } from "~/features/cycles/statistics";

/** Progress of a cycle: participants, per-stage done/pending, feedback by reviewer type. */
export function CycleStatisticsPanel({ statistics }: { statistics: CycleStatistics }) {
  const { participants, progress, feedback_by_reviewer_type: byType } = statistics;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="cycle-statistics">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Progress
      </Typography>
      <Stack direction="row" spacing={4} sx={{ mb: 2, flexWrap: "wrap" }}>
        <Typography data-testid="stat-participants-total">Participants: {participants.total}</Typography>
        <Typography data-testid="stat-participants-reviewer-only">Reviewer only: {participants.reviewer_only}</Typography>
        <Typography data-testid="stat-participants-receiving">Receiving feedback: {participants.receiving_feedback}</Typography>
      </Stack>
      <Stack spacing={1.5} sx={{ mb: 2, maxWidth: 720 }}>
        {progress.map((item) => {
          const pct = item.total === 0 ? 0 : Math.round((item.done / item.total) * 100);
          return (
            <Box key={item.key} data-testid={`stat-progress-${item.key}`}>
              <Stack direction="row" sx={{ justifyContent: "space-between", flexWrap: "wrap" }}>
                <Typography variant="body2">
                  {item.label} <Typography component="span" variant="caption" color="text.secondary">({STAGE_LABELS[item.stage as CycleStage]})</Typography>
                </Typography>
                <Typography variant="body2" data-testid={`stat-progress-${item.key}-counts`}>
                  {item.done} done · {item.pending} pending{item.in_progress ? ` (${item.in_progress} in draft)` : ""} · {item.total} total
                </Typography>
              </Stack>
              <LinearProgress variant="determinate" value={pct} aria-label={`${item.label}: ${pct}%`} />
            </Box>
          );
        })}
      </Stack>
      {/* On a phone the table scrolls sideways in its own box, never the page (issue 26 §2). */}
      <TableContainer sx={{ maxWidth: 720, overflowX: "auto" }}>
        <Table size="small" aria-label="Feedback by reviewer type">
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
                <TableCell align="right">{t.expected}</TableCell>
                <TableCell align="right">{t.submitted}</TableCell>
                <TableCell align="right">{t.draft}</TableCell>
                <TableCell align="right">{t.not_started}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
