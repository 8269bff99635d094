import { Box, Paper, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/platform/ui/mount-hooks";

/**
 * One statistic shown as a chart with a table view: its heading (h2) and summary line, a Chart/Table toggle,
 * and either the chart or the same numbers as a table (the table is the accessible reading of the chart), or,
 * without data, the empty state. The chart is drawn in the browser only (it measures its container), so the
 * server and the first client render agree. Used by the promotion dashboard and the performance trends.
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
  const mounted = useHydrated();
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} data-testid={id}>
      <Typography variant="h6" component="h2" id={`${id}-heading`} sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          flexWrap: "wrap",
          gap: 1,
          mb: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary" data-testid={`${id}-summary`}>
          {summary}
        </Typography>
        {!empty && (
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: "chart" | "table" | null) => v && setView(v)} aria-label={`${title}: view`}>
            <ToggleButton value="chart" data-testid={`${id}-view-chart`}>
              Chart
            </ToggleButton>
            <ToggleButton value="table" data-testid={`${id}-view-table`}>
              Table
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      {empty ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography color="text.secondary" data-testid={`${id}-empty`}>
            {emptyText}
          </Typography>
        </Paper>
      ) : view === "chart" ? (
        <Paper variant="outlined">
          <Box sx={{ height: chartHeight }} data-testid={`${id}-chart`} aria-label={`${title}: chart (the Table view has the same numbers)`} role="figure">
            {mounted && chart()}
          </Box>
        </Paper>
      ) : (
        table
      )}
    </Box>
  );
}
