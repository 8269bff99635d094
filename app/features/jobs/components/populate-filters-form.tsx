import { Form, useNavigation } from "@remix-run/react";
import { Button, Checkbox, FormControl, InputLabel, ListItemText, MenuItem, OutlinedInput, Select, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import type { PopulateFilterOptions } from "~/features/jobs/types/participants/populate-filters";

type ListKey = "departments" | "locations" | "levels";
const LISTS: Array<{ key: ListKey; label: string }> = [
  { key: "departments", label: "Departments" },
  { key: "locations", label: "Locations" },
  { key: "levels", label: "Levels" },
];

/** One multi-select over the directory's values; each chosen value is posted as a repeated field `name`. */
function ValuesSelect({ name, label, values }: { name: ListKey; label: string; values: string[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const id = `populate-${name}-label`;
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: 320 }} disabled={values.length === 0}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        multiple
        value={chosen}
        onChange={(e) => setChosen(typeof e.target.value === "string" ? e.target.value.split(",") : e.target.value)}
        input={<OutlinedInput label={label} />}
        renderValue={(selected) => selected.join(", ")}
        data-testid={`populate-${name}`}
      >
        {values.map((value) => (
          <MenuItem key={value} value={value} data-testid={`populate-${name}-option-${value}`}>
            <Checkbox checked={chosen.includes(value)} size="small" />
            <ListItemText primary={value} />
          </MenuItem>
        ))}
      </Select>
      {chosen.map((value) => (
        <input key={value} type="hidden" name={name} value={value} />
      ))}
    </FormControl>
  );
}

/**
 * Whom to add from the directory: departments, locations, levels (each any of the chosen values; none chosen: all)
 * and a start-date cut-off; the button starts the populate job (posts to the page's action).
 */
export function PopulateFiltersForm({ options }: { options: PopulateFilterOptions }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" aria-label="Populate from the directory">
      <Typography sx={{ mb: 2, maxWidth: 760 }}>
        Adds active employees and people partners from the directory as participants of this cycle, with their manager, secondary manager
        and HR partner from the directory. Leave the filters empty to add everyone; chosen values of one filter are alternatives, and
        the filters combine. People who already are participants are left as they are, so it is safe to run again.
      </Typography>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 3, alignItems: { md: "flex-start" }, flexWrap: "wrap" }} useFlexGap>
        {LISTS.map((list) => (
          <ValuesSelect key={list.key} name={list.key} label={list.label} values={options[list.key]} />
        ))}
        <TextField
          name="started_before"
          label="Started before"
          type="date"
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "populate-started-before" } }}
          sx={{ width: 180 }}
        />
        <Button type="submit" variant="contained" disabled={busy} data-testid="start-populate">
          Populate from the directory
        </Button>
      </Stack>
    </Form>
  );
}
