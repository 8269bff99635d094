import { Box, Paper, TableCell, TableRow, Typography, useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { useEffect, useState } from "react";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import type { SessionDetailJson } from "~/features/calibration/types";
import { MeetingSection } from "~/features/calibration/components/meeting-header";

/**
 * The live distribution of the session's ratings against its guideline: a bar chart (actual and guideline
 * head counts per rating) and, under it, the same numbers as a table (the accessible reading of the chart).
 * The chart is drawn in the browser only (it measures its container), so the server and the first client
 * render agree.
 */
export function DistributionPanel({ distribution }: { distribution: SessionDetailJson["distribution"] }) {
  const theme = useTheme();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const rows = distribution.rows;
  return (
    <MeetingSection id="distribution" title="Rating distribution" testId="distribution">
      <Typography variant="body2" color="text.secondary" data-testid="distribution-rated">
        {distribution.rated} rated · {distribution.unrated} without a rating
      </Typography>
      <Paper variant="outlined" sx={{ my: 1 }}>
        <Box sx={{ height: 280 }} aria-hidden="true" data-testid="distribution-chart">
          {mounted && (
            <BarChart
              height={280}
              skipAnimation
              xAxis={[{ scaleType: "band", data: rows.map((r) => `${r.rating} ${r.label}`), tickLabelStyle: { fontSize: 11 } }]}
              yAxis={[{ tickMinStep: 1 }]}
              series={[
                { id: "actual", label: "Actual", data: rows.map((r) => r.count), color: theme.palette.primary.main },
                { id: "guideline", label: "Guideline", data: rows.map((r) => r.guideline_count), color: theme.palette.grey[400] },
              ]}
            />
          )}
        </Box>
      </Paper>
      <OutlinedTable
        testId="distribution-table"
        ariaLabel="Rating distribution against the guideline"
        head={
          <>
            <TableCell>Rating</TableCell>
            <TableCell align="right">People</TableCell>
            <TableCell align="right">Share</TableCell>
            <TableCell align="right">Guideline share</TableCell>
            <TableCell align="right">Guideline people</TableCell>
            <TableCell align="right">Difference</TableCell>
          </>
        }
      >
        {rows.map((r) => {
          const gap = r.count - r.guideline_count;
          return (
            <TableRow key={r.rating} data-testid={`distribution-row-${r.rating}`}>
              <TableCell component="th" scope="row">
                {r.rating} - {r.label}
              </TableCell>
              <TableCell align="right" data-testid={`distribution-count-${r.rating}`}>
                {r.count}
              </TableCell>
              <TableCell align="right">{r.percent}%</TableCell>
              <TableCell align="right">{r.guideline_percent}%</TableCell>
              <TableCell align="right">{r.guideline_count}</TableCell>
              <TableCell align="right" sx={{ color: gap === 0 ? undefined : "warning.dark" }}>
                {gap > 0 ? `+${gap}` : gap}
              </TableCell>
            </TableRow>
          );
        })}
      </OutlinedTable>
    </MeetingSection>
  );
}
