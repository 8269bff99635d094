import { Autocomplete, type AutocompleteProps } from "@mui/material";
import { useState } from "react";
import { useUserSuggestions, type UserOption } from "~/features/users/use-user-suggestions";

/** The free-text Autocomplete behind the email fields that suggest people (UserEmailField, the peer picker). */

type Props = AutocompleteProps<UserOption | string, false, false, true>;

/** An option as "Name <email>" (a typed text as itself). */
const renderNameAndEmail: NonNullable<Props["renderOption"]> = (props, o) => {
  const { key, ...rest } = props as typeof props & { key: string };
  return (
    <li key={key} {...rest}>
      {typeof o === "string" ? o : `${o.name} <${o.email}>`}
    </li>
  );
};

/**
 * A free-text email input (`value`, `onChange`) with people suggested while the list is open: `suggestionsUrl`
 * gets whether it is open and gives the JSON `{ users }` endpoint to ask, or null for none. Options show as
 * `renderOption` draws them; `renderInput` draws the text field.
 */
export function UserEmailAutocomplete({
  value,
  onChange,
  suggestionsUrl,
  disabled,
  sx,
  renderOption,
  renderInput,
}: {
  value: string;
  onChange: (value: string) => void;
  suggestionsUrl: (open: boolean) => string | null;
  disabled?: boolean;
  sx?: Props["sx"];
  /** How an option shows; by default "Name <email>". */
  renderOption?: Props["renderOption"];
  renderInput: Props["renderInput"];
}) {
  const [open, setOpen] = useState(false);
  const { users: options, loading } = useUserSuggestions(suggestionsUrl(open));
  return (
    <Autocomplete<UserOption | string, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      loading={loading}
      inputValue={value}
      onInputChange={(_e, v) => onChange(v)}
      disabled={disabled}
      getOptionLabel={(o) => (typeof o === "string" ? o : o.email)}
      sx={sx}
      renderOption={renderOption ?? renderNameAndEmail}
      renderInput={renderInput}
    />
  );
}
