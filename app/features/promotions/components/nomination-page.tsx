import { Form, useNavigation } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Alert, Button, Chip, Link, Paper, Typography } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import type { CycleStage } from "~/features/cycles/rules";
import { RATIONALE_MAX_LENGTH, RATIONALE_MIN_LENGTH, REPORTEE_PATHS } from "~/features/manager-review/rules";
import { NOMINATION_CLOSED_KEYS, NOMINATION_STATUS_KEYS, PROMOTION_DECISION_KEYS } from "~/features/promotions/text-keys";
import pages from "~/features/promotions/components/pages.module.css";
import layout from "~/platform/ui/report-page.module.css";
import css from "~/features/promotions/components/nomination-page.module.css";

/**
 * /app/my-reportees/{email}/promotion?cycle_id= (the manager): nominate a direct report for promotion with a rationale,
 * update it, or withdraw (after a confirmation). Static markup (issue 27): the confirmation is MUI's dialog, mounted
 * from its first opening on. Every text through keys (issue 28); the action's answers are keys with values.
 */

export type NominationPageData = {
  cycles: Array<{ id: number; name: string }>;
  cycleId: number;
  spoofing: boolean;
  cycle: { id: number; state: CycleStage };
  participant: { name: string; email: string; reviewer_only: boolean };
  promotion_nomination: { status: "nominated" | "withdrawn"; rationale: string | null; updated_at: string; nominated_by: { name: string } | null } | null;
  can_change: boolean;
  blocked_reason: string | null;
  promotion_decision: { value: string } | null;
};

export type NominationActionResult = { ok: boolean; intent: "nominate" | "withdraw"; message: PageMessage; rationaleError: PageMessage | null; rationale: string | null };

export function NominationPage({ data, result }: { data: NominationPageData; result: NominationActionResult | undefined }) {
  const { cycles, cycleId, spoofing, cycle, participant, promotion_nomination: nomination, can_change, blocked_reason, promotion_decision } = data;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const format = useFormat();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const dialogOpened = useOpenedOnce(confirmWithdraw);
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(messageText(t, result.message), { variant: "success" });
  }, [result, enqueueSnackbar, t]);
  useEffect(() => {
    if (navigation.state === "idle") setConfirmWithdraw(false);
  }, [navigation.state]);

  const active = nomination?.status === "nominated";
  const canWrite = can_change && !blocked_reason && !spoofing;
  const defaultRationale = result && !result.ok && result.rationale !== null ? result.rationale : active ? (nomination?.rationale ?? "") : "";
  const decisionKey = promotion_decision ? PROMOTION_DECISION_KEYS[promotion_decision.value as keyof typeof PROMOTION_DECISION_KEYS] : undefined;

  return (
    <div className={`${pages.page} ${css.column}`}>
      <div>
        <Link to={REPORTEE_PATHS.list(cycleId)} className={css.back}>
          {t("promotions.nomination.back")}
        </Link>
        <div className={layout.head}>
          <Typography variant="h4" component="h1" data-testid="promotion-title">
            {t("promotions.nomination.title", { name: participant.name })}
          </Typography>
          <CycleSwitcher cycles={cycles} selectedId={cycleId} />
        </div>
        <div className={css.facts}>
          <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
          <Typography color="text.secondary">{participant.email}</Typography>
          {!participant.reviewer_only && <Link to={REPORTEE_PATHS.feedback(participant.email, cycleId)}>{t("promotions.nomination.feedback")}</Link>}
        </div>
      </div>

      <Paper variant="outlined" className={pages.pad} data-testid="nomination-status-panel">
        <div className={`${css.status} ${nomination ? css.statusGap : ""}`}>
          <Typography fontWeight="medium">{t("promotions.nomination.status")}</Typography>
          <Chip
            size="small"
            data-testid="nomination-status"
            label={t(nomination ? NOMINATION_STATUS_KEYS[nomination.status] : "promotions.nomination.notNominated")}
            color={active ? "primary" : "default"}
          />
        </div>
        {nomination && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t(nomination.status === "nominated" ? "promotions.nomination.byNominated" : "promotions.nomination.byLastNominated", {
                name: nomination.nominated_by?.name ?? "—",
                date: format.date(nomination.updated_at),
              })}
            </Typography>
            {nomination.rationale && (
              <Typography className={css.rationale} data-testid="nomination-rationale">
                {nomination.rationale}
              </Typography>
            )}
          </>
        )}
      </Paper>

      {promotion_decision && decisionKey && (
        <Alert severity={promotion_decision.value === "PROMOTED" ? "success" : "info"} data-testid="promotion-decision">
          <Trans i18nKey="promotions.nomination.decision" values={{ decision: t(decisionKey) }} components={[<strong key="decision" />]} />
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
            inputProps={{ maxLength: RATIONALE_MAX_LENGTH, "data-testid": "nomination-rationale-input" }}
          />
          <div className={css.buttons}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="nomination-submit">
              {t(active ? "promotions.nomination.update" : "promotions.nomination.nominate")}
            </Button>
            {active && (
              <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirmWithdraw(true)} data-testid="nomination-withdraw">
                {t("promotions.nomination.withdraw")}
              </Button>
            )}
          </div>
        </Form>
      )}

      {dialogOpened && (
        <Dialog open={confirmWithdraw} onClose={() => setConfirmWithdraw(false)} data-testid="nomination-withdraw-dialog">
          <DialogTitle>{t("promotions.nomination.withdrawTitle")}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t("promotions.nomination.withdrawText", { name: participant.name })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setConfirmWithdraw(false)}>{t("promotions.nomination.cancel")}</MuiButton>
            <Form method="post">
              <input type="hidden" name="intent" value="withdraw" />
              <MuiButton type="submit" color="error" variant="contained" disabled={busy} data-testid="nomination-withdraw-confirm">
                {t("promotions.nomination.withdrawConfirm")}
              </MuiButton>
            </Form>
          </DialogActions>
        </Dialog>
      )}
    </div>
  );
}
