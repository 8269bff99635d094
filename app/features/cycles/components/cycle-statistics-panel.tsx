import { Box, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "~/platform/ui/static";
import stacked from "~/platform/ui/stacked-table.module.css";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { CycleStage } from "~/features/cycles/rules";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";
import type { CycleStatistics } from "~/features/cycles/statistics";

/** Progress of a cycle: participants, per-stage done/pending, feedback by reviewer type. */
const PROGRESS_KEYS: Record<CycleStatistics["progress"][number]["key"], TranslationKey> = {
  spu_feedback: "cyclesAdmin.stats.progress.spu_feedback",
  manager_feedback: "cyclesAdmin.stats.progress.manager_feedback",
  calibrated_ratings: "cyclesAdmin.stats.progress.calibrated_ratings",
  promotion_decisions: "cyclesAdmin.stats.progress.promotion_decisions",
};

export function CycleStatisticsPanel({ statistics }: { statistics: CycleStatistics }) {
  const { t } = useTranslation();
  const { participants, progress, feedback_by_reviewer_type: byType } = statistics;
  return (
    <Paper variant="outlined" style={{ padding: 16, marginBottom: 24 }} data-testid="cycle-statistics">
      <Typography variant="h6" component="h2" style={{ marginBottom: 8 }}>
        {t("cyclesAdmin.stats.title")}
      </Typography>
      <Stack direction="row" spacing={4} flexWrap style={{ marginBottom: 16, rowGap: 4 }}>
        <Typography data-testid="stat-participants-total">{t("cyclesAdmin.stats.participants", { count: participants.total })}</Typography>
        <Typography data-testid="stat-participants-reviewer-only">{t("cyclesAdmin.stats.reviewerOnly", { count: participants.reviewer_only })}</Typography>
        <Typography data-testid="stat-participants-receiving">{t("cyclesAdmin.stats.receiving", { count: participants.receiving_feedback })}</Typography>
      </Stack>
      <Stack spacing={1.5} style={{ marginBottom: 16, maxWidth: 720 }}>
        {progress.map((item) => {
          const pct = item.total === 0 ? 0 : Math.round((item.done / item.total) * 100);
          const label = t(PROGRESS_KEYS[item.key]);
          return (
            <Box key={item.key} data-testid={`stat-progress-${item.key}`}>
              <Stack direction="row" justifyContent="space-between" flexWrap>
                <Typography variant="body2">
                  {label}{" "}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {t("cyclesAdmin.stats.stage", { stage: t(STAGE_KEYS[item.stage as CycleStage]) })}
                  </Typography>
                </Typography>
                <Typography variant="body2" data-testid={`stat-progress-${item.key}-counts`}>
                  {item.in_progress
                    ? t("cyclesAdmin.stats.countsDraft", { done: item.done, pending: item.pending, draft: item.in_progress, total: item.total })
                    : t("cyclesAdmin.stats.counts", { done: item.done, pending: item.pending, total: item.total })}
                </Typography>
              </Stack>
              <LinearProgress value={pct} aria-label={t("cyclesAdmin.stats.percent", { label, percent: pct })} />
            </Box>
          );
        })}
      </Stack>
      {/* On a phone stacked rows, each count beside its column's name (issue 27, ADR 0068). */}
      <Box style={{ maxWidth: 720 }}>
        <Table size="small" aria-label={t("cyclesAdmin.stats.tableLabel")} className={stacked.sm}>
          <TableHead>
            <TableRow>
              <TableCell>{t("cyclesAdmin.stats.reviewerType")}</TableCell>
              <TableCell align="right">{t("cyclesAdmin.stats.expected")}</TableCell>
              <TableCell align="right">{t("cyclesAdmin.stats.submitted")}</TableCell>
              <TableCell align="right">{t("cyclesAdmin.stats.draft")}</TableCell>
              <TableCell align="right">{t("cyclesAdmin.stats.notStarted")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {byType.map((row) => (
              <TableRow key={row.reviewer_type} data-testid={`stat-feedback-${row.reviewer_type}`}>
                <TableCell>{t(reviewerTypeKey(row.reviewer_type) ?? "cyclesAdmin.stats.reviewerType")}</TableCell>
                <TableCell align="right" data-label={t("cyclesAdmin.stats.expected")}>
                  {row.expected}
                </TableCell>
                <TableCell align="right" data-label={t("cyclesAdmin.stats.submitted")}>
                  {row.submitted}
                </TableCell>
                <TableCell align="right" data-label={t("cyclesAdmin.stats.draft")}>
                  {row.draft}
                </TableCell>
                <TableCell align="right" data-label={t("cyclesAdmin.stats.notStarted")}>
                  {row.not_started}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
