import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Chip, Stack, Typography } from "~/platform/ui/static";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { JsonBuilderEditor } from "~/features/questionnaires/components/json-builder";
import { formatQuestionnaire, type JsonBuilderResult } from "~/features/questionnaires/validation";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { readQuestionnairePage } from "~/features/questionnaires/page-reads.server";
import { saveBuilderQuestionnaire } from "~/features/questionnaires/pages.server";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import css from "~/features/questionnaires/components/questionnaires.module.css";

export const handle = pageTitle<typeof loader>((data) => pageMessage("questionnaires.titles.builder", { cycle: data?.cycle.name ?? "—" }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const questionnaire = await readQuestionnairePage(cycle.id);
  return { cycle, questionnaire };
}

/** Save the JSON text as the cycle's next version; refusals and problems come back as keys (ADR 0093). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const { status, result } = await saveBuilderQuestionnaire(current.actor, cycle.id, await request.formData());
  return data<JsonBuilderResult>(result, { status });
}

/** The shape of a question, as the intro writes it (JSON, not words). */
const QUESTION_SHAPE = "{ id, kind: rating | text | choice, label, help?, required, scale? { min, max, labels? }, options?, max_length? }";

export default function JsonBuilder() {
  const { t } = useTranslation();
  const { cycle, questionnaire } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (result?.ok) enqueueSnackbar(t("questionnaires.builder.saved", { version: result.version }), { variant: "success" });
  }, [result, enqueueSnackbar, t]);

  return (
    <div className={css.page}>
      <AdminCycleHeader cycle={cycle} title={t("questionnaires.builder.title")} />
      <Stack direction="row" spacing={1} alignItems="center" className={css.gapBelow}>
        <Chip
          size="small"
          variant="outlined"
          data-testid="questionnaire-version"
          label={questionnaire.is_default ? t("questionnaires.builder.defaultChip") : t("questionnaires.version", { version: questionnaire.version })}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" className={`${css.gapBelow} ${css.intro}`}>
        {t("questionnaires.builder.intro", { shape: QUESTION_SHAPE })}
      </Typography>
      {/* A new version (after a save) starts the editor again from what is stored. */}
      <JsonBuilderEditor
        key={questionnaire.version}
        cycleId={cycle.id}
        initialText={formatQuestionnaire(questionnaire.definition)}
        version={questionnaire.version}
        locked={questionnaire.locked}
      />
    </div>
  );
}
