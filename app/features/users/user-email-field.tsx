import { TextField } from "@mui/material";
import { useState } from "react";
import { UserEmailAutocomplete } from "~/features/users/user-email-autocomplete";

/**
 * A text field for a user's email with suggestions (name or email search) from
 * /app/admin/cycles/{cycleId}/participants/user-options. Submits the typed text under `name`.
 */
export function UserEmailField({
  cycleId,
  name,
  label,
  defaultValue,
  error,
  helperText,
  required,
  testId,
}: {
  cycleId: number;
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string;
  helperText?: string;
  required?: boolean;
  testId: string;
}) {
  const [text, setText] = useState(defaultValue ?? "");
  return (
    <UserEmailAutocomplete
      value={text}
      onChange={setText}
      suggestionsUrl={(open) => (open ? `/app/admin/cycles/${cycleId}/participants/user-options?q=${encodeURIComponent(text)}` : null)}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          error={!!error}
          helperText={error ?? helperText}
          slotProps={{ htmlInput: { ...params.inputProps, "data-testid": testId, autoComplete: "off" } }}
        />
      )}
    />
  );
}
