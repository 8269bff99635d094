import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { Box, ButtonLink, Link, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { SessionTable } from "~/features/calibration/components/session-table";
import type { NominationRowJson } from "~/features/promotions/types";
import { hrPaths, type NominationsPageData } from "~/features/promotions/hr-page-types";
import { EndorsementStatusButton } from "~/features/promotions/components/endorsement-status-dialog";
import { SessionInsightsLink } from "~/features/insights/components/session-insights-link";
import css from "~/features/promotions/components/hr-pages.module.css";
import { PROMOTION_DECISION_KEYS } from "~/features/promotions/hr-text-keys";

/**
 * /app/promotions/hr-partners/nominations ('Run Promotion Calibration Session'): the nominations of the HR
 * partner's people in the cycle of ?cycle_id= (their session, endorsements and decision) and their promotion
 * sessions (open one; edit it while a draft). Loader: hr-partner-pages.server.ts. Static markup (issue 27): the
 * nominations table is stacked rows below 960 px. In the reader's language (issue 28, section promotionsHr).
 */

type Selected = Extract<NominationsPageData, { kind: "selected" }>;

const COLUMNS = {
  nominee: "promotionsHr.nominations.columns.nominee",
  manager: "promotionsHr.nominations.columns.manager",
  status: "promotionsHr.nominations.columns.status",
  session: "promotionsHr.nominations.columns.session",
  endorsements: "promotionsHr.nominations.columns.endorsements",
  decision: "promotionsHr.nominations.columns.decision",
} as const satisfies Record<string, TranslationKey>;

export function HrNominationsPage({ data }: { data: NominationsPageData }) {
  useSetupToasts(undefined);
  const { t } = useTranslation();
  return (
    <Stack spacing={3} className={css.page}>
      <CyclePageHeader title={t("promotionsHr.nominations.heading")} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind === "selected" ? (
        <CycleContent data={data} />
      ) : (
        <CycleMessage kind={data.kind} message={t(data.kind === "invalid" ? "promotionsHr.cycle.invalid" : "promotionsHr.cycle.none")} />
      )}
    </Stack>
  );
}

function CycleContent({ data }: { data: Selected }) {
  const { t } = useTranslation();
  const { cycle } = data;
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state} size="medium" />
        <Typography color="text.secondary" data-testid="hr-stage-note">
          {t(cycle.state === "calibration" ? "promotionsHr.nominations.stageNoteCalibration" : "promotionsHr.nominations.stageNoteOther")}
        </Typography>
      </Stack>
      <SessionsSection data={data} />
      <NominationsSection nominations={data.nominations} cycleId={cycle.id} />
    </>
  );
}

function SessionsSection({ data }: { data: Selected }) {
  const { t } = useTranslation();
  const cycleId = data.cycle.id;
  return (
    <Box component="section" aria-labelledby="hr-sessions-heading">
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.sectionHead}>
        <Typography variant="h6" component="h2" id="hr-sessions-heading" className={css.grow}>
          {t("promotionsHr.nominations.sessionsHeading")}
        </Typography>
        <ButtonLink to={hrPaths.create(cycleId)} variant="contained" data-testid="hr-create-session">
          {t("promotionsHr.nominations.createSession")}
        </ButtonLink>
      </Stack>
      <SessionTable
        prefix="hr"
        ariaLabel={t("promotionsHr.nominations.sessionsHeading")}
        emptyText={t("promotionsHr.nominations.sessionsEmpty")}
        sessions={data.sessions}
        name={{
          cell: (s) => (
            <>
              <Link to={hrPaths.session(s.id, cycleId)} data-testid={`hr-session-link-${s.id}`}>
                {s.name}
              </Link>
              {data.insightSessions.includes(s.id) && (
                <span className={css.block}>
                  <SessionInsightsLink sessionId={s.id} testId={`hr-session-insights-${s.id}`} />
                </span>
              )}
            </>
          ),
        }}
        before={[
          { head: t("promotionsHr.nominations.nominationsColumn"), testId: "hr-session-count", cell: (s) => s.nomination_count },
          { head: t("promotionsHr.nominations.decidedColumn"), testId: "hr-session-decided", cell: (s) => s.decided_count },
        ]}
        actions={(s) => (
          <TableCell align="right" data-label={t("promotionsHr.nominations.actionsColumn")}>
            <Stack direction="row" spacing={1} justifyContent="flex-end" flexWrap>
              <ButtonLink
                size="small"
                to={hrPaths.session(s.id, cycleId)}
                aria-label={t("promotionsHr.nominations.openNamed", { name: s.name })}
                data-testid={`hr-session-open-${s.id}`}
              >
                {t("promotionsHr.nominations.open")}
              </ButtonLink>
              {s.state === "draft" && s.created_by?.id === data.myId && (
                <ButtonLink
                  size="small"
                  to={hrPaths.edit(s.id, cycleId)}
                  aria-label={t("promotionsHr.nominations.editNamed", { name: s.name })}
                  data-testid={`hr-session-edit-${s.id}`}
                >
                  {t("promotionsHr.nominations.edit")}
                </ButtonLink>
              )}
            </Stack>
          </TableCell>
        )}
      />
    </Box>
  );
}

function NominationsSection({ nominations, cycleId }: { nominations: NominationRowJson[]; cycleId: number }) {
  const { t } = useTranslation();
  const { byName } = useFormat();
  const none = t("promotionsHr.none");
  const col = (k: keyof typeof COLUMNS) => t(COLUMNS[k]);
  return (
    <Box component="section" aria-labelledby="hr-nominations-heading">
      <Typography variant="h6" component="h2" id="hr-nominations-heading" className={css.sectionHead}>
        {t("promotionsHr.nominations.nominationsHeading")}
      </Typography>
      <StackedTable
        stackBelow="md"
        testId="hr-nominations-table"
        ariaLabel={t("promotionsHr.nominations.nominationsHeading")}
        empty={nominations.length === 0}
        emptyText={t("promotionsHr.nominations.empty")}
        emptyTestId="hr-nominations-empty"
        head={
          <>
            <TableCell>{col("nominee")}</TableCell>
            <TableCell>{col("manager")}</TableCell>
            <TableCell>{col("status")}</TableCell>
            <TableCell>{col("session")}</TableCell>
            <TableCell>{col("endorsements")}</TableCell>
            <TableCell>{col("decision")}</TableCell>
          </>
        }
      >
        {byName(nominations, (n) => n.nominee.name).map((n) => {
          const done = n.endorsement_counts.endorsed;
          const open = n.endorsement_counts.requested + n.endorsement_counts.accepted;
          const decision = n.decision ?? n.promotion_decision;
          return (
            <TableRow key={n.id} data-testid={`hr-nomination-row-${n.id}`}>
              <TableCell>
                {n.nominee.name}
                <Typography variant="body2" color="text.secondary" component="span" className={css.block}>
                  {n.nominee.email}
                </Typography>
              </TableCell>
              <TableCell data-label={col("manager")}>{n.manager?.name ?? none}</TableCell>
              <TableCell data-label={col("status")} data-testid={`hr-nomination-status-${n.id}`}>
                {t(n.status === "nominated" ? "promotionsHr.nominations.status.nominated" : "promotionsHr.nominations.status.withdrawn")}
              </TableCell>
              <TableCell data-label={col("session")} data-testid={`hr-nomination-session-${n.id}`}>
                {n.session ? (
                  <Link to={hrPaths.session(n.session.id, cycleId)}>
                    {n.session.name}
                  </Link>
                ) : (
                  t("promotionsHr.nominations.notInSession")
                )}
              </TableCell>
              <TableCell data-label={col("endorsements")}>
                <Stack direction="row" spacing={1} alignItems="center" flexWrap>
                  <Typography variant="body2" data-testid={`hr-nomination-endorsement-counts-${n.id}`}>
                    {n.endorsements.length === 0 ? t("promotionsHr.nominations.endorsementsNone") : t("promotionsHr.nominations.endorsementCounts", { done, open })}
                  </Typography>
                  <EndorsementStatusButton nomineeName={n.nominee.name} endorsements={n.endorsements} testId={`hr-nomination-endorsements-${n.id}`} />
                </Stack>
              </TableCell>
              <TableCell data-label={col("decision")} data-testid={`hr-nomination-decision-${n.id}`}>
                {decision ? t(PROMOTION_DECISION_KEYS[decision.value]) : none}
              </TableCell>
            </TableRow>
          );
        })}
      </StackedTable>
    </Box>
  );
}
