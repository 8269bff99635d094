import { Form } from "@remix-run/react";
import { Alert, Box, Button, FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { ROLES, ROLE_KEYS } from "~/features/users/roles";
import { UserEmailAutocomplete } from "~/features/users/user-email-autocomplete";
import { DIRECTORY_TEXT_MAX, EMAIL_MAX, EMPLOYEE_NUMBER_MAX } from "~/features/users/directory-rules";
import type { DirectoryFieldErrors, DirectoryFormValues } from "~/features/users/directory-form-types";

/**
 * The directory's form (create at /app/admin/users/new, details on /app/admin/users/{userId}): every field of a user;
 * manager, secondary manager and HR partner with the people suggestions of GET /api/v1/users (active users only).
 * The server checks everything again (docs/decisions/0050-user-directory.md) and its refusals come back per field.
 */

function PersonField({ name, label, defaultValue, error, testId }: { name: string; label: string; defaultValue: string | null; error?: string; testId: string }) {
  const [text, setText] = useState(defaultValue ?? "");
  const { t } = useTranslation();
  const query = text.trim();
  return (
    <UserEmailAutocomplete
      value={text}
      onChange={setText}
      suggestionsUrl={(open) => (open && query.length >= 2 ? `/api/v1/users?q=${encodeURIComponent(query)}` : null)}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          placeholder={t("users.form.personPlaceholder")}
          error={!!error}
          helperText={error ?? t("users.form.personHelp")}
          slotProps={{ htmlInput: { ...params.inputProps, "data-testid": testId, autoComplete: "off", maxLength: EMAIL_MAX } }}
        />
      )}
    />
  );
}

export function DirectoryForm({
  values,
  errors,
  formError,
  busy,
  withRole,
  intent,
  submitLabel,
  testId,
}: {
  values: DirectoryFormValues;
  errors: DirectoryFieldErrors;
  formError: string | null;
  busy: boolean;
  /** Show the role select (the user page changes the role in a form of its own). */
  withRole: boolean;
  intent: string;
  submitLabel: string;
  testId: string;
}) {
  const [role, setRole] = useState(values.role ?? "EMPLOYEE");
  const { t } = useTranslation();
  const text = (name: keyof DirectoryFormValues, label: TranslationKey, opts: { required?: boolean; type?: string; max?: number; helper?: TranslationKey } = {}) => (
    <TextField
      name={name}
      label={t(label)}
      type={opts.type ?? "text"}
      required={opts.required}
      defaultValue={values[name] ?? ""}
      error={!!errors[name]}
      helperText={errors[name] ?? (opts.helper && t(opts.helper))}
      slotProps={{
        htmlInput: { "data-testid": `${testId}-${name}`, maxLength: opts.max ?? DIRECTORY_TEXT_MAX },
        inputLabel: opts.type === "date" ? { shrink: true } : undefined,
      }}
    />
  );
  return (
    <Form method="post" data-testid={testId} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
          {formError}
        </Alert>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {text("email", "users.form.email", { required: true, type: "email", max: EMAIL_MAX })}
        {text("name", "users.form.name", { required: true })}
        {withRole && (
          <FormControl error={!!errors.role}>
            <InputLabel id={`${testId}-role-label`}>{t("users.form.role")}</InputLabel>
            <Select labelId={`${testId}-role-label`} label={t("users.form.role")} name="role" value={role} onChange={(e) => setRole(e.target.value)} data-testid={`${testId}-role`}>
              {ROLES.map((r) => (
                <MenuItem key={r} value={r} data-testid={`${testId}-role-option-${r}`}>
                  {t(ROLE_KEYS[r])}
                </MenuItem>
              ))}
            </Select>
            {errors.role && <FormHelperText>{errors.role}</FormHelperText>}
          </FormControl>
        )}
        {text("job_title", "users.form.jobTitle")}
        {text("department", "users.form.department")}
        {text("level", "users.form.level", { helper: "users.form.levelHelp" })}
        {text("location", "users.form.location")}
        {text("start_date", "users.form.startDate", { type: "date" })}
        {text("employee_number", "users.form.employeeNumber", { max: EMPLOYEE_NUMBER_MAX, helper: "users.form.employeeNumberHelp" })}
        <PersonField name="manager_email" label={t("users.form.manager")} defaultValue={values.manager_email} error={errors.manager_email} testId={`${testId}-manager_email`} />
        <PersonField
          name="secondary_manager_email"
          label={t("users.form.secondaryManager")}
          defaultValue={values.secondary_manager_email}
          error={errors.secondary_manager_email}
          testId={`${testId}-secondary_manager_email`}
        />
        <PersonField name="hr_partner_email" label={t("users.form.hrPartner")} defaultValue={values.hr_partner_email} error={errors.hr_partner_email} testId={`${testId}-hr_partner_email`} />
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  );
}
