import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { DashboardJson } from "~/features/promotions/types";
import { ChartPanel } from "~/platform/ui/chart-panel";
import { PlainTable } from "~/platform/ui/plain-table";

/**
 * The statistics of the admin promotion dashboard, each a chart with a table view (ChartPanel):
 * nominations per cycle, endorsement completion, session progress, approval rates by department, level and
 * manager. Counts only (the dashboard's JSON holds no rationale, endorsement or comment text).
 */

const CHART_CYCLES = 8;

const pct = (rate: number | null) => (rate == null ? "—" : `${rate}%`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Nominations per cycle (oldest first in the chart; the selected cycle's row is bold in the table). */
export function NominationsPerCycle({ cycles, selectedId }: { cycles: DashboardJson["cycles"]; selectedId: number }) {
  const theme = useTheme();
  const withAny = cycles.filter((c) => c.nominated + c.withdrawn > 0);
  // The chart shows the latest CHART_CYCLES cycles with nominations (oldest first); the table all of them.
  const shown = withAny.slice(0, CHART_CYCLES).reverse();
  const selected = cycles.find((c) => c.id === selectedId);
  const series = [
    { key: "nominated", label: "Nominated", color: theme.palette.info.main },
    { key: "withdrawn", label: "Withdrawn", color: theme.palette.grey[400] },
    { key: "decided", label: "Decided", color: theme.palette.secondary.main },
    { key: "promoted", label: "Promoted", color: theme.palette.success.main },
  ] as const;
  return (
    <ChartPanel
      id="nominations-per-cycle"
      title="Nominations per cycle"
      summary={
        selected
          ? `${selected.name}: ${plural(selected.nominated, "nomination")}, ${selected.withdrawn} withdrawn, ${selected.decided} decided, ${
              selected.promoted
            } promoted`
          : undefined
      }
      empty={withAny.length === 0}
      emptyText="No nominations in any cycle yet. Managers nominate their direct reports from the manager feedback page."
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
          yAxis={[{ tickMinStep: 1 }]}
          series={series.map((s) => ({
            id: s.key,
            label: s.label,
            color: s.color,
            data: shown.map((c) => c[s.key]),
          }))}
        />
      )}
      table={
        <PlainTable>
          <table aria-label="Nominations per cycle" data-testid="nominations-per-cycle-table">
            <thead>
              <tr>
                <th scope="col">Cycle</th>
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
                      {c[s.key]}
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
  const total = endorsements.reduce((sum, e) => sum + e.count, 0);
  return (
    <ChartPanel
      id="endorsement-completion"
      title="Endorsement completion"
      summary={`${completion.completed} of ${plural(completion.requested, "request")} completed (${pct(completion.rate)})`}
      empty={total === 0}
      emptyText="No endorsement requests in this cycle yet. Promotion session admins ask endorsers for the nominations in their sessions."
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          hideLegend
          xAxis={[{ scaleType: "band", data: endorsements.map((e) => e.label) }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[
            {
              id: "requests",
              label: "Requests",
              data: endorsements.map((e) => e.count),
              color: theme.palette.primary.main,
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label="Endorsement requests by status" data-testid="endorsement-completion-table">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Requests
                </th>
              </tr>
            </thead>
            <tbody>
              {endorsements.map((e) => (
                <tr key={e.status} data-testid={`endorsement-row-${e.status}`}>
                  <th scope="row">{e.label}</th>
                  <td className="num" data-testid={`endorsement-count-${e.status}`}>
                    {e.count}
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">Completion (completed of requests not cancelled)</th>
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
  const count = sessions.reduce((sum, s) => sum + s.count, 0);
  const nominations = sessions.reduce((sum, s) => sum + s.nominations, 0);
  const decided = sessions.reduce((sum, s) => sum + s.decided, 0);
  return (
    <ChartPanel
      id="session-progress"
      title="Session progress"
      summary={`${plural(count, "session")} · ${decided} of ${plural(nominations, "nomination")} decided`}
      empty={count === 0}
      emptyText="No promotion sessions in this cycle yet. HR partners build them from the nominations."
      chart={() => (
        <BarChart
          height={300}
          skipAnimation
          xAxis={[{ scaleType: "band", data: sessions.map((s) => s.label) }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[
            {
              id: "sessions",
              label: "Sessions",
              data: sessions.map((s) => s.count),
              color: theme.palette.info.main,
            },
            {
              id: "nominations",
              label: "Nominations",
              data: sessions.map((s) => s.nominations),
              color: theme.palette.grey[400],
            },
            {
              id: "decided",
              label: "Decided",
              data: sessions.map((s) => s.decided),
              color: theme.palette.success.main,
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label="Promotion sessions by state" data-testid="session-progress-table">
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Sessions
                </th>
                <th scope="col" className="num">
                  Nominations
                </th>
                <th scope="col" className="num">
                  Decided
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.state} data-testid={`progress-row-${s.state}`}>
                  <th scope="row">{s.label}</th>
                  <td className="num" data-testid={`progress-sessions-${s.state}`}>
                    {s.count}
                  </td>
                  <td className="num" data-testid={`progress-nominations-${s.state}`}>
                    {s.nominations}
                  </td>
                  <td className="num" data-testid={`progress-decided-${s.state}`}>
                    {s.decided}
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

/** Approval rate (promoted of decided, from the signed-off decisions) per department, level or manager. */
export function ApprovalRates({ id, by, rows }: { id: string; by: "department" | "level" | "manager"; rows: DashboardJson["by_department"] }) {
  const theme = useTheme();
  const title = `Approval rate by ${by}`;
  const decided = rows.reduce((sum, r) => sum + r.decided, 0);
  const promoted = rows.reduce((sum, r) => sum + r.promoted, 0);
  return (
    <ChartPanel
      id={id}
      title={title}
      summary={decided ? `${promoted} of ${plural(decided, "decision")} promoted` : undefined}
      empty={rows.length === 0}
      emptyText="No decisions yet: approval rates appear once the sign-off party approves a promotion session's outcome."
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
              data: rows.map((r) => (by === "manager" ? r.key.replace(/\s*<[^>]*>$/, "") : r.key)),
              width: 160,
              tickLabelStyle: { fontSize: 11 },
            },
          ]}
          xAxis={[
            {
              min: 0,
              max: 100,
              valueFormatter: (v: number | null) => `${v ?? 0}%`,
            },
          ]}
          series={[
            {
              id: "rate",
              label: "Approval rate",
              data: rows.map((r) => r.rate ?? 0),
              color: theme.palette.success.main,
              valueFormatter: (v) => `${v ?? 0}%`,
            },
          ]}
        />
      )}
      table={
        <PlainTable>
          <table aria-label={title} data-testid={`${id}-table`}>
            <thead>
              <tr>
                <th scope="col">{by === "department" ? "Department" : by === "level" ? "Level" : "Manager"}</th>
                <th scope="col" className="num">
                  Decided
                </th>
                <th scope="col" className="num">
                  Promoted
                </th>
                <th scope="col" className="num">
                  Approval rate
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} data-testid={`${id}-row`}>
                  <th scope="row">{r.key}</th>
                  <td className="num">{r.decided}</td>
                  <td className="num">{r.promoted}</td>
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
