import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
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
import { Trans, useTranslation } from "react-i18next";
import { messageText, pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import { NOMINATION_CLOSED_KEYS, NOMINATION_STATUS_KEYS, PROMOTION_DECISION_KEYS } from "~/features/promotions/text-keys";
import { nominationFailureMessage, rationaleIssueMessage } from "~/features/promotions/nomination-messages";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { RATIONALE_MAX_LENGTH, RATIONALE_MIN_LENGTH, RationaleSchema, REPORTEE_PATHS } from "~/features/manager-review/rules";
import { isSpoofing } from "~/platform/auth.server";
import { getNomination, nominateForPromotion, withdrawNomination } from "~/features/manager-review/nominations.server";
import { forPage } from "~/platform/page-errors.server";
import { pageFormFailure, requireReportPage } from "~/features/manager-review/pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("promotions.titles.nomination", { name: data.participant.name }) : pageMessage("promotions.titles.nominationUnknown"),
);

/** /app/my-reportees/{email}/promotion?cycle_id=: nominate my direct report for promotion with a rationale, or withdraw. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireReportPage(request, params);
  const detail = await forPage(() => getNomination(page.current.user.id, page.cycleId, page.email));
  return { cycles: page.cycles, cycleId: page.cycleId, spoofing: isSpoofing(page.current), ...detail };
}

/** The action's answer: its texts as keys with values (said in the reader's language on the page). */
type ActionResult = { ok: boolean; intent: "nominate" | "withdraw"; message: PageMessage; rationaleError: PageMessage | null; rationale: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireReportPage(request, params);
  const form = await request.formData();
  const intent = form.get("intent") === "withdraw" ? "withdraw" : "nominate";
  try {
    if (intent === "withdraw") {
      await withdrawNomination(page.current, page.cycleId, page.email);
      return data<ActionResult>({ ok: true, intent, message: pageMessage("promotions.nomination.withdrawnToast"), rationaleError: null, rationale: null });
    }
    const raw = String(form.get("rationale") ?? "");
    const rationale = RationaleSchema.safeParse(raw);
    if (!rationale.success) {
      const message = rationaleIssueMessage(raw);
      return data<ActionResult>({ ok: false, intent, message, rationaleError: message, rationale: raw }, { status: 400 });
    }
    const { created } = await nominateForPromotion(page.current, page.cycleId, { email: page.email, rationale: rationale.data });
    return data<ActionResult>({
      ok: true,
      intent,
      message: pageMessage(created ? "promotions.nomination.nominated" : "promotions.nomination.updated"),
      rationaleError: null,
      rationale: null,
    });
  } catch (err) {
    const failure = pageFormFailure(err);
    return data<ActionResult>(
      { ok: false, intent, message: nominationFailureMessage(failure.message), rationaleError: null, rationale: String(form.get("rationale") ?? "") || null },
      { status: failure.status },
    );
  }
}

export default function PromotionPage() {
  const { cycles, cycleId, spoofing, cycle, participant, promotion_nomination: nomination, can_change, blocked_reason, promotion_decision } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const format = useFormat();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(messageText(t, result.message), { variant: "success" });
  }, [result, enqueueSnackbar, t]);
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
          {t("promotions.nomination.back")}
        </Link>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
          <Typography variant="h4" component="h1" data-testid="promotion-title">
            {t("promotions.nomination.title", { name: participant.name })}
          </Typography>
          <CycleSwitcher cycles={cycles} selectedId={cycleId} />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 1, flexWrap: "wrap" }}>
          <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
          <Typography color="text.secondary">{participant.email}</Typography>
          {!participant.reviewer_only && (
            <Link component={RemixLink} to={REPORTEE_PATHS.feedback(participant.email, cycleId)}>
              {t("promotions.nomination.feedback")}
            </Link>
          )}
        </Stack>
      </Box>

      <Paper variant="outlined" sx={{ p: 2 }} data-testid="nomination-status-panel">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: nomination ? 1 : 0 }}>
          <Typography fontWeight={500}>{t("promotions.nomination.status")}</Typography>
          <Chip
            size="small"
            data-testid="nomination-status"
            label={t(nomination ? NOMINATION_STATUS_KEYS[nomination.status] : "promotions.nomination.notNominated")}
            color={active ? "primary" : "default"}
          />
        </Stack>
        {nomination && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t(nomination.status === "nominated" ? "promotions.nomination.byNominated" : "promotions.nomination.byLastNominated", {
                name: nomination.nominated_by?.name ?? "—",
                date: format.date(nomination.updated_at),
              })}
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
          <Trans
            i18nKey="promotions.nomination.decision"
            values={{ decision: t(PROMOTION_DECISION_KEYS[promotion_decision.value as keyof typeof PROMOTION_DECISION_KEYS] ?? "promotions.couldNotSave") }}
            components={[<strong key="decision" />]}
          />
        </Alert>
      )}

      {blocked_reason && (
        <Alert severity="info" data-testid="nomination-blocked">
          {t("promotions.nomination.reviewerOnly", { email: participant.email })}
        </Alert>
      )}
      {!blocked_reason && !can_change && (
        <Alert severity="info" data-testid="nomination-closed">
          {t(NOMINATION_CLOSED_KEYS[cycle.state])}
        </Alert>
      )}
      {can_change && spoofing && <Alert severity="warning">{t("promotions.nomination.spoofing")}</Alert>}
      {result && !result.ok && !result.rationaleError && (
        <Alert severity="error" data-testid="nomination-error">
          {messageText(t, result.message)}
        </Alert>
      )}

      {canWrite && (
        <Form method="post" key={nomination?.updated_at ?? "new"}>
          <input type="hidden" name="intent" value="nominate" />
          <TextField
            name="rationale"
            label={t("promotions.nomination.rationale")}
            multiline
            minRows={5}
            fullWidth
            required
            defaultValue={defaultRationale}
            error={Boolean(result && !result.ok && result.rationaleError)}
            helperText={
              result && !result.ok && result.rationaleError
                ? messageText(t, result.rationaleError)
                : t("promotions.nomination.rationaleHelp", { name: participant.name, min: RATIONALE_MIN_LENGTH, max: RATIONALE_MAX_LENGTH })
            }
            slotProps={{ htmlInput: { maxLength: RATIONALE_MAX_LENGTH, "data-testid": "nomination-rationale-input" } }}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="nomination-submit">
              {t(active ? "promotions.nomination.update" : "promotions.nomination.nominate")}
            </Button>
            {active && (
              <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirmWithdraw(true)} data-testid="nomination-withdraw">
                {t("promotions.nomination.withdraw")}
              </Button>
            )}
          </Stack>
        </Form>
      )}

      <Dialog open={confirmWithdraw} onClose={() => setConfirmWithdraw(false)} data-testid="nomination-withdraw-dialog">
        <DialogTitle>{t("promotions.nomination.withdrawTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("promotions.nomination.withdrawText", { name: participant.name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmWithdraw(false)}>{t("promotions.nomination.cancel")}</Button>
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw" />
            <Button type="submit" color="error" variant="contained" disabled={busy} data-testid="nomination-withdraw-confirm">
              {t("promotions.nomination.withdrawConfirm")}
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
