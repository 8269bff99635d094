import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import { messageText, pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { Alert, Box, Button, ButtonLink, Link, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/cycles/components/cycle-list.module.css";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { z } from "zod";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { canCloseAndProceed, CYCLE_TRANSITIONS, TRANSITION_TABLE, transitionFrom, validateTransition, type CycleStage } from "~/features/cycles/rules";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { getCycle } from "~/features/cycles/service.server";
import { cycleFormRefusal } from "~/features/cycles/form-messages.server";
import { readAdminCycleList } from "~/features/cycles/admin-list-reads.server";
import { setCurrentCycle } from "~/features/cycles/current.server";
import { startConfirmationText } from "~/features/cycles/start-preview";
import { idCoerced } from "~/platform/input";
import { transitionCycle } from "~/features/cycles/workflow.server";

export const handle = pageTitle("cyclesAdmin.titles.list");

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  // The cycles, the current one and what Start Cycle will do for its confirmation (ADR 0059), in one statement.
  return readAdminCycleList();
}

const TransitionForm = z.union([
  z.object({ intent: z.literal("make_current"), cycleId: idCoerced }),
  z.object({ intent: z.literal("transition").default("transition"), cycleId: idCoerced, transition: z.enum(CYCLE_TRANSITIONS) }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const parsed = TransitionForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: pageMessage("cyclesAdmin.list.invalid") }, { status: 400 });
  try {
    if (parsed.data.intent === "make_current") {
      const cycle = await setCurrentCycle(current.actor, parsed.data.cycleId);
      return { ok: true as const, message: pageMessage("cyclesAdmin.list.madeCurrent", { name: cycle?.name ?? "" }), stage: null };
    }
    // A transition out of order is refused by the workflow; the page says which stage it needs, by the stages' keys.
    const before = await getCycle(parsed.data.cycleId);
    if (!validateTransition(before.state, parsed.data.transition).ok) {
      const refusal = pageMessage("cyclesAdmin.list.outOfOrder", { transition: parsed.data.transition });
      return data({ ok: false as const, error: refusal, stages: { stage: before.state, needed: TRANSITION_TABLE[parsed.data.transition].from } }, { status: 409 });
    }
    const cycle = await transitionCycle(current.actor, parsed.data.cycleId, parsed.data.transition);
    // The stage's name is said in the reader's language on the page (STAGE_KEYS), the cycle's name as it is.
    return { ok: true as const, message: pageMessage("cyclesAdmin.list.moved", { name: cycle.name }), stage: cycle.state };
  } catch (err) {
    const failure = cycleFormRefusal(err, "update", parsed.data.cycleId);
    // A refusal (a stage rule, a cycle that moved meanwhile): the page asks to reload and try again, in the reader's language.
    return data({ ok: false as const, error: pageMessage(failure.status === 400 ? "cyclesAdmin.list.invalid" : "cyclesAdmin.list.failed") }, { status: failure.status });
  }
}

type Pending = { cycleId: number; name: string; transition: string } | null;
type PendingStart = { cycleId: number; name: string } | null;

export default function AdminCycles() {
  const { cycles, current_cycle, current_cycle_chosen, previews } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [confirm, setConfirm] = useState<Pending>(null);
  const [starting, setStarting] = useState<PendingStart>(null);
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const format = useFormat();

  /** A refusal in the reader's language; an out-of-order transition names both stages by their keys. */
  const refusalText = (r: { error: PageMessage }) => {
    const stages = (r as { stages?: { stage: CycleStage; needed: CycleStage } | null }).stages;
    if (!stages) return messageText(t, r.error);
    return t(r.error.key, { ...r.error.values, stage: t(STAGE_KEYS[stages.stage]), needed: t(STAGE_KEYS[stages.needed]) });
  };

  useEffect(() => {
    if (!result?.ok) return;
    const stage = result.stage ? { stage: t(STAGE_KEYS[result.stage]) } : {};
    enqueueSnackbar(t(result.message.key, { ...result.message.values, ...stage }), { variant: "success" });
  }, [result, enqueueSnackbar]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (navigation.state === "idle") {
      setConfirm(null);
      setStarting(null);
    }
  }, [navigation.state]);

  const startMounted = useOpenedOnce(starting !== null);
  const confirmMounted = useOpenedOnce(confirm !== null);

  return (
    <Box className={css.page}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap spacing={1} className={css.header}>
        <Typography variant="h5" component="h1">
          {t("cyclesAdmin.list.title")}
        </Typography>
        <ButtonLink to="/app/admin/cycles/create" variant="contained" data-testid="cycle-create-link">
          {t("cyclesAdmin.list.create")}
        </ButtonLink>
      </Stack>

      {result && !result.ok && (
        <Alert severity="error" className={css.alert} data-testid="cycles-error">
          {refusalText(result)}
        </Alert>
      )}

      <StackedTable
        ariaLabel={t("cyclesAdmin.list.tableLabel")}
        stackBelow="md"
        empty={cycles.length === 0}
        emptyText={t("cyclesAdmin.list.empty")}
        emptyTestId="cycles-empty"
        head={
          <>
            <TableCell>{t("cyclesAdmin.list.name")}</TableCell>
            <TableCell>{t("cyclesAdmin.list.stage")}</TableCell>
            <TableCell>{t("cyclesAdmin.list.startDate")}</TableCell>
            <TableCell>{t("cyclesAdmin.list.endDate")}</TableCell>
            <TableCell align="right">{t("cyclesAdmin.list.maxPeers")}</TableCell>
            <TableCell align="right">{t("cyclesAdmin.list.actions")}</TableCell>
          </>
        }
      >
        {cycles.map((cycle) => {
          const stage = cycle.state as CycleStage;
          const next = transitionFrom(stage);
          return (
            <TableRow key={cycle.id} data-testid={`cycle-row-${cycle.id}`} selected={current_cycle?.id === cycle.id}>
              <TableCell>
                <Link to={`/app/admin/cycles/${cycle.id}`} data-testid={`cycle-link-${cycle.id}`}>
                  {cycle.name}
                </Link>
                {current_cycle?.id === cycle.id && (
                  <Typography variant="caption" color="text.secondary" className={css.current} data-testid={`cycle-current-${cycle.id}`}>
                    {current_cycle_chosen ? t("cyclesAdmin.list.currentChosen") : t("cyclesAdmin.list.current")}
                  </Typography>
                )}
              </TableCell>
              <TableCell data-label={t("cyclesAdmin.list.stage")}>
                <CycleStageChip cycleId={cycle.id} stage={stage} wrap />
              </TableCell>
              <TableCell data-label={t("cyclesAdmin.list.startDate")} data-testid={`cycle-start-date-${cycle.id}`}>
                {cycle.start_date ? format.day(cycle.start_date) : "—"}
              </TableCell>
              <TableCell data-label={t("cyclesAdmin.list.endDate")} data-testid={`cycle-end-date-${cycle.id}`}>
                {cycle.planned_end_date ? format.day(cycle.planned_end_date) : "—"}
              </TableCell>
              <TableCell align="right" data-label={t("cyclesAdmin.list.maxPeers")}>
                {format.number(cycle.max_peers)}
              </TableCell>
              <TableCell align="right" data-label={t("cyclesAdmin.list.actions")}>
                <div className={css.actions}>
                  {stage === "draft" && (
                    <Button
                      variant="contained"
                      size="small"
                      disabled={busy}
                      data-testid={`cycle-start-${cycle.id}`}
                      onClick={() => setStarting({ cycleId: cycle.id, name: cycle.name })}
                    >
                      {t("cyclesAdmin.list.start")}
                    </Button>
                  )}
                  {stage !== "draft" && !(current_cycle_chosen && current_cycle?.id === cycle.id) && (
                    <Form method="post" className={css.inlineForm}>
                      <input type="hidden" name="intent" value="make_current" />
                      <input type="hidden" name="cycleId" value={cycle.id} />
                      <Button type="submit" size="small" disabled={busy} data-testid={`cycle-make-current-${cycle.id}`}>
                        {t("cyclesAdmin.list.makeCurrent")}
                      </Button>
                    </Form>
                  )}
                  {canCloseAndProceed(stage) && next && (
                    <Button
                      variant="outlined"
                      size="small"
                      disabled={busy}
                      data-testid={`cycle-proceed-${cycle.id}`}
                      onClick={() => setConfirm({ cycleId: cycle.id, name: cycle.name, transition: next })}
                    >
                      {t("cyclesAdmin.list.proceed")}
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </StackedTable>

      {startMounted && (
        <Dialog open={starting !== null} onClose={() => !busy && setStarting(null)} aria-labelledby="cycle-start-title" data-testid="cycle-start-dialog">
          <DialogTitle id="cycle-start-title">{t("cyclesAdmin.list.startTitle", { name: starting?.name ?? "" })}</DialogTitle>
          <DialogContent>
            {starting &&
              startConfirmationText(
                starting.name,
                previews[starting.cycleId] ?? { participants: 0, receivingFeedback: 0, reminderSchedules: 0 },
                current_cycle_chosen ? (current_cycle?.name ?? null) : null,
              ).map((line) => (
                <DialogContentText key={line.key} sx={{ mb: 1 }}>
                  {messageText(t, line)}
                </DialogContentText>
              ))}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setStarting(null)} disabled={busy} data-testid="cycle-start-cancel">
              {t("cyclesAdmin.list.cancel")}
            </MuiButton>
            <Form method="post">
              <input type="hidden" name="cycleId" value={starting?.cycleId ?? ""} />
              <input type="hidden" name="transition" value="start" />
              <MuiButton type="submit" variant="contained" disabled={busy} data-testid="cycle-start-confirm">
                {t("cyclesAdmin.list.start")}
              </MuiButton>
            </Form>
          </DialogActions>
        </Dialog>
      )}

      {confirmMounted && (
        <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} aria-describedby="cycle-confirm-text" data-testid="cycle-confirm-dialog">
          <DialogContent>
            <DialogContentText id="cycle-confirm-text">{t("cyclesAdmin.list.confirm")}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setConfirm(null)} disabled={busy} data-testid="cycle-confirm-cancel">
              {t("cyclesAdmin.list.cancel")}
            </MuiButton>
            <Form method="post">
              <input type="hidden" name="cycleId" value={confirm?.cycleId ?? ""} />
              <input type="hidden" name="transition" value={confirm?.transition ?? ""} />
              <MuiButton type="submit" variant="contained" disabled={busy} data-testid="cycle-confirm-submit">
                {t("cyclesAdmin.list.confirmButton")}
              </MuiButton>
            </Form>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
