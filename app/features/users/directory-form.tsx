import { Form } from "@remix-run/react";
import { TextField as MuiTextField } from "@mui/material";
import { useState } from "react";
import { Alert, Button, Stack } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import css from "~/features/users/components/users.module.css";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { ROLES, ROLE_KEYS } from "~/features/users/roles";
import { UserEmailAutocomplete } from "~/features/users/user-email-autocomplete";
import { DIRECTORY_TEXT_MAX, EMAIL_MAX, EMPLOYEE_NUMBER_MAX } from "~/features/users/directory-rules";
import type { DirectoryFieldErrors, DirectoryFormValues } from "~/features/users/directory-form-types";

/**
 * The directory's form (create at /app/admin/users/new, details on /app/admin/users/{userId}): every field of a user;
 * manager, secondary manager and HR partner with the people suggestions of GET /api/v1/users (active users only).
 * The server checks everything again (docs/decisions/0050-user-directory.md) and its refusals come back per field,
 * as keys with values (ADR 0108).
 * Static form controls (issue 27: no style work in the server render); a person field is MUI's Autocomplete from
 * hydration on (the same name, label, test id and value).
 */

function PersonField({ name, label, defaultValue, error, testId }: { name: string; label: string; defaultValue: string | null; error?: PageMessage; testId: string }) {
  const [text, setText] = useState(defaultValue ?? "");
  const { t } = useTranslation();
  const query = text.trim();
  if (!useHydrated()) {
    return (
      <TextField
        id={testId}
        name={name}
        label={label}
        placeholder={t("users.form.personPlaceholder")}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={!!error}
        helperText={error ? messageText(t, error) : t("users.form.personHelp")}
        autoComplete="off"
        inputProps={{ "data-testid": testId, maxLength: EMAIL_MAX }}
      />
    );
  }
  return (
    <UserEmailAutocomplete
      value={text}
      onChange={setText}
      suggestionsUrl={(open) => (open && query.length >= 2 ? `/api/v1/users?q=${encodeURIComponent(query)}` : null)}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          name={name}
          label={label}
          placeholder={t("users.form.personPlaceholder")}
          error={!!error}
          helperText={error ? messageText(t, error) : t("users.form.personHelp")}
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
  formError: PageMessage | null;
  busy: boolean;
  /** Show the role select (the user page changes the role in a form of its own). */
  withRole: boolean;
  intent: string;
  submitLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const errorText = (name: string) => {
    const error = errors[name];
    return error ? messageText(t, error) : undefined;
  };
  const text = (name: keyof DirectoryFormValues, label: TranslationKey, opts: { required?: boolean; type?: string; max?: number; helper?: TranslationKey } = {}) => (
    <TextField
      id={`${testId}-${name}`}
      name={name}
      label={t(label)}
      type={opts.type ?? "text"}
      required={opts.required}
      defaultValue={values[name] ?? ""}
      error={!!errors[name]}
      helperText={errorText(name) ?? (opts.helper && t(opts.helper))}
      inputProps={{ "data-testid": `${testId}-${name}`, maxLength: opts.max ?? DIRECTORY_TEXT_MAX }}
    />
  );
  return (
    <Form method="post" data-testid={testId} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {formError && (
        <Alert severity="error" className={css.alert} data-testid={`${testId}-error`}>
          {messageText(t, formError)}
        </Alert>
      )}
      <div className={css.formGrid}>
        {text("email", "users.form.email", { required: true, type: "email", max: EMAIL_MAX })}
        {text("name", "users.form.name", { required: true })}
        {withRole && (
          <NativeSelect
            id={`${testId}-role`}
            name="role"
            label={t("users.form.role")}
            defaultValue={values.role ?? "EMPLOYEE"}
            options={ROLES.map((r) => ({ value: r, label: t(ROLE_KEYS[r]) }))}
            error={!!errors.role}
            helperText={errorText("role")}
            inputProps={{ "data-testid": `${testId}-role` }}
          />
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
      </div>
      <Stack direction="row" spacing={2} className={css.formButtons}>
        <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  );
}
