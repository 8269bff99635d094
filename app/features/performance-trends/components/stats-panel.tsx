import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { ReactNode } from "react";
import { ChartPanel } from "~/platform/ui/chart-panel";
import { PlainTable } from "~/platform/ui/plain-table";
import { statsSummary } from "~/features/performance-trends/rules";
import type { StatsTrend } from "~/features/performance-trends/types";

/**
 * Peer or upward feedback per cycle (ADR 0030): the average of the rating answers (1-5) and how many answered.
 * A cycle whose group is below the anonymity threshold for this viewer shows the summaries' message, never numbers.
 */
export function StatsPanel({ stats, emptyText }: { stats: StatsTrend; emptyText: ReactNode }) {
  const theme = useTheme();
  const id = `${stats.kind}-stats`;
  const points = stats.cycles;
  const shown = points.filter((p) => p.visible && p.average !== null);
  const hidden = points.filter((p) => !p.visible && p.message);
  return (
    <ChartPanel
      id={id}
      title={stats.label}
      summary={statsSummary(stats.kind, points)}
      empty={shown.length === 0}
      emptyText={
        hidden.length ? (
          <>
            {hidden.map((p) => (
              <span key={p.cycle.id} style={{ display: "block" }} data-testid={`${id}-message-${p.cycle.id}`}>
                {p.cycle.name}: {p.message}
              </span>
            ))}
          </>
        ) : (
          emptyText
        )
      }
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          xAxis={[{ scaleType: "band", data: points.map((p) => p.cycle.name), tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ min: 0, max: 5, tickMinStep: 1 }]}
          series={[
            {
              id: "average",
              label: "Average rating (1-5)",
              color: stats.kind === "peer" ? theme.palette.info.main : theme.palette.secondary.main,
              data: points.map((p) => (p.visible ? p.average : null)),
              valueFormatter: (v, { dataIndex }) => {
                const p = points[dataIndex]!;
                return p.visible ? `${v ?? "—"} from ${p.submitted} of ${p.requested} answers` : (p.message ?? "Not shown");
              },
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={`${stats.label} by cycle`} data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">Cycle</th>
                <th scope="col" className="num">
                  Answered
                </th>
                <th scope="col" className="num">
                  Average (1-5)
                </th>
                <th scope="col">By question</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.cycle.id} data-testid={`${id}-row-${p.cycle.id}`}>
                  <th scope="row">{p.cycle.name}</th>
                  <td className="num">
                    {p.submitted} of {p.requested}
                  </td>
                  <td className="num" data-testid={`${id}-average-${p.cycle.id}`}>
                    {p.visible ? (p.average?.toFixed(2) ?? "—") : "—"}
                  </td>
                  <td>
                    {p.visible ? (
                      p.questions.map((q) => (
                        <span key={q.id} className="block">
                          {q.label}: {q.average?.toFixed(2) ?? "—"} ({q.responses} {q.responses === 1 ? "answer" : "answers"})
                        </span>
                      ))
                    ) : (
                      <span className="note">{p.message}</span>
                    )}
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
