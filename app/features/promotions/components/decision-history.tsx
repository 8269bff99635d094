import { Typography } from "~/platform/ui/static";
import { PROMOTION_DECISION_LABELS, type PromotionDecision } from "~/features/promotions/rules";
import type { DecisionChangeJson } from "~/features/promotions/types";
import { whenText } from "~/features/calibration/meeting-page-types";
import { ChangeTable, ChangeValues } from "~/features/calibration/components/rating-history";

/**
 * A nomination's decision history (newest first), like calibration's rating history: the old value struck
 * through; a decision a later one replaced is struck through whole and marked "superseded".
 */

const label = (v: PromotionDecision | null) => (v ? PROMOTION_DECISION_LABELS[v] : "—");

export function DecisionHistory({ nominationId, history }: { nominationId: number; history: DecisionChangeJson[] }) {
  return (
    <section aria-labelledby={`decision-history-${nominationId}-heading`} data-testid={`decision-history-${nominationId}`}>
      <Typography variant="subtitle2" component="h4" id={`decision-history-${nominationId}-heading`} style={{ marginBottom: 4 }}>
        Decision history
      </Typography>
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid={`decision-history-${nominationId}-empty`}>
          No decision yet.
        </Typography>
      ) : (
        <ChangeTable ariaLabel="Decision history" testId={`decision-history-${nominationId}-table`}>
          {history.map((c) => (
            <tr key={c.id} data-testid={`decision-change-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
              <td className="nowrap">{whenText(c.created_at)}</td>
              <td data-label="Change">
                <ChangeValues oldText={label(c.old_value)} newText={label(c.new_value)} superseded={c.superseded} />
              </td>
              <td data-label="By">{c.changed_by?.name ?? "—"}</td>
              <td data-label="Reason" className="pre-wrap">
                {c.reason}
              </td>
            </tr>
          ))}
        </ChangeTable>
      )}
    </section>
  );
}
