import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { ChartPanel } from "~/platform/ui/chart-panel";
import { PlainTable } from "~/platform/ui/plain-table";
import { CALIBRATED_RATINGS, CALIBRATED_RATING_LABELS, ratingText } from "~/features/participants/rules";
import { ratingsSummary, teamSummary } from "~/features/performance-trends/rules";
import type { RatingPoint, TeamRatingsTrend } from "~/features/performance-trends/types";

/** Calibrated ratings across cycles (ADR 0030): one person's as a line, a manager's team as a distribution per cycle. */

const ratingTick = (v: number | null) => (v == null ? "" : String(v));

/** One person's calibrated ratings, oldest cycle first; a provisional rating (calibration) is marked. */
export function RatingsPanel({ points, emptyText }: { points: RatingPoint[]; emptyText: string }) {
  const theme = useTheme();
  const id = "ratings-trend";
  return (
    <ChartPanel
      id={id}
      title="Calibrated ratings"
      summary={points.length ? ratingsSummary(points) : undefined}
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
              label: "Calibrated rating",
              color: theme.palette.primary.main,
              data: points.map((p) => p.rating?.value ?? null),
              valueFormatter: (v) => (v == null ? "Not rated" : ratingText(v)),
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label="Calibrated ratings by cycle" data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">Cycle</th>
                <th scope="col">Stage</th>
                <th scope="col">Calibrated rating</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.cycle.id} data-testid={`rating-row-${p.cycle.id}`}>
                  <th scope="row">{p.cycle.name}</th>
                  <td>{p.cycle.stage_label}</td>
                  <td data-testid={`rating-value-${p.cycle.id}`}>
                    {p.rating ? p.rating.label : "Not rated"}
                    {p.rating && !p.final && <span className="note"> (provisional: the cycle is in calibration)</span>}
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
  const id = "team-ratings";
  const colors = [theme.palette.error.main, theme.palette.warning.main, theme.palette.grey[500], theme.palette.info.main, theme.palette.success.main];
  const valuesOf = (cycleId: number) =>
    team.direct_reports.flatMap((r) => r.ratings.filter((p) => p.cycle.id === cycleId && p.rating).map((p) => p.rating!.value));
  const perCycle = team.cycles.map((c) => ({ cycle: c, values: valuesOf(c.id) }));
  const rated = perCycle.some((c) => c.values.length > 0);
  return (
    <ChartPanel
      id={id}
      title="Direct reports' ratings"
      summary={teamSummary(team.direct_reports.length, perCycle)}
      empty={!rated}
      emptyText="None of your direct reports has a calibrated rating to show yet: their ratings appear from the calibration stage of the cycles in which you are their manager."
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          xAxis={[{ scaleType: "band", data: perCycle.map((c) => c.cycle.name), tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={CALIBRATED_RATINGS.map((r, i) => ({
            id: `rating-${r}`,
            label: `${r} - ${CALIBRATED_RATING_LABELS[r]}`,
            stack: "ratings",
            color: colors[i],
            data: perCycle.map((c) => c.values.filter((v) => v === r).length),
          }))}
        />
      )}
      table={
        <PlainTable>
          <table aria-label="Direct reports' calibrated ratings by cycle" data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">Direct report</th>
                {team.cycles.map((c) => (
                  <th key={c.id} scope="col">
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {team.direct_reports.map((r) => (
                <tr key={r.email} data-testid={`team-row-${r.email}`}>
                  <th scope="row">
                    {r.name}
                    {r.job_title && <span className="note block">{r.job_title}</span>}
                  </th>
                  {team.cycles.map((c) => {
                    const p = r.ratings.find((x) => x.cycle.id === c.id);
                    return (
                      <td key={c.id}>
                        {!p ? <span className="note">Not your report</span> : p.rating ? p.rating.label : "Not rated"}
                        {p?.rating && !p.final && <span className="note"> (provisional)</span>}
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
