import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import { messageText, pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";
import { data } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  Link,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { z } from "zod";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { canCloseAndProceed, CYCLE_TRANSITIONS, TRANSITION_TABLE, transitionFrom, validateTransition, type CycleStage } from "~/features/cycles/rules";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { cycleFormFailure, getCycle, listAdminCycles } from "~/features/cycles/service.server";
import { setCurrentCycle } from "~/features/cycles/current.server";
import { startPreviews } from "~/features/cycles/start-preview.server";
import { startConfirmationText } from "~/features/cycles/start-preview";
import { idCoerced } from "~/platform/input";
import { transitionCycle } from "~/features/cycles/workflow.server";

export const handle = pageTitle("cyclesAdmin.titles.list");

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const list = await listAdminCycles();
  // What Start Cycle will do, for its confirmation (ADR 0059).
  const previews = await startPreviews(list.cycles.filter((c) => c.state === "draft").map((c) => c.id));
  return { ...list, previews };
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
    const failure = cycleFormFailure(err);
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

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t("cyclesAdmin.list.title")}
        </Typography>
        <Button component={RemixLink} to="/app/admin/cycles/create" variant="contained" data-testid="cycle-create-link">
          {t("cyclesAdmin.list.create")}
        </Button>
      </Stack>

      {result && !result.ok && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="cycles-error">
          {refusalText(result)}
        </Alert>
      )}

      {cycles.length === 0 ? (
        <Typography data-testid="cycles-empty">{t("cyclesAdmin.list.empty")}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t("cyclesAdmin.list.tableLabel")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("cyclesAdmin.list.name")}</TableCell>
                <TableCell>{t("cyclesAdmin.list.stage")}</TableCell>
                <TableCell>{t("cyclesAdmin.list.startDate")}</TableCell>
                <TableCell>{t("cyclesAdmin.list.endDate")}</TableCell>
                <TableCell align="right">{t("cyclesAdmin.list.maxPeers")}</TableCell>
                <TableCell align="right">{t("cyclesAdmin.list.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {cycles.map((cycle) => {
                const stage = cycle.state as CycleStage;
                const next = transitionFrom(stage);
                return (
                  <TableRow key={cycle.id} data-testid={`cycle-row-${cycle.id}`} selected={current_cycle?.id === cycle.id}>
                    <TableCell>
                      <Link component={RemixLink} to={`/app/admin/cycles/${cycle.id}`} data-testid={`cycle-link-${cycle.id}`}>
                        {cycle.name}
                      </Link>
                      {current_cycle?.id === cycle.id && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }} data-testid={`cycle-current-${cycle.id}`}>
                          {current_cycle_chosen ? t("cyclesAdmin.list.currentChosen") : t("cyclesAdmin.list.current")}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <CycleStageChip cycleId={cycle.id} stage={stage} />
                    </TableCell>
                    <TableCell data-testid={`cycle-start-date-${cycle.id}`}>{cycle.start_date ? format.day(cycle.start_date) : "—"}</TableCell>
                    <TableCell data-testid={`cycle-end-date-${cycle.id}`}>{cycle.planned_end_date ? format.day(cycle.planned_end_date) : "—"}</TableCell>
                    <TableCell align="right">{cycle.max_peers}</TableCell>
                    <TableCell align="right">
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
                        <Form method="post" style={{ display: "inline" }}>
                          <input type="hidden" name="intent" value="make_current" />
                          <input type="hidden" name="cycleId" value={cycle.id} />
                          <Button type="submit" size="small" disabled={busy} data-testid={`cycle-make-current-${cycle.id}`} sx={{ mr: 1 }}>
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
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}

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
          <Button onClick={() => setStarting(null)} disabled={busy} data-testid="cycle-start-cancel">
            {t("cyclesAdmin.list.cancel")}
          </Button>
          <Form method="post">
            <input type="hidden" name="cycleId" value={starting?.cycleId ?? ""} />
            <input type="hidden" name="transition" value="start" />
            <Button type="submit" variant="contained" disabled={busy} data-testid="cycle-start-confirm">
              {t("cyclesAdmin.list.start")}
            </Button>
          </Form>
        </DialogActions>
      </Dialog>

      <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} aria-describedby="cycle-confirm-text" data-testid="cycle-confirm-dialog">
        <DialogContent>
          <DialogContentText id="cycle-confirm-text">{t("cyclesAdmin.list.confirm")}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} disabled={busy} data-testid="cycle-confirm-cancel">
            {t("cyclesAdmin.list.cancel")}
          </Button>
          <Form method="post">
            <input type="hidden" name="cycleId" value={confirm?.cycleId ?? ""} />
            <input type="hidden" name="transition" value={confirm?.transition ?? ""} />
            <Button type="submit" variant="contained" disabled={busy} data-testid="cycle-confirm-submit">
              {t("cyclesAdmin.list.confirmButton")}
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
