import { useTranslation } from "react-i18next";
import type { NominationRowJson } from "~/features/promotions/types";
import { Paper, Typography } from "~/platform/ui/static";
import { Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel } from "~/platform/ui/static-form";
import css from "~/features/promotions/components/session-form.module.css";

/**
 * The nominations of the promotion session form: a checkbox per nomination offered (posted as repeated
 * `nomination_id`), with its manager and endorsement progress. Native checkboxes in static CSS (issue 27), in the
 * reader's language (issue 28; `error` comes said).
 */
export function NominationChecklist({
  pool,
  selected,
  onChange,
  error,
  disabled,
}: {
  pool: NominationRowJson[];
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <Paper variant="outlined" className={css.box}>
      <FormControl component="fieldset" error={!!error} disabled={disabled} fullWidth className={css.fieldset} data-testid="session-nominations">
        <FormLabel component="legend" required error={!!error} disabled={disabled}>
          {t("promotionsHr.form.nominations")}
        </FormLabel>
        {pool.length === 0 ? (
          <Typography color="text.secondary" className={css.empty} data-testid="session-nominations-empty">
            {t("promotionsHr.form.nominationsEmpty")}
          </Typography>
        ) : (
          <div className={css.list}>
            {pool.map((n) => {
              const checked = selected.includes(n.id);
              return (
                <FormControlLabel
                  key={n.id}
                  control={
                    <Checkbox
                      name="nomination_id"
                      value={String(n.id)}
                      checked={checked}
                      disabled={disabled}
                      onChange={(_e, on) => toggle(n.id, on)}
                      inputProps={{ "data-testid": `session-nomination-${n.id}`, "aria-label": t("promotionsHr.form.include", { name: n.nominee.name }) }}
                    />
                  }
                  label={
                    <span className={css.option}>
                      <span>{n.nominee.name}</span>
                      <Typography variant="body2" color="text.secondary" component="span" className={css.wrap}>
                        {t("promotionsHr.form.option", {
                          email: n.nominee.email,
                          manager: n.manager?.name ?? t("promotionsHr.none"),
                          done: n.endorsement_counts.endorsed,
                          count: n.endorsements.length,
                        })}
                      </Typography>
                    </span>
                  }
                />
              );
            })}
          </div>
        )}
        <FormHelperText error={!!error} data-testid="session-nominations-helper">
          {error ?? t("promotionsHr.form.selected", { count: selected.length })}
        </FormHelperText>
      </FormControl>
    </Paper>
  );
}
