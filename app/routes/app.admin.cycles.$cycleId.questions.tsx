import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, ButtonLink, Chip, Paper, Stack, Typography } from "~/platform/ui/static";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { QuestionPreview } from "~/features/questionnaires/question-preview";
import { StaticTabs } from "~/platform/ui/static-tabs";
import { TYPE_DESCRIPTION_KEYS, TYPE_KEYS, TYPE_WITH_COUNT_KEYS } from "~/features/questionnaires/keys";
import { questionsByType, REVIEWER_TYPES, type ReviewerType } from "~/features/questionnaires/rules";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { readQuestionnairePage } from "~/features/questionnaires/page-reads.server";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import css from "~/features/questionnaires/components/questionnaires.module.css";

export const handle = pageTitle<typeof loader>((data) => pageMessage("questionnaires.titles.questions", { cycle: data?.cycle.name ?? "—" }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const view = await readQuestionnairePage(cycle.id);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const initial = (REVIEWER_TYPES as readonly string[]).includes(type ?? "") ? (type as ReviewerType) : null;
  return { cycle, questions: questionsByType(view.definition), version: view.version, is_default: view.is_default, locked: view.locked, initial };
}

export default function CycleQuestions() {
  const { t } = useTranslation();
  const { cycle, questions, version, is_default, locked, initial } = useLoaderData<typeof loader>();
  const firstUsed = REVIEWER_TYPES.find((type) => questions[type].length > 0) ?? "SELF";
  const [tab, setTab] = useState<ReviewerType>(initial ?? firstUsed);
  const list = questions[tab];

  return (
    <div className={css.page}>
      <AdminCycleHeader
        cycle={cycle}
        title={t("questionnaires.questions.title")}
        actions={
          <>
            <ButtonLink to={`/app/admin/cycles/${cycle.id}/json-builder`} variant="contained" size="small" data-testid="questions-edit">
              {t("questionnaires.questions.editInBuilder")}
            </ButtonLink>
            <ButtonLink to={`/app/admin/cycles/${cycle.id}/upload-questionnaire`} variant="outlined" size="small" data-testid="questions-upload">
              {t("questionnaires.questions.upload")}
            </ButtonLink>
            <ButtonLink to={`/app/admin/cycles/${cycle.id}/upload-questionnaire-jobs`} size="small" data-testid="questions-upload-jobs">
              {t("questionnaires.questions.uploadJobs")}
            </ButtonLink>
          </>
        }
      />
      <Stack direction="row" spacing={1} alignItems="center" flexWrap className={css.gapBelow}>
        <Chip
          size="small"
          data-testid="questionnaire-version"
          label={is_default ? t("questionnaires.defaultQuestionnaire") : t("questionnaires.version", { version })}
          color={is_default ? "default" : "primary"}
          variant="outlined"
        />
        {locked && <Chip size="small" color="warning" label={t("questionnaires.questions.lockedChip")} data-testid="questionnaire-locked-chip" />}
      </Stack>
      {is_default && (
        <Alert severity="info" className={css.gapBelow} data-testid="questionnaire-default-note">
          {t("questionnaires.questions.defaultNote")}
        </Alert>
      )}
      {locked && (
        <Alert severity="warning" className={css.gapBelow} data-testid="questionnaire-locked">
          {t("questionnaires.locked")}
        </Alert>
      )}

      <Paper variant="outlined">
        <StaticTabs
          value={tab}
          onChange={setTab}
          label={t("questionnaires.questions.tabs")}
          items={REVIEWER_TYPES.map((type) => ({
            value: type,
            label: t(TYPE_WITH_COUNT_KEYS[type], { count: questions[type].length }),
            testId: `questions-tab-${type}`,
            id: `questions-tab-${type}`,
            panelId: `questions-panel-${type}`,
          }))}
        />
        <div role="tabpanel" id={`questions-panel-${tab}`} aria-labelledby={`questions-tab-${tab}`} className={css.panel} data-testid="questions-panel">
          <Typography variant="subtitle1" component="h2">
            {t(TYPE_KEYS[tab])}
          </Typography>
          <Typography variant="body2" color="text.secondary" className={css.gapBelow}>
            {t(TYPE_DESCRIPTION_KEYS[tab])}
          </Typography>
          {list.length === 0 ? (
            <Typography color="text.secondary" data-testid="questions-empty">
              {t("questionnaires.questions.empty")}
            </Typography>
          ) : (
            <Stack spacing={2}>
              {list.map((q, i) => (
                <QuestionPreview key={q.id} question={q} index={i} />
              ))}
            </Stack>
          )}
        </div>
      </Paper>
    </div>
  );
}
