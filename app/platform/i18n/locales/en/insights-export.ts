/**
 * The fairness insights' CSV export (issue 29 §5, ADR 0115): the insight pages' "Export as CSV" and the export job's
 * page /app/insights/exports/{jobId}.
 */
export default {
  insightsExport: {
    pageTitle: "Insights export",
    button: "Export as CSV",
    hint: "Every table of these insights, for every breakdown, with the filters in effect, as one CSV file.",
    title: "Insights export #{{id}}",
    intro: "Every figure's table of these insights (each breakdown, with its gaps' tests, p-values and effect sizes) as one CSV file, under the privacy floor, with the filters in effect when it was started.",
    backToCycle: "Fairness Insights of {{name}}",
    backToSession: "Fairness Insights of the session {{name}}",
    progress: "{{processed}} / {{total}} lines written",
  },
};
