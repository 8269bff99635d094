import { Checkbox, FormControlLabel, Stack, TextField } from "@mui/material";
import { UserEmailField } from "~/features/users/user-email-field";

export type ParticipantFormDefaults = {
  email?: string | null;
  manager_email?: string | null;
  secondary_manager_email?: string | null;
  hr_partner_email?: string | null;
  reviewer_only?: boolean;
};
export type ParticipantFormErrors = Partial<Record<"email" | "manager_email" | "secondary_manager_email" | "hr_partner_email" | "reviewer_only", string[]>>;

/** Participant, managers, HR partner and the reviewer-only flag (server-validated with zod). `fixedEmail`: edit form. */
export function ParticipantFormFields({
  cycleId,
  defaults,
  errors,
  fixedEmail,
}: {
  cycleId: number;
  defaults?: ParticipantFormDefaults;
  errors?: ParticipantFormErrors;
  fixedEmail?: string;
}) {
  const err = (k: keyof ParticipantFormErrors) => errors?.[k]?.[0];
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      {fixedEmail ? (
        <TextField label="Participant email" value={fixedEmail} disabled slotProps={{ htmlInput: { "data-testid": "participant-field-email" } }} />
      ) : (
        <UserEmailField
          cycleId={cycleId}
          name="email"
          label="Participant email"
          required
          defaultValue={defaults?.email}
          error={err("email")}
          helperText="Type a name or email and pick the user"
          testId="participant-field-email"
        />
      )}
      <UserEmailField
        cycleId={cycleId}
        name="manager_email"
        label="Manager email"
        defaultValue={defaults?.manager_email}
        error={err("manager_email")}
        testId="participant-field-manager-email"
      />
      <UserEmailField
        cycleId={cycleId}
        name="secondary_manager_email"
        label="Secondary manager email"
        defaultValue={defaults?.secondary_manager_email}
        error={err("secondary_manager_email")}
        helperText="Matrix manager (optional)"
        testId="participant-field-secondary-manager-email"
      />
      <UserEmailField
        cycleId={cycleId}
        name="hr_partner_email"
        label="HR partner email"
        defaultValue={defaults?.hr_partner_email}
        error={err("hr_partner_email")}
        testId="participant-field-hr-partner-email"
      />
      <FormControlLabel
        control={<Checkbox name="reviewer_only" defaultChecked={defaults?.reviewer_only ?? false} slotProps={{ input: { "data-testid": "participant-field-reviewer-only" } as object }} />}
        label="Reviewer only (gives feedback, receives none)"
      />
    </Stack>
  );
}
