import { Chip, Paper, Stack, Typography, cx } from "~/platform/ui/static";
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from "~/platform/ui/static-form";
import css from "~/features/feedback/questionnaire-form.module.css";
import { useTranslation } from "react-i18next";
import { answerIssueMessage } from "~/features/feedback/answer-messages";
import { ANSWERS_FIELD, answerText, type Answers, type AnswerValue } from "~/features/feedback/answers";
import { scalePoints, textMaxLength, type Question } from "~/features/questionnaires/rules";

/**
 * The questions of one reviewer type as a form (360 feedback and manager feedback).
 *
 * Controlled: `value` holds the answers, `onChange` receives the next answers object. `errors` maps a
 * question id to its message (from `errorsByQuestion`). With `name` (default "answers") a hidden input
 * carries the answers as JSON, so a Remix <Form> posts them as they are (read with `answersFromFormField`).
 * `readOnly` shows the answers as text for reading back what was given.
 *
 * Test ids: `questionnaire-form`, `question-<id>`, `answer-<id>` (input / radio group), `answer-error-<id>`,
 * `answer-text-<id>` (read-only text). `errors` hold the English messages of answers.ts; they are shown through
 * their translation keys (answer-messages.ts).
 */
export type QuestionnaireFormProps = {
  questions: readonly Question[];
  value: Answers;
  onChange?: (next: Answers) => void;
  errors?: Readonly<Record<string, string>>;
  readOnly?: boolean;
  disabled?: boolean;
  /** Name of the hidden JSON field; null renders none. */
  name?: string | null;
};

export function QuestionnaireForm({
  questions,
  value,
  onChange,
  errors = {},
  readOnly = false,
  disabled = false,
  name = ANSWERS_FIELD,
}: QuestionnaireFormProps) {
  const { t } = useTranslation();
  const formError = errors[""] ? answerIssueMessage(undefined, "", errors[""]) : null;
  const set = (id: string, v: AnswerValue | undefined) => {
    const next: Answers = { ...value };
    if (v === undefined || v === "") delete next[id];
    else next[id] = v;
    onChange?.(next);
  };

  if (questions.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="questionnaire-form-empty">
        {t("questionnaireForm.empty")}
      </Typography>
    );
  }

  return (
    <Stack spacing={2} data-testid="questionnaire-form">
      {!readOnly && name && <input type="hidden" name={name} value={JSON.stringify(value)} />}
      {questions.map((q, index) => (
        <QuestionField
          key={q.id}
          question={q}
          index={index}
          value={value[q.id]}
          error={errors[q.id]}
          readOnly={readOnly}
          disabled={disabled}
          onChange={(v) => set(q.id, v)}
        />
      ))}
      {formError && (
        <FormHelperText error flush data-testid="answer-error-form">
          {t(formError.key, formError.values)}
        </FormHelperText>
      )}
    </Stack>
  );
}

function QuestionField({
  question,
  index,
  value,
  error,
  readOnly,
  disabled,
  onChange,
}: {
  question: Question;
  index: number;
  value: AnswerValue | undefined;
  error: string | undefined;
  readOnly: boolean;
  disabled: boolean;
  onChange: (v: AnswerValue | undefined) => void;
}) {
  const { t } = useTranslation();
  const shownError = error ? answerIssueMessage(question, question.id, error) : null;
  const labelId = `answer-${question.id}-label`;
  const errorId = `answer-${question.id}-error`;
  return (
    <Paper variant="outlined" className={cx(css.question, error && css.questionError)} data-testid={`question-${question.id}`}>
      <FormControl fullWidth error={Boolean(error)} disabled={disabled} component="fieldset">
        <Stack direction="row" spacing={1} alignItems="center" className={css.heading}>
          <Typography variant="caption" color="text.secondary">
            {t("questionnaireForm.question", { number: index + 1 })}
          </Typography>
          {!question.required && !readOnly && <Chip size="small" variant="outlined" label={t("questionnaireForm.optional")} />}
        </Stack>
        <FormLabel id={labelId} component="legend" className={css.legend}>
          {question.label}
          {question.required && !readOnly && (
            <span aria-hidden className={css.required}>
              *
            </span>
          )}
        </FormLabel>
        {question.help && !readOnly && (
          <Typography variant="body2" color="text.secondary" className={css.help}>
            {question.help}
          </Typography>
        )}
        <div className={css.answer}>
          {readOnly ? (
            <Typography data-testid={`answer-text-${question.id}`} className={css.preWrap} color={value === undefined ? "text.secondary" : "text.primary"}>
              {value === undefined || value === "" ? t("questionnaireForm.notAnswered") : answerText(question, value)}
            </Typography>
          ) : question.kind === "text" ? (
            <TextField
              multiline
              minRows={3}
              fullWidth
              disabled={disabled}
              value={typeof value === "string" ? value : value === undefined ? "" : String(value)}
              onChange={(e) => onChange(e.target.value)}
              error={Boolean(error)}
              helperText={t("questionnaireForm.characters", { length: typeof value === "string" ? value.length : 0, max: textMaxLength(question) })}
              inputProps={{
                "aria-labelledby": labelId,
                "aria-describedby": error ? errorId : undefined,
                maxLength: textMaxLength(question),
                "data-testid": `answer-${question.id}`,
              }}
            />
          ) : question.kind === "rating" && question.scale ? (
            <RadioGroup
              row
              aria-labelledby={labelId}
              aria-describedby={error ? errorId : undefined}
              value={value === undefined ? "" : String(value)}
              onChange={(_, v) => onChange(v === "" ? undefined : Number(v))}
              data-testid={`answer-${question.id}`}
            >
              {scalePoints(question.scale).map((p) => (
                <FormControlLabel
                  key={p.value}
                  value={String(p.value)}
                  disabled={disabled}
                  control={<Radio size="small" />}
                  label={p.label ? `${p.value} - ${p.label}` : String(p.value)}
                />
              ))}
            </RadioGroup>
          ) : (
            <RadioGroup
              aria-labelledby={labelId}
              aria-describedby={error ? errorId : undefined}
              value={typeof value === "string" ? value : ""}
              onChange={(_, v) => onChange(v)}
              data-testid={`answer-${question.id}`}
            >
              {(question.options ?? []).map((o) => (
                <FormControlLabel key={o} value={o} disabled={disabled} control={<Radio size="small" />} label={o} />
              ))}
            </RadioGroup>
          )}
        </div>
        {error && (
          <FormHelperText error id={errorId} data-testid={`answer-error-${question.id}`}>
            {shownError && t(shownError.key, shownError.values)}
          </FormHelperText>
        )}
      </FormControl>
    </Paper>
  );
}
