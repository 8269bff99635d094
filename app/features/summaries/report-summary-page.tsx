import { Alert, Link, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/summaries/feedback-summary.module.css";
import type { ReactNode } from "react";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { FeedbackSummaryView } from "~/features/summaries/feedback-summary-view";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { useTranslation } from "react-i18next";
import type { Message } from "~/features/feedback/answer-messages";

/**
 * The feedback summary page of a report for their (direct or secondary) manager (ADR 0023): "← My Reportees"
 * (then `links`, if any), the cycle switcher, and the summary with its PDF download at `downloadUrl`,
 * or the note `notOpen` (a translation key) when the cycle's stage does not open the summary yet.
 */
export function ReportSummaryPage({
  cycles,
  cycleId,
  summary,
  notOpen,
  links,
  title,
  downloadUrl,
}: {
  cycles: Array<{ id: number; name: string }>;
  cycleId: number;
  summary: FeedbackSummary | null;
  notOpen: Message | null;
  links?: ReactNode;
  title?: string;
  downloadUrl: string;
}) {
  const { t } = useTranslation();
  const back = (
    <Link to={`/app/my-reportees?cycle_id=${cycleId}`}>
      {t("summary.backToReportees")}
    </Link>
  );
  return (
    <Stack spacing={2}>
      <div className={css.top}>
        {links ? (
          <Stack direction="row" spacing={2}>
            {back}
            {links}
          </Stack>
        ) : (
          back
        )}
        {cycles.length > 0 && <CycleSwitcher cycles={cycles} selectedId={cycleId} />}
      </div>
      {summary ? (
        <FeedbackSummaryView summary={summary} title={title} downloadUrl={downloadUrl} />
      ) : (
        <>
          <Typography variant="h4" component="h1">
            {t("summary.title")}
          </Typography>
          <Alert severity="info" data-testid="summary-message">
            {notOpen && t(notOpen.key, notOpen.values)}
          </Alert>
        </>
      )}
    </Stack>
  );
}
