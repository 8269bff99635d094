import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Chip } from "~/platform/ui/static";
import stacked from "~/platform/ui/stacked-table.module.css";
import { PlainTable } from "~/platform/ui/plain-table";
import { useFormat } from "~/platform/i18n/reader-context";
import { PROMOTION_VOTES, type PromotionDecision } from "~/features/promotions/rules";
import type { DecisionChangeJson, SessionNominationJson } from "~/features/promotions/types";
import { EndorsementStatusButton } from "~/features/promotions/components/endorsement-status-dialog";
import { DiscussionToggle } from "~/features/promotions/components/panelist-discussion";
import { DECISION_KEYS, VOTE_KEYS } from "~/features/promotions/meeting-keys";

/**
 * The outcome the promotion sign-off party reads: per nomination the nominee, the decision, the panel's
 * votes, the endorsements (a summary and the status dialog) and the decision's history (newest first; a
 * change a later one replaced is struck through), and the toggle of its comment thread. Plain markup styled
 * once (PlainTable, static CSS); below 960 px each nomination is a block of labelled lines (stacked rows, ADR 0068). Test ids (`id` = the nomination id): `outcome-row-${id}`, `outcome-decision-${id}`,
 * `outcome-tally-${id}`, `outcome-endorsements-${id}`, `outcome-history-${id}`.
 */

type T = TFunction;

const decisionText = (t: T, v: PromotionDecision | null) => (v ? t(DECISION_KEYS[v]) : t("promotionsMeeting.none"));

/** The panel's votes: "Promote 1 · Do not promote 0 · Defer 0", or "No votes". */
function tallyText(t: T, n: SessionNominationJson): string {
  return n.tally.total === 0
    ? t("promotionsMeeting.outcome.noVotes")
    : PROMOTION_VOTES.map((v) => t("promotionsMeeting.outcome.tally", { vote: t(VOTE_KEYS[v]), count: n.tally[v] })).join(" · ");
}

/** The endorsements: "1 of 2 completed · 1 endorsed", or "None requested". */
function endorsementSummary(t: T, n: SessionNominationJson): string {
  if (n.endorsements.length === 0) return t("promotionsMeeting.outcome.noEndorsements");
  const done = n.endorsements.filter((e) => e.status === "endorsed");
  const yes = done.filter((e) => e.outcome === "endorsed").length;
  const no = done.filter((e) => e.outcome === "not_endorsed").length;
  const parts = [t("promotionsMeeting.outcome.completed", { done: done.length, count: n.endorsements.length })];
  if (yes) parts.push(t("promotionsMeeting.outcome.endorsed", { count: yes }));
  if (no) parts.push(t("promotionsMeeting.outcome.notEndorsed", { count: no }));
  return parts.join(" · ");
}

function History({ history }: { history: DecisionChangeJson[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (history.length === 0) return <span className="note">{t("promotionsMeeting.history.noChanges")}</span>;
  return (
    <>
      {history.map((c) => (
        <span key={c.id} className={c.superseded ? "block note" : "block"} data-superseded={c.superseded ? "true" : "false"}>
          <del>{decisionText(t, c.old_value)}</del> → {c.superseded ? <del>{decisionText(t, c.new_value)}</del> : <ins>{decisionText(t, c.new_value)}</ins>}
          {t("promotionsMeeting.history.line", { by: c.changed_by?.name ?? t("promotionsMeeting.history.system"), when: format.dateTime(c.created_at) })}
          <span className="pre-wrap">{c.reason}</span>
        </span>
      ))}
    </>
  );
}

export function SignOffOutcomeTable({
  nominations,
  openId,
  hrefOf,
}: {
  nominations: SessionNominationJson[];
  openId: number | null;
  /** The address that opens (or, for the open one, closes) a nomination's comment thread. */
  hrefOf: (nominationId: number | null) => string;
}) {
  const { t } = useTranslation();
  const { byName } = useFormat();
  return (
    <PlainTable>
      <table aria-label={t("promotionsMeeting.outcome.tableLabel")} data-testid="outcome-table" className={stacked.md}>
        <thead>
          <tr>
            <th scope="col">{t("promotionsMeeting.outcome.nominee")}</th>
            <th scope="col">{t("promotionsMeeting.outcome.decision")}</th>
            <th scope="col">{t("promotionsMeeting.outcome.votes")}</th>
            <th scope="col">{t("promotionsMeeting.outcome.endorsements")}</th>
            <th scope="col">{t("promotionsMeeting.outcome.history")}</th>
            <th scope="col">{t("promotionsMeeting.outcome.comments")}</th>
          </tr>
        </thead>
        <tbody>
          {byName(nominations, (n) => n.nominee.name).map((n) => {
            const id = n.nomination_id;
            const about = [n.nominee.job_title, n.nominee.department, n.nominee.level ? t("promotionsMeeting.outcome.level", { level: n.nominee.level }) : null].filter(Boolean).join(" · ");
            const isOpen = openId === id;
            return (
              <tr key={id} data-testid={`outcome-row-${id}`}>
                <th scope="row">
                  {n.nominee.name}
                  {about && <span className="note block">{about}</span>}
                  {n.manager && <span className="note block">{t("promotionsMeeting.outcome.manager", { name: n.manager.name })}</span>}
                  {(n.terminated || n.nomination_status === "withdrawn") && (
                    <Chip size="small" color="warning" wrap label={n.terminated ? t("promotionsMeeting.outcome.terminated") : t("promotionsMeeting.outcome.withdrawn")} style={{ marginTop: 4 }} />
                  )}
                </th>
                <td data-label={t("promotionsMeeting.outcome.decision")} data-testid={`outcome-decision-${id}`}>
                  {n.decision ? (
                    <Chip size="small" color={n.decision.value === "PROMOTED" ? "success" : "default"} wrap label={t(DECISION_KEYS[n.decision.value])} />
                  ) : (
                    <span className="warn">{t("promotionsMeeting.outcome.noDecision")}</span>
                  )}
                </td>
                <td data-label={t("promotionsMeeting.outcome.votes")} data-testid={`outcome-tally-${id}`}>
                  {tallyText(t, n)}
                </td>
                <td data-label={t("promotionsMeeting.outcome.endorsements")}>
                  <span className="block" data-testid={`outcome-endorsements-${id}`}>
                    {endorsementSummary(t, n)}
                  </span>
                  {n.endorsements.length > 0 && (
                    <EndorsementStatusButton nomineeName={n.nominee.name} endorsements={n.endorsements} testId={`outcome-endorsement-status-${id}`} />
                  )}
                </td>
                <td data-label={t("promotionsMeeting.outcome.history")} data-testid={`outcome-history-${id}`}>
                  <History history={n.history} />
                </td>
                <td data-label={t("promotionsMeeting.outcome.comments")}>
                  <DiscussionToggle
                    open={isOpen}
                    href={hrefOf(isOpen ? null : id)}
                    count={n.comment_count}
                    withSummary={false}
                    nomineeName={n.nominee.name}
                    testId={`discussion-toggle-${id}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </PlainTable>
  );
}
