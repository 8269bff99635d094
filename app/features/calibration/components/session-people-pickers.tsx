import { Autocomplete, TextField, type AutocompleteRenderInputParams } from "@mui/material";
import { useState, type HTMLAttributes, type Key } from "react";
import { TextField as StaticTextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { useUserSuggestions, type UserOption } from "~/features/users/use-user-suggestions";
import type { PersonJson } from "~/features/calibration/types";

/**
 * The session form's people pickers (session admin, panelists, sign-off party): active users found by name or
 * email through GET /api/v1/users?q= (debounced), the chosen ones posted as hidden inputs of their ids.
 * The server render (and the first browser render) draws a static, read-only field with the same label, help text
 * and chosen names, so the page adds no emotion style (issue 27); MUI's Autocomplete takes its place on hydration.
 */

/** What the pickers show before hydration: the field as it will look, read-only. */
function StaticPicker({
  label,
  text,
  error,
  helperText,
  testId,
  required,
}: {
  label: string;
  text: string;
  error?: string;
  helperText?: string;
  testId: string;
  required?: boolean;
}) {
  return (
    <StaticTextField label={label} value={text} readOnly required={required} error={!!error} helperText={error ?? helperText} inputProps={{ "data-testid": testId }} />
  );
}

function usePeopleSearch(open: boolean, query: string): { people: PersonJson[]; loading: boolean } {
  const { users, loading } = useUserSuggestions(open ? `/api/v1/users?q=${encodeURIComponent(query.trim())}` : null);
  // The endpoint answers ids too (UserPickerResponse); the shared hook types only name and email.
  const people = (users as Array<UserOption & { id?: unknown }>)
    .filter((u): u is UserOption & { id: number } => typeof u.id === "number")
    .map((u) => ({ id: u.id, name: u.name, email: u.email }));
  return { people, loading };
}

function PersonOption({ props, person }: { props: HTMLAttributes<HTMLLIElement> & { key?: Key }; person: PersonJson }) {
  const { key: _key, ...rest } = props;
  return (
    <li {...rest} key={person.id}>
      {person.name} &lt;{person.email}&gt;
    </li>
  );
}

/** The pickers' text field: the label, the error or help text, and the test id on the input itself. */
function PickerInput({
  params,
  label,
  required,
  error,
  helperText,
  testId,
}: { params: AutocompleteRenderInputParams; label: string; required?: boolean; error?: string; helperText?: string; testId: string }) {
  return (
    <TextField
      {...params}
      label={label}
      required={required}
      error={!!error}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { ...params.inputProps, "data-testid": testId, autoComplete: "off" } }}
    />
  );
}

type PickerProps = {
  name: string;
  label: string;
  error?: string;
  helperText?: string;
  testId: string;
  disabled?: boolean;
};

/** One person (the session admin; `required` false where it is optional, e.g. a promotion session's admin). */
export function PersonPicker({
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  testId,
  disabled,
  required = true,
}: PickerProps & {
  value: PersonJson | null;
  onChange: (p: PersonJson | null) => void;
  required?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState(value?.name ?? "");
  const { people, loading } = usePeopleSearch(open, value && input === value.name ? "" : input);
  const hydrated = useHydrated();
  return (
    <>
      {!hydrated ? (
        <StaticPicker label={label} text={value?.name ?? ""} error={error} helperText={helperText} testId={testId} required={required} />
      ) : (
        <Autocomplete<PersonJson, false, false, false>
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          options={value && !people.some((p) => p.id === value.id) ? [value, ...people] : people}
          value={value}
          onChange={(_e, v) => onChange(v)}
          inputValue={input}
          onInputChange={(_e, v) => setInput(v)}
          filterOptions={(x) => x}
          isOptionEqualToValue={(o, v) => o.id === v.id}
          getOptionLabel={(o) => o.name}
          loading={loading}
          disabled={disabled}
          renderOption={(props, o) => <PersonOption key={o.id} props={props} person={o} />}
          renderInput={(params) => <PickerInput params={params} label={label} required={required} error={error} helperText={helperText} testId={testId} />}
        />
      )}
      {value && <input type="hidden" name={name} value={value.id} />}
    </>
  );
}

/** Several people (panelists, sign-off party). */
export function PeoplePicker({
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  testId,
  disabled,
}: PickerProps & { value: PersonJson[]; onChange: (p: PersonJson[]) => void }) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState("");
  const { people, loading } = usePeopleSearch(open, input);
  const hydrated = useHydrated();
  return (
    <>
      {!hydrated ? (
        <StaticPicker label={label} text={value.map((p) => p.name).join(", ")} error={error} helperText={helperText} testId={testId} />
      ) : (
        <Autocomplete<PersonJson, true, false, false>
          multiple
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          options={people}
          value={value}
          onChange={(_e, v) => onChange(v)}
          inputValue={input}
          onInputChange={(_e, v) => setInput(v)}
          filterOptions={(x) => x}
          filterSelectedOptions
          isOptionEqualToValue={(o, v) => o.id === v.id}
          getOptionLabel={(o) => o.name}
          loading={loading}
          disabled={disabled}
          renderOption={(props, o) => <PersonOption key={o.id} props={props} person={o} />}
          renderInput={(params) => <PickerInput params={params} label={label} error={error} helperText={helperText} testId={testId} />}
        />
      )}
      {value.map((p) => (
        <input key={p.id} type="hidden" name={name} value={p.id} />
      ))}
    </>
  );
}
