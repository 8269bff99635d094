import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { Box, Chip, Paper, Stack, Typography } from "~/platform/ui/static";
import { endorsementOutcomeKey } from "~/features/promotions/text-keys";
import { PROMOTION_DECISION_KEYS, VOTE_KEYS } from "~/features/promotions/hr-text-keys";
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
 * `nomination-tally-${id}`, `nomination-vote-${id}-${panelistId}`. Static markup (issue 27), in the reader's language
 * (issue 28): labels from their codes; names, rationale and what people wrote as they are.
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

/** What the endorser's outcome means, in the reader's language (the JSON's `outcome_label` is the API's English). */
function outcomeText(t: TFunction, e: SessionNominationJson["endorsements"][number]): string {
  const key = endorsementOutcomeKey(e.status, e.outcome);
  return key ? t(key) : t("promotionsHr.none");
}

function Written({ nomination }: { nomination: SessionNominationJson }) {
  const { t } = useTranslation();
  const written = nomination.endorsements.filter((e) => e.status === "endorsed" && e.body);
  if (!written.length) return null;
  return (
    <Stack spacing={1} className={css.written}>
      {written.map((e) => (
        <Box key={e.id} className={e.outcome === "endorsed" ? css.endorsed : css.notEndorsed} data-testid={`nomination-endorsement-${e.id}`}>
          <Typography variant="body2" color="text.secondary">
            <Trans
              t={t}
              i18nKey="promotionsHr.card.written"
              values={{ name: e.endorser.name, outcome: outcomeText(t, e) }}
              components={[<strong key="name" />]}
            />
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
  const { t } = useTranslation();
  const id = nomination.nomination_id;
  const { tally } = nomination;
  return (
    <Box className={css.votes}>
      <Typography variant="body2" data-testid={`nomination-tally-${id}`}>
        {tally.total === 0
          ? t("promotionsHr.card.noVotes")
          : t("promotionsHr.card.tally", {
              promote: t(VOTE_KEYS.PROMOTED),
              promoteCount: tally.PROMOTED,
              notPromote: t(VOTE_KEYS.NOT_PROMOTED),
              notPromoteCount: tally.NOT_PROMOTED,
              defer: t(VOTE_KEYS.DEFERRED),
              deferCount: tally.DEFERRED,
            })}
      </Typography>
      {nomination.votes.length > 0 && (
        <Box component="ul" className={css.voteList}>
          {nomination.votes.map((v) => (
            <Typography component="li" variant="body2" key={v.panelist.id} data-testid={`nomination-vote-${id}-${v.panelist.id}`}>
              <Trans
                t={t}
                i18nKey={v.note ? "promotionsHr.card.voteWithNote" : "promotionsHr.card.vote"}
                values={{ name: v.panelist.name, vote: t(VOTE_KEYS[v.vote]), note: v.note ?? "" }}
                components={[<strong key="vote" />]}
              />
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
  const { t } = useTranslation();
  const n = nomination;
  const id = n.nomination_id;
  const none = t("promotionsHr.none");
  const about = [n.nominee.job_title, n.nominee.department, n.nominee.level ? t("promotionsHr.card.level", { level: n.nominee.level }) : null].filter(Boolean).join(" · ");
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
                label={t(PROMOTION_DECISION_KEYS[n.decision.value])}
                data-testid={`nomination-decision-${id}`}
              />
            ) : (
              <Chip size="small" variant="outlined" label={t("promotionsHr.card.noDecision")} data-testid={`nomination-decision-${id}`} />
            )}
            {n.nomination_status === "withdrawn" && <Chip size="small" color="warning" label={t("promotionsHr.card.withdrawn")} />}
            {n.terminated && <Chip size="small" color="error" variant="outlined" label={t("promotionsHr.card.terminated")} />}
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
        <Field label={t("promotionsHr.card.manager")}>{n.manager?.name ?? none}</Field>
        <Field label={t("promotionsHr.card.nominatedBy")}>{n.nominated_by?.name ?? none}</Field>
        <Field label={t("promotionsHr.card.rationale")} testId={`nomination-rationale-${id}`}>
          {n.rationale || none}
        </Field>
      </Box>
      <Box component="section" aria-label={t("promotionsHr.card.endorsementsOf", { name: n.nominee.name })}>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap>
          <Typography variant="subtitle2" component="h4">
            {t("promotionsHr.card.endorsements")}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid={`nomination-endorsement-summary-${id}`}>
            {n.endorsements.length === 0 ? t("promotionsHr.card.noneRequested") : t("promotionsHr.card.completed", { done, count: n.endorsements.length })}
          </Typography>
          <EndorsementStatusButton nomineeName={n.nominee.name} endorsements={n.endorsements} testId={`nomination-endorsements-${id}`} />
        </Stack>
        {showEndorsementText && <Written nomination={n} />}
      </Box>
      {showVotes && (
        <Box component="section" aria-label={t("promotionsHr.card.votesOn", { name: n.nominee.name })} className={css.section}>
          <Typography variant="subtitle2" component="h4">
            {t("promotionsHr.card.votes")}
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
