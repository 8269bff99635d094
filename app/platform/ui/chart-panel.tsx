import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Paper, Typography } from "~/platform/ui/static";
import { useHydrated } from "~/platform/ui/mount-hooks";
import css from "~/platform/ui/chart-panel.module.css";

/**
 * One statistic shown as a chart with a table view, in static markup (issue 27): its heading (h2) and summary line,
 * a Chart/Table toggle (a group of two pressed/unpressed buttons, as MUI's ToggleButtonGroup draws them), and either
 * the chart or the same numbers as a table (the accessible reading of the chart), or, without data, the empty state.
 * The chart is drawn in the browser only (it measures its container) into a box of its final height, so the server
 * render adds no style work and nothing moves when it appears. Used by the promotion dashboard and the performance
 * trends.
 * Test ids: `${id}` (the section), `${id}-summary`, `${id}-view-chart`, `${id}-view-table`, `${id}-chart`,
 * `${id}-table` (the table element is the caller's), `${id}-empty`.
 */
export function ChartPanel({
  id,
  title,
  summary,
  empty,
  emptyText,
  chart,
  table,
  chartHeight = 300,
}: {
  id: string;
  title: string;
  summary?: ReactNode;
  empty: boolean;
  emptyText: ReactNode;
  /** The chart (a function: it is drawn only in the browser). */
  chart: () => ReactNode;
  table: ReactNode;
  chartHeight?: number;
}) {
  const [view, setView] = useState<"chart" | "table">("chart");
  const hydrated = useHydrated();
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id}>
      <Typography variant="h6" component="h2" id={`${id}-heading`} className={css.heading}>
        {title}
      </Typography>
      <div className={css.panelHead}>
        <Typography variant="body2" color="text.secondary" data-testid={`${id}-summary`}>
          {summary}
        </Typography>
        {!empty && (
          <div role="group" aria-label={t("chartPanel.view", { title })} className={css.toggle}>
            {(["chart", "table"] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)} data-testid={`${id}-view-${v}`}>
                {v === "chart" ? t("chartPanel.chart") : t("chartPanel.table")}
              </button>
            ))}
          </div>
        )}
      </div>
      {empty ? (
        <Paper variant="outlined" className={css.empty}>
          <Typography color="text.secondary" data-testid={`${id}-empty`}>
            {emptyText}
          </Typography>
        </Paper>
      ) : view === "chart" ? (
        <Paper variant="outlined">
          <div style={{ height: chartHeight }} data-testid={`${id}-chart`} aria-label={t("chartPanel.chartLabel", { title })} role="figure">
            {hydrated && chart()}
          </div>
        </Paper>
      ) : (
        table
      )}
    </section>
  );
}
