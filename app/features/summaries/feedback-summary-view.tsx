import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography, type Theme } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import type { FeedbackSummary, SummaryQuestion, SummarySection } from "~/features/summaries/rules";
import { ANONYMITY_THRESHOLD } from "~/features/summaries/visibility";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";

/**
 * A feedback summary (ADR 0023) as the pages show it: one card per reviewer type, per question the rating
 * average and distribution, choice counts and text answers. What the summary object holds is what the
 * viewer may see; this component adds nothing.
 */

/*
 * Questions, distributions and answers are plain elements styled once by the summary's root (class names
 * below): a summary holds hundreds of them, and one MUI component each would multiply the server render time.
 */
const font = (v: Theme["typography"]["body1"]) => ({ fontFamily: v.fontFamily, fontSize: v.fontSize, lineHeight: v.lineHeight, letterSpacing: v.letterSpacing });
const questionStyles = (theme: Theme) => ({
  "& .fs-q": { padding: theme.spacing(1.5, 0) },
  "& .fs-q + .fs-q": { borderTop: `1px solid ${theme.palette.divider}` },
  "& .fs-label": { ...font(theme.typography.body1), fontWeight: 600, margin: theme.spacing(0, 0, 0.5) },
  "& .fs-muted": { ...font(theme.typography.body2), color: theme.palette.text.secondary, margin: 0 },
  "& .fs-avg": { ...font(theme.typography.body2), margin: theme.spacing(0, 0, 1) },
  "& .fs-dist": { display: "grid" as const, gridTemplateColumns: "minmax(120px, 220px) minmax(80px, 300px) 32px", alignItems: "center", gap: theme.spacing(0.5, 1), margin: theme.spacing(0, 0, 1) },
  // The whole option label, wrapping on a narrow screen (a cut label leaves its count without meaning).
  "& .fs-dist-label": { ...font(theme.typography.body2), color: theme.palette.text.secondary, overflowWrap: "anywhere" as const },
  "& .fs-bar": { height: 8, borderRadius: theme.shape.borderRadius, backgroundColor: theme.palette.action.hover, overflow: "hidden" as const },
  "& .fs-bar > span": { display: "block" as const, height: "100%", backgroundColor: theme.palette.primary.main },
  "& .fs-count": { ...font(theme.typography.body2), textAlign: "right" as const },
  "& .fs-answers": { listStyle: "none" as const, margin: 0, padding: 0 },
  "& .fs-answers > li": { ...font(theme.typography.body2), whiteSpace: "pre-wrap" as const, padding: theme.spacing(0.75, 1.5), margin: theme.spacing(0, 0, 0.75), borderLeft: `3px solid ${theme.palette.divider}` },
  "& .fs-who": { display: "block" as const, color: theme.palette.text.secondary, marginTop: 2 },
});

function QuestionBlock({ q, type }: { q: SummaryQuestion; type: string }) {
  const answers = q.kind === "text" ? q.answers : q.answers.filter((a) => a.reviewer);
  const max = Math.max(1, ...q.distribution.map((d) => d.count));
  return (
    <div className="fs-q" data-testid={`question-${type}-${q.id}`}>
      <h3 className="fs-label">{q.label}</h3>
      {q.responses === 0 ? (
        <p className="fs-muted">No answers</p>
      ) : (
        <>
          {q.kind === "rating" && q.scale && (
            <p className="fs-avg" data-testid={`average-${type}-${q.id}`}>
              Average <strong>{q.average?.toFixed(2)}</strong> on a scale of {q.scale.min} to {q.scale.max} ({q.responses} {q.responses === 1 ? "answer" : "answers"})
            </p>
          )}
          {q.distribution.length > 0 && (
            <div className="fs-dist">
              {q.distribution.map((d) => {
                const label = q.kind === "rating" && d.label !== d.value ? `${d.value} - ${d.label}` : d.label;
                return [
                  <span key={`l${d.value}`} className="fs-dist-label" title={label}>
                    {label}
                  </span>,
                  <span key={`b${d.value}`} className="fs-bar" role="img" aria-label={`${label}: ${d.count}`}>
                    <span style={{ width: `${(d.count / max) * 100}%` }} />
                  </span>,
                  <span key={`c${d.value}`} className="fs-count">
                    {d.count}
                  </span>,
                ];
              })}
            </div>
          )}
          {answers.length > 0 && (
            <ul className="fs-answers">
              {answers.map((a, i) => (
                <li key={i} data-testid="summary-answer">
                  {String(a.value)}
                  {a.reviewer && <span className="fs-who">{a.reviewer.name}</span>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
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
          <div>
            {s.questions.map((q) => (
              <QuestionBlock key={q.id} q={q} type={s.reviewer_type} />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function FeedbackSummaryView({ summary, downloadUrl, title = "Feedback Summary" }: { summary: FeedbackSummary; downloadUrl?: string; title?: string }) {
  return (
    <Stack spacing={2} data-testid="feedback-summary" sx={questionStyles}>
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
          Peer and upward feedback is anonymous to you: answers are shown without names, and only when at least {ANONYMITY_THRESHOLD} people of a group
          have answered.
        </Alert>
      )}
      <Box data-testid="names-rule">
        <Typography variant="body2" color="text.secondary">
          Who sees reviewers&apos; names in this cycle:
        </Typography>
        {summary.cycle.reviewer_names.rule.map((line) => (
          <Typography key={line} variant="body2" color="text.secondary">
            {line}
          </Typography>
        ))}
      </Box>
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
