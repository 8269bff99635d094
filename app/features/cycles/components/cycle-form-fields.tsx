import { MenuItem, Stack, TextField } from "@mui/material";
import { ENDORSEMENT_DAYS_DEFAULT, ENDORSEMENT_RULES, ENDORSEMENT_RULE_LABELS } from "~/features/promotions/rules";

export type CycleFormDefaults = {
  name?: string;
  start_date?: string | null;
  planned_end_date?: string | null;
  max_peers?: number | string;
  endorsement_rule?: string;
  endorsement_days?: number | string;
};
export type CycleFieldErrors = Partial<Record<"name" | "start_date" | "planned_end_date" | "max_peers" | "endorsement_rule" | "endorsement_days", string[]>>;

/** Name, dates, max peers and the endorsement rule: the fields of the create and edit cycle forms (server-validated with zod). */
export function CycleFormFields({ defaults, errors }: { defaults?: CycleFormDefaults; errors?: CycleFieldErrors }) {
  const err = (k: keyof CycleFieldErrors) => errors?.[k]?.[0];
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <TextField
        name="name"
        label="Name"
        required
        defaultValue={defaults?.name ?? ""}
        error={!!err("name")}
        helperText={err("name")}
        slotProps={{ htmlInput: { "data-testid": "cycle-field-name", maxLength: 200 } }}
      />
      <TextField
        name="start_date"
        label="Start date"
        type="date"
        defaultValue={defaults?.start_date ?? ""}
        error={!!err("start_date")}
        helperText={err("start_date")}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "cycle-field-start-date" } }}
      />
      <TextField
        name="planned_end_date"
        label="Planned end date"
        type="date"
        defaultValue={defaults?.planned_end_date ?? ""}
        error={!!err("planned_end_date")}
        helperText={err("planned_end_date")}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "cycle-field-planned-end-date" } }}
      />
      <TextField
        name="max_peers"
        label="Max peers"
        type="number"
        defaultValue={defaults?.max_peers ?? 10}
        error={!!err("max_peers")}
        helperText={err("max_peers") ?? "How many peers/stakeholders a participant may select"}
        slotProps={{ htmlInput: { "data-testid": "cycle-field-max-peers", min: 1, step: 1 } }}
      />
      <TextField
        select
        name="endorsement_rule"
        label="Endorsers asked automatically"
        defaultValue={defaults?.endorsement_rule || "none"}
        error={!!err("endorsement_rule")}
        helperText={err("endorsement_rule") ?? "When a nomination joins a promotion calibration session"}
        slotProps={{ htmlInput: { "data-testid": "cycle-field-endorsement-rule" } }}
      >
        {ENDORSEMENT_RULES.map((r) => (
          <MenuItem key={r} value={r}>
            {ENDORSEMENT_RULE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        name="endorsement_days"
        label="Days to answer an endorsement request"
        type="number"
        defaultValue={defaults?.endorsement_days ?? ENDORSEMENT_DAYS_DEFAULT}
        error={!!err("endorsement_days")}
        helperText={err("endorsement_days") ?? "The request expires after this many days unless the session admin sets a deadline"}
        slotProps={{ htmlInput: { "data-testid": "cycle-field-endorsement-days", min: 1, max: 60, step: 1 } }}
      />
    </Stack>
  );
}
