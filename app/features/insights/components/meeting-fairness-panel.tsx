import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Paper, Typography } from "~/platform/ui/static";
import { StaticTabs } from "~/platform/ui/static-tabs";
import { FigurePanel, FigureTable } from "~/features/insights/components/figure-panel";
import { SessionInsightsLink } from "~/features/insights/components/session-insights-link";
import { attributeName, gapText } from "~/features/insights/group-names";
import { meetingFairnessPath, shownFigure, type AttributedGap, type MeetingFairness } from "~/features/insights/meeting-fairness";
import type { InsightFigure } from "~/features/insights/insight-json";
import css from "~/features/insights/components/insights-page.module.css";

/**
 * The rating calibration meeting's live fairness panel (issue 29 §4, ADR 0114), on the session admin's and the sign-off
 * party's pages (never a panelist's): the session's ratings per group of one attribute — before and after calibration,
 * the shift, each gap in words with its p-value — as the insights service published them under the privacy floor (the
 * insight pages' own figure, FigurePanel), the significant gaps after calibration that make closing ask for a reason,
 * and the session's insight page where the reader may open it. Its data comes from the session's resource route
 * (GET /app/calibration-sessions/{id}/fairness), read once the page is hydrated and again at every version of the
 * session the page's loader brings (the live stream revalidates it when a rating moves), so the meeting pages' first
 * screen keeps its few reads. Static markup and CSS.
 */

export type MeetingFairnessState = {
  fairness: MeetingFairness | null;
  /** The attribute whose figure is shown (the panel's tabs, and the sign-off dialog's table). */
  figure: InsightFigure | null;
  choose: (attributeId: number) => void;
};

/** The session's fairness, read again whenever the page's `version` of the session moves. */
export function useMeetingFairness(sessionId: number, version: number): MeetingFairnessState {
  const fetcher = useFetcher<MeetingFairness | { error: unknown }>();
  const { load } = fetcher;
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    load(`${meetingFairnessPath(sessionId)}?version=${version}`);
  }, [load, sessionId, version]);
  const data = fetcher.data;
  const fairness = data && !("error" in data) ? data : null;
  return { fairness, figure: fairness ? shownFigure(fairness, chosen) : null, choose: setChosen };
}

/** The significant gaps after calibration, each with its attribute (data) and its words. */
export function SignificantGaps({ gaps, testId }: { gaps: readonly AttributedGap[]; testId: string }) {
  const { t } = useTranslation();
  if (gaps.length === 0) return null;
  return (
    <Alert severity="warning" role="note" data-testid={testId}>
      <Typography variant="body2" fontWeight="bold">
        {t("meetingFairness.significant", { count: gaps.length })}
      </Typography>
      <ul className={css.gaps}>
        {gaps.map((g) => (
          <li key={`${g.attribute.id}-${g.group ?? ""}`} data-testid={`${testId}-gap`}>
            <strong>{attributeName(t, g.attribute)}</strong> {gapText(t, g.words)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

export function MeetingFairnessPanel({ state }: { state: MeetingFairnessState }) {
  const { t } = useTranslation();
  const { fairness, figure, choose } = state;
  return (
    <section aria-labelledby="fairness-heading" data-testid="meeting-fairness" className={css.figure}>
      <Typography variant="h6" component="h2" id="fairness-heading">
        {t("meetingFairness.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("meetingFairness.intro")}
        {fairness && ` ${t("insightsPages.population", { count: fairness.population })} ${t("insightsPages.floorNotice", { floor: fairness.privacy_floor })}`}
      </Typography>
      {!fairness ? (
        <Typography variant="body2" color="text.secondary" data-testid="fairness-loading">
          {t("meetingFairness.loading")}
        </Typography>
      ) : (
        <>
          <SignificantGaps gaps={fairness.significant_after} testId="fairness-significant" />
          {!figure ? (
            <Paper variant="outlined" className={css.hidden}>
              <Typography color="text.secondary" data-testid="fairness-none">
                {t("meetingFairness.noAttributes")}
              </Typography>
            </Paper>
          ) : (
            <>
              <StaticTabs
                label={t("insightsPages.breakdown")}
                value={String(figure.attribute.id)}
                onChange={(v) => choose(Number(v))}
                items={fairness.attributes.map((a) => ({ value: String(a.id), label: attributeName(t, a), testId: `fairness-by-${a.id}` }))}
              />
              <FigurePanel figure={figure} floor={fairness.privacy_floor} />
            </>
          )}
          {fairness.insight_page && <SessionInsightsLink sessionId={fairness.session_id} testId="fairness-insights-link" />}
        </>
      )}
    </section>
  );
}

/** The sign-off dialog's reading of the panel: the shown attribute's groups before and after calibration, and the shift. */
export function FairnessShift({ state }: { state: MeetingFairnessState }) {
  const { t } = useTranslation();
  const figure = state.figure;
  if (!figure?.shown || !figure.total) return null;
  const title = t("meetingFairness.shiftTitle", { attribute: attributeName(t, figure.attribute) });
  return (
    <div className={css.figure} data-testid="close-shift">
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <FigureTable figure={figure} id="close-shift" title={title} />
    </div>
  );
}
