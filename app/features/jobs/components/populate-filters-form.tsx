import { Form, useNavigation } from "@remix-run/react";
import { Button, Checkbox, FormControl, InputLabel, ListItemText, MenuItem, OutlinedInput, Select, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PopulateFilterOptions } from "~/features/jobs/types/participants/populate-filters";

type ListKey = "departments" | "locations" | "levels";
const LISTS: Array<{ key: ListKey; label: TranslationKey }> = [
  { key: "departments", label: "jobs.populate.departments" },
  { key: "locations", label: "jobs.populate.locations" },
  { key: "levels", label: "jobs.populate.levels" },
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
  const { t } = useTranslation();
  return (
    <Form method="post" aria-label={t("jobs.populate.form")}>
      <Typography sx={{ mb: 2, maxWidth: 760 }}>{t("jobs.populate.intro")}</Typography>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 3, alignItems: { md: "flex-start" }, flexWrap: "wrap" }} useFlexGap>
        {LISTS.map((list) => (
          <ValuesSelect key={list.key} name={list.key} label={t(list.label)} values={options[list.key]} />
        ))}
        <TextField
          name="started_before"
          label={t("jobs.populate.startedBefore")}
          type="date"
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "populate-started-before" } }}
          sx={{ width: 180 }}
        />
        <Button type="submit" variant="contained" disabled={busy} data-testid="start-populate">
          {t("jobs.populate.start")}
        </Button>
      </Stack>
    </Form>
  );
}
