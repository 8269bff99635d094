import { Alert, Button, Link, Paper, Stack, Typography } from "~/platform/ui/static";
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from "~/platform/ui/static-form";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/promotions/components/pages.module.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ENDORSEMENT_OUTCOMES, PROMOTION_LIMITS } from "~/features/promotions/rules";
import { ENDORSEMENT_CLOSED_KEYS, ENDORSEMENT_OUTCOME_KEYS } from "~/features/promotions/text-keys";
import { endorsementPaths, type EndorsementPageData } from "~/features/promotions/endorser-page-types";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { BackToEndorsements, EndorsementFacts } from "~/features/promotions/components/endorsement-parts";

/**
 * /app/promotions/endorsements/{endorsementId}/endorse: the endorser answers a request. While requested:
 * Accept or Reject (an optional reason); while accepted: the endorsement (outcome and text) → Submit;
 * otherwise the request is closed and read-only. Buttons follow `can` (the service checks again).
 */

type Action = ReturnType<typeof useMeetingAction>;

function AcceptReject({
  action,
  canAccept,
  canReject,
  onReject,
  disabled,
}: {
  action: Action;
  canAccept: boolean;
  canReject: boolean;
  onReject: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" className={css.pad}>
      <Stack spacing={1}>
        {canAccept && <Typography>{t("promotions.endorsements.willYou")}</Typography>}
        {!canAccept && <Typography>{t("promotions.endorsements.changedMind")}</Typography>}
        <Stack direction="row" spacing={1} flexWrap>
          {canAccept && (
            <action.fetcher.Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <Button type="submit" variant="contained" disabled={disabled || action.busy} data-testid="endorsement-accept">
                {t("promotions.endorsements.accept")}
              </Button>
            </action.fetcher.Form>
          )}
          {canReject && (
            <Button variant="outlined" color="error" onClick={onReject} disabled={disabled} data-testid="endorsement-reject">
              {t("promotions.endorsements.reject")}
            </Button>
          )}
        </Stack>
        {canAccept && action.failure && (
          <Alert severity="error" data-testid="endorsement-accept-error">
            {action.failure.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function EndorseForm({ action, disabled }: { action: Action; disabled: boolean }) {
  const { t } = useTranslation();
  const errors = action.failure?.fieldErrors ?? {};
  const [outcome, setOutcome] = useState("");
  return (
    <Paper variant="outlined" className={css.pad}>
      <action.fetcher.Form method="post" noValidate aria-label={t("promotions.endorsements.yourEndorsement")}>
        <input type="hidden" name="intent" value="endorse" />
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t("promotions.endorsements.yourEndorsement")}
          </Typography>
          <FormControl error={Boolean(errors.outcome)}>
            <FormLabel component="span" id="endorsement-outcome-label" required error={Boolean(errors.outcome)}>
              {t("promotions.endorsements.outcome")}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="endorsement-outcome-label"
              name="outcome"
              value={outcome}
              onChange={(e) => setOutcome(e.target.value)}
              data-testid="endorsement-outcome-input"
            >
              {ENDORSEMENT_OUTCOMES.map((o) => (
                <FormControlLabel
                  key={o}
                  value={o}
                  control={<Radio inputProps={{ "data-testid": `endorsement-outcome-${o}` }} />}
                  label={t(ENDORSEMENT_OUTCOME_KEYS[o])}
                />
              ))}
            </RadioGroup>
            {errors.outcome && (
              <FormHelperText error data-testid="endorsement-outcome-error">
                {t("promotions.endorsements.pickOutcome")}
              </FormHelperText>
            )}
          </FormControl>
          <TextField
            name="endorsement"
            label={t("promotions.endorsements.endorsement")}
            required
            fullWidth
            multiline
            minRows={5}
            error={Boolean(errors.endorsement)}
            helperText={errors.endorsement ?? t("promotions.endorsements.endorsementHelp")}
            inputProps={{ maxLength: PROMOTION_LIMITS.endorsementMax, "data-testid": "endorsement-text" }}
          />
          {action.failure && !errors.outcome && !errors.endorsement && (
            <Alert severity="error" data-testid="endorsement-error">
              {action.failure.message}
            </Alert>
          )}
          <div>
            <Button type="submit" variant="contained" disabled={disabled || action.busy} data-testid="endorsement-submit">
              {t("promotions.endorsements.submit")}
            </Button>
          </div>
        </Stack>
      </action.fetcher.Form>
    </Paper>
  );
}

export function EndorsementAnswerPage({ data }: { data: EndorsementPageData }) {
  const { endorsement: e, spoofing, cycleId } = data;
  // The page holds the forms' fetcher and the reject dialog: an answer closes the part of the page it came
  // from, and the success toast must still show.
  const action = useMeetingAction();
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const rejectOpened = useOpenedOnce(rejecting);
  const open = e.can.accept || e.can.reject || e.can.endorse;
  return (
    <div className={`${css.page} ${css.tight} ${css.w960}`}>
      <div>
        <BackToEndorsements />
        <Typography variant="h4" component="h1" data-testid="endorsement-title">
          {t("promotions.endorsements.answerTitle", { name: e.nominee.name })}
        </Typography>
      </div>
      {spoofing && <Alert severity="warning">{t("promotions.spoofing")}</Alert>}
      <EndorsementFacts endorsement={e} showAnswer={!open} />
      {e.can.endorse && <EndorseForm action={action} disabled={spoofing} />}
      {(e.can.accept || e.can.reject) && (
        <AcceptReject action={action} canAccept={e.can.accept} canReject={e.can.reject} onReject={() => setRejecting(true)} disabled={spoofing} />
      )}
      {!open && (
        <Alert severity="info" data-testid="endorsement-closed">
          {t(ENDORSEMENT_CLOSED_KEYS[e.status])}{" "}
          <Link to={endorsementPaths.view(e.id, cycleId)} style={{ color: "inherit" }} data-testid="endorsement-closed-view">
            {t("promotions.endorsements.viewIt")}
          </Link>
        </Alert>
      )}
      {rejectOpened && (
      <ConfirmDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        intent="reject"
        title={t("promotions.endorsements.rejectTitle")}
        text={t("promotions.endorsements.rejectText")}
        confirmLabel={t("promotions.endorsements.reject")}
        color="error"
        comment={{ label: t("promotions.endorsements.rejectReason"), required: false, helperText: t("promotions.endorsements.rejectReasonHelp") }}
        testId="reject-dialog"
      />
      )}
    </div>
  );
}
