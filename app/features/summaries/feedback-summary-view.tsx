import { Alert, Box, Card, CardContent, Chip, Stack, Typography, buttonClass } from "~/platform/ui/static";
import { ICON, StaticIcon } from "~/platform/ui/static-controls";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import css from "~/features/summaries/feedback-summary.module.css";
import look from "~/platform/ui/static.module.css";
import type { FeedbackSummary, SummaryQuestion, SummarySection } from "~/features/summaries/rules";
import { ANONYMITY_THRESHOLD } from "~/features/summaries/visibility";

/**
 * A feedback summary (ADR 0023) as the pages show it: one card per reviewer type, per question the rating
 * average and distribution, choice counts and text answers. What the summary object holds is what the
 * viewer may see; this component adds nothing. Static primitives and one CSS module (issue 27): the server render
 * does no emotion work, and a summary's hundreds of questions, bars and answers are plain elements.
 */

function QuestionBlock({ q, type }: { q: SummaryQuestion; type: string }) {
  const answers = q.kind === "text" ? q.answers : q.answers.filter((a) => a.reviewer);
  const max = Math.max(1, ...q.distribution.map((d) => d.count));
  return (
    <div className={css.q} data-testid={`question-${type}-${q.id}`}>
      <h3 className={css.label}>{q.label}</h3>
      {q.responses === 0 ? (
        <p className={css.muted}>No answers</p>
      ) : (
        <>
          {q.kind === "rating" && q.scale && (
            <p className={css.avg} data-testid={`average-${type}-${q.id}`}>
              Average <strong>{q.average?.toFixed(2)}</strong> on a scale of {q.scale.min} to {q.scale.max} ({q.responses} {q.responses === 1 ? "answer" : "answers"})
            </p>
          )}
          {q.distribution.length > 0 && (
            <div className={css.dist}>
              {q.distribution.map((d) => {
                const label = q.kind === "rating" && d.label !== d.value ? `${d.value} - ${d.label}` : d.label;
                return [
                  <span key={`l${d.value}`} className={css.distLabel} title={label}>
                    {label}
                  </span>,
                  <span key={`b${d.value}`} className={css.bar} role="img" aria-label={`${label}: ${d.count}`}>
                    <span style={{ width: `${(d.count / max) * 100}%` }} />
                  </span>,
                  <span key={`c${d.value}`} className={css.count}>
                    {d.count}
                  </span>,
                ];
              })}
            </div>
          )}
          {answers.length > 0 && (
            <ul className={css.answers}>
              {answers.map((a, i) => (
                <li key={i} data-testid="summary-answer">
                  {String(a.value)}
                  {a.reviewer && <span className={css.who}>{a.reviewer.name}</span>}
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
        <Stack direction="row" spacing={1} alignItems="center" flexWrap className={css.mb}>
          <Typography variant="h6" component="h2">
            {s.label} feedback
          </Typography>
          <Chip size="small" label={`${s.submitted} of ${s.requested} answered`} data-testid={`section-count-${s.reviewer_type}`} />
          {s.anonymised && <Chip size="small" color="secondary" variant="outlined" label="Anonymous" />}
        </Stack>
        {s.reviewers && s.reviewers.length > 0 && (
          <Typography variant="body2" color="text.secondary" className={css.mb} data-testid={`section-reviewers-${s.reviewer_type}`}>
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
    <Stack spacing={2} data-testid="feedback-summary">
      <div className={css.head}>
        <Box>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          <Typography variant="h6" component="p" data-testid="summary-reviewee">
            {summary.reviewee.name}
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center" className={css.mt}>
            <Typography color="text.secondary">{summary.cycle.name}</Typography>
            <CycleStageChip cycleId={summary.cycle.id} stage={summary.cycle.state} />
          </Stack>
        </Box>
        {downloadUrl && (
          <a className={buttonClass({ variant: "contained" })} href={downloadUrl} download data-testid="download-pdf">
            <span className={look.startIcon}>
              <StaticIcon d={ICON.download} />
            </span>
            Download PDF
          </a>
        )}
      </div>
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
