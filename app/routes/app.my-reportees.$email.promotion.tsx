import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { NOMINATION_STATUS_LABELS, RATIONALE_MAX_LENGTH, RATIONALE_MIN_LENGTH, RationaleSchema, REPORTEE_PATHS } from "~/features/manager-review/rules";
import { isSpoofing } from "~/platform/auth.server";
import { getNomination, nominateForPromotion, withdrawNomination } from "~/features/manager-review/nominations.server";
import { forPage } from "~/platform/page-errors.server";
import { pageFormFailure, requireReportPage } from "~/features/manager-review/pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Promotion nomination of ${data?.participant.name ?? "direct report"} | PMR` }];

/** /app/my-reportees/{email}/promotion?cycle_id=: nominate my direct report for promotion with a rationale, or withdraw. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireReportPage(request, params);
  const detail = await forPage(() => getNomination(page.current.user.id, page.cycleId, page.email));
  return { cycles: page.cycles, cycleId: page.cycleId, spoofing: isSpoofing(page.current), ...detail };
}

type ActionResult = { ok: boolean; intent: "nominate" | "withdraw"; message: string; rationaleError: string | null; rationale: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireReportPage(request, params);
  const form = await request.formData();
  const intent = form.get("intent") === "withdraw" ? "withdraw" : "nominate";
  try {
    if (intent === "withdraw") {
      await withdrawNomination(page.current, page.cycleId, page.email);
      return data<ActionResult>({ ok: true, intent, message: "Nomination withdrawn", rationaleError: null, rationale: null });
    }
    const raw = String(form.get("rationale") ?? "");
    const rationale = RationaleSchema.safeParse(raw);
    if (!rationale.success) {
      const message = rationale.error.issues[0]?.message ?? "Rationale is required";
      return data<ActionResult>({ ok: false, intent, message, rationaleError: message, rationale: raw }, { status: 400 });
    }
    const { created } = await nominateForPromotion(page.current, page.cycleId, { email: page.email, rationale: rationale.data });
    return data<ActionResult>({ ok: true, intent, message: created ? "Nominated for promotion" : "Rationale updated", rationaleError: null, rationale: null });
  } catch (err) {
    const failure = pageFormFailure(err);
    return data<ActionResult>({ ok: false, intent, message: failure.message, rationaleError: null, rationale: String(form.get("rationale") ?? "") || null }, { status: failure.status });
  }
}

export default function PromotionPage() {
  const { cycles, cycleId, spoofing, cycle, participant, promotion_nomination: nomination, can_change, blocked_reason, promotion_decision } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(result.message, { variant: "success" });
  }, [result, enqueueSnackbar]);
  useEffect(() => {
    if (navigation.state === "idle") setConfirmWithdraw(false);
  }, [navigation.state]);

  const active = nomination?.status === "nominated";
  const canWrite = can_change && !blocked_reason && !spoofing;
  const defaultRationale = result && !result.ok && result.rationale !== null ? result.rationale : active ? (nomination?.rationale ?? "") : "";

  return (
    <Stack spacing={3} sx={{ p: { xs: 2, md: 3 }, maxWidth: 900 }}>
      <Box>
        <Link component={RemixLink} to={REPORTEE_PATHS.list(cycleId)} sx={{ display: "inline-block", mb: 1 }}>
          ← My Reportees
        </Link>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
          <Typography variant="h4" component="h1" data-testid="promotion-title">
            Promotion nomination: {participant.name}
          </Typography>
          <CycleSwitcher cycles={cycles} selectedId={cycleId} />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 1, flexWrap: "wrap" }}>
          <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
          <Typography color="text.secondary">{participant.email}</Typography>
          {!participant.reviewer_only && (
            <Link component={RemixLink} to={REPORTEE_PATHS.feedback(participant.email, cycleId)}>
              Feedback
            </Link>
          )}
        </Stack>
      </Box>

      <Paper variant="outlined" sx={{ p: 2 }} data-testid="nomination-status-panel">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: nomination ? 1 : 0 }}>
          <Typography fontWeight={500}>Status:</Typography>
          <Chip
            size="small"
            data-testid="nomination-status"
            label={nomination ? NOMINATION_STATUS_LABELS[nomination.status] : "Not nominated"}
            color={active ? "primary" : "default"}
          />
        </Stack>
        {nomination && (
          <>
            <Typography variant="body2" color="text.secondary">
              {nomination.status === "nominated" ? "Nominated" : "Last nominated"} by {nomination.nominated_by?.name ?? "—"} · updated {nomination.updated_at.slice(0, 10)}
            </Typography>
            {nomination.rationale && (
              <Typography sx={{ mt: 1, whiteSpace: "pre-wrap" }} data-testid="nomination-rationale">
                {nomination.rationale}
              </Typography>
            )}
          </>
        )}
      </Paper>

      {promotion_decision && (
        <Alert severity={promotion_decision.value === "PROMOTED" ? "success" : "info"} data-testid="promotion-decision">
          Promotion decision: <strong>{promotion_decision.label}</strong>
        </Alert>
      )}

      {blocked_reason && (
        <Alert severity="info" data-testid="nomination-blocked">
          {blocked_reason}.
        </Alert>
      )}
      {!blocked_reason && !can_change && (
        <Alert severity="info" data-testid="nomination-closed">
          Nominations can be made or withdrawn only in the SPU feedback and manager feedback stages; this cycle is in the{" "}
          {cycle.stage_label.replace(/^Stage \d+ - /, "")}.
        </Alert>
      )}
      {can_change && spoofing && <Alert severity="warning">You are viewing another user: nominations cannot be made in their name.</Alert>}
      {result && !result.ok && !result.rationaleError && (
        <Alert severity="error" data-testid="nomination-error">
          {result.message}
        </Alert>
      )}

      {canWrite && (
        <Form method="post" key={nomination?.updated_at ?? "new"}>
          <input type="hidden" name="intent" value="nominate" />
          <TextField
            name="rationale"
            label="Rationale"
            multiline
            minRows={5}
            fullWidth
            required
            defaultValue={defaultRationale}
            error={Boolean(result && !result.ok && result.rationaleError)}
            helperText={
              result && !result.ok && result.rationaleError
                ? result.rationaleError
                : `Why is ${participant.name} ready for promotion? Give concrete examples (${RATIONALE_MIN_LENGTH} to ${RATIONALE_MAX_LENGTH} characters).`
            }
            slotProps={{ htmlInput: { maxLength: RATIONALE_MAX_LENGTH, "data-testid": "nomination-rationale-input" } }}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="nomination-submit">
              {active ? "Update rationale" : "Nominate for promotion"}
            </Button>
            {active && (
              <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirmWithdraw(true)} data-testid="nomination-withdraw">
                Withdraw nomination
              </Button>
            )}
          </Stack>
        </Form>
      )}

      <Dialog open={confirmWithdraw} onClose={() => setConfirmWithdraw(false)} data-testid="nomination-withdraw-dialog">
        <DialogTitle>Withdraw the nomination?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {participant.name} will no longer be considered for promotion in this cycle. You can nominate again until calibration starts.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmWithdraw(false)}>Cancel</Button>
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw" />
            <Button type="submit" color="error" variant="contained" disabled={busy} data-testid="nomination-withdraw-confirm">
              Withdraw
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
