import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StaticTabs } from "~/platform/ui/static-tabs";
import css from "~/features/questionnaires/components/questionnaires.module.css";
import { QUESTION_KINDS, REVIEWER_TYPES, type ReviewerType } from "~/features/questionnaires/rules";
import { ASK_KEYS, KIND_KEYS, NOT_ASKED_KEYS, STOP_ASKING_KEYS, TYPE_KEYS, TYPE_WITH_COUNT_KEYS } from "~/features/questionnaires/keys";

/**
 * A structured editor over the questionnaire document of the json-builder page. It edits the parsed
 * JSON (which may not validate yet: the page shows the schema's messages) and hands back a new
 * document on every change; the JSON text stays the single source of truth.
 */

type LooseQuestion = Record<string, unknown>;
export type LooseDocument = Record<string, unknown>;

/** The JSON text as an object the list editor can work on, or null when it is not a JSON object. */
export function looseDocument(text: string): LooseDocument | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as LooseDocument) : null;
  } catch {
    return null;
  }
}

function questionsOf(doc: LooseDocument, type: ReviewerType): LooseQuestion[] | null {
  const list = doc[type];
  if (!Array.isArray(list)) return null;
  return list.map((q) => (q && typeof q === "object" && !Array.isArray(q) ? (q as LooseQuestion) : {}));
}

function newId(list: LooseQuestion[]): string {
  const used = new Set(list.map((q) => q.id));
  let n = list.length + 1;
  while (used.has(`question_${n}`)) n++;
  return `question_${n}`;
}

/** A question switched to another kind keeps only the fields that kind allows, with defaults for what it needs. */
function withKind(q: LooseQuestion, kind: string): LooseQuestion {
  const { scale, options, max_length, ...rest } = q;
  const next: LooseQuestion = { ...rest, kind };
  if (kind === "rating") next.scale = scale ?? { min: 1, max: 5 };
  if (kind === "choice") next.options = Array.isArray(options) && options.length ? options : ["Option 1", "Option 2"];
  if (kind === "text" && max_length !== undefined) next.max_length = max_length;
  return next;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

function QuestionFields({
  q,
  index,
  count,
  disabled,
  onChange,
  onMove,
  onRemove,
}: {
  q: LooseQuestion;
  index: number;
  count: number;
  disabled?: boolean;
  onChange: (q: LooseQuestion) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const kind = str(q.kind);
  const scale = (q.scale && typeof q.scale === "object" ? q.scale : {}) as Record<string, unknown>;
  const set = (key: string, value: unknown) => {
    const next = { ...q };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const intOrText = (v: string) => (/^-?\d+$/.test(v.trim()) ? Number(v) : v);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`list-question-${index}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t("questionnaires.editor.number", { n: index + 1 })}
        </Typography>
        <Tooltip title={t("questionnaires.editor.moveUp")}>
          <span>
            <IconButton size="small" aria-label={t("questionnaires.editor.moveUp")} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
              ↑
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("questionnaires.editor.moveDown")}>
          <span>
            <IconButton size="small" aria-label={t("questionnaires.editor.moveDown")} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
              ↓
            </IconButton>
          </span>
        </Tooltip>
        <Button size="small" color="error" disabled={disabled} onClick={onRemove}>
          {t("questionnaires.editor.remove")}
        </Button>
      </Stack>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label={t("questionnaires.editor.id")}
            size="small"
            value={str(q.id)}
            disabled={disabled}
            onChange={(e) => set("id", e.target.value)}
            helperText={t("questionnaires.editor.idHelp")}
            sx={{ minWidth: 200 }}
          />
          <TextField
            select
            label={t("questionnaires.editor.kind")}
            size="small"
            value={(QUESTION_KINDS as readonly string[]).includes(kind) ? kind : ""}
            disabled={disabled}
            onChange={(e) => onChange(withKind(q, e.target.value))}
            sx={{ minWidth: 160 }}
          >
            {QUESTION_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(KIND_KEYS[k])}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={q.required === true} disabled={disabled} onChange={(e) => set("required", e.target.checked)} />}
            label={t("questionnaires.editor.required")}
          />
        </Stack>
        <TextField label={t("questionnaires.editor.label")} size="small" value={str(q.label)} disabled={disabled} onChange={(e) => set("label", e.target.value)} fullWidth multiline />
        <TextField
          label={t("questionnaires.editor.help")}
          size="small"
          value={str(q.help)}
          disabled={disabled}
          onChange={(e) => set("help", e.target.value === "" ? undefined : e.target.value)}
          fullWidth
        />
        {kind === "rating" && (
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
            <TextField
              label={t("questionnaires.editor.scaleFrom")}
              size="small"
              value={str(scale.min)}
              disabled={disabled}
              onChange={(e) => set("scale", { ...scale, min: intOrText(e.target.value) })}
              sx={{ width: 120 }}
            />
            <TextField
              label={t("questionnaires.editor.scaleTo")}
              size="small"
              value={str(scale.max)}
              disabled={disabled}
              onChange={(e) => set("scale", { ...scale, max: intOrText(e.target.value) })}
              sx={{ width: 120 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: "center" }}>
              {t("questionnaires.editor.scaleWords")}
            </Typography>
          </Stack>
        )}
        {kind === "choice" && (
          <TextField
            label={t("questionnaires.editor.options")}
            size="small"
            multiline
            minRows={2}
            value={Array.isArray(q.options) ? q.options.map(str).join("\n") : ""}
            disabled={disabled}
            onChange={(e) => set("options", e.target.value.split("\n"))}
            fullWidth
          />
        )}
        {kind === "text" && (
          <TextField
            label={t("questionnaires.editor.maxLength")}
            size="small"
            value={str(q.max_length)}
            disabled={disabled}
            onChange={(e) => set("max_length", e.target.value.trim() === "" ? undefined : intOrText(e.target.value))}
            sx={{ width: 260 }}
          />
        )}
      </Stack>
    </Paper>
  );
}

export function QuestionListEditor({
  value,
  onChange,
  disabled,
}: {
  value: LooseDocument;
  onChange: (doc: LooseDocument) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<ReviewerType>(REVIEWER_TYPES.find((t) => Array.isArray(value[t])) ?? "SELF");
  const list = questionsOf(value, type);
  const setList = (next: LooseQuestion[] | undefined) => {
    const doc: LooseDocument = {};
    // Keep the canonical type order, then anything unknown (the JSON tab reports it).
    for (const rt of REVIEWER_TYPES) {
      const v = rt === type ? next : value[rt];
      if (v !== undefined) doc[rt] = v;
    }
    for (const [k, v] of Object.entries(value)) if (!(REVIEWER_TYPES as readonly string[]).includes(k)) doc[k] = v;
    onChange(doc);
  };

  return (
    <Box data-testid="question-list-editor">
      <StaticTabs
        value={type}
        onChange={setType}
        label={t("questionnaires.questions.tabs")}
        className={css.gapBelow}
        items={REVIEWER_TYPES.map((rt) => {
          const n = questionsOf(value, rt)?.length;
          return { value: rt, label: n === undefined ? t(TYPE_KEYS[rt]) : t(TYPE_WITH_COUNT_KEYS[rt], { count: n }), testId: `list-tab-${rt}` };
        })}
      />
      {list === null ? (
        <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
          <Typography color="text.secondary">{t(NOT_ASKED_KEYS[type])}</Typography>
          <Button
            variant="outlined"
            disabled={disabled}
            onClick={() => setList([{ id: "question_1", kind: "text", label: "", required: true }])}
            data-testid="list-add-type"
          >
            {t(ASK_KEYS[type])}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {list.map((q, i) => (
            <QuestionFields
              key={i}
              q={q}
              index={i}
              count={list.length}
              disabled={disabled}
              onChange={(nq) => setList(list.map((x, j) => (j === i ? nq : x)))}
              onMove={(delta) => {
                const next = [...list];
                const [item] = next.splice(i, 1);
                next.splice(i + delta, 0, item!);
                setList(next);
              }}
              onRemove={() => setList(list.filter((_x, j) => j !== i))}
            />
          ))}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            <Button
              variant="outlined"
              disabled={disabled}
              onClick={() => setList([...list, { id: newId(list), kind: "text", label: "", required: true }])}
              data-testid="list-add-question"
            >
              {t("questionnaires.editor.addQuestion")}
            </Button>
            <Button color="error" disabled={disabled} onClick={() => setList(undefined)}>
              {t(STOP_ASKING_KEYS[type])}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
