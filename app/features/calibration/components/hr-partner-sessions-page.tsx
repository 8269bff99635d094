import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import type { HrPartnerParticipantJson } from "~/features/calibration/types";
import type { HrPartnerPageData, SetupActionResult } from "~/features/calibration/session-setup";
import { PoolSearch, PoolTable, searchPool } from "~/features/calibration/components/session-participant-picker";
import { SessionRowActions, useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { SessionTable } from "~/features/calibration/components/session-table";
import { Alert, Box, ButtonLink, Stack, Typography } from "~/platform/ui/static";
import { Checkbox, FormControlLabel } from "~/platform/ui/static-form";
import { SessionInsightsLink } from "~/features/insights/components/session-insights-link";
import css from "~/features/calibration/components/session-pages.module.css";

/**
 * /app/ratings/hr-partners ('Create & Activate Calibration Session'): the HR partner's sessions in the cycle of
 * ?cycle_id= (edit, activate) and the participants whose HR partner they are, those not yet in a session
 * marked. Loader and action: app/features/calibration/hr-partner-pages.server.ts. Static markup (issue 27); in the
 * reader's language (issue 28: `title` is a key).
 */

type Selected = Extract<HrPartnerPageData, { kind: "selected" }>;

export function HrPartnerSessionsPage({ title }: { title: TranslationKey }) {
  const { t } = useTranslation();
  const data = useLoaderData<HrPartnerPageData>();
  const result = useActionData<SetupActionResult>();
  useSetupToasts(result);
  return (
    <Stack spacing={3} className={css.page}>
      <CyclePageHeader title={t(title)} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind === "selected" ? (
        <CycleSessions data={data} result={result} />
      ) : (
        <CycleMessage kind={data.kind} message={t(data.kind === "invalid" ? "calibrationSetup.cycle.invalid" : "calibrationSetup.cycle.hrNone")} />
      )}
    </Stack>
  );
}

function CycleSessions({ data, result }: { data: Selected; result: SetupActionResult | undefined }) {
  const { t } = useTranslation();
  const { cycle } = data;
  const calibration = cycle.state === "calibration";
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state} size="medium" />
        <Typography color="text.secondary" data-testid="hr-stage-note">
          {t(calibration ? "calibrationSetup.hr.inCalibration" : "calibrationSetup.hr.beforeCalibration")}
        </Typography>
      </Stack>
      {result && !result.ok && result.formError && (
        <Alert severity="error" data-testid="hr-action-error">
          {messageText(t, result.formError)}
        </Alert>
      )}
      <SessionsSection data={data} />
      <ParticipantsSection participants={data.participants} />
    </>
  );
}

function SessionsSection({ data }: { data: Selected }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <Box component="section" aria-labelledby="hr-sessions-heading">
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.sectionHead}>
        <Typography variant="h6" component="h2" id="hr-sessions-heading" className={css.grow}>
          {t("calibrationSetup.hr.sessions")}
        </Typography>
        <ButtonLink to={`/app/ratings/hr-partners/create-session?cycle_id=${data.cycle.id}`} variant="contained" data-testid="hr-create-session">
          {t("calibrationSetup.hr.createSession")}
        </ButtonLink>
      </Stack>
      <SessionTable
        prefix="hr"
        ariaLabel={t("calibrationSetup.hr.sessions")}
        emptyText={t("calibrationSetup.hr.noSessions")}
        sessions={data.sessions}
        name={{
          cell: (s) => (
            <>
              <span data-testid={`hr-session-name-${s.id}`}>{s.name}</span>
              {data.insightSessions.includes(s.id) && (
                <span className={css.line}>
                  <SessionInsightsLink sessionId={s.id} testId={`hr-session-insights-${s.id}`} />
                </span>
              )}
            </>
          ),
        }}
        before={[
          {
            head: t("calibrationSetup.columns.participants"),
            testId: "hr-session-count",
            cell: (s) => s.participant_count,
          },
        ]}
        deadlineTestId
        actions={(s) => <SessionRowActions session={s} editPath={`/app/ratings/hr-partners/sessions/${s.id}/edit`} testIdPrefix="hr" busy={busy} />}
      />
    </Box>
  );
}

function ParticipantsSection({ participants }: { participants: HrPartnerParticipantJson[] }) {
  const { t } = useTranslation();
  const [q, setQ] = useState("");
  const [onlyFree, setOnlyFree] = useState(false);
  const free = participants.filter((p) => !p.reviewer_only && p.session === null).length;
  const rows = useMemo(() => searchPool(onlyFree ? participants.filter((p) => !p.reviewer_only && p.session === null) : participants, q), [participants, onlyFree, q]);
  return (
    <Box component="section" aria-labelledby="hr-participants-heading">
      <Typography variant="h6" component="h2" id="hr-participants-heading">
        {t("calibrationSetup.hr.participants")}
      </Typography>
      <Typography color="text.secondary" className={css.note} data-testid="hr-participants-summary">
        {t("calibrationSetup.hr.free", { free, count: participants.length })}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.toolbar}>
        <PoolSearch id="hr-participants-search" value={q} onChange={setQ} label={t("calibrationSetup.hr.search")} testId="hr-participants-search" />
        <FormControlLabel
          control={<Checkbox checked={onlyFree} onChange={(_e, on) => setOnlyFree(on)} inputProps={{ "data-testid": "hr-only-free", role: "switch" }} />}
          label={t("calibrationSetup.hr.onlyFree")}
        />
      </Stack>
      <PoolTable rows={rows} sessionId={null} testId="hr-participants-grid" ariaLabel={t("calibrationSetup.hr.participants")} />
    </Box>
  );
}
