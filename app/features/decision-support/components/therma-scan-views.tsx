import { Trans, useTranslation } from "react-i18next";
import { StackedTable } from "~/platform/ui/stacked-table";
import * as Static from "~/platform/ui/static";
import { UploadJobForm } from "~/features/jobs/components/upload-job-form";
import { Time } from "~/platform/i18n/time";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { JobFormFailure } from "~/features/jobs/rules";
import { FLIGHT_RISK_KEYS, THERMA_SUMMARY_KEYS } from "~/features/decision-support/messages";
import {
  THERMA_COMMENT_MAX,
  THERMA_SCORE_MAX,
  THERMA_SCORE_MIN,
  type SessionThermaScans,
  type ThermaScanJson,
  type ThermaUploadPageData,
} from "~/features/decision-support/therma-scan/rules";
import css from "~/features/decision-support/components/decision-support.module.css";

/**
 * The Therma-scan views (ADR 0033): the upload form, a participant's stored scan (admin participant page) and the
 * scans of a calibration session's participants (its session admin's page). Read-only except the upload. Static
 * markup (issue 27); texts as keys (issue 28): names, emails and comments are data, column names in the CSV are the
 * file's format and stay as they are.
 */

export function ThermaScanUploadPage({ data, result }: { data: ThermaUploadPageData; result: JobFormFailure | null }) {
  const { t } = useTranslation();
  const { cycle, columns, requiredColumns, jobsPath, stored, participants } = data;
  return (
    <UploadJobForm
      cycle={cycle}
      title={t("decisionSupport.therma.uploadTitle")}
      jobsPath={jobsPath}
      templateHref={`/app/admin/cycles/${cycle.id}/therma-scan-report/template.csv`}
      result={result}
      description={
        <>
          <Static.Typography>{t("decisionSupport.therma.uploadIntro")}</Static.Typography>
          <Static.Typography variant="body2" color="text.secondary" className={css.wrap}>
            {t("decisionSupport.therma.columns", {
              columns: columns.join(", "),
              required: requiredColumns.join(", "),
              min: THERMA_SCORE_MIN,
              max: THERMA_SCORE_MAX,
              comment: THERMA_COMMENT_MAX,
            })}
          </Static.Typography>
          <Static.Typography variant="body2" data-testid="therma-coverage">
            {t("decisionSupport.therma.coverage", { stored, participants })}
          </Static.Typography>
        </>
      }
    />
  );
}

/** One participant's stored scan (the admin participant page). */
export function ThermaScanDetails({ scan }: { scan: ThermaScanJson | null }) {
  const { t } = useTranslation();
  return (
    <Static.Paper variant="outlined" className={css.scan} data-testid="therma-scan">
      <Static.Typography variant="subtitle1" component="h2" className={css.heading}>
        {t("decisionSupport.therma.title")}
      </Static.Typography>
      {scan ? (
        <Static.Stack spacing={0.5}>
          <Static.Typography variant="body2">
            {t(THERMA_SUMMARY_KEYS[scan.flight_risk], { engagement: scan.engagement, wellbeing: scan.wellbeing, workload: scan.workload, max: THERMA_SCORE_MAX })}
          </Static.Typography>
          {scan.comment && (
            <Static.Typography variant="body2" className={css.comment}>
              {scan.comment}
            </Static.Typography>
          )}
          <Static.Typography variant="body2" color="text.secondary">
            {scan.job_id ? (
              <Trans i18nKey="decisionSupport.therma.uploadedByJob" values={{ job: scan.job_id }} components={[<Time key="at" value={scan.updated_at} />]} />
            ) : (
              <Trans i18nKey="decisionSupport.therma.uploaded" components={[<Time key="at" value={scan.updated_at} />]} />
            )}
          </Static.Typography>
        </Static.Stack>
      ) : (
        <Static.Typography variant="body2" color="text.secondary">
          {t("decisionSupport.therma.none")}
        </Static.Typography>
      )}
    </Static.Paper>
  );
}

/** The scans of a calibration session's participants (its session admin's page), read-only. */
export function ThermaScanSessionPanel({ scans }: { scans: SessionThermaScans | null }) {
  const { t } = useTranslation();
  if (!scans) return null;
  const head = (key: keyof typeof HEAD) => t(HEAD[key]);
  return (
    <Static.Box component="section" aria-labelledby="therma-scan-title" className={css.panel} data-testid="therma-scan-panel">
      <Static.Typography id="therma-scan-title" variant="h6" component="h2" className={css.heading}>
        {t("decisionSupport.therma.panelTitle", { count: scans.entries.length, total: scans.participantCount })}
      </Static.Typography>
      <StackedTable
        stackBelow="md"
        ariaLabel={t("decisionSupport.therma.title")}
        testId="therma-scan-table"
        empty={scans.entries.length === 0}
        emptyText={t("decisionSupport.therma.panelEmpty")}
        head={
          <>
            <Static.TableCell>{head("participant")}</Static.TableCell>
            <Static.TableCell align="right">{head("engagement")}</Static.TableCell>
            <Static.TableCell align="right">{head("wellbeing")}</Static.TableCell>
            <Static.TableCell align="right">{head("workload")}</Static.TableCell>
            <Static.TableCell>{head("flightRisk")}</Static.TableCell>
            <Static.TableCell>{head("comment")}</Static.TableCell>
          </>
        }
      >
        {scans.entries.map((s) => (
          <Static.TableRow key={s.participant_id} data-testid="therma-scan-row">
            <Static.TableCell>{s.name}</Static.TableCell>
            <Static.TableCell data-label={head("engagement")} align="right">
              {s.engagement}
            </Static.TableCell>
            <Static.TableCell data-label={head("wellbeing")} align="right">
              {s.wellbeing}
            </Static.TableCell>
            <Static.TableCell data-label={head("workload")} align="right">
              {s.workload}
            </Static.TableCell>
            <Static.TableCell data-label={head("flightRisk")}>{t(FLIGHT_RISK_KEYS[s.flight_risk])}</Static.TableCell>
            <Static.TableCell data-label={head("comment")} className={css.commentCell}>
              {s.comment ?? "—"}
            </Static.TableCell>
          </Static.TableRow>
        ))}
      </StackedTable>
    </Static.Box>
  );
}

const HEAD = {
  participant: "decisionSupport.therma.columnsHead.participant",
  engagement: "decisionSupport.therma.columnsHead.engagement",
  wellbeing: "decisionSupport.therma.columnsHead.wellbeing",
  workload: "decisionSupport.therma.columnsHead.workload",
  flightRisk: "decisionSupport.therma.columnsHead.flightRisk",
  comment: "decisionSupport.therma.columnsHead.comment",
} as const satisfies Record<string, TranslationKey>;
