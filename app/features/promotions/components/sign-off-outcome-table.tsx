import { Chip } from "~/platform/ui/static";
import stacked from "~/platform/ui/stacked-table.module.css";
import { PlainTable } from "~/platform/ui/plain-table";
import { whenText } from "~/features/calibration/meeting-page-types";
import { ENDORSEMENT_OUTCOME_LABELS, PROMOTION_DECISION_LABELS, PROMOTION_VOTES, VOTE_LABELS, type PromotionDecision } from "~/features/promotions/rules";
import type { DecisionChangeJson, SessionNominationJson } from "~/features/promotions/types";
import { EndorsementStatusButton } from "~/features/promotions/components/endorsement-status-dialog";
import { DiscussionToggle } from "~/features/promotions/components/panelist-discussion";

/**
 * The outcome the promotion sign-off party reads: per nomination the nominee, the decision, the panel's
 * votes, the endorsements (a summary and the status dialog) and the decision's history (newest first; a
 * change a later one replaced is struck through), and the toggle of its comment thread. Plain markup styled
 * once (PlainTable, static CSS); below 960 px each nomination is a block of labelled lines (stacked rows, ADR 0068). Test ids (`id` = the nomination id): `outcome-row-${id}`, `outcome-decision-${id}`,
 * `outcome-tally-${id}`, `outcome-endorsements-${id}`, `outcome-history-${id}`.
 */

const decisionText = (v: PromotionDecision | null) => (v ? PROMOTION_DECISION_LABELS[v] : "—");

export function tallyText(n: SessionNominationJson): string {
  return n.tally.total === 0 ? "No votes" : PROMOTION_VOTES.map((v) => `${VOTE_LABELS[v]} ${n.tally[v]}`).join(" · ");
}

export function endorsementSummary(n: SessionNominationJson): string {
  if (n.endorsements.length === 0) return "None requested";
  const done = n.endorsements.filter((e) => e.status === "endorsed");
  const yes = done.filter((e) => e.outcome === "endorsed").length;
  const no = done.filter((e) => e.outcome === "not_endorsed").length;
  const parts = [`${done.length} of ${n.endorsements.length} completed`];
  if (yes) parts.push(`${yes} ${ENDORSEMENT_OUTCOME_LABELS.endorsed.toLowerCase()}`);
  if (no) parts.push(`${no} ${ENDORSEMENT_OUTCOME_LABELS.not_endorsed.toLowerCase()}`);
  return parts.join(" · ");
}

function History({ history }: { history: DecisionChangeJson[] }) {
  if (history.length === 0) return <span className="note">No changes</span>;
  return (
    <>
      {history.map((c) => (
        <span key={c.id} className={c.superseded ? "block note" : "block"} data-superseded={c.superseded ? "true" : "false"}>
          <del>{decisionText(c.old_value)}</del> → {c.superseded ? <del>{decisionText(c.new_value)}</del> : <ins>{decisionText(c.new_value)}</ins>}
          {` · ${c.changed_by?.name ?? "System"} · ${whenText(c.created_at)}: `}
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
  return (
    <PlainTable>
      <table aria-label="Outcome of the promotion session" data-testid="outcome-table" className={stacked.md}>
        <thead>
          <tr>
            <th scope="col">Nominee</th>
            <th scope="col">Decision</th>
            <th scope="col">Votes</th>
            <th scope="col">Endorsements</th>
            <th scope="col">Decision history</th>
            <th scope="col">Comments</th>
          </tr>
        </thead>
        <tbody>
          {nominations.map((n) => {
            const id = n.nomination_id;
            const about = [n.nominee.job_title, n.nominee.department, n.nominee.level ? `Level ${n.nominee.level}` : null].filter(Boolean).join(" · ");
            const isOpen = openId === id;
            return (
              <tr key={id} data-testid={`outcome-row-${id}`}>
                <th scope="row">
                  {n.nominee.name}
                  {about && <span className="note block">{about}</span>}
                  {n.manager && <span className="note block">Manager: {n.manager.name}</span>}
                  {(n.terminated || n.nomination_status === "withdrawn") && (
                    <Chip size="small" color="warning" label={n.terminated ? "Terminated" : "Withdrawn"} style={{ marginTop: 4 }} />
                  )}
                </th>
                <td data-label="Decision" data-testid={`outcome-decision-${id}`}>
                  {n.decision ? (
                    <Chip size="small" color={n.decision.value === "PROMOTED" ? "success" : "default"} label={n.decision.label} />
                  ) : (
                    <span className="warn">No decision</span>
                  )}
                </td>
                <td data-label="Votes" data-testid={`outcome-tally-${id}`}>
                  {tallyText(n)}
                </td>
                <td data-label="Endorsements">
                  <span className="block" data-testid={`outcome-endorsements-${id}`}>
                    {endorsementSummary(n)}
                  </span>
                  {n.endorsements.length > 0 && (
                    <EndorsementStatusButton nomineeName={n.nominee.name} endorsements={n.endorsements} testId={`outcome-endorsement-status-${id}`} />
                  )}
                </td>
                <td data-label="Decision history" data-testid={`outcome-history-${id}`}>
                  <History history={n.history} />
                </td>
                <td data-label="Comments">
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
