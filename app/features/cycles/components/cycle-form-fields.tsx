import { MenuItem, Stack, TextField } from "@mui/material";
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
 */
export function CycleFormFields({ defaults, errors, namesFixed = false }: { defaults?: CycleFormDefaults; errors?: CycleFieldErrors; namesFixed?: boolean }) {
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
      {(["peer_names", "upward_names"] as const).map((key) => (
        <TextField
          key={key}
          select
          name={key}
          label={key === "peer_names" ? "Who sees peer reviewers' names" : "Who sees upward reviewers' names (direct reports, matrix team)"}
          defaultValue={defaults?.[key] || "nobody"}
          error={!!err(key)}
          helperText={
            err(key) ??
            (namesFixed
              ? "Fixed: feedback has opened in this cycle, so this can no longer change"
              : "Super admins always see names; everyone else reads these answers without names, from 3 answers on. Fixed once feedback opens")
          }
          slotProps={{ htmlInput: { "data-testid": `cycle-field-${key.replace("_", "-")}` } }}
        >
          {NAME_VISIBILITIES.map((v) => (
            <MenuItem key={v} value={v}>
              {NAME_VISIBILITY_LABELS[v]}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
