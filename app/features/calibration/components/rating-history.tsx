import { useState, type ReactNode } from "react";
import { ratingText } from "~/features/participants/rules";
import { POTENTIAL_LABELS, type Potential } from "~/features/calibration/rules";
import type { RatingChangeJson } from "~/features/calibration/types";
import { whenText } from "~/features/calibration/meeting-page-types";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { PlainTable } from "~/platform/ui/plain-table";
import stacked from "~/platform/ui/stacked-table.module.css";
import { Button, Typography } from "~/platform/ui/static";
import css from "~/features/calibration/components/meeting.module.css";

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

/**
 * A change's values: the old one struck through → the new one (struck through too and marked "(superseded)" when
 * a later change replaced it). Shared with the promotion decision history; `testIds` name the old and new value.
 */
export function ChangeValues({ oldText, newText, superseded, testIds }: { oldText: string; newText: string; superseded: boolean; testIds?: { old: string; new: string } }) {
  return (
    <>
      <del data-testid={testIds?.old}>{oldText}</del> →{" "}
      {superseded ? (
        <>
          <del data-testid={testIds?.new}>{newText}</del> <span className="note">(superseded)</span>
        </>
      ) : (
        <ins data-testid={testIds?.new}>{newText}</ins>
      )}
    </>
  );
}

/** A change history table: When, (Participant,) Change, By, Reason; `children` are its rows. */
export function ChangeTable({ ariaLabel, testId, participantColumn = false, children }: { ariaLabel: string; testId: string; participantColumn?: boolean; children: ReactNode }) {
  return (
    <PlainTable>
      {/* Stacked rows on a phone, each value under its column's name (issue 27, ADR 0068). */}
      <table aria-label={ariaLabel} data-testid={testId} className={stacked.sm}>
        <thead>
          <tr>
            <th scope="col">When</th>
            {participantColumn && <th scope="col">Participant</th>}
            <th scope="col">Change</th>
            <th scope="col">By</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </PlainTable>
  );
}

function HistoryRow({ c, showParticipant }: { c: RatingChangeJson; showParticipant: boolean }) {
  return (
    <tr data-testid={`history-row-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
      <td className="nowrap">{whenText(c.created_at)}</td>
      {showParticipant && <td data-label="Participant">{c.participant.name}</td>}
      <td data-label="Change" data-testid={`history-change-${c.id}`}>
        <span className="note block">{c.field === "potential" ? "Potential" : "Rating"}</span>
        <ChangeValues
          oldText={valueText(c.field, c.old_value)}
          newText={valueText(c.field, c.new_value)}
          superseded={c.superseded}
          testIds={{ old: `history-old-${c.id}`, new: `history-new-${c.id}` }}
        />
      </td>
      <td data-label="By">{c.changed_by?.name ?? "—"}</td>
      <td data-label="Reason" className="pre-wrap">
        {c.reason}
      </td>
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
        <ChangeTable ariaLabel="Rating change history" testId="history-table" participantColumn={showParticipant}>
          {shown.map((c) => (
            <HistoryRow key={c.id} c={c} showParticipant={showParticipant} />
          ))}
        </ChangeTable>
      )}
      {more && (
        <Typography variant="body2" color="text.secondary" component="div" className={css.historyCount} data-testid="history-count">
          {showAll ? `All ${history.length} changes.` : `The latest ${HISTORY_PAGE} of ${history.length} changes.`}
          <Button size="small" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} data-testid="history-show-all">
            {showAll ? `Show the latest ${HISTORY_PAGE}` : `Show all ${history.length}`}
          </Button>
        </Typography>
      )}
    </MeetingSection>
  );
}
