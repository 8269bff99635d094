import { useTranslation } from "react-i18next";
import { Alert, Typography } from "~/platform/ui/static";
import css from "~/features/promotions/components/dashboard.module.css";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import type { CycleStage } from "~/features/cycles/rules";
import type { DashboardJson, PromotionSessionJson } from "~/features/promotions/types";
import { ApprovalRates, EndorsementCompletion, NominationsPerCycle, SessionProgress } from "~/features/promotions/components/dashboard-charts";
import { DashboardSessions } from "~/features/promotions/components/dashboard-sessions";
import { DownloadNominations } from "~/features/promotions/components/dashboard-download";

/**
 * /app/admin/promotion-dashboard?cycle_id= ('Promotion Dashboard', super admin): nominations per cycle,
 * and for the selected cycle the endorsements' completion, the sessions' progress and the approval rates by
 * department, level and manager (each a chart with a table view), then the cycle's promotion sessions with
 * Close and Close all, and the nominations download (a DOWNLOAD_NOMINATIONS job). Loader and action: app/features/promotions/dashboard-pages.server.ts.
 */

type CycleOption = { id: number; name: string };
export type DashboardPageData =
  | { kind: "none" | "invalid"; message: string; cycles: CycleOption[] }
  | {
      kind: "selected";
      cycles: CycleOption[];
      cycleId: number;
      spoofing: boolean;
      dashboard: DashboardJson;
      sessions: PromotionSessionJson[];
    };

export function DashboardPage({ data }: { data: DashboardPageData }) {
  const { t } = useTranslation();
  return (
    <div className={css.page}>
      <CyclePageHeader title={t("promotions.dashboard.title")} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind === "selected" ? (
        <Selected data={data} />
      ) : (
        // The loader's reason, said from its kind ("Invalid Cycle ID" / "No cycles present").
        <CycleMessage kind={data.kind} message={t(data.kind === "invalid" ? "promotions.invalidCycle" : "promotions.dashboard.noCycles")} />
      )}
    </div>
  );
}

function Selected({ data }: { data: Extract<DashboardPageData, { kind: "selected" }> }) {
  const { dashboard: d } = data;
  const { t } = useTranslation();
  return (
    <>
      {d.cycle && (
        <div className={css.row}>
          <CycleStageChip cycleId={d.cycle.id} stage={d.cycle.stage as CycleStage} size="medium" />
          <Typography color="text.secondary">{t("promotions.dashboard.approvalNote")}</Typography>
        </div>
      )}
      {!data.spoofing && <DownloadNominations cycleId={data.cycleId} />}
      {data.spoofing && <Alert severity="warning">{t("promotions.spoofing")}</Alert>}
      <NominationsPerCycle cycles={d.cycles} selectedId={data.cycleId} />
      <div className={css.pair}>
        <EndorsementCompletion endorsements={d.endorsements} completion={d.endorsement_completion} />
        <SessionProgress sessions={d.sessions} />
      </div>
      <div className={css.pair}>
        <ApprovalRates id="rates-by-department" by="department" rows={d.by_department} />
        <ApprovalRates id="rates-by-level" by="level" rows={d.by_level} />
      </div>
      <ApprovalRates id="rates-by-manager" by="manager" rows={d.by_manager} />
      <DashboardSessions sessions={data.sessions} spoofing={data.spoofing} />
    </>
  );
}
