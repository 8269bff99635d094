import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useUserSuggestions, type UserOption } from "~/features/users/use-user-suggestions";

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
  const [open, setOpen] = useState(false);
  const { users: options, loading } = useUserSuggestions(open ? `/app/admin/cycles/${cycleId}/participants/user-options?q=${encodeURIComponent(text)}` : null);
  return (
    <Autocomplete<UserOption | string, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      loading={loading}
      inputValue={text}
      onInputChange={(_e, value) => setText(value)}
      getOptionLabel={(o) => (typeof o === "string" ? o : o.email)}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {typeof o === "string" ? o : `${o.name} <${o.email}>`}
          </li>
        );
      }}
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
