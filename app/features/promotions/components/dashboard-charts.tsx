import { useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { BarChart } from "@mui/x-charts/BarChart";
import type { DashboardJson } from "~/features/promotions/types";
import { ChartPanel } from "~/platform/ui/chart-panel";
import { PlainTable } from "~/platform/ui/plain-table";
import { useFormat } from "~/platform/i18n/reader-context";
import { ENDORSEMENT_STATUS_KEYS, SESSION_STATE_KEYS } from "~/features/promotions/text-keys";

/**
 * The statistics of the admin promotion dashboard, each a chart with a table view (ChartPanel):
 * nominations per cycle, endorsement completion, session progress, approval rates by department, level and
 * manager. Counts only (the dashboard's JSON holds no rationale, endorsement or comment text).
 */

const CHART_CYCLES = 8;

/** The reader's formatters, and a rate (a whole percentage, or null: "—") as a percentage in the reader's language. */
function useNumbers() {
  const format = useFormat();
  return {
    n: (value: number) => format.number(value),
    pct: (rate: number | null) => (rate == null ? "—" : format.number(rate / 100, { style: "percent", maximumFractionDigits: 1 })),
  };
}

/** Nominations per cycle (oldest first in the chart; the selected cycle's row is bold in the table). */
export function NominationsPerCycle({ cycles, selectedId }: { cycles: DashboardJson["cycles"]; selectedId: number }) {
  const theme = useTheme();
  const { t } = useTranslation();
  const { n } = useNumbers();
  const withAny = cycles.filter((c) => c.nominated + c.withdrawn > 0);
  // The chart shows the latest CHART_CYCLES cycles with nominations (oldest first); the table all of them.
  const shown = withAny.slice(0, CHART_CYCLES).reverse();
  const selected = cycles.find((c) => c.id === selectedId);
  const series = [
    { key: "nominated", label: t("promotions.charts.nominated"), color: theme.palette.info.main },
    { key: "withdrawn", label: t("promotions.charts.withdrawn"), color: theme.palette.grey[400] },
    { key: "decided", label: t("promotions.charts.decided"), color: theme.palette.secondary.main },
    { key: "promoted", label: t("promotions.charts.promoted"), color: theme.palette.success.main },
  ] as const;
  return (
    <ChartPanel
      id="nominations-per-cycle"
      title={t("promotions.charts.perCycle")}
      summary={
        selected
          ? t("promotions.charts.perCycleSummary", {
              cycle: selected.name,
              count: selected.nominated,
              withdrawn: n(selected.withdrawn),
              decided: n(selected.decided),
              promoted: n(selected.promoted),
            })
          : undefined
      }
      empty={withAny.length === 0}
      emptyText={t("promotions.charts.perCycleEmpty")}
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          xAxis={[
            {
              scaleType: "band",
              data: shown.map((c) => c.name),
              tickLabelStyle: { fontSize: 11 },
            },
          ]}
          yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => n(v) }]}
          series={series.map((s) => ({
            id: s.key,
            label: s.label,
            color: s.color,
            data: shown.map((c) => c[s.key]),
            valueFormatter: (v: number | null) => n(v ?? 0),
          }))}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={t("promotions.charts.perCycle")} data-testid="nominations-per-cycle-table">
            <thead>
              <tr>
                <th scope="col">{t("promotions.charts.cycle")}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {withAny.map((c) => (
                <tr key={c.id} data-testid={`cycle-row-${c.id}`} aria-current={c.id === selectedId ? "true" : undefined}>
                  <th scope="row">{c.id === selectedId ? <ins>{c.name}</ins> : c.name}</th>
                  {series.map((s) => (
                    <td key={s.key} className="num" data-testid={`cycle-${s.key}-${c.id}`}>
                      {n(c[s.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </PlainTable>
      }
    />
  );
}

/** Endorsement requests of the cycle per status, and the completion rate (completed of those not cancelled). */
export function EndorsementCompletion({
  endorsements,
  completion,
}: {
  endorsements: DashboardJson["endorsements"];
  completion: DashboardJson["endorsement_completion"];
}) {
  const theme = useTheme();
  const { t } = useTranslation();
  const { n, pct } = useNumbers();
  const total = endorsements.reduce((sum, e) => sum + e.count, 0);
  return (
    <ChartPanel
      id="endorsement-completion"
      title={t("promotions.charts.completion")}
      summary={t("promotions.charts.completionSummary", { completed: n(completion.completed), count: completion.requested, rate: pct(completion.rate) })}
      empty={total === 0}
      emptyText={t("promotions.charts.completionEmpty")}
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          hideLegend
          xAxis={[{ scaleType: "band", data: endorsements.map((e) => t(ENDORSEMENT_STATUS_KEYS[e.status])) }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => n(v) }]}
          series={[
            {
              id: "requests",
              label: t("promotions.charts.requests"),
              valueFormatter: (v: number | null) => n(v ?? 0),
              data: endorsements.map((e) => e.count),
              color: theme.palette.primary.main,
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={t("promotions.charts.byStatus")} data-testid="endorsement-completion-table">
            <thead>
              <tr>
                <th scope="col">{t("promotions.charts.status")}</th>
                <th scope="col" className="num">
                  {t("promotions.charts.requests")}
                </th>
              </tr>
            </thead>
            <tbody>
              {endorsements.map((e) => (
                <tr key={e.status} data-testid={`endorsement-row-${e.status}`}>
                  <th scope="row">{t(ENDORSEMENT_STATUS_KEYS[e.status])}</th>
                  <td className="num" data-testid={`endorsement-count-${e.status}`}>
                    {n(e.count)}
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t("promotions.charts.completionRow")}</th>
                <td className="num" data-testid="endorsement-completion-rate">
                  {pct(completion.rate)}
                </td>
              </tr>
            </tbody>
          </table>
        </PlainTable>
      }
    />
  );
}

/** The cycle's promotion sessions per state, with their nominations and how many are decided. */
export function SessionProgress({ sessions }: { sessions: DashboardJson["sessions"] }) {
  const theme = useTheme();
  const { t } = useTranslation();
  const { n } = useNumbers();
  const count = sessions.reduce((sum, s) => sum + s.count, 0);
  const nominations = sessions.reduce((sum, s) => sum + s.nominations, 0);
  const decided = sessions.reduce((sum, s) => sum + s.decided, 0);
  return (
    <ChartPanel
      id="session-progress"
      title={t("promotions.charts.progress")}
      summary={t("promotions.charts.progressSummary", {
        sessions: t("promotions.charts.sessionCount", { count }),
        decided: t("promotions.charts.decidedOfNominations", { count: nominations, decided: n(decided) }),
      })}
      empty={count === 0}
      emptyText={t("promotions.charts.progressEmpty")}
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          xAxis={[{ scaleType: "band", data: sessions.map((s) => t(SESSION_STATE_KEYS[s.state])) }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => n(v) }]}
          series={[
            {
              id: "sessions",
              label: t("promotions.charts.sessions"),
              valueFormatter: (v: number | null) => n(v ?? 0),
              data: sessions.map((s) => s.count),
              color: theme.palette.info.main,
            },
            {
              id: "nominations",
              label: t("promotions.charts.nominations"),
              valueFormatter: (v: number | null) => n(v ?? 0),
              data: sessions.map((s) => s.nominations),
              color: theme.palette.grey[400],
            },
            {
              id: "decided",
              label: t("promotions.charts.decided"),
              valueFormatter: (v: number | null) => n(v ?? 0),
              data: sessions.map((s) => s.decided),
              color: theme.palette.success.main,
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={t("promotions.charts.byState")} data-testid="session-progress-table">
            <thead>
              <tr>
                <th scope="col">{t("promotions.charts.state")}</th>
                <th scope="col" className="num">
                  {t("promotions.charts.sessions")}
                </th>
                <th scope="col" className="num">
                  {t("promotions.charts.nominations")}
                </th>
                <th scope="col" className="num">
                  {t("promotions.charts.decided")}
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.state} data-testid={`progress-row-${s.state}`}>
                  <th scope="row">{t(SESSION_STATE_KEYS[s.state])}</th>
                  <td className="num" data-testid={`progress-sessions-${s.state}`}>
                    {n(s.count)}
                  </td>
                  <td className="num" data-testid={`progress-nominations-${s.state}`}>
                    {n(s.nominations)}
                  </td>
                  <td className="num" data-testid={`progress-decided-${s.state}`}>
                    {n(s.decided)}
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

/** The group of the people whose department, level or manager is not set (rules.ts approvalRates). */
const NOT_SET = "Not set";
const RATE_TITLES = {
  department: "promotions.charts.rateByDepartment",
  level: "promotions.charts.rateByLevel",
  manager: "promotions.charts.rateByManager",
} as const;
const RATE_COLUMNS = { department: "promotions.charts.department", level: "promotions.charts.level", manager: "promotions.charts.manager" } as const;

/** Approval rate (promoted of decided, from the signed-off decisions) per department, level or manager. */
export function ApprovalRates({ id, by, rows }: { id: string; by: "department" | "level" | "manager"; rows: DashboardJson["by_department"] }) {
  const theme = useTheme();
  const { t } = useTranslation();
  const { n, pct } = useNumbers();
  const title = t(RATE_TITLES[by]);
  const decided = rows.reduce((sum, r) => sum + r.decided, 0);
  const promoted = rows.reduce((sum, r) => sum + r.promoted, 0);
  return (
    <ChartPanel
      id={id}
      title={title}
      summary={decided ? t("promotions.charts.ratesSummary", { promoted: n(promoted), count: decided }) : undefined}
      empty={rows.length === 0}
      emptyText={t("promotions.charts.ratesEmpty")}
      chartHeight={Math.max(160, 56 + rows.length * 36)}
      chart={() => (
        <BarChart
          height={Math.max(160, 56 + rows.length * 36)}
          skipAnimation
          hideLegend
          layout="horizontal"
          yAxis={[
            {
              scaleType: "band",
              // Managers by name in the chart (the table has "Name <email>").
              data: rows.map((r) => (r.key === NOT_SET ? t("promotions.charts.notSet") : by === "manager" ? r.key.replace(/\s*<[^>]*>$/, "") : r.key)),
              width: 160,
              tickLabelStyle: { fontSize: 11 },
            },
          ]}
          xAxis={[
            {
              min: 0,
              max: 100,
              valueFormatter: (v: number | null) => pct(v ?? 0),
            },
          ]}
          series={[
            {
              id: "rate",
              label: t("promotions.charts.approvalRate"),
              data: rows.map((r) => r.rate ?? 0),
              color: theme.palette.success.main,
              valueFormatter: (v) => pct(v ?? 0),
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={title} data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">{t(RATE_COLUMNS[by])}</th>
                <th scope="col" className="num">
                  {t("promotions.charts.decided")}
                </th>
                <th scope="col" className="num">
                  {t("promotions.charts.promoted")}
                </th>
                <th scope="col" className="num">
                  {t("promotions.charts.approvalRate")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} data-testid={`${id}-row`}>
                  <th scope="row">{r.key === NOT_SET ? t("promotions.charts.notSet") : r.key}</th>
                  <td className="num">{n(r.decided)}</td>
                  <td className="num">{n(r.promoted)}</td>
                  <td className="num">{pct(r.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </PlainTable>
      }
    />
  );
}
