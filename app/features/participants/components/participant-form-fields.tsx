import { useTranslation } from "react-i18next";
import { Stack } from "~/platform/ui/static";
import { Checkbox, FormControlLabel, TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { UserEmailField } from "~/features/users/user-email-field";
import { messageText } from "~/platform/i18n/page-message";
import type { ParticipantFieldMessages } from "~/features/participants/refusals";

export type ParticipantFormDefaults = {
  email?: string | null;
  manager_email?: string | null;
  secondary_manager_email?: string | null;
  hr_partner_email?: string | null;
  reviewer_only?: boolean;
};
/** The server's field errors, as keys (features/participants/refusals.ts). */
export type ParticipantFormErrors = ParticipantFieldMessages;

/**
 * A user's email with suggestions: a static text field in the server render (issue 27: no style work), the users
 * feature's picker (MUI's Autocomplete) from hydration on, with the same name, label, test id and value.
 */
function EmailField(props: { cycleId: number; name: string; label: string; required?: boolean; defaultValue?: string | null; error?: string; helperText?: string; testId: string }) {
  const hydrated = useHydrated();
  if (hydrated) return <UserEmailField {...props} />;
  const { name, label, required, defaultValue, error, helperText, testId } = props;
  return (
    <TextField
      id={`participant-${name}`}
      name={name}
      label={label}
      required={required}
      defaultValue={defaultValue ?? ""}
      error={!!error}
      helperText={error ?? helperText}
      autoComplete="off"
      inputProps={{ "data-testid": testId }}
    />
  );
}

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
  const { t } = useTranslation();
  // The server's field errors come as keys (features/participants/refusals.ts).
  const err = (k: Exclude<keyof ParticipantFormErrors, "form">) => {
    const first = errors?.[k]?.[0];
    return first === undefined ? undefined : messageText(t, first);
  };
  return (
    <Stack spacing={2} style={{ maxWidth: 520 }}>
      {fixedEmail ? (
        <TextField id="participant-email" label={t("participants.form.email")} value={fixedEmail} disabled inputProps={{ "data-testid": "participant-field-email" }} />
      ) : (
        <EmailField
          cycleId={cycleId}
          name="email"
          label={t("participants.form.email")}
          required
          defaultValue={defaults?.email}
          error={err("email")}
          helperText={t("participants.form.emailHelp")}
          testId="participant-field-email"
        />
      )}
      <EmailField
        cycleId={cycleId}
        name="manager_email"
        label={t("participants.form.manager")}
        defaultValue={defaults?.manager_email}
        error={err("manager_email")}
        testId="participant-field-manager-email"
      />
      <EmailField
        cycleId={cycleId}
        name="secondary_manager_email"
        label={t("participants.form.secondary")}
        defaultValue={defaults?.secondary_manager_email}
        error={err("secondary_manager_email")}
        helperText={t("participants.form.secondaryHelp")}
        testId="participant-field-secondary-manager-email"
      />
      <EmailField
        cycleId={cycleId}
        name="hr_partner_email"
        label={t("participants.form.hrPartner")}
        defaultValue={defaults?.hr_partner_email}
        error={err("hr_partner_email")}
        testId="participant-field-hr-partner-email"
      />
      <FormControlLabel
        control={<Checkbox name="reviewer_only" defaultChecked={defaults?.reviewer_only ?? false} inputProps={{ "data-testid": "participant-field-reviewer-only" }} />}
        label={t("participants.form.reviewerOnly")}
      />
    </Stack>
  );
}
