import { TableCell, TableRow, Typography } from "@mui/material";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { ratingText } from "~/features/participants/rules";
import { POTENTIAL_LABELS, type Potential } from "~/features/calibration/rules";
import type { RatingChangeJson } from "~/features/calibration/types";
import { whenText } from "~/features/calibration/meeting-page-types";
import { MeetingSection } from "~/features/calibration/components/meeting-header";

/**
 * The rating change history (newest first): who changed which value of whom, when and why. The old value is
 * struck through; a change a later one replaced is struck through whole and marked "superseded".
 */

function valueText(field: RatingChangeJson["field"], v: number | null): string {
  if (v == null) return "—";
  return field === "potential" ? (POTENTIAL_LABELS[v as Potential] ?? String(v)) : ratingText(v);
}

export function RatingHistory({ history, showParticipant = true }: { history: RatingChangeJson[]; showParticipant?: boolean }) {
  return (
    <MeetingSection id="history" title="Rating change history" testId="history">
      <OutlinedTable
        testId="history-table"
        ariaLabel="Rating change history"
        empty={history.length === 0}
        emptyText="No rating has been changed yet."
        emptyTestId="history-empty"
        head={
          <>
            <TableCell>When</TableCell>
            {showParticipant && <TableCell>Participant</TableCell>}
            <TableCell>Change</TableCell>
            <TableCell>By</TableCell>
            <TableCell>Reason</TableCell>
          </>
        }
      >
        {history.map((c) => (
          <TableRow key={c.id} data-testid={`history-row-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{whenText(c.created_at)}</TableCell>
            {showParticipant && <TableCell>{c.participant.name}</TableCell>}
            <TableCell data-testid={`history-change-${c.id}`}>
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: "block" }}>
                {c.field === "potential" ? "Potential" : "Rating"}
              </Typography>
              <del data-testid={`history-old-${c.id}`}>
                {valueText(c.field, c.old_value)}
              </del>{" "}
              →{" "}
              {c.superseded ? (
                <>
                  <del data-testid={`history-new-${c.id}`}>{valueText(c.field, c.new_value)}</del>{" "}
                  <Typography variant="caption" color="text.secondary" component="span">
                    (superseded)
                  </Typography>
                </>
              ) : (
                <ins data-testid={`history-new-${c.id}`} style={{ textDecoration: "none", fontWeight: 600 }}>
                  {valueText(c.field, c.new_value)}
                </ins>
              )}
            </TableCell>
            <TableCell>{c.changed_by?.name ?? "—"}</TableCell>
            <TableCell sx={{ whiteSpace: "pre-wrap" }}>{c.reason}</TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
    </MeetingSection>
  );
}
