import { Paper, Stack, Typography } from "@mui/material";
import { StackedTable } from "~/platform/ui/stacked-table";
import * as Static from "~/platform/ui/static";
import { UploadJobForm } from "~/features/jobs/components/upload-job-form";
import { Time } from "~/platform/i18n/time";
import type { JobFormFailure } from "~/features/jobs/rules";
import {
  flightRiskLabel,
  THERMA_COMMENT_MAX,
  THERMA_SCORE_MAX,
  THERMA_SCORE_MIN,
  type SessionThermaScans,
  type ThermaScanJson,
  type ThermaUploadPageData,
} from "~/features/decision-support/therma-scan/rules";

/**
 * The Therma-scan views (ADR 0033): the upload form, a participant's stored scan (admin participant page) and the
 * scans of a calibration session's participants (its session admin's page). Read-only except the upload.
 */

export function ThermaScanUploadPage({ data, result }: { data: ThermaUploadPageData; result: JobFormFailure | null }) {
  const { cycle, columns, requiredColumns, jobsPath, stored, participants } = data;
  return (
    <UploadJobForm
      cycle={cycle}
      title="Upload Therma-scan report"
      jobsPath={jobsPath}
      templateHref={`/app/admin/cycles/${cycle.id}/therma-scan-report/template.csv`}
      result={result}
      description={
        <>
          <Typography>
            One row per participant of this cycle with their latest Therma-scan results. A participant already scanned is updated; the values
            are shown to super admins and to the session admins of the participant&apos;s calibration session, nobody else.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Columns: {columns.join(", ")} ({requiredColumns.join(", ")} required). engagement, wellbeing and workload are whole numbers from{" "}
            {THERMA_SCORE_MIN} to {THERMA_SCORE_MAX} (5 best); flight_risk is low, medium or high; comment is optional, at most {THERMA_COMMENT_MAX}{" "}
            characters.
          </Typography>
          <Typography variant="body2" data-testid="therma-coverage">
            {`${stored} of ${participants} participants have a stored scan.`}
          </Typography>
        </>
      }
    />
  );
}

const scoreText = (n: number) => `${n} / ${THERMA_SCORE_MAX}`;

/** One participant's stored scan (the admin participant page). */
export function ThermaScanDetails({ scan }: { scan: ThermaScanJson | null }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3, maxWidth: 760 }} data-testid="therma-scan">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Therma-scan
      </Typography>
      {scan ? (
        <Stack spacing={0.5}>
          <Typography variant="body2">
            Engagement {scoreText(scan.engagement)} · Wellbeing {scoreText(scan.wellbeing)} · Workload {scoreText(scan.workload)} · Flight risk{" "}
            {flightRiskLabel(scan.flight_risk)}
          </Typography>
          {scan.comment && (
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
              {scan.comment}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            Uploaded <Time value={scan.updated_at} />
            {scan.job_id ? ` (job #${scan.job_id})` : ""}
          </Typography>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No Therma-scan uploaded for this participant.
        </Typography>
      )}
    </Paper>
  );
}

/** The scans of a calibration session's participants (its session admin's page), read-only. */
export function ThermaScanSessionPanel({ scans }: { scans: SessionThermaScans | null }) {
  if (!scans) return null;
  return (
    <Static.Box component="section" aria-labelledby="therma-scan-title" style={{ marginTop: 24, maxWidth: 1400 }} data-testid="therma-scan-panel">
      <Static.Typography id="therma-scan-title" variant="h6" component="h2" style={{ marginBottom: 8 }}>
        {`Therma-scan (${scans.entries.length} of ${scans.participantCount} participants)`}
      </Static.Typography>
      <StackedTable
        stackBelow="md"
        ariaLabel="Therma-scan"
        testId="therma-scan-table"
        empty={scans.entries.length === 0}
        emptyText="No Therma-scan uploaded for the participants of this session."
        head={
          <>
            <Static.TableCell>Participant</Static.TableCell>
            <Static.TableCell align="right">Engagement</Static.TableCell>
            <Static.TableCell align="right">Wellbeing</Static.TableCell>
            <Static.TableCell align="right">Workload</Static.TableCell>
            <Static.TableCell>Flight risk</Static.TableCell>
            <Static.TableCell>Comment</Static.TableCell>
          </>
        }
      >
        {scans.entries.map((s) => (
          <Static.TableRow key={s.participant_id} data-testid="therma-scan-row">
            <Static.TableCell>{s.name}</Static.TableCell>
            <Static.TableCell data-label="Engagement" align="right">
              {s.engagement}
            </Static.TableCell>
            <Static.TableCell data-label="Wellbeing" align="right">
              {s.wellbeing}
            </Static.TableCell>
            <Static.TableCell data-label="Workload" align="right">
              {s.workload}
            </Static.TableCell>
            <Static.TableCell data-label="Flight risk">{flightRiskLabel(s.flight_risk)}</Static.TableCell>
            <Static.TableCell data-label="Comment" style={{ maxWidth: 420 }}>
              {s.comment ?? "—"}
            </Static.TableCell>
          </Static.TableRow>
        ))}
      </StackedTable>
    </Static.Box>
  );
}
