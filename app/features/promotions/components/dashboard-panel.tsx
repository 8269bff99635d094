/**
 * One statistic of the promotion dashboard: a chart with a table view and an empty state. The pattern is shared
 * with other features' charts, so it lives in the platform (app/platform/ui/chart-panel.tsx).
 */
export { ChartPanel as DashboardPanel } from "~/platform/ui/chart-panel";
