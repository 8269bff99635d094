import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Box, Button, ButtonLink, Paper, Stack, Typography } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import { messageText } from "~/platform/i18n/page-message";
import { QuestionListEditor, looseDocument } from "~/features/questionnaires/question-list-editor";
import { QuestionPreview } from "~/features/questionnaires/question-preview";
import { StaticTabs } from "~/platform/ui/static-tabs";
import { IssueList } from "~/features/questionnaires/components/issue-list";
import { TYPE_KEYS, TYPE_TOTAL_KEYS } from "~/features/questionnaires/keys";
import { usedReviewerTypes, type Questionnaire } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { checkQuestionnaireDraft, formatQuestionnaire, type JsonBuilderResult } from "~/features/questionnaires/validation";
import css from "~/features/questionnaires/components/questionnaires.module.css";

/**
 * The JSON builder's editor (/app/admin/cycles/{id}/json-builder): the JSON text, a list editor over it and a preview,
 * live validation (debounced) with every problem as a key in the reader's language, and the save form. Static CSS on
 * the server render; the list editor (MUI) only mounts when its tab is chosen.
 */
/** Debounce default of the product (spec §9). */
const DEBOUNCE_MS = 166;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

type View = "json" | "list" | "preview";

export function JsonBuilderEditor({
  cycleId,
  initialText,
  version,
  locked,
}: {
  cycleId: number;
  initialText: string;
  version: number;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const result = useActionData<JsonBuilderResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [text, setText] = useState(initialText);
  const [view, setView] = useState<View>("json");
  const debounced = useDebounced(text, DEBOUNCE_MS);
  const check = useMemo(() => checkQuestionnaireDraft(debounced), [debounced]);
  const upToDate = debounced === text;
  const dirty = text !== initialText;
  const serverIssues = result && !result.ok && result.issues.length > 0 ? result.issues : null;
  const issues = check.ok ? [] : check.issues;
  const questionnaire: Questionnaire | null = check.ok ? check.questionnaire : null;
  // The list editor also works on a document that parses but does not validate yet.
  const draft = useMemo(() => looseDocument(text), [text]);
  const totals = (q: Questionnaire) =>
    usedReviewerTypes(q)
      .map((type) => t(TYPE_TOTAL_KEYS[type], { count: q[type]!.length }))
      .join(t("questionnaires.listSeparator"));

  const setFromObject = (q: unknown) => setText(formatQuestionnaire(q));

  return (
    <>
      {locked && (
        <Alert severity="warning" className={css.gapBelow} data-testid="json-builder-locked">
          {t("questionnaires.locked")}
        </Alert>
      )}
      {result && !result.ok && result.formError && (
        <Alert severity="error" className={css.gapBelow} data-testid="json-builder-error">
          {messageText(t, result.formError)}
        </Alert>
      )}
      {serverIssues && (
        <Alert severity="error" className={css.gapBelow} data-testid="json-builder-server-issues" title={t("questionnaires.builder.notSaved")}>
          <IssueList issues={serverIssues} />
        </Alert>
      )}

      <Paper variant="outlined" className={css.gapBelow}>
        <StaticTabs
          value={view}
          onChange={setView}
          label={t("questionnaires.builder.views")}
          items={[
            { value: "json", label: t("questionnaires.builder.json"), testId: "json-builder-tab-json" },
            { value: "list", label: t("questionnaires.builder.list"), testId: "json-builder-tab-list", disabled: !draft },
            { value: "preview", label: t("questionnaires.builder.preview"), testId: "json-builder-tab-preview" },
          ]}
        />
        <div className={css.panel}>
          {view === "json" && (
            <TextField
              label={t("questionnaires.builder.definition")}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={18}
              fullWidth
              disabled={locked}
              error={upToDate && !check.ok}
              inputProps={{
                spellCheck: false,
                className: css.editor,
                "data-testid": "json-builder-editor",
                "aria-describedby": "json-builder-status",
              }}
            />
          )}
          {view === "list" && draft && <QuestionListEditor value={draft} onChange={setFromObject} disabled={locked} />}
          {view === "list" && !draft && <Typography color="text.secondary">{t("questionnaires.builder.fixSyntax")}</Typography>}
          {view === "preview" && !questionnaire && <Typography color="text.secondary">{t("questionnaires.builder.previewWhenValid")}</Typography>}
          {view === "preview" && questionnaire && (
            <Stack spacing={3}>
              {usedReviewerTypes(questionnaire).map((type) => (
                <div key={type}>
                  <Typography variant="subtitle1" component="h2" gutterBottom>
                    {t(TYPE_KEYS[type])}
                  </Typography>
                  <Stack spacing={2}>
                    {questionnaire[type]!.map((q, i) => (
                      <QuestionPreview key={q.id} question={q} index={i} />
                    ))}
                  </Stack>
                </div>
              ))}
            </Stack>
          )}
        </div>
      </Paper>

      <Box id="json-builder-status" aria-live="polite" className={css.gapBelow}>
        {!upToDate ? (
          <Typography variant="body2" color="text.secondary">
            {t("questionnaires.builder.checking")}
          </Typography>
        ) : check.ok ? (
          <Alert severity="success" data-testid="json-builder-valid">
            {t("questionnaires.builder.valid", { types: totals(check.questionnaire) })}
          </Alert>
        ) : (
          <Alert severity="error" data-testid="json-builder-issues" title={t("questionnaires.builder.problems", { count: issues.length })}>
            <IssueList issues={issues} itemTestId="json-builder-issue" />
          </Alert>
        )}
      </Box>

      <Form method="post">
        <input type="hidden" name="definition" value={text} />
        <input type="hidden" name="version" value={version} />
        <Stack direction="row" spacing={1} flexWrap>
          <Button type="submit" variant="contained" disabled={locked || busy || !upToDate || !check.ok} data-testid="json-builder-save">
            {t("questionnaires.builder.save")}
          </Button>
          <Button disabled={locked || !check.ok} onClick={() => check.ok && setFromObject(check.questionnaire)}>
            {t("questionnaires.builder.format")}
          </Button>
          <Button disabled={locked || !dirty} onClick={() => setText(initialText)} data-testid="json-builder-revert">
            {t("questionnaires.builder.revert")}
          </Button>
          <Button disabled={locked} onClick={() => setFromObject(DEFAULT_QUESTIONNAIRE)} data-testid="json-builder-load-default">
            {t("questionnaires.builder.loadDefault")}
          </Button>
          <ButtonLink to={`/app/admin/cycles/${cycleId}/questions`}>{t("questionnaires.builder.viewQuestions")}</ButtonLink>
        </Stack>
      </Form>
    </>
  );
}
