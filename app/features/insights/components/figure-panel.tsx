import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { useTranslation } from "react-i18next";
import { Alert, Paper, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { attributeName, gapText, groupName } from "~/features/insights/group-names";
import { useFormat } from "~/platform/i18n/reader-context";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { InsightFigure, InsightFigureKind, InsightGroupRow, InsightMeasure, InsightMeasureKey } from "~/features/insights/insight-json";
import css from "~/features/insights/components/insights-page.module.css";

/**
 * One insight figure broken down by one attribute (issue 29 §2, ADR 0112): its heading, the table of its groups (static
 * HTML, stacked rows below 600 px), the chart of the same rows (MUI X Charts, drawn in the browser only, into a box of
 * its final height), each gap in words, or why the figure is hidden. Every number comes from the figure as the service
 * published it (the privacy floor's cells): the page computes nothing.
 * Test ids: `figure-${figure}` (the section), `-table`, `-chart`, `-gaps`, `-hidden`; rows `row-${group|other|total}`.
 */

export const FIGURE_KEYS: Record<InsightFigureKind, TranslationKey> = {
  peer_selection: "insightsPages.figure.peer_selection",
  feedback_received: "insightsPages.figure.feedback_received",
  ratings: "insightsPages.figure.ratings",
  promotions: "insightsPages.figure.promotions",
};

/** What the chart draws per figure: the shares (percent) or the means, one bar series each; the table has all. */
const CHARTED: Record<InsightFigureKind, InsightMeasureKey[]> = {
  peer_selection: ["accepted_rate", "declined_rate"],
  feedback_received: ["answered_rate"],
  ratings: ["mean_before", "mean_after"],
  promotions: ["nominated_rate", "endorsed_rate", "panel_vote_rate", "promoted_rate"],
};

const MEASURE_KEYS: Record<InsightMeasureKey, TranslationKey> = {
  requests: "insightsPages.measure.requests",
  accepted: "insightsPages.measure.accepted",
  declined: "insightsPages.measure.declined",
  pending: "insightsPages.measure.pending",
  accepted_rate: "insightsPages.measure.accepted_rate",
  declined_rate: "insightsPages.measure.declined_rate",
  feedback: "insightsPages.measure.feedback",
  answered: "insightsPages.measure.answered",
  answered_rate: "insightsPages.measure.answered_rate",
  mean_length: "insightsPages.measure.mean_length",
  rated: "insightsPages.measure.rated",
  mean_before: "insightsPages.measure.mean_before",
  mean_after: "insightsPages.measure.mean_after",
  shift: "insightsPages.measure.shift",
  nominated: "insightsPages.measure.nominated",
  nominated_rate: "insightsPages.measure.nominated_rate",
  endorsed: "insightsPages.measure.endorsed",
  endorsed_rate: "insightsPages.measure.endorsed_rate",
  panel_votes: "insightsPages.measure.panel_votes",
  panel_vote_rate: "insightsPages.measure.panel_vote_rate",
  promoted: "insightsPages.measure.promoted",
  promoted_rate: "insightsPages.measure.promoted_rate",
};
const measureKey = (key: InsightMeasureKey) => MEASURE_KEYS[key];
const rowId = (row: InsightGroupRow) => (row.other ? "other" : row.group === null ? "not-set" : row.group.toLowerCase().replace(/[^a-z0-9]+/g, "-"));

function useValueText() {
  const format = useFormat();
  return (measure: InsightMeasure, value: number | null | undefined): string => {
    if (value === null || value === undefined) return "–";
    const digits = measure.kind === "mean" ? 2 : measure.kind === "rate" || measure.kind === "length" ? 0 : 0;
    const text = format.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return measure.kind === "rate" ? `${text}%` : measure.key === "shift" && value > 0 ? `+${text}` : text;
  };
}

export function FigurePanel({ figure, floor }: { figure: InsightFigure; floor: number }) {
  const { t } = useTranslation();
  const id = `figure-${figure.figure}`;
  const title = t(FIGURE_KEYS[figure.figure]);
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id} className={css.figure}>
      <Typography variant="h6" component="h2" id={`${id}-heading`}>
        {title}
      </Typography>
      {!figure.shown || !figure.total ? (
        <Paper variant="outlined" className={css.hidden}>
          <Typography color="text.secondary" data-testid={`${id}-hidden`}>
            {t(figure.suppressed_reason === "differencing" ? "insightsPages.hidden.differencing" : "insightsPages.hidden.too_few", { floor })}
          </Typography>
        </Paper>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid={`${id}-summary`}>
            {figure.rows.length === 0
              ? t("insightsPages.noGroups")
              : t("insightsPages.figureSummary", {
                  attribute: attributeName(t, figure.attribute),
                  groups: figure.rows.map((r) => `${groupName(t, r)} (${r.people})`).join(", "),
                })}
          </Typography>
          <FigureTable figure={figure} id={id} title={title} />
          <FigureChart figure={figure} id={id} title={title} />
          <Gaps figure={figure} id={id} />
        </>
      )}
    </section>
  );
}

export function FigureTable({ figure, id, title }: { figure: InsightFigure; id: string; title: string }) {
  const { t } = useTranslation();
  const text = useValueText();
  const total = figure.total!;
  const rows = [...figure.rows, total];
  const headers = figure.measures.map((m) => t(measureKey(m.key)));
  return (
    <StackedTable
      testId={`${id}-table`}
      ariaLabel={t("insightsPages.chartLabel", { figure: title, attribute: attributeName(t, figure.attribute) })}
      stackBelow="sm"
      compact
      head={
        <>
          <TableCell component="th" scope="col">
            {attributeName(t, figure.attribute)}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t("insightsPages.people")}
          </TableCell>
          {headers.map((h, i) => (
            <TableCell key={figure.measures[i]!.key} component="th" scope="col" align="right">
              {h}
            </TableCell>
          ))}
        </>
      }
    >
      {rows.map((row) => {
        const isTotal = row === total;
        return (
          <TableRow key={isTotal ? "total" : rowId(row)} data-testid={`${id}-row-${isTotal ? "total" : rowId(row)}`}>
            <TableCell component="th" scope="row">
              {isTotal ? t("insightsPages.total") : groupName(t, row)}
            </TableCell>
            <TableCell align="right" data-label={t("insightsPages.people")}>
              {row.people}
            </TableCell>
            {figure.measures.map((m, i) => (
              <TableCell key={m.key} align="right" data-label={headers[i]}>
                {text(m, row.values[m.key])}
              </TableCell>
            ))}
          </TableRow>
        );
      })}
    </StackedTable>
  );
}

function FigureChart({ figure, id, title }: { figure: InsightFigure; id: string; title: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const theme = useTheme();
  const text = useValueText();
  const charted = figure.measures.filter((m) => CHARTED[figure.figure].includes(m.key));
  if (charted.length === 0 || figure.rows.length === 0) return null;
  const colors = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main, theme.palette.warning.main];
  const rates = charted.every((m) => m.kind === "rate");
  const height = 96 + figure.rows.length * 24 * Math.max(1, charted.length);
  return (
    <Paper variant="outlined" className={css.chart}>
      <div style={{ height }} data-testid={`${id}-chart`} role="figure" aria-label={t("insightsPages.chartLabel", { figure: title, attribute: attributeName(t, figure.attribute) })}>
        {hydrated && (
          <BarChart
            height={height}
            skipAnimation
            layout="horizontal"
            yAxis={[{ scaleType: "band", data: figure.rows.map((r) => groupName(t, r)), width: 120, tickLabelStyle: { fontSize: 11 } }]}
            xAxis={[rates ? { min: 0, max: 100 } : { min: figure.figure === "ratings" ? 1 : 0, max: figure.figure === "ratings" ? 5 : undefined }]}
            series={charted.map((m, i) => ({
              id: m.key,
              label: t(measureKey(m.key)),
              color: colors[i % colors.length],
              data: figure.rows.map((r) => r.values[m.key] ?? null),
              valueFormatter: (v: number | null) => text(m, v),
            }))}
          />
        )}
      </div>
    </Paper>
  );
}

function Gaps({ figure, id }: { figure: InsightFigure; id: string }) {
  const { t } = useTranslation();
  if (figure.gaps.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${id}-no-gaps`}>
        {t("insightsPages.noGaps")}
      </Typography>
    );
  return (
    <div data-testid={`${id}-gaps`}>
      <Typography variant="subtitle2" component="h3">
        {t("insightsPages.gaps")}
      </Typography>
      <ul className={css.gaps}>
        {figure.gaps.map((gap) => (
          <li key={`${gap.measure}-${gap.other ? "other" : gap.group}`} data-significant={gap.significant ? "true" : "false"}>
            {gap.significant ? (
              <Alert severity="warning" role="note" data-testid={`${id}-gap`}>
                <strong>{t(measureKey(gap.measure))}</strong> {gapText(t, gap.words)}
              </Alert>
            ) : (
              <Typography variant="body2" data-testid={`${id}-gap`}>
                <strong>{t(measureKey(gap.measure))}</strong> {gapText(t, gap.words)}
              </Typography>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
