import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { QUESTION_KINDS, QUESTION_KIND_LABELS, REVIEWER_TYPES, REVIEWER_TYPE_LABELS, type ReviewerType } from "~/features/questionnaires/rules";

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
          Question {index + 1}
        </Typography>
        <Tooltip title="Move up">
          <span>
            <IconButton size="small" aria-label="Move up" disabled={disabled || index === 0} onClick={() => onMove(-1)}>
              ↑
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move down">
          <span>
            <IconButton size="small" aria-label="Move down" disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
              ↓
            </IconButton>
          </span>
        </Tooltip>
        <Button size="small" color="error" disabled={disabled} onClick={onRemove}>
          Remove
        </Button>
      </Stack>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Id"
            size="small"
            value={str(q.id)}
            disabled={disabled}
            onChange={(e) => set("id", e.target.value)}
            helperText="Stable slug, unique within the type"
            sx={{ minWidth: 200 }}
          />
          <TextField
            select
            label="Kind"
            size="small"
            value={(QUESTION_KINDS as readonly string[]).includes(kind) ? kind : ""}
            disabled={disabled}
            onChange={(e) => onChange(withKind(q, e.target.value))}
            sx={{ minWidth: 160 }}
          >
            {QUESTION_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {QUESTION_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={q.required === true} disabled={disabled} onChange={(e) => set("required", e.target.checked)} />}
            label="Required"
          />
        </Stack>
        <TextField label="Question" size="small" value={str(q.label)} disabled={disabled} onChange={(e) => set("label", e.target.value)} fullWidth multiline />
        <TextField
          label="Help text (optional)"
          size="small"
          value={str(q.help)}
          disabled={disabled}
          onChange={(e) => set("help", e.target.value === "" ? undefined : e.target.value)}
          fullWidth
        />
        {kind === "rating" && (
          <Stack direction="row" spacing={2}>
            <TextField
              label="Scale from"
              size="small"
              value={str(scale.min)}
              disabled={disabled}
              onChange={(e) => set("scale", { ...scale, min: intOrText(e.target.value) })}
              sx={{ width: 120 }}
            />
            <TextField
              label="Scale to"
              size="small"
              value={str(scale.max)}
              disabled={disabled}
              onChange={(e) => set("scale", { ...scale, max: intOrText(e.target.value) })}
              sx={{ width: 120 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: "center" }}>
              Words for the points: edit scale.labels in the JSON tab.
            </Typography>
          </Stack>
        )}
        {kind === "choice" && (
          <TextField
            label="Options (one per line)"
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
            label="Maximum answer length (optional)"
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
  const [type, setType] = useState<ReviewerType>(REVIEWER_TYPES.find((t) => Array.isArray(value[t])) ?? "SELF");
  const list = questionsOf(value, type);
  const setList = (next: LooseQuestion[] | undefined) => {
    const doc: LooseDocument = {};
    // Keep the canonical type order, then anything unknown (the JSON tab reports it).
    for (const t of REVIEWER_TYPES) {
      const v = t === type ? next : value[t];
      if (v !== undefined) doc[t] = v;
    }
    for (const [k, v] of Object.entries(value)) if (!(REVIEWER_TYPES as readonly string[]).includes(k)) doc[k] = v;
    onChange(doc);
  };

  return (
    <Box data-testid="question-list-editor">
      <Tabs value={type} onChange={(_e, v: ReviewerType) => setType(v)} variant="scrollable" scrollButtons="auto" sx={{ mb: 2 }}>
        {REVIEWER_TYPES.map((t) => {
          const n = questionsOf(value, t)?.length;
          return <Tab key={t} value={t} label={`${REVIEWER_TYPE_LABELS[t]}${n === undefined ? "" : ` (${n})`}`} data-testid={`list-tab-${t}`} />;
        })}
      </Tabs>
      {list === null ? (
        <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
          <Typography color="text.secondary">{REVIEWER_TYPE_LABELS[type]} reviewers are not asked anything.</Typography>
          <Button
            variant="outlined"
            disabled={disabled}
            onClick={() => setList([{ id: "question_1", kind: "text", label: "", required: true }])}
            data-testid="list-add-type"
          >
            Ask {REVIEWER_TYPE_LABELS[type]} reviewers
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
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              disabled={disabled}
              onClick={() => setList([...list, { id: newId(list), kind: "text", label: "", required: true }])}
              data-testid="list-add-question"
            >
              Add question
            </Button>
            <Button color="error" disabled={disabled} onClick={() => setList(undefined)}>
              Stop asking {REVIEWER_TYPE_LABELS[type]} reviewers
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
