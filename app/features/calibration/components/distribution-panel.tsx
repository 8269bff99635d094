import { useTheme } from "@mui/material/styles";
import { BarChart } from "@mui/x-charts/BarChart";
import { Box, Paper, Typography } from "~/platform/ui/static";
import type { SessionDetailJson } from "~/features/calibration/types";
import css from "~/features/calibration/components/meeting.module.css";
import stacked from "~/platform/ui/stacked-table.module.css";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { PlainTable } from "~/platform/ui/plain-table";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";

/**
 * The live distribution of the session's ratings against its guideline: a bar chart (actual and guideline
 * head counts per rating) and, under it, the same numbers as a table (the accessible reading of the chart;
 * plain markup styled once, see PlainTable).
 * The chart is drawn in the browser only (it measures its container), so the server and the first client
 * render agree.
 */
type Rows = SessionDetailJson["distribution"]["rows"];

/** The bar chart (drawn in the browser only: it reads the theme's colours and measures its container). */
function DistributionChart({ rows }: { rows: Rows }) {
  const theme = useTheme();
  const { t, rating } = useMeetingText();
  return (
    <BarChart
      height={280}
      skipAnimation
      xAxis={[{ scaleType: "band", data: rows.map((r) => rating(r.rating)), tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={[
        { id: "actual", label: t("calibrationMeeting.distribution.actual"), data: rows.map((r) => r.count), color: theme.palette.primary.main },
        { id: "guideline", label: t("calibrationMeeting.distribution.guideline"), data: rows.map((r) => r.guideline_count), color: theme.palette.grey[400] },
      ]}
    />
  );
}

export function DistributionPanel({ distribution }: { distribution: SessionDetailJson["distribution"] }) {
  const mounted = useHydrated();
  const rows = distribution.rows;
  const { t, rating, number } = useMeetingText();
  return (
    <MeetingSection id="distribution" title={t("calibrationMeeting.distribution.title")} testId="distribution">
      <Typography variant="body2" color="text.secondary" data-testid="distribution-rated">
        {t("calibrationMeeting.distribution.rated", { rated: distribution.rated, unrated: distribution.unrated })}
      </Typography>
      <Paper variant="outlined" className={css.chartPaper}>
        <Box className={css.chartBox} aria-hidden="true" data-testid="distribution-chart">
          {mounted && <DistributionChart rows={rows} />}
        </Box>
      </Paper>
      <PlainTable>
        {/* Stacked rows on a phone, each number under its column's name (issue 27, ADR 0068). */}
        <table aria-label={t("calibrationMeeting.distribution.tableLabel")} data-testid="distribution-table" className={stacked.sm}>
          <thead>
            <tr>
              <th scope="col">{t("calibrationMeeting.distribution.rating")}</th>
              <th scope="col" className="num">
                {t("calibrationMeeting.distribution.people")}
              </th>
              <th scope="col" className="num">
                {t("calibrationMeeting.distribution.share")}
              </th>
              <th scope="col" className="num">
                {t("calibrationMeeting.distribution.guidelineShare")}
              </th>
              <th scope="col" className="num">
                {t("calibrationMeeting.distribution.guidelinePeople")}
              </th>
              <th scope="col" className="num">
                {t("calibrationMeeting.distribution.difference")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const gap = r.count - r.guideline_count;
              return (
                <tr key={r.rating} data-testid={`distribution-row-${r.rating}`}>
                  <th scope="row">{rating(r.rating)}</th>
                  <td className="num" data-label={t("calibrationMeeting.distribution.people")} data-testid={`distribution-count-${r.rating}`}>
                    {r.count}
                  </td>
                  <td className="num" data-label={t("calibrationMeeting.distribution.share")}>
                    {t("calibrationMeeting.distribution.percent", { value: number(r.percent) })}
                  </td>
                  <td className="num" data-label={t("calibrationMeeting.distribution.guidelineShare")}>
                    {t("calibrationMeeting.distribution.percent", { value: number(r.guideline_percent) })}
                  </td>
                  <td className="num" data-label={t("calibrationMeeting.distribution.guidelinePeople")}>
                    {r.guideline_count}
                  </td>
                  <td className={gap === 0 ? "num" : "num warn"} data-label={t("calibrationMeeting.distribution.difference")}>
                    {gap > 0 ? `+${gap}` : gap}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </PlainTable>
    </MeetingSection>
  );
}
