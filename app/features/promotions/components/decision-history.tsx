import { Box, Typography } from "@mui/material";
import { PROMOTION_DECISION_LABELS, type PromotionDecision } from "~/features/promotions/rules";
import type { DecisionChangeJson } from "~/features/promotions/types";
import { whenText } from "~/features/calibration/meeting-page-types";
import { PlainTable } from "~/features/calibration/components/plain-table";

/**
 * A nomination's decision history (newest first), like calibration's rating history: the old value struck
 * through; a decision a later one replaced is struck through whole and marked "superseded".
 */

const label = (v: PromotionDecision | null) => (v ? PROMOTION_DECISION_LABELS[v] : "—");

export function DecisionHistory({ nominationId, history }: { nominationId: number; history: DecisionChangeJson[] }) {
  return (
    <Box component="section" aria-labelledby={`decision-history-${nominationId}-heading`} data-testid={`decision-history-${nominationId}`}>
      <Typography variant="subtitle2" component="h4" id={`decision-history-${nominationId}-heading`} sx={{ mb: 0.5 }}>
        Decision history
      </Typography>
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid={`decision-history-${nominationId}-empty`}>
          No decision yet.
        </Typography>
      ) : (
        <PlainTable>
          <table aria-label="Decision history" data-testid={`decision-history-${nominationId}-table`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Change</th>
                <th scope="col">By</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {history.map((c) => (
                <tr key={c.id} data-testid={`decision-change-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
                  <td className="nowrap">{whenText(c.created_at)}</td>
                  <td>
                    <del>{label(c.old_value)}</del> →{" "}
                    {c.superseded ? (
                      <>
                        <del>{label(c.new_value)}</del> <span className="note">(superseded)</span>
                      </>
                    ) : (
                      <ins>{label(c.new_value)}</ins>
                    )}
                  </td>
                  <td>{c.changed_by?.name ?? "—"}</td>
                  <td className="pre-wrap">{c.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </PlainTable>
      )}
    </Box>
  );
}
