import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Message } from "~/features/feedback/answer-messages";
import { notOpenMessage } from "~/features/summaries/summary-messages";
import { stageOf } from "~/features/summaries/pages.server";
import { Alert, Link, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/summaries/feedback-summary.module.css";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { FeedbackSummaryView } from "~/features/summaries/feedback-summary-view";
import { ApiError } from "~/platform/api.server";
import { requireUser } from "~/platform/auth.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { getFeedbackSummary, isSummaryNotOpen } from "~/features/summaries/service.server";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.feedbackSummary");

/**
 * /app/performance/final-assessment/summary?cycle_id=: the participant's own feedback summary (communication
 * stage only; peer and upward answers anonymised, shown from 3 answers) with 'Download PDF' (ADR 0023).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  const cycles = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  if (selection.kind !== "selected") {
    const message: Message = { key: selection.kind === "invalid" ? "summary.invalidCycle" : "summary.noCycles" };
    return { kind: selection.kind, message, cycles, cycleId: null } as const;
  }
  const cycleId = selection.cycle.id;
  try {
    const summary = await getFeedbackSummary(current, "own", cycleId);
    return { kind: "selected", cycles, cycleId, summary } as const;
  } catch (err) {
    if (isSummaryNotOpen(err)) return { kind: "not_open", message: notOpenMessage("own", stageOf(err)), cycles, cycleId } as const;
    if (err instanceof ApiError && err.status === 404) {
      const message: Message = { key: "summary.notParticipant" };
      return { kind: "not_participant", message, cycles, cycleId } as const;
    }
    throw err;
  }
}

export default function MyFeedbackSummary() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <div className={css.top}>
        <Link
          to={data.cycleId ? `/app/performance/final-assessment?cycle_id=${data.cycleId}` : "/app/performance/final-assessment"}
          data-testid="back-to-report"
        >
          {t("summary.backToReport")}
        </Link>
        {data.cycles.length > 0 && <CycleSwitcher cycles={data.cycles} selectedId={data.cycleId} />}
      </div>
      {data.kind === "selected" ? (
        <FeedbackSummaryView summary={data.summary} downloadUrl={`/api/v1/cycles/${data.cycleId}/participants/feedbacks_summary/download`} />
      ) : (
        <>
          <Typography variant="h4" component="h1">
            {t("summary.title")}
          </Typography>
          <Alert severity={data.kind === "invalid" ? "error" : "info"} data-testid="summary-message">
            {t(data.message.key, data.message.values)}
          </Alert>
        </>
      )}
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
