import { Alert, Box, Card, CardContent, Chip, Stack, Typography, buttonClass } from "~/platform/ui/static";
import { ICON, StaticIcon } from "~/platform/ui/static-controls";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import css from "~/features/summaries/feedback-summary.module.css";
import look from "~/platform/ui/static.module.css";
import type { FeedbackSummary, SummaryQuestion, SummarySection } from "~/features/summaries/rules";
import { ANONYMITY_THRESHOLD } from "~/features/summaries/visibility";
import { Trans, useTranslation } from "react-i18next";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";
import { sectionHiddenMessage } from "~/features/summaries/summary-messages";
import { namesRuleKeys } from "~/features/cycles/reviewer-names-keys";

/**
 * A feedback summary (ADR 0023) as the pages show it: one card per reviewer type, per question the rating
 * average and distribution, choice counts and text answers. What the summary object holds is what the
 * viewer may see; this component adds nothing. Static primitives and one CSS module (issue 27): the server render
 * does no emotion work, and a summary's hundreds of questions, bars and answers are plain elements.
 */

function QuestionBlock({ q, type }: { q: SummaryQuestion; type: string }) {
  const { t } = useTranslation();
  const answers = q.kind === "text" ? q.answers : q.answers.filter((a) => a.reviewer);
  const max = Math.max(1, ...q.distribution.map((d) => d.count));
  return (
    <div className={css.q} data-testid={`question-${type}-${q.id}`}>
      <h3 className={css.label}>{q.label}</h3>
      {q.responses === 0 ? (
        <p className={css.muted}>{t("summary.noAnswers")}</p>
      ) : (
        <>
          {q.kind === "rating" && q.scale && (
            <p className={css.avg} data-testid={`average-${type}-${q.id}`}>
              <Trans
                i18nKey="summary.average"
                values={{ average: q.average?.toFixed(2) ?? "-", min: q.scale.min, max: q.scale.max }}
                count={q.responses}
                components={[<strong key="average" />]}
              />
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
                  <span key={`b${d.value}`} className={css.bar} role="img" aria-label={t("summary.bar", { label, count: d.count })}>
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
  const { t } = useTranslation();
  const typeKey = reviewerTypeKey(s.reviewer_type);
  const hidden = sectionHiddenMessage(s);
  return (
    <Card variant="outlined" data-testid={`summary-section-${s.reviewer_type}`}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap className={css.mb}>
          <Typography variant="h6" component="h2">
            {t("summary.sectionTitle", { label: typeKey ? t(typeKey) : s.label })}
          </Typography>
          <Chip size="small" label={t("summary.answered", { submitted: s.submitted, requested: s.requested })} data-testid={`section-count-${s.reviewer_type}`} />
          {s.anonymised && <Chip size="small" color="secondary" variant="outlined" label={t("summary.anonymous")} />}
        </Stack>
        {s.reviewers && s.reviewers.length > 0 && (
          <Typography variant="body2" color="text.secondary" className={css.mb} data-testid={`section-reviewers-${s.reviewer_type}`}>
            {t("summary.from", { names: s.reviewers.map((r) => r.name).join(", ") })}
          </Typography>
        )}
        {!s.visible ? (
          <Alert severity="info" data-testid={`section-message-${s.reviewer_type}`}>
            {hidden && t(hidden.key, hidden.values)}
          </Alert>
        ) : s.submitted === 0 ? (
          <Typography color="text.secondary">{t("summary.noneSubmitted")}</Typography>
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

export function FeedbackSummaryView({ summary, downloadUrl, title }: { summary: FeedbackSummary; downloadUrl?: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="feedback-summary">
      <div className={css.head}>
        <Box>
          <Typography variant="h4" component="h1">
            {title ?? t("summary.title")}
          </Typography>
          <Typography variant="h6" component="p" data-testid="summary-reviewee">
            {summary.reviewee.name}
          </Typography>
          {/* Wraps under the cycle's name on a phone when the stage's name is long (a longer language). */}
          <Stack direction="row" spacing={1} alignItems="center" flexWrap className={css.mt}>
            <Typography color="text.secondary">{summary.cycle.name}</Typography>
            <CycleStageChip cycleId={summary.cycle.id} stage={summary.cycle.state} />
          </Stack>
        </Box>
        {downloadUrl && (
          <a className={buttonClass({ variant: "contained" })} href={downloadUrl} download data-testid="download-pdf">
            <span className={look.startIcon}>
              <StaticIcon d={ICON.download} />
            </span>
            {t("summary.downloadPdf")}
          </a>
        )}
      </div>
      {!summary.viewer.named && (
        <Alert severity="info" data-testid="anonymity-note">
          {t("summary.anonymityNote", { threshold: ANONYMITY_THRESHOLD })}
        </Alert>
      )}
      <Box data-testid="names-rule">
        <Typography variant="body2" color="text.secondary">
          {t("summary.namesRuleHeading")}
        </Typography>
        {namesRuleKeys(summary.cycle.reviewer_names).map((key) => (
          <Typography key={key} variant="body2" color="text.secondary">
            {t(key)}
          </Typography>
        ))}
      </Box>
      {summary.sections.length === 0 ? (
        <Alert severity="info" data-testid="summary-empty">
          {summary.reviewee.reviewer_only ? t("summary.reviewerOnly") : t("summary.noneRequested")}
        </Alert>
      ) : (
        summary.sections.map((s) => <SectionCard key={s.reviewer_type} s={s} />)
      )}
    </Stack>
  );
}
