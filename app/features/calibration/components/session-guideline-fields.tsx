import { useTranslation } from "react-i18next";
import { Typography } from "~/platform/ui/static";
import { useFormat } from "~/platform/i18n/reader-context";
import { FormHelperText, TextField } from "~/platform/ui/static-form";
import css from "~/features/calibration/components/session-pages.module.css";
import { RATINGS, type Guideline, type Rating } from "~/features/calibration/rules";

/** Each rating's name on the scale ("3 - Meets Expectations"). */
/** The rating scale's labels: one source for every page (participants/messages.ts, section ratingScale). */
import { RATING_KEYS } from "~/features/participants/messages";
export { RATING_KEYS };

/**
 * The guideline distribution: the share of people (percent) expected at each rating 1–5, five number fields
 * posted as guideline_1..guideline_5, with the running total and an error until it is 100.
 */

export type GuidelineInput = Record<Rating, string>;

export function guidelineInputOf(g: Guideline): GuidelineInput {
  return Object.fromEntries(RATINGS.map((r) => [r, String(g[r])])) as GuidelineInput;
}

/** The sum of the fields (blank counts 0) and whether every field is a number from 0 to 100 and the sum is 100. */
export function guidelineState(input: GuidelineInput): {
  total: number;
  valid: boolean;
} {
  let total = 0;
  let valid = true;
  for (const r of RATINGS) {
    const raw = input[r].trim();
    const n = Number(raw);
    if (raw === "" || !Number.isFinite(n) || n < 0 || n > 100) {
      valid = false;
      continue;
    }
    total += n;
  }
  total = Math.round(total * 100) / 100;
  return { total, valid: valid && Math.abs(total - 100) < 0.01 };
}

export function GuidelineFields({
  value,
  onChange,
  serverError,
  disabled,
}: {
  value: GuidelineInput;
  onChange: (v: GuidelineInput) => void;
  serverError?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { total, valid } = guidelineState(value);
  const totalText = format.number(total, { maximumFractionDigits: 2 });
  return (
    <fieldset className={css.fieldset} aria-describedby="guideline-total">
      <Typography component="legend" variant="subtitle1" className={css.legend}>
        {t("calibrationSetup.guideline.legend")}
      </Typography>
      <div className={css.guideline}>
        {RATINGS.map((r) => (
          <TextField
            key={r}
            id={`guideline-${r}`}
            type="number"
            name={`guideline_${r}`}
            label={t(RATING_KEYS[r])}
            value={value[r]}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, [r]: e.target.value })}
            size="small"
            inputProps={{
              min: 0,
              max: 100,
              step: "any",
              "data-testid": `guideline-${r}`,
            }}
          />
        ))}
      </div>
      <Typography id="guideline-total" role="status" className={css.total} color={valid ? "text.secondary" : "error"} data-testid="guideline-total" data-total={total}>
        {t(valid ? "calibrationSetup.guideline.totalValid" : "calibrationSetup.guideline.totalInvalid", { total: totalText })}
      </Typography>
      {serverError && (
        <FormHelperText error data-testid="guideline-error">
          {serverError}
        </FormHelperText>
      )}
    </fieldset>
  );
}
