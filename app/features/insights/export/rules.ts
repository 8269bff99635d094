import type { JobJson } from "~/features/jobs/rules";

/** The insights CSV export's scope, addresses and page data (issue 29 §5, ADR 0115). PURE: pages and components import it. */

/** What an export covers: a cycle's insights or a calibration session's. */
export type ExportScope = { kind: "cycle"; cycleId: number } | { kind: "session"; sessionId: number };

/** Where a scope's export jobs are: /api/v1/insights/cycles/{id}/export_jobs or …/calibration_sessions/{id}/export_jobs. */
export const exportJobsPath = (scope: ExportScope) =>
  scope.kind === "cycle" ? `/api/v1/insights/cycles/${scope.cycleId}/export_jobs` : `/api/v1/insights/calibration_sessions/${scope.sessionId}/export_jobs`;

/** The insight page of a scope. */
export const insightsPagePath = (scope: ExportScope) => (scope.kind === "cycle" ? `/app/insights/cycles/${scope.cycleId}` : `/app/insights/sessions/${scope.sessionId}`);

/** The page of one export job. */
export const exportJobPagePath = (jobId: number) => `/app/insights/exports/${jobId}`;

/** What /app/insights/exports/{jobId} shows: the job (the API's JSON), its scope and the scope's name (a cycle's or a session's). */
export type ExportJobPageData = { job: JobJson; scope: ExportScope; name: string };
