import {
  Box,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { QUESTION_KIND_LABELS, scalePoints, textMaxLength, type Question } from "~/features/questionnaires/rules";

/** One question as a reviewer will see it (inputs disabled: this is a preview). */
export function QuestionPreview({ question, index }: { question: Question; index: number }) {
  const labelId = `q-${question.id}-label`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`question-${question.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          Question {index + 1}
        </Typography>
        <Chip size="small" variant="outlined" label={QUESTION_KIND_LABELS[question.kind]} />
        <Chip size="small" variant="outlined" label={question.required ? "Required" : "Optional"} color={question.required ? "primary" : "default"} />
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: "monospace" }}>
          id: {question.id}
        </Typography>
      </Stack>
      <FormControl fullWidth disabled>
        <FormLabel id={labelId} sx={{ color: "text.primary", "&.Mui-disabled": { color: "text.primary" }, fontWeight: 500 }}>
          <span data-testid={`question-label-${question.id}`}>{question.label}</span>
          {question.required && (
            <Box component="span" aria-hidden sx={{ color: "error.main", ml: 0.5 }}>
              *
            </Box>
          )}
        </FormLabel>
        {question.help && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {question.help}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>
          {question.kind === "text" && (
            <TextField
              disabled
              multiline
              minRows={3}
              fullWidth
              placeholder="The reviewer's answer"
              helperText={`Up to ${textMaxLength(question)} characters`}
              // The preview's field is disabled, but its hint must stay readable (WCAG contrast).
              slotProps={{ htmlInput: { "aria-labelledby": labelId }, formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}
            />
          )}
          {question.kind === "rating" && question.scale && (
            <RadioGroup row aria-labelledby={labelId}>
              {scalePoints(question.scale).map((p) => (
                <FormControlLabel
                  key={p.value}
                  value={String(p.value)}
                  control={<Radio size="small" />}
                  label={p.label ? `${p.value} - ${p.label}` : String(p.value)}
                  labelPlacement="end"
                />
              ))}
            </RadioGroup>
          )}
          {question.kind === "choice" && (
            <RadioGroup aria-labelledby={labelId}>
              {(question.options ?? []).map((o) => (
                <FormControlLabel key={o} value={o} control={<Radio size="small" />} label={o} />
              ))}
            </RadioGroup>
          )}
        </Box>
      </FormControl>
    </Paper>
  );
}
