import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { ReactNode } from "react";
import { ChartPanel } from "~/platform/ui/chart-panel";
import { PlainTable } from "~/platform/ui/plain-table";
import { useTranslation } from "react-i18next";
import { statsSummary, thresholdMessage } from "~/features/performance-trends/messages";
import { messageText } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import type { StatsTrend } from "~/features/performance-trends/types";

/**
 * Peer or upward feedback per cycle (ADR 0030): the average of the rating answers (1-5) and how many answered.
 * A cycle whose group is below the anonymity threshold for this viewer shows the summaries' message, never numbers.
 */
export function StatsPanel({ stats, emptyText }: { stats: StatsTrend; emptyText: ReactNode }) {
  const theme = useTheme();
  const { t } = useTranslation();
  const format = useFormat();
  const fixed = (n: number, digits: number) => format.number(n, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const id = `${stats.kind}-stats`;
  const points = stats.cycles;
  const shown = points.filter((p) => p.visible && p.average !== null);
  const hidden = points.filter((p) => !p.visible && p.message);
  const title = t(stats.kind === "peer" ? "performanceTrends.stats.peer" : "performanceTrends.stats.upward");
  const hiddenText = (p: (typeof points)[number]) => messageText(t, thresholdMessage(stats.kind, stats.threshold, p.submitted));
  const summary = statsSummary(stats.kind, points, fixed);
  return (
    <ChartPanel
      id={id}
      title={title}
      summary={summary ? messageText(t, summary) : ""}
      empty={shown.length === 0}
      emptyText={
        hidden.length ? (
          <>
            {hidden.map((p) => (
              <span key={p.cycle.id} style={{ display: "block" }} data-testid={`${id}-message-${p.cycle.id}`}>
                {t("performanceTrends.stats.hiddenMessage", { cycle: p.cycle.name, message: hiddenText(p) })}
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
              label: t("performanceTrends.stats.series"),
              color: stats.kind === "peer" ? theme.palette.info.main : theme.palette.secondary.main,
              data: points.map((p) => (p.visible ? p.average : null)),
              valueFormatter: (v, { dataIndex }) => {
                const p = points[dataIndex]!;
                if (!p.visible) return p.message ? hiddenText(p) : t("performanceTrends.stats.notShown");
                return t("performanceTrends.stats.tooltip", { average: v == null ? "—" : format.number(v), submitted: p.submitted, requested: p.requested });
              },
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={t(stats.kind === "peer" ? "performanceTrends.stats.tableLabelPeer" : "performanceTrends.stats.tableLabelUpward")} data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">{t("performanceTrends.stats.cycle")}</th>
                <th scope="col" className="num">
                  {t("performanceTrends.stats.answered")}
                </th>
                <th scope="col" className="num">
                  {t("performanceTrends.stats.average")}
                </th>
                <th scope="col">{t("performanceTrends.stats.byQuestion")}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.cycle.id} data-testid={`${id}-row-${p.cycle.id}`}>
                  <th scope="row">{p.cycle.name}</th>
                  <td className="num">
                    {t("performanceTrends.stats.ofRequested", { submitted: p.submitted, requested: p.requested })}
                  </td>
                  <td className="num" data-testid={`${id}-average-${p.cycle.id}`}>
                    {p.visible && p.average != null ? fixed(p.average, 2) : "—"}
                  </td>
                  <td>
                    {p.visible ? (
                      p.questions.map((q) => (
                        <span key={q.id} className="block">
                          {t("performanceTrends.stats.question", { label: q.label, average: q.average == null ? "—" : fixed(q.average, 2), count: q.responses })}
                        </span>
                      ))
                    ) : (
                      <span className="note">{p.message ? hiddenText(p) : "—"}</span>
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
