import { MenuItem, TextField as MuiTextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Alert, Button, Typography } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { PROMOTION_DECISIONS, PROMOTION_LIMITS } from "~/features/promotions/rules";
import type { SessionNominationJson } from "~/features/promotions/types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import css from "~/features/promotions/components/meeting.module.css";
import { DECISION_KEYS } from "~/features/promotions/meeting-keys";

/**
 * The decision on a nomination (whoever runs the session): Promoted / Not Promoted / Deferred and a required
 * reason (kept in the decision history), posted as intent=decide. The form resets after each save. Static markup
 * (issue 27): the decision is MUI's select (its menu and keyboard) from hydration on, a native select with the same
 * name and label before; the reason is the static text field.
 */
export function DecisionForm({ nomination, disabled }: { nomination: SessionNominationJson; disabled?: boolean }) {
  const action = useMeetingAction();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const id = nomination.nomination_id;
  const errors = action.failure?.fieldErrors ?? {};
  const current = nomination.decision?.value ?? "";
  const decisionHelp = errors.decision ? t("promotionsMeeting.decisionForm.pick") : undefined;
  const label = (d: (typeof PROMOTION_DECISIONS)[number]) => t(DECISION_KEYS[d]);
  return (
    <action.fetcher.Form method="post" noValidate key={action.okCount} aria-label={t("promotionsMeeting.decisionForm.formLabel", { name: nomination.nominee.name })}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="nomination_id" value={id} />
      <Typography variant="subtitle2" component="h4" style={{ marginBottom: 8 }}>
        {t("promotionsMeeting.decisionForm.heading")}
      </Typography>
      <div className={css.decisionRow}>
        {hydrated ? (
          <MuiTextField
            select
            name="decision"
            label={t("promotionsMeeting.decisionForm.label")}
            defaultValue={current}
            required
            disabled={disabled}
            error={Boolean(errors.decision)}
            helperText={decisionHelp}
            className={`${css.decisionSelect} ${css.decisionSelectMui}`}
            slotProps={{ select: { SelectDisplayProps: { "data-testid": `decision-select-${id}` } as object } }}
          >
            {PROMOTION_DECISIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {label(d)}
              </MenuItem>
            ))}
          </MuiTextField>
        ) : (
          <NativeSelect
            name="decision"
            label={t("promotionsMeeting.decisionForm.label")}
            defaultValue={current}
            required
            disabled={disabled}
            error={Boolean(errors.decision)}
            helperText={decisionHelp}
            className={css.decisionSelect}
            inputProps={{ "data-testid": `decision-select-${id}` }}
            options={[{ value: "", label: "" }, ...PROMOTION_DECISIONS.map((d) => ({ value: d, label: label(d) }))]}
          />
        )}
        <TextField
          name="reason"
          label={t("promotionsMeeting.decisionForm.reason")}
          required
          fullWidth
          multiline
          minRows={1}
          disabled={disabled}
          error={Boolean(errors.reason)}
          helperText={errors.reason ?? t("promotionsMeeting.decisionForm.reasonHelp")}
          className={css.decisionReason}
          inputProps={{ maxLength: PROMOTION_LIMITS.reasonMax, "data-testid": `decision-reason-${id}` }}
        />
        <Button type="submit" variant="contained" disabled={disabled || action.busy} className={css.decisionSave} data-testid={`decision-save-${id}`}>
          {t("promotionsMeeting.decisionForm.save")}
        </Button>
      </div>
      {action.failure && !errors.decision && !errors.reason && (
        <Alert severity="error" style={{ marginTop: 8 }} data-testid={`decision-error-${id}`}>
          {action.failure.message}
        </Alert>
      )}
    </action.fetcher.Form>
  );
}
