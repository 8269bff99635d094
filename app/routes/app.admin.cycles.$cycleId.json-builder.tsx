import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useMemo, useState } from "react";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { QuestionListEditor, looseDocument } from "~/features/questionnaires/question-list-editor";
import { QuestionPreview } from "~/features/questionnaires/question-preview";
import { REVIEWER_TYPE_LABELS, usedReviewerTypes, type Questionnaire } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { checkQuestionnaireJson, formatQuestionnaire, type QuestionnaireIssue } from "~/features/questionnaires/validation";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { ApiError } from "~/platform/api.server";
import { getQuestionnaire, QUESTIONNAIRE_LOCKED_MESSAGE, saveQuestionnaire } from "~/features/questionnaires/service.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `JSON builder - ${data?.cycle.name ?? "Cycle"} - PMR` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const questionnaire = await getQuestionnaire(cycle.id);
  return { cycle, questionnaire, lockedMessage: QUESTIONNAIRE_LOCKED_MESSAGE };
}

type ActionResult =
  | { ok: true; version: number }
  | { ok: false; issues: QuestionnaireIssue[]; formError: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const form = await request.formData();
  const text = form.get("definition");
  const versionRaw = form.get("version");
  if (typeof text !== "string") return data<ActionResult>({ ok: false, issues: [], formError: "Nothing to save" }, { status: 400 });
  const check = checkQuestionnaireJson(text);
  if (!check.ok) return data<ActionResult>({ ok: false, issues: check.issues, formError: null }, { status: 400 });
  const expectedVersion = typeof versionRaw === "string" && /^\d+$/.test(versionRaw) ? Number(versionRaw) : undefined;
  try {
    const saved = await saveQuestionnaire(current.actor, cycle.id, check.questionnaire, { expectedVersion });
    return data<ActionResult>({ ok: true, version: saved.version });
  } catch (err) {
    if (err instanceof ApiError) return data<ActionResult>({ ok: false, issues: [], formError: err.message }, { status: err.status });
    throw err;
  }
}

/** Debounce default of the product (spec §9). */
const DEBOUNCE_MS = 166;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

type View = "json" | "list" | "preview";

function Editor({
  cycleId,
  initialText,
  version,
  locked,
  lockedMessage,
}: {
  cycleId: number;
  initialText: string;
  version: number;
  locked: boolean;
  lockedMessage: string;
}) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [text, setText] = useState(initialText);
  const [view, setView] = useState<View>("json");
  const debounced = useDebounced(text, DEBOUNCE_MS);
  const check = useMemo(() => checkQuestionnaireJson(debounced), [debounced]);
  const upToDate = debounced === text;
  const dirty = text !== initialText;
  const serverIssues = result && !result.ok && result.issues.length > 0 ? result.issues : null;
  const issues = check.ok ? [] : check.issues;
  const questionnaire: Questionnaire | null = check.ok ? check.questionnaire : null;
  // The list editor also works on a document that parses but does not validate yet.
  const draft = useMemo(() => looseDocument(text), [text]);

  const setFromObject = (q: unknown) => setText(formatQuestionnaire(q));

  return (
    <>
      {locked && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="json-builder-locked">
          {lockedMessage}
        </Alert>
      )}
      {result && !result.ok && result.formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="json-builder-error">
          {result.formError}
        </Alert>
      )}
      {serverIssues && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="json-builder-server-issues">
          <AlertTitle>The questionnaire was not saved</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {serverIssues.slice(0, 50).map((issue, i) => (
              <li key={i}>
                {issue.where ? <strong>{issue.where}: </strong> : null}
                {issue.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs value={view} onChange={(_e, v: View) => setView(v)} aria-label="Editor views" sx={{ borderBottom: 1, borderColor: "divider" }}>
          <Tab value="json" label="JSON" data-testid="json-builder-tab-json" />
          <Tab value="list" label="Questions" data-testid="json-builder-tab-list" disabled={!draft} />
          <Tab value="preview" label="Preview" data-testid="json-builder-tab-preview" />
        </Tabs>
        <Box sx={{ p: 2 }}>
          {view === "json" && (
            <TextField
              label="Questionnaire definition (JSON)"
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={18}
              maxRows={40}
              fullWidth
              disabled={locked}
              error={upToDate && !check.ok}
              slotProps={{
                htmlInput: { spellCheck: false, "data-testid": "json-builder-editor", "aria-describedby": "json-builder-status" },
                input: { sx: { fontFamily: "monospace", fontSize: 13 } },
              }}
            />
          )}
          {view === "list" && draft && <QuestionListEditor value={draft} onChange={setFromObject} disabled={locked} />}
          {view === "list" && !draft && (
            <Typography color="text.secondary">Fix the JSON syntax in the JSON tab to edit the questions as a list.</Typography>
          )}
          {view === "preview" && !questionnaire && (
            <Typography color="text.secondary">The preview shows once the questionnaire is valid.</Typography>
          )}
          {view === "preview" && questionnaire && (
            <Stack spacing={3}>
              {usedReviewerTypes(questionnaire).map((t) => (
                <Box key={t}>
                  <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
                    {REVIEWER_TYPE_LABELS[t]}
                  </Typography>
                  <Stack spacing={2}>
                    {questionnaire[t]!.map((q, i) => (
                      <QuestionPreview key={q.id} question={q} index={i} />
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      </Paper>

      <Box id="json-builder-status" aria-live="polite" sx={{ mb: 2 }}>
        {!upToDate ? (
          <Typography variant="body2" color="text.secondary">
            Checking…
          </Typography>
        ) : check.ok ? (
          <Alert severity="success" data-testid="json-builder-valid">
            Valid: {usedReviewerTypes(check.questionnaire)
              .map((t) => `${REVIEWER_TYPE_LABELS[t]} ${check.questionnaire[t]!.length}`)
              .join(", ")}
          </Alert>
        ) : (
          <Alert severity="error" data-testid="json-builder-issues">
            <AlertTitle>
              {issues.length === 1 ? "1 problem" : `${issues.length} problems`} to fix before saving
            </AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {issues.slice(0, 50).map((issue, i) => (
                <li key={i} data-testid="json-builder-issue">
                  {issue.where ? <strong>{issue.where}: </strong> : null}
                  {issue.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </Box>

      <Form method="post">
        <input type="hidden" name="definition" value={text} />
        <input type="hidden" name="version" value={version} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={locked || busy || !upToDate || !check.ok}
            data-testid="json-builder-save"
          >
            Save
          </Button>
          <Button type="button" disabled={locked || !check.ok} onClick={() => check.ok && setFromObject(check.questionnaire)}>
            Format
          </Button>
          <Button type="button" disabled={locked || !dirty} onClick={() => setText(initialText)} data-testid="json-builder-revert">
            Revert
          </Button>
          <Button type="button" disabled={locked} onClick={() => setFromObject(DEFAULT_QUESTIONNAIRE)} data-testid="json-builder-load-default">
            Load default questionnaire
          </Button>
          <Button component={RemixLink} to={`/app/admin/cycles/${cycleId}/questions`} type="button">
            View questions
          </Button>
        </Stack>
      </Form>
    </>
  );
}

export default function JsonBuilder() {
  const { cycle, questionnaire, lockedMessage } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (result?.ok) enqueueSnackbar(`Questionnaire saved (version ${result.version})`, { variant: "success" });
  }, [result, enqueueSnackbar]);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title="Questionnaire JSON builder" />
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: "center" }}>
        <Chip
          size="small"
          variant="outlined"
          data-testid="questionnaire-version"
          label={questionnaire.is_default ? "Default questionnaire (not saved for this cycle yet)" : `Version ${questionnaire.version}`}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        An object keyed by reviewer type (SELF, MANAGER, DIRECT_REPORT, PEER, MATRIX_MANAGER, MATRIX_TEAM), each an ordered list of
        questions: {"{ id, kind: rating | text | choice, label, help?, required, scale? { min, max, labels? }, options?, max_length? }"}.
      </Typography>
      {/* A new version (after a save) starts the editor again from what is stored. */}
      <Editor
        key={questionnaire.version}
        cycleId={cycle.id}
        initialText={formatQuestionnaire(questionnaire.definition)}
        version={questionnaire.version}
        locked={questionnaire.locked}
        lockedMessage={lockedMessage}
      />
    </Box>
  );
}
