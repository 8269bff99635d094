import { Alert, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { PROMOTION_DECISIONS, PROMOTION_DECISION_LABELS, PROMOTION_LIMITS } from "~/features/promotions/rules";
import type { SessionNominationJson } from "~/features/promotions/types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";

/**
 * The decision on a nomination (whoever runs the session): Promoted / Not Promoted / Deferred and a required
 * reason (kept in the decision history), posted as intent=decide. The form resets after each save.
 */
export function DecisionForm({ nomination, disabled }: { nomination: SessionNominationJson; disabled?: boolean }) {
  const action = useMeetingAction();
  const id = nomination.nomination_id;
  const errors = action.failure?.fieldErrors ?? {};
  return (
    <action.fetcher.Form method="post" noValidate key={action.okCount} aria-label={`Decision on ${nomination.nominee.name}`}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="nomination_id" value={id} />
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Decision
      </Typography>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "flex-start" } }}>
        <TextField
          select
          name="decision"
          label="Decision"
          defaultValue={nomination.decision?.value ?? ""}
          required
          disabled={disabled}
          error={Boolean(errors.decision)}
          helperText={errors.decision ? "Pick a decision" : undefined}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": `decision-select-${id}` } as object } }}
        >
          {PROMOTION_DECISIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {PROMOTION_DECISION_LABELS[d]}
            </MenuItem>
          ))}
        </TextField>
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
          slotProps={{ htmlInput: { maxLength: PROMOTION_LIMITS.reasonMax, "data-testid": `decision-reason-${id}` } }}
        />
        <Button type="submit" variant="contained" disabled={disabled || action.busy} sx={{ flexShrink: 0, mt: { md: 1 } }} data-testid={`decision-save-${id}`}>
          Save decision
        </Button>
      </Stack>
      {action.failure && !errors.decision && !errors.reason && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`decision-error-${id}`}>
          {action.failure.message}
        </Alert>
      )}
    </action.fetcher.Form>
  );
}
