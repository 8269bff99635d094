import { MenuItem, TextField as MuiTextField } from "@mui/material";
import { useState, type ReactNode } from "react";
import { Stack } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { ENDORSEMENT_DAYS_DEFAULT, ENDORSEMENT_RULES, ENDORSEMENT_RULE_LABELS } from "~/features/promotions/rules";
import { NAME_VISIBILITIES, NAME_VISIBILITY_LABELS } from "~/features/cycles/reviewer-names";

export type CycleFormDefaults = {
  name?: string;
  start_date?: string | null;
  planned_end_date?: string | null;
  max_peers?: number | string;
  endorsement_rule?: string;
  endorsement_days?: number | string;
  peer_names?: string;
  upward_names?: string;
};
export type CycleFieldErrors = Partial<
  Record<"name" | "start_date" | "planned_end_date" | "max_peers" | "endorsement_rule" | "endorsement_days" | "peer_names" | "upward_names", string[]>
>;

/**
 * Name, dates, max peers, the endorsement rule and who sees reviewers' names (ADR 0058): the fields of the create and
 * edit cycle forms (server-validated with zod). `namesFixed`: feedback has opened; the server refuses a change (409).
 * Static form controls (issue 27): a server render does no style work; the three choices are native selects until
 * hydration and MUI's Select from then on (its listbox, keyboard and test ids, as the cycle switcher, ADR 0064).
 */
export function CycleFormFields({ defaults, errors, namesFixed = false }: { defaults?: CycleFormDefaults; errors?: CycleFieldErrors; namesFixed?: boolean }) {
  const err = (k: keyof CycleFieldErrors) => errors?.[k]?.[0];
  return (
    <Stack spacing={2} style={{ maxWidth: 480 }}>
      <TextField
        name="name"
        label="Name"
        required
        defaultValue={defaults?.name ?? ""}
        error={!!err("name")}
        helperText={err("name")}
        inputProps={{ "data-testid": "cycle-field-name", maxLength: 200 }}
      />
      <TextField
        name="start_date"
        label="Start date"
        type="date"
        defaultValue={defaults?.start_date ?? ""}
        error={!!err("start_date")}
        helperText={err("start_date")}
        inputProps={{ "data-testid": "cycle-field-start-date" }}
      />
      <TextField
        name="planned_end_date"
        label="Planned end date"
        type="date"
        defaultValue={defaults?.planned_end_date ?? ""}
        error={!!err("planned_end_date")}
        helperText={err("planned_end_date")}
        inputProps={{ "data-testid": "cycle-field-planned-end-date" }}
      />
      <TextField
        name="max_peers"
        label="Max peers"
        type="number"
        defaultValue={defaults?.max_peers ?? 10}
        error={!!err("max_peers")}
        helperText={err("max_peers") ?? "How many peers/stakeholders a participant may select"}
        inputProps={{ "data-testid": "cycle-field-max-peers", min: 1, step: 1 }}
      />
      <ChoiceField
        name="endorsement_rule"
        label="Endorsers asked automatically"
        defaultValue={defaults?.endorsement_rule || "none"}
        error={err("endorsement_rule")}
        helperText="When a nomination joins a promotion calibration session"
        testId="cycle-field-endorsement-rule"
        options={ENDORSEMENT_RULES.map((r) => ({ value: r, label: ENDORSEMENT_RULE_LABELS[r] }))}
      />
      <TextField
        name="endorsement_days"
        label="Days to answer an endorsement request"
        type="number"
        defaultValue={defaults?.endorsement_days ?? ENDORSEMENT_DAYS_DEFAULT}
        error={!!err("endorsement_days")}
        helperText={err("endorsement_days") ?? "The request expires after this many days unless the session admin sets a deadline"}
        inputProps={{ "data-testid": "cycle-field-endorsement-days", min: 1, max: 60, step: 1 }}
      />
      {(["peer_names", "upward_names"] as const).map((key) => (
        <ChoiceField
          key={key}
          name={key}
          label={key === "peer_names" ? "Who sees peer reviewers' names" : "Who sees upward reviewers' names (direct reports, matrix team)"}
          defaultValue={defaults?.[key] || "nobody"}
          error={err(key)}
          helperText={
            namesFixed
              ? "Fixed: feedback has opened in this cycle, so this can no longer change"
              : "Super admins always see names; everyone else reads these answers without names, from 3 answers on. Fixed once feedback opens"
          }
          testId={`cycle-field-${key.replace("_", "-")}`}
          options={NAME_VISIBILITIES.map((v) => ({ value: v, label: NAME_VISIBILITY_LABELS[v] }))}
        />
      ))}
    </Stack>
  );
}

/** One choice of the form, posted as `name`: a native select in the server render, MUI's Select once hydrated (same value). */
function ChoiceField(props: {
  name: string;
  label: string;
  defaultValue: string;
  error: string | undefined;
  helperText: ReactNode;
  testId: string;
  options: Array<{ value: string; label: string }>;
}) {
  const { name, label, error, helperText, testId, options } = props;
  const [value, setValue] = useState(props.defaultValue);
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <NativeSelect
        name={name}
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!error}
        helperText={error ?? helperText}
        inputProps={{ "data-testid": testId }}
        options={options}
      />
    );
  }
  return (
    <MuiTextField
      select
      name={name}
      label={label}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={!!error}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { "data-testid": testId } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}
