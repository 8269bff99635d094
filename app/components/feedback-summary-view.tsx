import { Alert, Box, Button, Card, CardContent, Chip, Divider, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import type { FeedbackSummary, SummaryQuestion, SummarySection } from "~/domain/feedback-summary";
import { ANONYMITY_THRESHOLD } from "~/domain/feedback-visibility";
import { CycleStageChip } from "~/components/cycle-stage-chip";

/**
 * A feedback summary (ADR 0023) as the pages show it: one card per reviewer type, per question the rating
 * average and distribution, choice counts and text answers. What the summary object holds is what the
 * viewer may see; this component adds nothing.
 */

function Distribution({ q }: { q: SummaryQuestion }) {
  const max = Math.max(1, ...q.distribution.map((d) => d.count));
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 560 }}>
      {q.distribution.map((d) => (
        <Box key={d.value} sx={{ display: "grid", gridTemplateColumns: "minmax(120px, 220px) 1fr 32px", alignItems: "center", gap: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap title={d.label}>
            {q.kind === "rating" && d.label !== d.value ? `${d.value} - ${d.label}` : d.label}
          </Typography>
          <LinearProgress variant="determinate" value={(d.count / max) * 100} sx={{ height: 8, borderRadius: 1 }} aria-label={`${d.label}: ${d.count}`} />
          <Typography variant="body2" sx={{ textAlign: "right" }}>
            {d.count}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function QuestionBlock({ q, type }: { q: SummaryQuestion; type: string }) {
  const answers = q.kind === "text" ? q.answers : q.answers.filter((a) => a.reviewer);
  return (
    <Box data-testid={`question-${type}-${q.id}`} sx={{ py: 1.5 }}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{q.label}</Typography>
      {q.responses === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No answers
        </Typography>
      ) : (
        <Stack spacing={1}>
          {q.kind === "rating" && q.scale && (
            <Typography variant="body2" data-testid={`average-${type}-${q.id}`}>
              Average <strong>{q.average?.toFixed(2)}</strong> on a scale of {q.scale.min} to {q.scale.max} ({q.responses} {q.responses === 1 ? "answer" : "answers"})
            </Typography>
          )}
          {q.distribution.length > 0 && <Distribution q={q} />}
          {answers.length > 0 && (
            <List dense disablePadding>
              {answers.map((a, i) => (
                <ListItem key={i} disableGutters sx={{ alignItems: "flex-start" }} data-testid="summary-answer">
                  <ListItemText
                    primary={String(a.value)}
                    secondary={a.reviewer ? a.reviewer.name : null}
                    slotProps={{ primary: { sx: { whiteSpace: "pre-wrap" } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Box>
  );
}

function SectionCard({ s }: { s: SummarySection }) {
  return (
    <Card variant="outlined" data-testid={`summary-section-${s.reviewer_type}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
          <Typography variant="h6" component="h2">
            {s.label} feedback
          </Typography>
          <Chip size="small" label={`${s.submitted} of ${s.requested} answered`} data-testid={`section-count-${s.reviewer_type}`} />
          {s.anonymised && <Chip size="small" color="secondary" variant="outlined" label="Anonymous" />}
        </Stack>
        {s.reviewers && s.reviewers.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`section-reviewers-${s.reviewer_type}`}>
            From: {s.reviewers.map((r) => r.name).join(", ")}
          </Typography>
        )}
        {!s.visible ? (
          <Alert severity="info" data-testid={`section-message-${s.reviewer_type}`}>
            {s.message}
          </Alert>
        ) : s.submitted === 0 ? (
          <Typography color="text.secondary">No feedback submitted yet.</Typography>
        ) : (
          <Stack divider={<Divider flexItem />}>
            {s.questions.map((q) => (
              <QuestionBlock key={q.id} q={q} type={s.reviewer_type} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export function FeedbackSummaryView({ summary, downloadUrl, title = "Feedback Summary" }: { summary: FeedbackSummary; downloadUrl?: string; title?: string }) {
  return (
    <Stack spacing={2} data-testid="feedback-summary">
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", flexWrap: "wrap", gap: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          <Typography variant="h6" component="p" data-testid="summary-reviewee">
            {summary.reviewee.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5 }}>
            <Typography color="text.secondary">{summary.cycle.name}</Typography>
            <CycleStageChip cycleId={summary.cycle.id} stage={summary.cycle.state} />
          </Stack>
        </Box>
        {downloadUrl && (
          <Button variant="contained" href={downloadUrl} download startIcon={<DownloadIcon />} data-testid="download-pdf">
            Download PDF
          </Button>
        )}
      </Box>
      {!summary.viewer.named && (
        <Alert severity="info" data-testid="anonymity-note">
          Peer and upward feedback is anonymous: answers are shown without names, and only when at least {ANONYMITY_THRESHOLD} people of a group have
          answered.
        </Alert>
      )}
      {summary.sections.length === 0 ? (
        <Alert severity="info" data-testid="summary-empty">
          {summary.reviewee.reviewer_only ? "This participant takes part as a reviewer only and receives no feedback." : "No feedback was requested in this cycle yet."}
        </Alert>
      ) : (
        summary.sections.map((s) => <SectionCard key={s.reviewer_type} s={s} />)
      )}
    </Stack>
  );
}
