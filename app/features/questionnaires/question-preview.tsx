import { useTranslation } from "react-i18next";
import { Chip, Paper, Stack, Typography } from "~/platform/ui/static";
import { FormControl, FormControlLabel, Radio, RadioGroup, TextField } from "~/platform/ui/static-form";
import { KIND_KEYS } from "~/features/questionnaires/keys";
import { scalePoints, textMaxLength, type Question } from "~/features/questionnaires/rules";
import css from "~/features/questionnaires/components/questionnaires.module.css";

/** One question as a reviewer will see it (inputs disabled: this is a preview). Static CSS; the question's texts are data. */
export function QuestionPreview({ question, index }: { question: Question; index: number }) {
  const { t } = useTranslation();
  const labelId = `q-${question.id}-label`;
  return (
    <Paper variant="outlined" className={css.panel} data-testid={`question-${question.id}`}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap className={css.questionHead} style={{ rowGap: 4 }}>
        <Typography variant="caption" color="text.secondary">
          {t("questionnaires.preview.number", { n: index + 1 })}
        </Typography>
        <Chip size="small" variant="outlined" label={t(KIND_KEYS[question.kind])} />
        <Chip
          size="small"
          variant="outlined"
          label={question.required ? t("questionnaires.preview.required") : t("questionnaires.preview.optional")}
          color={question.required ? "primary" : "default"}
        />
        <Typography variant="caption" color="text.secondary" className={css.mono}>
          {t("questionnaires.preview.id", { id: question.id })}
        </Typography>
      </Stack>
      <FormControl fullWidth disabled>
        <div id={labelId} className={css.questionLabel}>
          <span data-testid={`question-label-${question.id}`}>{question.label}</span>
          {question.required && (
            <span aria-hidden className={css.required}>
              *
            </span>
          )}
        </div>
        {question.help && (
          <Typography variant="body2" color="text.secondary" className={css.help}>
            {question.help}
          </Typography>
        )}
        <div className={css.answer}>
          {question.kind === "text" && (
            <TextField
              disabled
              multiline
              minRows={3}
              fullWidth
              placeholder={t("questionnaires.preview.answer")}
              helperText={t("questionnaires.preview.upTo", { max: textMaxLength(question) })}
              inputProps={{ "aria-labelledby": labelId }}
            />
          )}
          {question.kind === "rating" && question.scale && (
            <RadioGroup row aria-labelledby={labelId}>
              {scalePoints(question.scale).map((p) => (
                <FormControlLabel
                  key={p.value}
                  value={String(p.value)}
                  disabled
                  control={<Radio />}
                  label={p.label ? t("questionnaires.preview.point", { value: p.value, label: p.label }) : String(p.value)}
                />
              ))}
            </RadioGroup>
          )}
          {question.kind === "choice" && (
            <RadioGroup aria-labelledby={labelId}>
              {(question.options ?? []).map((o) => (
                <FormControlLabel key={o} value={o} disabled control={<Radio />} label={o} />
              ))}
            </RadioGroup>
          )}
        </div>
      </FormControl>
    </Paper>
  );
}
