import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { ChartPanel } from "~/platform/ui/chart-panel";
import { PlainTable } from "~/platform/ui/plain-table";
import { useTranslation } from "react-i18next";
import { CALIBRATED_RATINGS } from "~/features/participants/rules";
import { RATING_KEYS, ratingKey, ratingsSummary, teamSummary } from "~/features/performance-trends/messages";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";
import { messageText } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import type { RatingPoint, TeamRatingsTrend } from "~/features/performance-trends/types";

/** Calibrated ratings across cycles (ADR 0030): one person's as a line, a manager's team as a distribution per cycle. */

const ratingTick = (v: number | null) => (v == null ? "" : String(v));

/** One person's calibrated ratings, oldest cycle first; a provisional rating (calibration) is marked. */
export function RatingsPanel({ points, emptyText }: { points: RatingPoint[]; emptyText: string }) {
  const theme = useTheme();
  const { t } = useTranslation();
  const id = "ratings-trend";
  const summary = points.length ? ratingsSummary(points) : null;
  return (
    <ChartPanel
      id={id}
      title={t("performanceTrends.ratings.title")}
      summary={summary ? t(summary.message.key, { ...summary.message.values, rating: summary.ratingKey ? t(summary.ratingKey) : "" }) : undefined}
      empty={points.length === 0}
      emptyText={emptyText}
      chart={() => (
        <LineChart
          height={300}
          skipAnimation
          // Room for the first and last cycle names, centred under the end points.
          margin={{ left: 48, right: 72 }}
          xAxis={[{ scaleType: "point", data: points.map((p) => p.cycle.name), tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ min: 1, max: 5, tickMinStep: 1, valueFormatter: ratingTick }]}
          series={[
            {
              id: "rating",
              label: t("performanceTrends.ratings.series"),
              color: theme.palette.primary.main,
              data: points.map((p) => p.rating?.value ?? null),
              valueFormatter: (v) => t(ratingKey(v)),
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={t("performanceTrends.ratings.tableLabel")} data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">{t("performanceTrends.ratings.cycle")}</th>
                <th scope="col">{t("performanceTrends.ratings.stage")}</th>
                <th scope="col">{t("performanceTrends.ratings.rating")}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.cycle.id} data-testid={`rating-row-${p.cycle.id}`}>
                  <th scope="row">{p.cycle.name}</th>
                  <td>{t(STAGE_KEYS[p.cycle.state])}</td>
                  <td data-testid={`rating-value-${p.cycle.id}`}>
                    {t(ratingKey(p.rating?.value))}
                    {p.rating && !p.final && <span className="note">{t("performanceTrends.ratings.provisionalNote")}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </PlainTable>
      }
    />
  );
}

/** The manager's direct reports: how many got each rating per cycle (stacked), and each report's ratings in the table. */
export function TeamRatingsPanel({ team }: { team: TeamRatingsTrend }) {
  const theme = useTheme();
  const { t } = useTranslation();
  const format = useFormat();
  const id = "team-ratings";
  const colors = [theme.palette.error.main, theme.palette.warning.main, theme.palette.grey[500], theme.palette.info.main, theme.palette.success.main];
  const valuesOf = (cycleId: number) =>
    team.direct_reports.flatMap((r) => r.ratings.filter((p) => p.cycle.id === cycleId && p.rating).map((p) => p.rating!.value));
  const perCycle = team.cycles.map((c) => ({ cycle: c, values: valuesOf(c.id) }));
  const rated = perCycle.some((c) => c.values.length > 0);
  const teamText = () => {
    const summary = teamSummary(team.direct_reports.length, perCycle, (n, digits) => format.number(n, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
    return t(summary.message.key, { ...summary.message.values, ratings: summary.ratings ? messageText(t, summary.ratings) : "" });
  };
  return (
    <ChartPanel
      id={id}
      title={t("performanceTrends.team.title")}
      summary={teamText()}
      empty={!rated}
      emptyText={t("performanceTrends.empty.team")}
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          xAxis={[{ scaleType: "band", data: perCycle.map((c) => c.cycle.name), tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={CALIBRATED_RATINGS.map((r, i) => ({
            id: `rating-${r}`,
            label: t(RATING_KEYS[r]),
            stack: "ratings",
            color: colors[i],
            data: perCycle.map((c) => c.values.filter((v) => v === r).length),
          }))}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={t("performanceTrends.team.tableLabel")} data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">{t("performanceTrends.team.report")}</th>
                {team.cycles.map((c) => (
                  <th key={c.id} scope="col">
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {format.byName(team.direct_reports, (r) => r.name).map((r) => (
                <tr key={r.email} data-testid={`team-row-${r.email}`}>
                  <th scope="row">
                    {r.name}
                    {r.job_title && <span className="note block">{r.job_title}</span>}
                  </th>
                  {team.cycles.map((c) => {
                    const p = r.ratings.find((x) => x.cycle.id === c.id);
                    return (
                      <td key={c.id}>
                        {!p ? <span className="note">{t("performanceTrends.team.notYourReport")}</span> : t(ratingKey(p.rating?.value))}
                        {p?.rating && !p.final && <span className="note">{t("performanceTrends.team.provisional")}</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </PlainTable>
      }
    />
  );
}
