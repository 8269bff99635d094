import { orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import { messageText, pageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { useFormat } from "~/platform/i18n/reader-context";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { Alert, Box, Button, Divider, Link, Paper, Stack, Typography } from "~/platform/ui/static";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/cycles/components/cycle-details.module.css";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { CycleFormFields } from "~/features/cycles/components/cycle-form-fields";
import { mayChangeReviewerNames } from "~/features/cycles/reviewer-names";
import { CycleStatisticsPanel } from "~/features/cycles/components/cycle-statistics-panel";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import type { CycleStage } from "~/features/cycles/rules";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import {
  CyclePatchSchema,
  cycleFormValues,
  formStrings,
  updateCycle,
} from "~/features/cycles/service.server";
import { cycleFieldMessages, cycleFormRefusal } from "~/features/cycles/form-messages.server";
import { deleteCycle } from "~/features/cycles/workflow.server";
import { readAdminCyclePage } from "~/features/cycles/admin-page-reads.server";
import { temporalSettings } from "~/platform/temporal.server";

export const handle = pageTitle<typeof loader>((data) => (data ? pageMessage("cyclesAdmin.titles.cycle", { name: data.cycle.name }) : pageMessage("cyclesAdmin.titles.cycleUnknown")));

const cycleIdOf = (params: LoaderFunctionArgs["params"]): number => pageIdParam(params.cycleId);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const { cycle, statistics } = await orNotFoundPage(() => readAdminCyclePage(cycleIdOf(params)));
  const ui = process.env.TEMPORAL_UI_URL;
  const workflowUrl = ui
    ? `${ui.replace(/\/$/, "")}/namespaces/${encodeURIComponent(temporalSettings().namespace)}/workflows/${encodeURIComponent(cycle.workflow_id)}`
    : null;
  return { cycle, workflowUrl, statistics };
}

/** Pages of the cycle's admin operations (each built at exactly this path). */
const CYCLE_SECTIONS: Array<{ title: TranslationKey; links: Array<{ path: string; label: TranslationKey }> }> = [
  {
    title: "cyclesAdmin.cycle.sections.participants",
    links: [
      { path: "participants", label: "cyclesAdmin.cycle.links.participants" },
      { path: "upload-participants", label: "cyclesAdmin.cycle.links.uploadParticipants" },
      { path: "upsert-participants", label: "cyclesAdmin.cycle.links.upsertParticipants" },
    ],
  },
  {
    title: "cyclesAdmin.cycle.sections.jobs",
    links: [
      { path: "upload-participants-jobs", label: "cyclesAdmin.cycle.links.uploadJobs" },
      { path: "upsert-participants-jobs", label: "cyclesAdmin.cycle.links.upsertJobs" },
      { path: "populate-participants-jobs", label: "cyclesAdmin.cycle.links.populateJobs" },
      { path: "bulk-participants-feedback-pdf-download", label: "cyclesAdmin.cycle.links.pdfs" },
      { path: "upload-questionnaire-jobs", label: "cyclesAdmin.cycle.links.questionnaireJobs" },
    ],
  },
  {
    title: "cyclesAdmin.cycle.sections.questionnaire",
    links: [
      { path: "questions", label: "cyclesAdmin.cycle.links.questions" },
      { path: "json-builder", label: "cyclesAdmin.cycle.links.builder" },
      { path: "upload-questionnaire", label: "cyclesAdmin.cycle.links.uploadQuestionnaire" },
    ],
  },
  { title: "cyclesAdmin.cycle.sections.reminders", links: [{ path: "nudges", label: "cyclesAdmin.cycle.links.nudges" }] },
  {
    title: "cyclesAdmin.cycle.sections.decisionSupport",
    links: [
      { path: "decision-support/reports", label: "cyclesAdmin.cycle.links.inactive" },
      { path: "therma-scan-report/upload", label: "cyclesAdmin.cycle.links.therma" },
      { path: "therma-scan-report/jobs", label: "cyclesAdmin.cycle.links.thermaJobs" },
    ],
  },
];

export async function action({ request, params }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = cycleIdOf(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete") {
    try {
      await deleteCycle(current.actor, id);
    } catch (err) {
      const failure = cycleFormRefusal(err, "delete", id);
      return data({ intent, ok: false as const, values: null, formError: failure.formError, fieldErrors: failure.fieldErrors }, { status: failure.status });
    }
    return redirect("/app/admin/cycles");
  }
  const values = formStrings(form);
  const parsed = CyclePatchSchema.safeParse(cycleFormValues(form));
  if (!parsed.success) {
    return data({ intent: "update", ok: false as const, values, ...cycleFieldMessages(parsed.error) }, { status: 400 });
  }
  try {
    await updateCycle(current.actor, id, parsed.data);
  } catch (err) {
    const failure = cycleFormRefusal(err, "update", id);
    return data({ intent: "update", ok: false as const, values, formError: failure.formError, fieldErrors: failure.fieldErrors }, { status: failure.status });
  }
  return { intent: "update", ok: true as const, values: null, formError: null, fieldErrors: {} };
}

export default function CycleDetails() {
  const { cycle, workflowUrl, statistics } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const stage = cycle.state as CycleStage;
  const dialogMounted = useOpenedOnce(confirmDelete);
  const { t } = useTranslation();
  const format = useFormat();

  useEffect(() => {
    if (result?.ok) enqueueSnackbar(t("cyclesAdmin.cycle.saved"), { variant: "success" });
  }, [result, enqueueSnackbar]);
  useEffect(() => {
    if (navigation.state === "idle") setConfirmDelete(false);
  }, [navigation.state]);

  const defaults = result && !result.ok && result.values ? result.values : cycle;

  return (
    <Box className={css.page}>
      <Link to="/app/admin/cycles" style={{ display: "inline-block", marginBottom: 8 }}>
        {t("cyclesAdmin.cycle.back")}
      </Link>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap style={{ marginBottom: 16 }}>
        <Typography variant="h5" component="h1" data-testid="cycle-name">
          {cycle.name}
        </Typography>
        <CycleStageChip cycleId={cycle.id} stage={stage} size="medium" />
      </Stack>

      {result?.formError && (
        <Alert severity="error" style={{ marginBottom: 16 }} data-testid="cycle-form-error">
          {messageText(t, result.formError)}
        </Alert>
      )}

      <Paper variant="outlined" style={{ padding: 16, marginBottom: 24 }}>
        <Stack spacing={0.5} data-testid="cycle-details">
          <Typography>{t("cyclesAdmin.cycle.startDate", { date: cycle.start_date ? format.day(cycle.start_date) : "—" })}</Typography>
          <Typography>{t("cyclesAdmin.cycle.endDate", { date: cycle.planned_end_date ? format.day(cycle.planned_end_date) : "—" })}</Typography>
          <Typography>{t("cyclesAdmin.cycle.maxPeers", { count: cycle.max_peers })}</Typography>
          <Typography>
            {t("cyclesAdmin.cycle.workflow")}{" "}
            {workflowUrl ? (
              <Link href={workflowUrl} target="_blank" rel="noreferrer" data-testid="cycle-workflow-link">
                {cycle.workflow_id}
              </Link>
            ) : (
              cycle.workflow_id
            )}
          </Typography>
        </Stack>
      </Paper>

      <Paper variant="outlined" style={{ padding: 16, marginBottom: 24 }} component="nav" aria-label={t("cyclesAdmin.cycle.sectionsLabel")} data-testid="cycle-sections">
        <div className={css.sections}>
          {CYCLE_SECTIONS.map((section) => (
            <Box key={section.title}>
              <Typography variant="subtitle2" component="h2" color="text.secondary" style={{ marginBottom: 4 }}>
                {t(section.title)}
              </Typography>
              <Stack spacing={0.5}>
                {section.links.map((l) => (
                  <Link key={l.path} to={`/app/admin/cycles/${cycle.id}/${l.path}`} data-testid={`cycle-section-${l.path}`}>
                    {t(l.label)}
                  </Link>
                ))}
              </Stack>
            </Box>
          ))}
        </div>
      </Paper>

      <CycleStatisticsPanel statistics={statistics} />

      <Typography variant="h6" component="h2" style={{ marginBottom: 16 }}>
        {t("cyclesAdmin.cycle.edit")}
      </Typography>
      <Form method="post" noValidate key={cycle.updated_at}>
        <input type="hidden" name="intent" value="update" />
        <CycleFormFields defaults={defaults} errors={result && !result.ok ? result.fieldErrors : undefined} namesFixed={!mayChangeReviewerNames(cycle.state)} />
        <Button type="submit" variant="contained" disabled={busy} style={{ marginTop: 24 }} data-testid="cycle-save">
          {t("cyclesAdmin.cycle.save")}
        </Button>
      </Form>

      {stage === "draft" && (
        <>
          <Divider style={{ margin: "24px 0" }} />
          <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirmDelete(true)} data-testid="cycle-delete">
            {t("cyclesAdmin.cycle.delete")}
          </Button>
          {dialogMounted && (
            <Dialog open={confirmDelete} onClose={() => !busy && setConfirmDelete(false)} data-testid="cycle-delete-dialog">
              <DialogTitle>{t("cyclesAdmin.cycle.deleteTitle")}</DialogTitle>
              <DialogContent>
                <DialogContentText>{t("cyclesAdmin.cycle.deleteText", { name: cycle.name })}</DialogContentText>
              </DialogContent>
              <DialogActions>
                <MuiButton onClick={() => setConfirmDelete(false)} disabled={busy}>
                  {t("cyclesAdmin.cycle.cancel")}
                </MuiButton>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <MuiButton type="submit" color="error" variant="contained" disabled={busy} data-testid="cycle-delete-confirm">
                    {t("cyclesAdmin.cycle.deleteConfirm")}
                  </MuiButton>
                </Form>
              </DialogActions>
            </Dialog>
          )}
        </>
      )}
    </Box>
  );
}
