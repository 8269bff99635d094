import { Button, Typography } from "@mui/material";
import { useState } from "react";
import { ratingText } from "~/features/participants/rules";
import { POTENTIAL_LABELS, type Potential } from "~/features/calibration/rules";
import type { RatingChangeJson } from "~/features/calibration/types";
import { whenText } from "~/features/calibration/meeting-page-types";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { PlainTable } from "~/features/calibration/components/plain-table";

/**
 * The rating change history (newest first): who changed which value of whom, when and why. The old value is
 * struck through; a change a later one replaced is struck through whole and marked "superseded".
 *
 * A long meeting has hundreds of changes: the latest `HISTORY_PAGE` are shown, the rest after "Show all"
 * (so the server never renders them), and the table is plain markup styled once by its container (the look
 * of MUI's small outlined table) instead of an MUI TableRow/TableCell per row.
 */

export const HISTORY_PAGE = 50;

function valueText(field: RatingChangeJson["field"], v: number | null): string {
  if (v == null) return "—";
  return field === "potential" ? (POTENTIAL_LABELS[v as Potential] ?? String(v)) : ratingText(v);
}

function HistoryRow({ c, showParticipant }: { c: RatingChangeJson; showParticipant: boolean }) {
  return (
    <tr data-testid={`history-row-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
      <td className="nowrap">{whenText(c.created_at)}</td>
      {showParticipant && <td>{c.participant.name}</td>}
      <td data-testid={`history-change-${c.id}`}>
        <span className="note block">{c.field === "potential" ? "Potential" : "Rating"}</span>
        <del data-testid={`history-old-${c.id}`}>{valueText(c.field, c.old_value)}</del> →{" "}
        {c.superseded ? (
          <>
            <del data-testid={`history-new-${c.id}`}>{valueText(c.field, c.new_value)}</del> <span className="note">(superseded)</span>
          </>
        ) : (
          <ins data-testid={`history-new-${c.id}`}>{valueText(c.field, c.new_value)}</ins>
        )}
      </td>
      <td>{c.changed_by?.name ?? "—"}</td>
      <td className="pre-wrap">{c.reason}</td>
    </tr>
  );
}

export function RatingHistory({ history, showParticipant = true }: { history: RatingChangeJson[]; showParticipant?: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const more = history.length > HISTORY_PAGE;
  const shown = showAll || !more ? history : history.slice(0, HISTORY_PAGE);
  return (
    <MeetingSection id="history" title="Rating change history" testId="history">
      {history.length === 0 ? (
        <Typography color="text.secondary" data-testid="history-empty">
          No rating has been changed yet.
        </Typography>
      ) : (
        <PlainTable>
          <table aria-label="Rating change history" data-testid="history-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                {showParticipant && <th scope="col">Participant</th>}
                <th scope="col">Change</th>
                <th scope="col">By</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <HistoryRow key={c.id} c={c} showParticipant={showParticipant} />
              ))}
            </tbody>
          </table>
        </PlainTable>
      )}
      {more && (
        <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 1, display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }} data-testid="history-count">
          {showAll ? `All ${history.length} changes.` : `The latest ${HISTORY_PAGE} of ${history.length} changes.`}
          <Button size="small" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} data-testid="history-show-all">
            {showAll ? `Show the latest ${HISTORY_PAGE}` : `Show all ${history.length}`}
          </Button>
        </Typography>
      )}
    </MeetingSection>
  );
}
