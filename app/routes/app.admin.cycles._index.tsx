import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
import { canCloseAndProceed, CYCLE_TRANSITIONS, stageLabel, transitionFrom, type CycleStage } from "~/features/cycles/rules";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { cycleFormFailure, listAdminCycles } from "~/features/cycles/service.server";
import { setCurrentCycle } from "~/features/cycles/current.server";
import { startPreviews } from "~/features/cycles/start-preview.server";
import { startConfirmationText } from "~/features/cycles/start-preview";
import { idCoerced } from "~/platform/input";
import { transitionCycle } from "~/features/cycles/workflow.server";

export const meta: MetaFunction = () => [{ title: "Cycles - PMR" }];

const CONFIRM_TEXT = "Are you sure you would like to move the cycle to the next stage?";

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
  if (!parsed.success) return data({ ok: false as const, error: "Invalid request" }, { status: 400 });
  try {
    if (parsed.data.intent === "make_current") {
      const cycle = await setCurrentCycle(current.actor, parsed.data.cycleId);
      return { ok: true as const, message: `${cycle?.name ?? "The cycle"} is now the current cycle` };
    }
    const cycle = await transitionCycle(current.actor, parsed.data.cycleId, parsed.data.transition);
    return { ok: true as const, message: `${cycle.name} moved to '${stageLabel(cycle.state)}'` };
  } catch (err) {
    const failure = cycleFormFailure(err);
    return data({ ok: false as const, error: failure.formError ?? "Invalid request" }, { status: failure.status });
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

  useEffect(() => {
    if (result?.ok) enqueueSnackbar(result.message, { variant: "success" });
  }, [result, enqueueSnackbar]);
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
          Cycles
        </Typography>
        <Button component={RemixLink} to="/app/admin/cycles/create" variant="contained" data-testid="cycle-create-link">
          Create Cycle
        </Button>
      </Stack>

      {result && !result.ok && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="cycles-error">
          {result.error}
        </Alert>
      )}

      {cycles.length === 0 ? (
        <Typography data-testid="cycles-empty">No cycles present</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Review cycles">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Stage</TableCell>
                <TableCell>Start date</TableCell>
                <TableCell>Planned end date</TableCell>
                <TableCell align="right">Max peers</TableCell>
                <TableCell align="right">Actions</TableCell>
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
                          {current_cycle_chosen ? "Current cycle (chosen)" : "Current cycle"}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <CycleStageChip cycleId={cycle.id} stage={stage} />
                    </TableCell>
                    <TableCell data-testid={`cycle-start-date-${cycle.id}`}>{cycle.start_date ?? "—"}</TableCell>
                    <TableCell data-testid={`cycle-end-date-${cycle.id}`}>{cycle.planned_end_date ?? "—"}</TableCell>
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
                          Start Cycle
                        </Button>
                      )}
                      {stage !== "draft" && !(current_cycle_chosen && current_cycle?.id === cycle.id) && (
                        <Form method="post" style={{ display: "inline" }}>
                          <input type="hidden" name="intent" value="make_current" />
                          <input type="hidden" name="cycleId" value={cycle.id} />
                          <Button type="submit" size="small" disabled={busy} data-testid={`cycle-make-current-${cycle.id}`} sx={{ mr: 1 }}>
                            Make current
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
                          Close &amp; Proceed
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
        <DialogTitle id="cycle-start-title">Start “{starting?.name}”?</DialogTitle>
        <DialogContent>
          {starting &&
            startConfirmationText(
              starting.name,
              previews[starting.cycleId] ?? { participants: 0, receivingFeedback: 0, reminderSchedules: 0 },
              current_cycle_chosen ? (current_cycle?.name ?? null) : null,
            ).map((line) => (
              <DialogContentText key={line} sx={{ mb: 1 }}>
                {line}
              </DialogContentText>
            ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStarting(null)} disabled={busy} data-testid="cycle-start-cancel">
            Cancel
          </Button>
          <Form method="post">
            <input type="hidden" name="cycleId" value={starting?.cycleId ?? ""} />
            <input type="hidden" name="transition" value="start" />
            <Button type="submit" variant="contained" disabled={busy} data-testid="cycle-start-confirm">
              Start Cycle
            </Button>
          </Form>
        </DialogActions>
      </Dialog>

      <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} aria-describedby="cycle-confirm-text" data-testid="cycle-confirm-dialog">
        <DialogContent>
          <DialogContentText id="cycle-confirm-text">{CONFIRM_TEXT}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} disabled={busy} data-testid="cycle-confirm-cancel">
            Cancel
          </Button>
          <Form method="post">
            <input type="hidden" name="cycleId" value={confirm?.cycleId ?? ""} />
            <input type="hidden" name="transition" value={confirm?.transition ?? ""} />
            <Button type="submit" variant="contained" disabled={busy} data-testid="cycle-confirm-submit">
              Confirm
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
