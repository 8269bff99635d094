import type { ReactNode } from "react";
import { Box, Chip, Paper, Stack, Typography } from "~/platform/ui/static";
import { PROMOTION_VOTES, VOTE_LABELS } from "~/features/promotions/rules";
import type { SessionNominationJson } from "~/features/promotions/types";
import { EndorsementStatusButton } from "~/features/promotions/components/endorsement-status-dialog";
import css from "~/features/promotions/components/hr-pages.module.css";

/**
 * One nomination of a promotion session as a card: the nominee, their manager, who nominated them and why,
 * the endorsements (the status dialog, and optionally what the endorsers wrote), the panel's votes, and
 * the decision. Generic and props-driven: the page passes its role's buttons (`actions`, top right) and
 * sections (`children`, at the bottom: a vote form, a decision form, the history, comments…).
 *
 * Test ids (`id` = the nomination id): `nomination-${id}`, `nomination-name-${id}`, `nomination-decision-${id}`,
 * `nomination-endorsements-${id}` (the dialog: `…-dialog`), `nomination-endorsement-${endorsementId}`,
 * `nomination-tally-${id}`, `nomination-vote-${id}-${panelistId}`. Static markup (issue 27).
 */

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}

function Written({ nomination }: { nomination: SessionNominationJson }) {
  const written = nomination.endorsements.filter((e) => e.status === "endorsed" && e.body);
  if (!written.length) return null;
  return (
    <Stack spacing={1} className={css.written}>
      {written.map((e) => (
        <Box key={e.id} className={e.outcome === "endorsed" ? css.endorsed : css.notEndorsed} data-testid={`nomination-endorsement-${e.id}`}>
          <Typography variant="body2" color="text.secondary">
            <strong>{e.endorser.name}</strong> · {e.outcome_label}
          </Typography>
          <Typography variant="body2" className={css.wrapText}>
            {e.body}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function Votes({ nomination }: { nomination: SessionNominationJson }) {
  const id = nomination.nomination_id;
  const { tally } = nomination;
  return (
    <Box className={css.votes}>
      <Typography variant="body2" data-testid={`nomination-tally-${id}`}>
        {tally.total === 0 ? "No votes yet" : PROMOTION_VOTES.map((v) => `${VOTE_LABELS[v]}: ${tally[v]}`).join(" · ")}
      </Typography>
      {nomination.votes.length > 0 && (
        <Box component="ul" className={css.voteList}>
          {nomination.votes.map((v) => (
            <Typography component="li" variant="body2" key={v.panelist.id} data-testid={`nomination-vote-${id}-${v.panelist.id}`}>
              {v.panelist.name}: <strong>{v.vote_label}</strong>
              {v.note ? ` — ${v.note}` : ""}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

export function NominationCard({
  nomination,
  actions,
  children,
  showVotes = true,
  showEndorsementText = true,
}: {
  nomination: SessionNominationJson;
  /** Buttons at the card's top right. */
  actions?: ReactNode;
  /** Sections under the card's facts. */
  children?: ReactNode;
  /** The panel's votes and their tally. */
  showVotes?: boolean;
  /** What the endorsers wrote (only for those who may read it: the session's members). */
  showEndorsementText?: boolean;
}) {
  const n = nomination;
  const id = n.nomination_id;
  const about = [n.nominee.job_title, n.nominee.department, n.nominee.level ? `Level ${n.nominee.level}` : null].filter(Boolean).join(" · ");
  const done = n.endorsements.filter((e) => e.status === "endorsed").length;
  return (
    <Paper variant="outlined" component="article" aria-labelledby={`nomination-name-${id}`} className={css.card} data-testid={`nomination-${id}`}>
      <Box className={css.cardHead}>
        <Box>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap>
            <Typography variant="h6" component="h3" id={`nomination-name-${id}`} data-testid={`nomination-name-${id}`}>
              {n.nominee.name}
            </Typography>
            {n.decision ? (
              <Chip
                size="small"
                color={n.decision.value === "PROMOTED" ? "success" : "default"}
                label={n.decision.label}
                data-testid={`nomination-decision-${id}`}
              />
            ) : (
              <Chip size="small" variant="outlined" label="No decision" data-testid={`nomination-decision-${id}`} />
            )}
            {n.nomination_status === "withdrawn" && <Chip size="small" color="warning" label="Withdrawn" />}
            {n.terminated && <Chip size="small" color="error" variant="outlined" label="Terminated" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" className={css.block}>
            {n.nominee.email}
            {about ? ` · ${about}` : ""}
          </Typography>
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} flexWrap>
            {actions}
          </Stack>
        )}
      </Box>
      <Box component="dl" className={css.facts}>
        <Field label="Manager">{n.manager?.name ?? "—"}</Field>
        <Field label="Nominated by">{n.nominated_by?.name ?? "—"}</Field>
        <Field label="Rationale" testId={`nomination-rationale-${id}`}>
          {n.rationale || "—"}
        </Field>
      </Box>
      <Box component="section" aria-label={`Endorsements of ${n.nominee.name}`}>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap>
          <Typography variant="subtitle2" component="h4">
            Endorsements
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid={`nomination-endorsement-summary-${id}`}>
            {n.endorsements.length === 0 ? "None requested" : `${done} of ${n.endorsements.length} completed`}
          </Typography>
          <EndorsementStatusButton nomineeName={n.nominee.name} endorsements={n.endorsements} testId={`nomination-endorsements-${id}`} />
        </Stack>
        {showEndorsementText && <Written nomination={n} />}
      </Box>
      {showVotes && (
        <Box component="section" aria-label={`Panel votes on ${n.nominee.name}`} className={css.section}>
          <Typography variant="subtitle2" component="h4">
            Panel votes
          </Typography>
          <Votes nomination={n} />
        </Box>
      )}
      {children && (
        <Stack spacing={2} className={css.children}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}
