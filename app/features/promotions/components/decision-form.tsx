import { MenuItem, TextField as MuiTextField } from "@mui/material";
import { Alert, Button, Typography } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { PROMOTION_DECISIONS, PROMOTION_DECISION_LABELS, PROMOTION_LIMITS } from "~/features/promotions/rules";
import type { SessionNominationJson } from "~/features/promotions/types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import css from "~/features/promotions/components/meeting.module.css";

/**
 * The decision on a nomination (whoever runs the session): Promoted / Not Promoted / Deferred and a required
 * reason (kept in the decision history), posted as intent=decide. The form resets after each save. Static markup
 * (issue 27): the decision is MUI's select (its menu and keyboard) from hydration on, a native select with the same
 * name and label before; the reason is the static text field.
 */
export function DecisionForm({ nomination, disabled }: { nomination: SessionNominationJson; disabled?: boolean }) {
  const action = useMeetingAction();
  const hydrated = useHydrated();
  const id = nomination.nomination_id;
  const errors = action.failure?.fieldErrors ?? {};
  const current = nomination.decision?.value ?? "";
  const decisionHelp = errors.decision ? "Pick a decision" : undefined;
  return (
    <action.fetcher.Form method="post" noValidate key={action.okCount} aria-label={`Decision on ${nomination.nominee.name}`}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="nomination_id" value={id} />
      <Typography variant="subtitle2" component="h4" style={{ marginBottom: 8 }}>
        Decision
      </Typography>
      <div className={css.decisionRow}>
        {hydrated ? (
          <MuiTextField
            select
            name="decision"
            label="Decision"
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
                {PROMOTION_DECISION_LABELS[d]}
              </MenuItem>
            ))}
          </MuiTextField>
        ) : (
          <NativeSelect
            name="decision"
            label="Decision"
            defaultValue={current}
            required
            disabled={disabled}
            error={Boolean(errors.decision)}
            helperText={decisionHelp}
            className={css.decisionSelect}
            inputProps={{ "data-testid": `decision-select-${id}` }}
            options={[{ value: "", label: "" }, ...PROMOTION_DECISIONS.map((d) => ({ value: d, label: PROMOTION_DECISION_LABELS[d] }))]}
          />
        )}
        <TextField
          name="reason"
          label="Reason"
          required
          fullWidth
          multiline
          minRows={1}
          disabled={disabled}
          error={Boolean(errors.reason)}
          helperText={errors.reason ?? "Why (kept in the decision history)"}
          className={css.decisionReason}
          inputProps={{ maxLength: PROMOTION_LIMITS.reasonMax, "data-testid": `decision-reason-${id}` }}
        />
        <Button type="submit" variant="contained" disabled={disabled || action.busy} className={css.decisionSave} data-testid={`decision-save-${id}`}>
          Save decision
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
