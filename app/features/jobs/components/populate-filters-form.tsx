import { Form, useNavigation } from "@remix-run/react";
import { Checkbox, ListItemText, MenuItem, OutlinedInput, Select } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { Button, Stack, Typography, cx } from "~/platform/ui/static";
import { FormLabel, TextField } from "~/platform/ui/static-form";
import formCss from "~/platform/ui/static-form.module.css";
import { useHydrated } from "~/platform/ui/mount-hooks";
import css from "~/features/jobs/components/populate-filters-form.module.css";
import type { PopulateFilterOptions } from "~/features/jobs/types/participants/populate-filters";

type ListKey = "departments" | "locations" | "levels";
const LISTS: Array<{ key: ListKey; label: TranslationKey }> = [
  { key: "departments", label: "jobs.populate.departments" },
  { key: "locations", label: "jobs.populate.locations" },
  { key: "levels", label: "jobs.populate.levels" },
];

/**
 * One multi-select over the directory's values; each chosen value is posted as a repeated field `name`. Its label sits
 * above the box (as the static form controls'); the box is MUI's Select from hydration on (a menu of checkboxes), and
 * in the server render an empty box of the same size, so the page's HTML needs no runtime styles (issue 27).
 */
function ValuesSelect({ name, label, values }: { name: ListKey; label: string; values: string[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const hydrated = useHydrated();
  const id = `populate-${name}-label`;
  const disabled = values.length === 0;
  return (
    <div className={cx(formCss.control, css.select)}>
      <FormLabel component="span" id={id} disabled={disabled}>
        {label}
      </FormLabel>
      {hydrated ? (
        <Select
          labelId={id}
          multiple
          size="small"
          disabled={disabled}
          value={chosen}
          onChange={(e) => setChosen(typeof e.target.value === "string" ? e.target.value.split(",") : e.target.value)}
          input={<OutlinedInput />}
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
      ) : (
        <div className={cx(formCss.input, formCss.small, formCss.select, css.placeholder)} aria-hidden data-testid={`populate-${name}`} />
      )}
      {chosen.map((value) => (
        <input key={value} type="hidden" name={name} value={value} />
      ))}
    </div>
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
      <Typography className={css.intro}>{t("jobs.populate.intro")}</Typography>
      <Stack spacing={2} flexWrap className={css.fields}>
        {LISTS.map((list) => (
          <ValuesSelect key={list.key} name={list.key} label={t(list.label)} values={options[list.key]} />
        ))}
        <TextField name="started_before" label={t("jobs.populate.startedBefore")} type="date" size="small" inputProps={{ "data-testid": "populate-started-before" }} className={css.date} />
        <Button type="submit" variant="contained" disabled={busy} data-testid="start-populate" className={css.start}>
          {t("jobs.populate.start")}
        </Button>
      </Stack>
    </Form>
  );
}
